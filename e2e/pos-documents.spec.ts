import { bearer, DEMO, expect, logInByApi, openLoggedIn, readOutboxMails, test } from './fixtures.ts';
import { leaveReaderIdle, toast } from './pos-readers.ts';

/** Invoices and receipts at the POS (spec pos.md §2, §5): an invoice e-mailed as a PDF, the receipt generator, both on a phone. */

test.afterEach(leaveReaderIdle);

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
  // The products are the shop's catalogue (list_products), with the spec's default first.
  await product.click();
  const other = page.getByRole('option').filter({ hasNotText: 'Novelty Socks' }).first();
  const otherName = (await other.textContent()) ?? '';
  expect(otherName).not.toBe('');
  await other.click();
  await amount.fill('25');
  await add.click();

  const table = page.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: 'Novelty Socks' })).toContainText('CDN$11.30');
  await expect(table.getByRole('row').filter({ hasText: otherName })).toContainText('CDN$25.00');
  await expect(table.getByRole('row').filter({ hasText: 'Total (2 lines)' })).toContainText('CDN$36.30');

  // Sorting by amount puts the larger line first on the second click.
  await table.getByRole('button', { name: 'Amount' }).click();
  await table.getByRole('button', { name: 'Amount' }).click();
  await expect(table.getByRole('row').nth(1)).toContainText(otherName);

  // Delete asks first; No keeps the line, Yes removes it.
  await table.getByRole('button', { name: `Delete ${otherName} CDN$25.00` }).click();
  await expect(page.getByText('Do you really want to delete this product?')).toBeVisible();
  await page.getByRole('button', { name: 'No', exact: true }).click();
  await expect(table.getByRole('row').filter({ hasText: otherName })).toHaveCount(1);
  await table.getByRole('button', { name: `Delete ${otherName} CDN$25.00` }).click();
  await page.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(table.getByRole('row').filter({ hasText: otherName })).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: 'Total (1 line)' })).toContainText('CDN$11.30');

  await submit.click();
  await expect(page.getByRole('heading', { name: 'Receipt', exact: true })).toBeVisible();
  await expect(page.getByText('Novelty Socks')).toBeVisible();
  await expect(page.getByText(otherName)).toBeHidden();

  // Generate Receipt stores it with a number: one, however quickly it is pressed twice.
  const created: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/api/pos/receipts')) created.push(sent.url());
  });
  await page.getByRole('button', { name: 'Generate Receipt' }).dblclick();
  await expect(page.getByText(/^Receipt No\. \d+$/)).toBeVisible();
  await expect(page).toHaveURL(/#\/receipt\?id=\d+$/);
  expect(created).toHaveLength(1);

  // The draft became that receipt: the receipt page opened again has nothing left to generate.
  await page.goto('/#/receipt');
  await expect(page.getByText('No receipt to show')).toBeVisible();
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
