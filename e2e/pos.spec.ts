import type { APIRequestContext, Page } from '@playwright/test';
import type { LoginRecord } from '../domain/auth.ts';
import { formatMoney } from '../domain/money.ts';
import { POS_MESSAGES } from '../domain/pos.ts';
import {
  bearer,
  DEMO,
  expect,
  futureCardExpiry,
  logInByApi,
  openLoggedIn,
  readOutboxMails,
  test,
} from './fixtures.ts';

/**
 * The POS back office as a cashier uses it (spec pos.md §2, §4, §8): a payment on the sandbox's
 * simulated card reader, a cancelled one, a partial refund, an invoice sent by e-mail, the receipt
 * generator, and the role guard.
 *
 * There is one demo cashier, and a reader's state is shared by whoever uses it: every test starts
 * with the cashier's reader idle and leaves it idle (afterEach), so a test that fails half-way
 * through a payment does not leave the reader busy for the next one.
 */

const FRONT_COUNTER = { id: 'tmr_SbxFrontCounter01', name: 'Front Counter WisePOS E' };
const POP_UP_STAND = { id: 'tmr_SbxPopUpStand03', name: 'Pop-up Stand Reader' };

/** The cashier's reader, as the reader dialog sets it (POST api/pos/update_user_reader). */
async function assignReader(request: APIRequestContext, cashier: LoginRecord, readerId: string) {
  const response = await request.post('/api/pos/update_user_reader', {
    headers: bearer(cashier),
    data: { user_id: cashier.client_id, reader_id: readerId },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Cancels whatever the cashier's reader is doing (Stripe's cancel_action; nothing when idle). */
async function idleReader(request: APIRequestContext, cashier: LoginRecord) {
  const assigned = await request.post('/api/pos/GetUserReader', {
    headers: bearer(cashier),
    data: { user_id: cashier.client_id },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  const reader = (await assigned.json()) as { id: string } | null;
  if (!reader) return;
  const cancelled = await request.post('/api/pos/cancel_payment', {
    headers: bearer(cashier),
    data: { id: reader.id },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
}

/** The cashier's reader is `readerId`, with nothing in progress on it. */
async function useIdleReader(request: APIRequestContext, cashier: LoginRecord, readerId: string) {
  await assignReader(request, cashier, readerId);
  await idleReader(request, cashier);
}

test.afterEach(async ({ request }) => {
  await idleReader(request, await logInByApi(request, DEMO.pos));
});

/**
 * Whole dollars (100 to 899) that no earlier attempt of a test used, taken from the clock: a test
 * that finds its charge on the refund page by its amount then finds this attempt's alone, also
 * when it runs again on the same shop.
 */
function freshDollars(): number {
  return 100 + (Math.floor(Date.now() / 1000) % 800);
}

/** Amounts as the refund page's filter and messages write them: '37.45'. */
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** Stripe's simulated readers decline totals whose cents end so (test-mode amounts). */
const DECLINING_CENTS = [1, 5, 55, 65, 75];

/** A card payment taken on the cashier's reader through the API, as the POS page takes it. */
async function takeReaderPayment(request: APIRequestContext, cashier: LoginRecord, cents: number) {
  const headers = bearer(cashier);
  const intent = await request.post('/api/pos/create_payment_intent', {
    headers,
    data: { amount: String(cents) },
  });
  expect(intent.status(), await intent.text()).toBe(200);
  const { id } = (await intent.json()) as { id: string };
  const processing = await request.post('/api/pos/process_payment', {
    headers,
    data: { readerId: FRONT_COUNTER.id, paymentIntentId: id, userId: cashier.client_id },
  });
  expect(processing.status(), await processing.text()).toBe(200);
  const presented = await request.post('/api/pos/simulate_payment', {
    headers: { ...headers, reader_id: FRONT_COUNTER.id },
    data: {},
  });
  expect(presented.status(), await presented.text()).toBe(200);
  expect(((await presented.json()) as { action: { status: string } }).action.status).toBe('succeeded');
}

function toast(page: Page, text: string) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}

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

  await page.getByRole('textbox', { name: 'Filter' }).fill(dollars(paid));
  const row = page.getByRole('row').filter({ hasText: formatMoney(paid) });
  await expect(row).toHaveCount(1);
  await row.getByRole('checkbox').check();

  const panel = page.getByRole('form', { name: 'Refund' });
  await expect(panel.getByText(`Can be refunded ${formatMoney(paid)}`)).toBeVisible();
  await panel.getByRole('checkbox', { name: 'Refund partially' }).check();
  const amount = panel.getByRole('textbox', { name: 'Refund Amount' });
  await amount.fill(dollars(paid + 1255));
  await amount.blur();
  await expect(panel.getByText(`Refund Amount can't be more than ${dollars(paid)}.`)).toBeVisible();

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
  await amount.fill(dollars(remaining + 1));
  await amount.blur();
  await expect(panel.getByText(`Refund Amount can't be more than ${dollars(remaining)}.`)).toBeVisible();
});

test('a cashier creates an invoice and e-mails it as a PDF', async ({ page, request }) => {
  const cashier = await logInByApi(request, DEMO.pos);
  const recipient = `invoice-${Date.now().toString(36)}@example.ca`;
  await openLoggedIn(page, cashier, '/generate-invoice');

  // Required fields are highlighted once the form is submitted.
  await page.getByRole('button', { name: 'Open Invoice' }).click();
  await expect(page.getByText('Customer Name is required.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Customer Name' }).fill('Laurentian Outfitters');
  await page.getByRole('textbox', { name: 'Email' }).fill('buyer@laurentian.example');
  await page.getByRole('textbox', { name: 'Address' }).fill('12 Rue Principale, Gatineau QC');
  await page.getByRole('textbox', { name: 'Contact No.' }).fill('819-555-0142');
  await page.getByRole('textbox', { name: 'Product 1' }).fill('Wool Hiking Socks');
  await page.getByRole('textbox', { name: 'Price 1' }).fill('12.50');
  await page.getByRole('textbox', { name: 'Quantity 1' }).fill('4');
  await page.getByRole('button', { name: 'Add Row' }).click();
  await page.getByRole('textbox', { name: 'Product 2' }).fill('Gift Box');
  await page.getByRole('textbox', { name: 'Price 2' }).fill('45');
  await page.getByRole('textbox', { name: 'Additional Details' }).fill('Net 30. Thank you!');
  await page.getByRole('button', { name: 'Open Invoice' }).click();

  const invoice = page.getByRole('region', { name: /^Invoice \d+$/ });
  await expect(invoice).toBeVisible();
  await expect(invoice.getByText('From', { exact: true })).toBeVisible();
  await expect(invoice.getByText('Maple Sock Co. Inc.')).toBeVisible();
  await expect(invoice.getByText(/^GST\/HST Registration No\. \S+/)).toBeVisible();
  await expect(invoice.getByText('Bill to', { exact: true })).toBeVisible();
  await expect(invoice.getByText('Laurentian Outfitters')).toBeVisible();
  await expect(invoice.getByText(/^Date: [A-Z][a-z]{2} \d{2}, \d{4}$/)).toBeVisible();
  await expect(invoice.getByRole('row').filter({ hasText: 'Wool Hiking Socks' })).toContainText('CDN$50.00');
  // 50.00 + 45.00 = 95.00; HST 13% = 12.35; total 107.35.
  await expect(invoice.getByText('CDN$95.00')).toBeVisible();
  await expect(invoice.getByText('CDN$12.35')).toBeVisible();
  await expect(invoice.getByText('CDN$107.35')).toBeVisible();
  await expect(invoice.getByText('Net 30. Thank you!')).toBeVisible();

  await page.getByRole('button', { name: 'Send Invoice' }).click();
  const send = page.getByRole('form', { name: 'Send invoice' });
  const email = send.getByRole('textbox', { name: 'Send invoice to Email' });
  await expect(email).toHaveValue('buyer@laurentian.example');
  await email.fill('not an address');
  await send.getByRole('button', { name: 'Send' }).click();
  await expect(send.getByText('Please enter a valid email address')).toBeVisible();
  await email.fill(recipient);
  await send.getByRole('button', { name: 'Send' }).click();
  await expect(toast(page, 'Invoice was sent successfully.')).toBeVisible();

  // The outbox holds the e-mail, and the PDF the server renders is A5 portrait
  // (148 x 210 mm = 419.53 x 595.28 pt).
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('POS_InvoiceDetails') ?? '{}'));
  const mails = await readOutboxMails(request);
  const mail = mails.find((candidate) => candidate.to === recipient);
  expect(mail?.subject).toBe(`Invoice ${stored.invoice_number} from Maple Sock Co. Inc.`);
  const pdf = await request.get(`/api/invoice/${stored.id}/pdf`, { headers: bearer(cashier) });
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const text = (await pdf.body()).toString('latin1');
  expect(text.startsWith('%PDF-')).toBe(true);
  expect(text).toMatch(/\/MediaBox \[0 0 419\.5\d* 595\.2\d*\]/);
  // The e-mail carries that PDF (the admin outbox API lists attachments).
  expect(mail?.attachments).toEqual([
    expect.objectContaining({
      filename: `invoice-${stored.invoice_number}.pdf`,
      contentType: 'application/pdf',
    }),
  ]);
});

test('a cashier generates a receipt with two lines and deletes one', async ({ page, request }) => {
  const cashier = await logInByApi(request, DEMO.pos);
  await openLoggedIn(page, cashier, '/generate-receipt');

  const product = page.getByRole('combobox', { name: 'Product' });
  await expect(product).toHaveValue('Novelty Socks');
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  const add = page.getByRole('button', { name: 'Add Product' });

  const amount = page.getByRole('textbox', { name: 'Amount' });
  await amount.fill('10');
  await expect(page.getByText('CDN$10.00 + CDN$1.30 tax (13%) = CDN$11.30')).toBeVisible();
  await add.click();

  await page.getByRole('checkbox', { name: 'Add tax' }).uncheck();
  await product.click();
  await page.getByRole('option', { name: 'iPhone Case' }).click();
  await amount.fill('25');
  await add.click();

  const table = page.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: 'Novelty Socks' })).toContainText('CDN$11.30');
  await expect(table.getByRole('row').filter({ hasText: 'iPhone Case' })).toContainText('CDN$25.00');
  await expect(table.getByRole('row').filter({ hasText: 'Total (2 lines)' })).toContainText('CDN$36.30');

  // Sorting by amount puts the larger line first on the second click.
  await table.getByRole('button', { name: 'Amount' }).click();
  await table.getByRole('button', { name: 'Amount' }).click();
  await expect(table.getByRole('row').nth(1)).toContainText('iPhone Case');

  // Delete asks first; No keeps the line, Yes removes it.
  await table.getByRole('button', { name: 'Delete iPhone Case CDN$25.00' }).click();
  await expect(page.getByText('Do you really want to delete this product?')).toBeVisible();
  await page.getByRole('button', { name: 'No', exact: true }).click();
  await expect(table.getByRole('row').filter({ hasText: 'iPhone Case' })).toHaveCount(1);
  await table.getByRole('button', { name: 'Delete iPhone Case CDN$25.00' }).click();
  await page.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(table.getByRole('row').filter({ hasText: 'iPhone Case' })).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: 'Total (1 line)' })).toContainText('CDN$11.30');

  await submit.click();
  await expect(page.getByRole('heading', { name: 'Receipt', exact: true })).toBeVisible();
  await expect(page.getByText('Novelty Socks')).toBeVisible();
  await expect(page.getByText('iPhone Case')).toBeHidden();

  // Generate Receipt stores it with a number.
  await page.getByRole('button', { name: 'Generate Receipt' }).click();
  await expect(page.getByText(/^Receipt No\. \d+$/)).toBeVisible();
  await expect(page).toHaveURL(/#\/receipt\?id=\d+$/);
});

