import { formatDollars, formatMoney } from '../domain/money.ts';
import { POS_MESSAGES } from '../domain/pos/messages.ts';
import { bearer, DEMO, expect, logInByApi, openLoggedIn, test } from './fixtures.ts';
import {
  FRONT_COUNTER,
  freshDollars,
  leaveReaderIdle,
  POP_UP_STAND,
  toast,
  useIdleReader,
} from './pos-readers.ts';

/** The POS payment screen as a cashier uses it (spec pos.md §2, §4, §8): a payment on the sandbox's simulated card reader, a cancelled one, a reader that does not answer for a while, a declined card. */

test.afterEach(leaveReaderIdle);

test('a cashier chooses a card reader and takes a payment with a simulated card', async ({
  page,
  request,
}) => {
  const cashier = await logInByApi(request, DEMO.pos);
  // The cashier is on another reader; the dialog moves them to the front counter's (both idle).
  await useIdleReader(request, cashier, FRONT_COUNTER.id);
  await useIdleReader(request, cashier, POP_UP_STAND.id);
  await openLoggedIn(page, cashier, '/pos');
  await expect(page.getByRole('heading', { name: 'POS Payment' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Card Reader: ${POP_UP_STAND.name}` })).toBeVisible();

  // The reader link opens the dialog; OK keeps the chosen reader.
  await page.getByRole('button', { name: /^Card Reader:/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Please Select a card reader below:' });
  await dialog.getByRole('radio', { name: FRONT_COUNTER.name }).check();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `Card Reader: ${FRONT_COUNTER.name}` })).toBeVisible();
  await expect(page.getByText('present, online')).toBeVisible();
  await expect(page.getByText('TEST MODE', { exact: true })).toBeVisible();

  // Add tax is on by default: the hint shows amount + tax (13%) = total.
  await expect(page.getByRole('checkbox', { name: 'Add tax' })).toBeChecked();
  const begin = page.getByRole('button', { name: 'Begin Transaction' });
  await expect(begin).toBeDisabled();
  await page.getByRole('textbox', { name: 'Amount' }).fill('20');
  await expect(page.getByText('CDN$20.00 + CDN$2.60 tax (13%) = CDN$22.60')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Show Email' }).check();
  await page.getByRole('textbox', { name: 'Receipt Email' }).fill('shopper@example.ca');

  await begin.click();
  await expect(page.getByText('Please pay on card reader: CDN$22.60')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Payment' })).toBeEnabled();
  await page.getByRole('button', { name: 'Simulate Payment', exact: true }).click();

  // The page polls the reader and sees the payment succeed.
  await expect(toast(page, 'Paid successfully.')).toBeVisible();
  await expect(page.getByText('CDN$22.60 paid (CDN$20.00 + CDN$2.60 tax).')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Amount' })).toHaveValue('');
  await expect(page.getByRole('checkbox', { name: 'Add tax' })).toBeChecked();

  // View/Send Receipt opens the receipt of that payment.
  await page.getByRole('link', { name: 'View/Send Receipt' }).click();
  await expect(page.getByRole('heading', { name: 'Receipt', exact: true })).toBeVisible();
  await expect(page.getByText('In-store card payment')).toBeVisible();
  await expect(page.getByText('CDN$22.60').first()).toBeVisible();
});

test('a cashier cancels a payment waiting on the reader', async ({ page, request }) => {
  const cashier = await logInByApi(request, DEMO.pos);
  await useIdleReader(request, cashier, FRONT_COUNTER.id);
  await openLoggedIn(page, cashier, '/pos');
  await expect(page.getByText('present, online')).toBeVisible();

  // Under the ceiling before tax, over it with: said at once, nothing to begin.
  await page.getByRole('textbox', { name: 'Amount' }).fill('90000');
  await expect(page.getByText('The total with tax cannot be more than CDN$100,000.00.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Begin Transaction' })).toBeDisabled();

  await page.getByRole('checkbox', { name: 'Add tax' }).uncheck();
  await page.getByRole('textbox', { name: 'Amount' }).fill('5');
  await expect(page.getByText('CDN$5.00', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Begin Transaction' }).click();
  await expect(page.getByText('Please pay on card reader: CDN$5.00')).toBeVisible();

  await page.getByRole('button', { name: 'Cancel Payment' }).click();
  await expect(page.getByText('Payment cancelled.')).toBeVisible();
  await expect(page.getByText('Please pay on card reader')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cancel Payment' })).toBeHidden();
  // The form is reset: tax back on, no amount, nothing to begin.
  await expect(page.getByRole('checkbox', { name: 'Add tax' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Amount' })).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Begin Transaction' })).toBeDisabled();

  // The reader is free again.
  const reader = await request.post('/api/pos/get_reader', {
    headers: { ...bearer(cashier), reader_id: FRONT_COUNTER.id },
  });
  expect(((await reader.json()) as { action: unknown }).action).toBeNull();
});

test('a payment survives reader status calls that do not get through', async ({ page, request }) => {
  const cashier = await logInByApi(request, DEMO.pos);
  await useIdleReader(request, cashier, FRONT_COUNTER.id);
  await openLoggedIn(page, cashier, '/pos');
  await expect(page.getByText('present, online')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Add tax' }).uncheck();
  await page.getByRole('textbox', { name: 'Amount' }).fill('8.42');
  await page.getByRole('button', { name: 'Begin Transaction' }).click();
  await expect(page.getByText('Please pay on card reader: CDN$8.42')).toBeVisible();

  // The connection drops while the customer taps: the status calls fail for a few seconds.
  let failing = true;
  let failed = 0;
  await page.route('**/api/pos/get_reader', async (route) => {
    if (!failing) return route.continue();
    failed += 1;
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'unavailable', message: 'Service unavailable' } }),
    });
  });
  await expect.poll(() => failed).toBeGreaterThanOrEqual(2);
  await expect(page.getByText(/cannot be reached right now/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Payment' })).toBeVisible();

  // The card is presented meanwhile; once the calls get through, the page sees the payment.
  const presented = await request.post('/api/pos/simulate_payment', {
    headers: { ...bearer(cashier), reader_id: FRONT_COUNTER.id },
    data: {},
  });
  expect(presented.status()).toBe(200);
  failing = false;
  await expect(toast(page, 'Paid successfully.')).toBeVisible();
  await expect(page.getByText('CDN$8.42 paid.')).toBeVisible();
});

test('a declined card says why, and its charge offers nothing to refund', async ({ page, request }) => {
  const cashier = await logInByApi(request, DEMO.pos);
  await useIdleReader(request, cashier, FRONT_COUNTER.id);
  await openLoggedIn(page, cashier, '/pos');
  await expect(page.getByText('present, online')).toBeVisible();

  // The sandbox's reader declines amounts ending in .05, as Stripe's simulated reader does; the
  // dollars are this attempt's own, so that the refund page finds this charge alone.
  const declined = freshDollars() * 100 + 5;
  await page.getByRole('checkbox', { name: 'Add tax' }).uncheck();
  await page.getByRole('textbox', { name: 'Amount' }).fill(formatDollars(declined));
  await page.getByRole('button', { name: 'Begin Transaction' }).click();
  await page.getByRole('button', { name: 'Simulate Payment', exact: true }).click();
  await expect(toast(page, 'card_declined: Your card was declined.')).toBeVisible();
  // It stays on the form after the message has gone, until the next payment starts.
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Not paid' })
      .filter({ hasText: 'card_declined: Your card was declined.' }),
  ).toBeVisible();
  // The amount stays, for another try.
  await expect(page.getByRole('textbox', { name: 'Amount' })).toHaveValue(formatMoney(declined));

  await page.goto('/#/refund');
  await page.getByRole('textbox', { name: 'Filter' }).fill(formatDollars(declined));
  const row = page.getByRole('row').filter({ hasText: formatMoney(declined) });
  await expect(row).toContainText('failed');
  await row.getByRole('checkbox').check();
  await expect(page.getByText(POS_MESSAGES.nothingToRefund)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Refund/ })).toHaveCount(0);
});
