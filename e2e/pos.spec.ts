import type { APIRequestContext, Page } from '@playwright/test';
import type { LoginRecord } from '../domain/auth.ts';
import { bearer, DEMO, expect, logInByApi, openLoggedIn, readOutboxMails, test } from './fixtures.ts';

/**
 * The POS back office as a cashier uses it (spec pos.md §2, §4, §8): a payment on the sandbox's
 * simulated card reader, a cancelled one, a partial refund, an invoice sent by e-mail, the receipt
 * generator, and the role guard.
 */

const FRONT_COUNTER = { id: 'tmr_SbxFrontCounter01', name: 'Front Counter WisePOS E' };

/** The cashier's reader, as the reader dialog sets it (POST api/pos/update_user_reader). */
async function assignReader(request: APIRequestContext, cashier: LoginRecord, readerId: string) {
  const response = await request.post('/api/pos/update_user_reader', {
    headers: bearer(cashier),
    data: { user_id: cashier.client_id, reader_id: readerId },
  });
  expect(response.status(), await response.text()).toBe(200);
}

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
  await openLoggedIn(page, cashier, '/pos');
  await expect(page.getByRole('heading', { name: 'POS Payment' })).toBeVisible();

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
  await assignReader(request, cashier, FRONT_COUNTER.id);
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
  await assignReader(request, cashier, FRONT_COUNTER.id);
  // An amount no other test uses, so that the filter finds this charge alone.
  await takeReaderPayment(request, cashier, 3745);

  await openLoggedIn(page, cashier, '/refund');
  await expect(page.getByRole('heading', { name: 'Refund', exact: true })).toBeVisible();
  await expect(page.getByText('TEST MODE', { exact: true })).toBeVisible();
  // Last 4 waits for a card type.
  await expect(page.getByRole('textbox', { name: 'Last 4' })).toBeDisabled();

  await page.getByRole('textbox', { name: 'Filter' }).fill('37.45');
  const row = page.getByRole('row').filter({ hasText: 'CDN$37.45' });
  await expect(row).toHaveCount(1);
  await row.getByRole('checkbox').check();

  const panel = page.getByRole('form', { name: 'Refund' });
  await expect(panel.getByText('Can be refunded CDN$37.45')).toBeVisible();
  await panel.getByRole('checkbox', { name: 'Refund partially' }).check();
  const amount = panel.getByRole('textbox', { name: 'Refund Amount' });
  await amount.fill('50');
  await amount.blur();
  await expect(panel.getByText("Refund Amount can't be more than 37.45.")).toBeVisible();

  await amount.fill('10');
  await panel.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(toast(page, 'Refund successfully.')).toBeVisible();
  // The search runs again: the charge shows what was refunded, the panel is closed.
  await expect(panel).toBeHidden();
  await expect(row.getByText('CDN$10.00 refunded')).toBeVisible();

  // What remains is the new limit.
  await row.getByRole('checkbox').check();
  await expect(panel.getByText('Can be refunded CDN$27.45')).toBeVisible();
  await panel.getByRole('checkbox', { name: 'Refund partially' }).check();
  await amount.fill('27.46');
  await amount.blur();
  await expect(panel.getByText("Refund Amount can't be more than 27.45.")).toBeVisible();
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

test('a client without the POS role is sent away from the POS screen', async ({ page, request }) => {
  const client = await logInByApi(request, DEMO.client);
  await openLoggedIn(page, client, '/pos');
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('heading', { name: 'POS Payment' })).toBeHidden();
  // Nor is POS offered in the navigation.
  await expect(page.getByRole('link', { name: 'POS', exact: true })).toHaveCount(0);
});