test('a client without the POS role is sent away from the POS screen', async ({ page, newClient }) => {
  await openLoggedIn(page, newClient.record, '/pos');
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('heading', { name: 'POS Payment' })).toBeHidden();
  // Nor is POS offered in the navigation.
  await expect(page.getByRole('link', { name: 'POS', exact: true })).toHaveCount(0);
});

test('a cashier without a reader sells through Card Checkout and the hosted payment page', async ({
  page,
  request,
}) => {
  const cashier = await logInByApi(request, DEMO.pos);
  await openLoggedIn(page, cashier, '/pos-checkout');
  await expect(page.getByRole('heading', { name: 'Card Checkout' })).toBeVisible();

  // Nothing ticked: nothing is sent.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(POS_MESSAGES.checkoutNoItems)).toBeVisible();

  // Products by name, case-insensitive ('iPhone Case' between 'Gift Box' and 'Novelty Socks').
  const names = await page
    .getByRole('form', { name: 'Card checkout' })
    .getByRole('heading', { level: 2 })
    .allTextContents();
  expect(names).toContain('iPhone Case');
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));

  const socks = 'Novelty Socks CDN$12.99';
  const plus = page.getByRole('button', { name: `Increase Quantity of ${socks}` });
  await expect(plus).toBeDisabled();
  await page.getByRole('checkbox', { name: socks }).check();
  await plus.click();
  await expect(page.getByRole('textbox', { name: `Quantity of ${socks}` })).toHaveValue('2');
  await expect(page.getByText('Subtotal CDN$25.98')).toBeVisible();
  await expect(page.getByText('Total CDN$25.98', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Submit' }).click();
  // The sandbox's hosted page: the lines and the total, a card form.
  await expect(page).toHaveURL(/#\/sandbox-checkout\/cs_/);
  await expect(page.getByText('Qty 2 × CDN$12.99')).toBeVisible();
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242424242424242');
  await page.getByRole('textbox', { name: 'Expiration date' }).fill(futureCardExpiry().typed);
  await page.getByRole('textbox', { name: 'Security code' }).fill('123');
  await page.getByRole('button', { name: 'Pay CDN$25.98' }).click();

  // Back on this shop's success page, even when PUBLIC_URL names another address of it.
  await expect(page.getByRole('heading', { name: POS_MESSAGES.checkoutSuccessTitle })).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/#\/checkout-success$/);
  await expect(page.getByRole('link', { name: 'No card reader? click Card Checkout' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'have card reader? click POS Checkout' })).toBeVisible();
  await page.getByRole('link', { name: 'Receipt ...' }).click();
  await expect(page.getByText('Novelty Socks (2 × CDN$12.99)')).toBeVisible();
  // The receipt names the seller it will be stored with, before it is generated.
  await expect(page.getByText('Maple Sock Co. Inc.')).toBeVisible();
  await expect(page.getByText(/^GST\/HST Registration No\. \S+/)).toBeVisible();
});

test('the hosted payment page leads back to Card Checkout without paying', async ({ page, request }) => {
  const cashier = await logInByApi(request, DEMO.pos);
  const prices = await request.post('/api/pos/list_prices', { headers: bearer(cashier) });
  const [price] = (await prices.json()) as { id: string }[];
  const session = await request.post('/api/pos/create-checkout-session', {
    headers: bearer(cashier),
    data: { lineItems: [{ priceId: price?.id, quantity: 1 }] },
  });
  expect(session.status(), await session.text()).toBe(200);
  const { url } = (await session.json()) as { url: string };
  await openLoggedIn(page, cashier, url.replace(/^\/?#/, ''));
  await expect(page.getByRole('button', { name: /^Pay CDN\$/ })).toBeVisible();

  await page.getByRole('button', { name: '← Back' }).click();
  await expect(page.getByRole('heading', { name: 'Card Checkout' })).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/#\/pos-checkout$/);
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
  await page.getByRole('textbox', { name: 'Amount' }).fill(dollars(amount));
  await expect(
    page.getByText(
      `${formatMoney(amount)} + ${formatMoney(total - amount)} tax (13%) = ${formatMoney(total)}`,
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Begin Transaction' }).click();
  await page.getByRole('button', { name: 'Simulate Interac Payment' }).click();
  await expect(toast(page, 'Paid successfully.')).toBeVisible();

  // One receipt per payment: opened and generated twice, it keeps its number.
  await page.getByRole('link', { name: 'View/Send Receipt' }).click();
  await page.getByRole('button', { name: 'Generate Receipt' }).click();
  const number = page.getByText(/^Receipt No\. \d+$/);
  const first = await number.textContent();
  await page.goto('/#/receipt');
  await page.getByRole('button', { name: 'Generate Receipt' }).click();
  await expect(number).toHaveText(first ?? '');

  await page.goto('/#/refund');
  await page.getByRole('textbox', { name: 'Filter' }).fill(dollars(total));
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
  await page.getByRole('textbox', { name: 'Amount' }).fill(dollars(declined));
  await page.getByRole('button', { name: 'Begin Transaction' }).click();
  await page.getByRole('button', { name: 'Simulate Payment', exact: true }).click();
  await expect(toast(page, 'card_declined: Your card was declined.')).toBeVisible();
  // The amount stays, for another try.
  await expect(page.getByRole('textbox', { name: 'Amount' })).toHaveValue(formatMoney(declined));

  await page.goto('/#/refund');
  await page.getByRole('textbox', { name: 'Filter' }).fill(dollars(declined));
  const row = page.getByRole('row').filter({ hasText: formatMoney(declined) });
  await expect(row).toContainText('failed');
  await row.getByRole('checkbox').check();
  await expect(page.getByText(POS_MESSAGES.nothingToRefund)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Refund/ })).toHaveCount(0);
});

test.describe('in a Canadian English browser', () => {
  test.use({ locale: 'en-CA' });

  test('the refund search shows dates as MM/DD/YYYY and every wrong field at once', async ({
    page,
    request,
  }) => {
    const cashier = await logInByApi(request, DEMO.pos);
    await openLoggedIn(page, cashier, '/refund');
    const pad = (value: number) => String(value).padStart(2, '0');
    const usDate = (date: Date) => `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
    const today = new Date();
    const monthAgo = new Date(today);
    monthAgo.setDate(monthAgo.getDate() - 30);
    await expect(page.getByRole('textbox', { name: 'From Date' })).toHaveValue(usDate(monthAgo));
    await expect(page.getByRole('textbox', { name: 'To Date' })).toHaveValue(usDate(today));

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

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a receipt and the invoice lines fit the screen', async ({ page, request }) => {
    const cashier = await logInByApi(request, DEMO.pos);
    await openLoggedIn(page, cashier, '/generate-receipt');
    await page.getByRole('textbox', { name: 'Amount' }).fill('1234.56');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    const document = page.getByRole('region', { name: 'Receipt', exact: true });
    await expect(document.getByText('CDN$1,395.05')).toHaveCount(2);
    const overflow = await document.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const total = await document.getByRole('cell', { name: 'CDN$1,395.05' }).boundingBox();
    expect((total?.x ?? 0) + (total?.width ?? 0)).toBeLessThanOrEqual(390);

    // Generate Invoice: each order line is laid out down the screen, every field in view.
    await page.goto('/#/generate-invoice');
    for (const name of ['Product 1', 'Price 1', 'Quantity 1']) {
      const box = await page.getByRole('textbox', { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(390);
    }
    await expect(page.getByRole('button', { name: 'Remove row 1' })).toBeInViewport();
  });
});
