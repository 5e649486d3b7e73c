import type { AdminOrder } from '../domain/admin/orders.ts';
import { calendarDayOf, DEFAULT_STORE_TIME_ZONE, formatCalendarDay } from '../domain/dates.ts';
import { formatMoney } from '../domain/money.ts';
import { expectNoSeriousViolations } from './accessibility.ts';
import { cartLine, OWNED, stockAt } from './demo-items.ts';
import {
  bearer,
  DEMO,
  expect,
  logInByApi,
  openLoggedIn,
  placeOrderByApi,
  setStock,
  test,
} from './fixtures.ts';

/**
 * The owner reconciles a day from the back office (#/admin/reconciliation): the card processor's
 * money of the day (here the sandbox's) matched with the shop's orders, and the report kept. Today is
 * the day: a web order placed through the API gives it a charge (checkout.spec.ts walks that page).
 */

// The shop's Content-Security-Policy allows no inline script: axe-core is injected past it.
test.use({ bypassCSP: true });

/** 'CDN$1,234.50' to 123450: the first amount in a text. */
function centsIn(text: string): number {
  const match = /CDN\$([\d,]+)\.(\d{2})/.exec(text);
  expect(match, `an amount in "${text}"`).not.toBeNull();
  return Number(match![1]!.replaceAll(',', '')) * 100 + Number(match![2]);
}

/** The first count in a text ('3 charges' is 3). */
function countIn(text: string, noun: string): number {
  const match = new RegExp(`(\\d+) ${noun}s?\\b`).exec(text);
  expect(match, `a count of ${noun}s in "${text}"`).not.toBeNull();
  return Number(match![1]);
}

test('the owner reconciles today: the web order’s money is there, everything matches, and it is kept', async ({
  page,
  request,
  newClient,
}) => {
  const { canoeM } = OWNED.reconciliation;
  await setStock(request, [stockAt(canoeM, 10)]);
  // Four pairs (CDN$55.96) are over the minimum purchase.
  const orderNumber = await placeOrderByApi(request, newClient.record, [cartLine(canoeM, 4)]);
  const owner = await logInByApi(page.request, DEMO.admin);
  const order = await request.get(`/api/admin/orders/${orderNumber}`, { headers: bearer(owner) });
  expect(order.status()).toBe(200);
  const { total } = (await order.json()) as AdminOrder;

  await openLoggedIn(page, owner, '/admin');
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Reconciliation' })
    .click();
  await expect(page.getByRole('heading', { name: 'Reconciliation', level: 1 })).toBeVisible();

  const today = calendarDayOf(new Date(), DEFAULT_STORE_TIME_ZONE);
  const todayText = formatCalendarDay(today);
  await page.getByLabel('Store day').fill(today);
  await expect(page.getByRole('heading', { name: 'This day was not reconciled yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Reconcile this day' }).click();

  await expect(page.getByRole('heading', { name: todayText, level: 2 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Everything matches', { exact: true })).toBeVisible();
  const payments = page.getByRole('table', { name: 'Totals' }).getByRole('row', { name: /^Payments/ });
  const [processor, shop] = await payments.getByRole('cell').allInnerTexts();
  expect(countIn(processor ?? '', 'charge')).toBeGreaterThanOrEqual(1);
  expect(countIn(shop ?? '', 'payment')).toBeGreaterThanOrEqual(1);
  // Other tests may have sold today too: the order is among what was paid.
  expect(centsIn(shop ?? ''), `${formatMoney(total)} among what was paid`).toBeGreaterThanOrEqual(total);
  expect(centsIn(processor ?? '')).toBe(centsIn(shop ?? ''));

  // Stored: after a reload the day's report is read back, and the recent reports list today.
  await page.reload();
  await expect(page.getByRole('heading', { name: todayText, level: 2 })).toBeVisible();
  await expect(page.getByText('Everything matches', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run again' })).toBeVisible();
  const recent = page.getByRole('region', { name: 'Recent reports' });
  const todayReport = recent.getByRole('link', { name: new RegExp(`^${todayText}`) });
  await expect(todayReport).toContainText('Matched');
  await expect(todayReport).toHaveAttribute('aria-current', 'true');

  await expectNoSeriousViolations(page, '/admin/reconciliation');
});
