import { addDays, calendarDayOf, DEFAULT_STORE_TIME_ZONE, isoToUsDate } from '../domain/dates.ts';
import { formatDollars, formatMoney } from '../domain/money.ts';
import { POS_MESSAGES } from '../domain/pos/messages.ts';
import { DEMO, expect, logInByApi, openLoggedIn, test } from './fixtures.ts';
import {
  DECLINING_CENTS,
  FRONT_COUNTER,
  freshDollars,
  leaveReaderIdle,
  takeReaderPayment,
  toast,
  useIdleReader,
} from './pos-readers.ts';

/** The POS refund screen (spec pos.md §2 Refund, §3): a partial card refund, an Interac refund on the reader, the search form's dates and messages. */

test.afterEach(leaveReaderIdle);

test('a cashier refunds part of a card payment, never more than what remains', async ({ page, request }) => {
  const cashier = await logInByApi(request, DEMO.pos);
  await useIdleReader(request, cashier, FRONT_COUNTER.id);
  // An amount no other test (nor an earlier attempt) uses, so that the filter finds this charge alone.
  const paid = freshDollars() * 100 + 45;
  await takeReaderPayment(request, cashier, paid);

  await openLoggedIn(page, cashier, '/refund');
  await expect(page.getByRole('heading', { name: 'Refund', exact: true })).toBeVisible();
  await expect(page.getByText('TEST MODE', { exact: true })).toBeVisible();
  // Last 4 waits for a card type.
  await expect(page.getByRole('textbox', { name: 'Last 4' })).toBeDisabled();

  await page.getByRole('textbox', { name: 'Filter' }).fill(formatDollars(paid));
  const row = page.getByRole('row').filter({ hasText: formatMoney(paid) });
  await expect(row).toHaveCount(1);
  await row.getByRole('checkbox').check();

  const panel = page.getByRole('form', { name: 'Refund' });
  await expect(panel.getByText(`Can be refunded ${formatMoney(paid)}`)).toBeVisible();
  await panel.getByRole('checkbox', { name: 'Refund partially' }).check();
  const amount = panel.getByRole('textbox', { name: 'Refund Amount' });
  await amount.fill(formatDollars(paid + 1255));
  await amount.blur();
  await expect(panel.getByText(`Refund Amount can't be more than ${formatDollars(paid)}.`)).toBeVisible();

  await amount.fill('10');
  await panel.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(toast(page, 'Refund successfully.')).toBeVisible();
  // The search runs again: the charge shows what was refunded, the panel is closed.
  await expect(panel).toBeHidden();
  await expect(row.getByText('CDN$10.00 refunded')).toBeVisible();

  // What remains is the new limit.
  const remaining = paid - 1000;
  await row.getByRole('checkbox').check();
  await expect(panel.getByText(`Can be refunded ${formatMoney(remaining)}`)).toBeVisible();
  await panel.getByRole('checkbox', { name: 'Refund partially' }).check();
  await amount.fill(formatDollars(remaining + 1));
  await amount.blur();
  await expect(
    panel.getByText(`Refund Amount can't be more than ${formatDollars(remaining)}.`),
  ).toBeVisible();
});

test('an Interac payment is refunded on the card reader, once', async ({ page, request }) => {
  const cashier = await logInByApi(request, DEMO.pos);
  await useIdleReader(request, cashier, FRONT_COUNTER.id);
  await openLoggedIn(page, cashier, '/pos');
  await expect(page.getByText('present, online')).toBeVisible();

  // An amount no other test (nor an earlier attempt) uses, whose total with 13% HST the reader
  // accepts and the card refund test's filter (cents .45) does not match: 131.17 + 17.05 = 148.22.
  let amount = freshDollars() * 100 + 17;
  const totalOf = (cents: number) => cents + Math.round((cents * 13) / 100);
  while ([...DECLINING_CENTS, 45].includes(totalOf(amount) % 100)) amount += 100;
  const total = totalOf(amount);
  await page.getByRole('textbox', { name: 'Amount' }).fill(formatDollars(amount));
  await expect(
    page.getByText(
      `${formatMoney(amount)} + ${formatMoney(total - amount)} tax (13%) = ${formatMoney(total)}`,
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Begin Transaction' }).click();
  await page.getByRole('button', { name: 'Simulate Interac Payment' }).click();
  await expect(toast(page, 'Paid successfully.')).toBeVisible();

  // One receipt per payment, made with it: View/Send Receipt opens it, and generating the
  // receipt from the paid details again keeps its number.
  await page.getByRole('link', { name: 'View/Send Receipt' }).click();
  const number = page.getByText(/^Receipt No\. \d+$/);
  await expect(number).toBeVisible();
  await expect(page.getByText('Interac', { exact: false }).first()).toBeVisible();
  const first = await number.textContent();
  await page.goto('/#/receipt');
  await page.getByRole('button', { name: 'Generate Receipt' }).click();
  await expect(number).toHaveText(first ?? '');

  await page.goto('/#/refund');
  await page.getByRole('textbox', { name: 'Filter' }).fill(formatDollars(total));
  const row = page.getByRole('row').filter({ hasText: formatMoney(total) });
  await expect(row).toContainText('interac');
  await row.getByRole('checkbox').check();
  const panel = page.getByRole('form', { name: 'Refund' });
  await panel.getByRole('button', { name: `Refund ${formatMoney(total)}` }).click();
  // The reader waits for the Interac card; the page polls it.
  await expect(panel.getByText(POS_MESSAGES.refundTapPrompt)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Cancel Refund' })).toBeVisible();
  await panel.getByRole('button', { name: 'Simulate Interac card' }).click();
  await expect(toast(page, 'Refund successfully.')).toBeVisible();
  await expect(panel).toBeHidden();
  await expect(row.getByText('refunded', { exact: true })).toBeVisible();
  await row.getByRole('checkbox').check();
  await expect(page.getByText(POS_MESSAGES.alreadyRefunded)).toBeVisible();
});

test.describe('in a Canadian English browser', () => {
  test.use({ locale: 'en-CA' });

  test('the refund search shows dates as MM/DD/YYYY and every wrong field at once', async ({
    page,
    request,
  }) => {
    const cashier = await logInByApi(request, DEMO.pos);
    await openLoggedIn(page, cashier, '/refund');
    // The last 30 days of the store's calendar (the demo shop's is Toronto's), whatever the browser's zone.
    const today = calendarDayOf(new Date(), DEFAULT_STORE_TIME_ZONE);
    await expect(page.getByRole('textbox', { name: 'From Date' })).toHaveValue(
      isoToUsDate(addDays(today, -30)),
    );
    await expect(page.getByRole('textbox', { name: 'To Date' })).toHaveValue(isoToUsDate(today));

    await page.getByRole('combobox', { name: 'Card Type' }).click();
    await page.getByRole('option', { name: 'Debit' }).click();
    await page.getByRole('textbox', { name: 'Last 4' }).fill('12a');
    await page.getByRole('textbox', { name: 'Limit' }).fill('5x');
    await page.getByRole('textbox', { name: 'From Date' }).fill('02/30/2026');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText(POS_MESSAGES.last4Digits)).toBeVisible();
    await expect(page.getByText(POS_MESSAGES.limitDigits)).toBeVisible();
    await expect(page.getByText(POS_MESSAGES.dateInvalid)).toBeVisible();

    // Typed digits take the MM/DD/YYYY shape.
    await page.getByRole('textbox', { name: 'From Date' }).fill('01052026');
    await expect(page.getByRole('textbox', { name: 'From Date' })).toHaveValue('01/05/2026');
  });
});
