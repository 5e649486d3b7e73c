import type { APIRequestContext, Page } from '@playwright/test';
import type { LoginRecord } from '../domain/auth.ts';
import { SHIFT_MESSAGES } from '../domain/pos/shifts.ts';
import { POS_PENDING_SALE_KEY } from '../domain/storage-keys.ts';
import { type DemoItem, OWNED, stockAt } from './demo-items.ts';
import { bearer, DEMO, expect, logInByApi, openLoggedIn, setStock, test } from './fixtures.ts';
import { FRONT_COUNTER, leaveReaderIdle, toast, useIdleReader } from './pos-readers.ts';

/**
 * The register as a cashier runs a day (issue "The POS as a real register"): a shift opened with a
 * float, a cash sale from the catalogue with change, a card sale on the simulated reader, a return
 * of one item for cash, and the close with the counted cash and the Z report.
 */

test.afterEach(leaveReaderIdle);

const { rustM, mixedFivePack, argyleS } = OWNED.register;

test('a cashier opens a shift, sells for cash and by card, takes a return, and closes the shift with its report', async ({
  page,
  request,
}) => {
  test.slow();
  await setStock(request, [stockAt(rustM, 10), stockAt(mixedFivePack, 5), stockAt(argyleS, 10)]);
  const cashier = await logInByApi(request, DEMO.pos);
  await useIdleReader(request, cashier, FRONT_COUNTER.id);
  // A shift left open by an earlier attempt is closed first: this one starts with its own float.
  await request.post('/api/pos/shifts/close', { headers: bearer(cashier), data: { counted: 0 } });

  await openLoggedIn(page, cashier, '/pos/register');
  await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
  await expect(page.getByText('No open shift.', { exact: false }).first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Counted float' }).fill('200');
  await page.getByRole('button', { name: 'Open shift' }).click();
  const shiftBar = page.getByRole('region', { name: 'Register shift' });
  await expect(shiftBar.getByText('Expected cash:')).toBeVisible();
  await expect(shiftBar.getByText('CDN$200.00').first()).toBeVisible();

  // A barcode scanner types the package's code and Enter: it is added, the search box is ready again.
  const search = page.getByRole('textbox', { name: /Find a product/ });
  await search.fill(mixedFivePack.code);
  await search.press('Enter');
  const lines = page.getByRole('table', { name: 'Sale lines' });
  await expect(lines.getByText(mixedFivePack.name)).toBeVisible();
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('');

  // A sized sock found by name: its size chosen, then added.
  await search.fill('muskoka rust');
  const found = page.getByRole('table', { name: 'Products found' });
  await found.getByRole('combobox', { name: `Size of ${rustM.name}` }).click();
  await page.getByRole('option', { name: /^M / }).click();
  await found.getByRole('button', { name: `Add ${rustM.name}` }).click();
  await expect(lines.getByText(`${rustM.name} (M)`)).toBeVisible();

  // 74.99 + 12.99 = 87.98; tax 9.75 + 1.69 = 11.44; total 99.42, in cash 99.40.
  await expect(page.getByLabel('Sale total', { exact: true })).toHaveText('CDN$99.42');
  await expect(page.getByText('Cash due: CDN$99.40')).toBeVisible();
  await page.getByRole('button', { name: 'CDN$100.00', exact: true }).click();
  await expect(page.getByText('Change due: CDN$0.60')).toBeVisible();
  await page.getByRole('button', { name: 'Complete sale' }).click();

  const done = page.getByRole('region', { name: 'Sale complete' });
  await expect(done.getByLabel('Change due')).toHaveText('Change due: CDN$0.60');
  const receiptLink = done.getByRole('link', { name: /^No\. \d+$/ });
  await expect(receiptLink).toBeVisible();
  const receiptNumber = (await receiptLink.textContent())?.replace('No. ', '');
  expect(Number(receiptNumber)).toBeGreaterThan(0);
  const receiptHref = await receiptLink.getAttribute('href');
  await expect(shiftBar.getByText('CDN$299.40')).toBeVisible();

  // The second sale, by card on the reader: 16.99 + 2.21 tax = 19.20.
  await done.getByRole('button', { name: 'New sale' }).click();
  await search.fill(argyleS.code);
  await search.press('Enter');
  await expect(page.getByText(`Choose a size of ${argyleS.name} below.`)).toBeVisible();
  await found.getByRole('combobox', { name: `Size of ${argyleS.name}` }).click();
  await page.getByRole('option', { name: /^S / }).click();
  await found.getByRole('button', { name: `Add ${argyleS.name}` }).click();
  await expect(page.getByLabel('Sale total', { exact: true })).toHaveText('CDN$19.20');
  await page.getByText('Card on the reader', { exact: true }).click();
  await expect(page.getByText('present, online')).toBeVisible();
  await page.getByRole('button', { name: 'Charge CDN$19.20 on the reader' }).click();
  await expect(page.getByText('Please pay on card reader: CDN$19.20')).toBeVisible();
  await page.getByRole('button', { name: 'Simulate Payment', exact: true }).click();
  await expect(done.getByLabel('Change due')).toHaveText('Change due: CDN$0.00');
  await expect(done.getByText(/CDN\$19\.20/).first()).toBeVisible();
  const cardReceipt = (await done.getByRole('link', { name: /^No\. \d+$/ }).textContent())?.replace(
    'No. ',
    '',
  );
  expect(Number(cardReceipt)).toBeGreaterThan(Number(receiptNumber));

  // The stock went down by what was sold.
  const stock = await request.get(`/api/pos/catalogue?q=${argyleS.code}`, { headers: bearer(cashier) });
  const [argyle] = (await stock.json()) as { sizes: { size_id: number; instock: number }[] }[];
  expect(argyle?.sizes.find((size) => size.size_id === argyleS.size_id)?.instock).toBe(9);

  // The client brings the rust sock back: found by the cash sale's receipt, refunded from the
  // drawer (12.99 + 1.69 tax = 14.68, 14.70 in cash), back in stock.
  await page.getByRole('link', { name: 'Return', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Return' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Receipt number' }).fill(receiptNumber ?? '');
  await page.getByRole('button', { name: 'Find the sale' }).click();
  const toReturn = page.getByRole('table', { name: 'Sale lines to return' });
  await toReturn.getByRole('textbox', { name: `Return how many of ${rustM.name} (M)` }).fill('1');
  const refund = page.getByRole('region', { name: 'Refund' });
  await expect(refund.getByLabel('Refund total')).toHaveText('CDN$14.70');
  await expect(refund.getByText('Cash: give it from the drawer')).toBeVisible();
  await page.getByRole('button', { name: 'Refund CDN$14.70' }).click();
  const returned = page.getByRole('region', { name: 'Return complete' });
  await expect(returned.getByLabel('Cash to give back')).toHaveText('Give back: CDN$14.70');
  await expect(returned.getByRole('link', { name: /^No\. \d+$/ })).toBeVisible();
  const rust = await request.get(`/api/pos/catalogue?q=${rustM.code}`, { headers: bearer(cashier) });
  const [rustItem] = (await rust.json()) as { sizes: { size_id: number; instock: number }[] }[];
  expect(rustItem?.sizes.find((size) => size.size_id === rustM.size_id)?.instock).toBe(10);
  await returned.getByRole('link', { name: 'Back to the register' }).click();
  // The shift's figures add up on the bar: the cash given back is one of them.
  await expect(shiftBar.getByText('Cash refunds:')).toBeVisible();
  await expect(shiftBar.getByText('CDN$14.70')).toBeVisible();
  await expect(shiftBar.getByText('CDN$284.70')).toBeVisible();

  // The close: 285.00 counted against 284.70 expected (299.40 less the 14.70 given back), 0.30 over.
  await shiftBar.getByRole('button', { name: 'Close shift' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close the shift' });
  await expect(dialog.getByText('The register expects CDN$284.70.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Counted cash' }).fill('285');
  await dialog.getByRole('button', { name: 'Close shift' }).click();
  await expect(toast(page, 'closed.')).toBeVisible();

  const report = page.getByRole('region', { name: 'Shift report' });
  await expect(report.getByRole('heading', { name: /End of day \(Z\) report/ })).toBeVisible();
  await expect(report.getByText('Over CDN$0.30')).toBeVisible();
  const tenders = report.getByRole('table', { name: 'Sales by tender' });
  await expect(tenders.getByRole('row', { name: /Cash sales 1 CDN\$99\.40/ })).toBeVisible();
  await expect(tenders.getByRole('row', { name: /Card sales 1 CDN\$19\.20/ })).toBeVisible();
  await expect(tenders.getByRole('row', { name: /Cash refunds 1 -CDN\$14\.70/ })).toBeVisible();
  // 13.65 collected less the 1.69 given back.
  await expect(
    report.getByRole('table', { name: 'Tax collected' }).getByRole('row', { name: /Total tax CDN\$11\.96/ }),
  ).toBeVisible();
  await expect(report.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  // No shift now: the bar offers to open one again.
  await expect(page.getByRole('button', { name: 'Open shift' })).toBeVisible();

  // The cash sale's receipt says how its cash was rounded: 100.00 less 0.60 is 99.40, not 99.42.
  await page.goto(receiptHref ?? '');
  const receipt = page.getByRole('region', { name: `Receipt ${receiptNumber}` });
  await expect(receipt.getByText('Cash: CDN$100.00 tendered, CDN$0.60 change')).toBeVisible();
  await expect(receipt.getByText('Cash rounding to 5 cents: -CDN$0.02, paid CDN$99.40')).toBeVisible();

  // The owner finds the shift in the back office, every column within the page at a laptop's width.
  await openLoggedIn(page, await logInByApi(request, DEMO.admin), '/admin/shifts');
  const shifts = page.getByRole('table', { name: 'Shifts' });
  const closed = shifts.getByRole('row').filter({ hasText: 'Over CDN$0.30' }).first();
  await expect(closed.getByRole('button', { name: 'Report' })).toBeInViewport();
  expect(await shifts.evaluate((table) => table.scrollWidth <= (table.parentElement?.clientWidth ?? 0))).toBe(
    true,
  );
});

test('a return of an Interac sale is refunded on the reader first, then recorded with its refund receipt', async ({
  page,
  request,
}) => {
  await setStock(request, [stockAt(argyleS, 10)]);
  const cashier = await logInByApi(request, DEMO.pos);
  await useIdleReader(request, cashier, FRONT_COUNTER.id);
  const headers = bearer(cashier);
  // An Interac sale of the argyle sock (16.99 + 2.21 tax = 19.20), made as the register makes it.
  const intent = await request.post('/api/pos/create_payment_intent', { headers, data: { amount: '1920' } });
  const { id: paymentIntentId } = (await intent.json()) as { id: string };
  await request.post('/api/pos/process_payment', {
    headers,
    data: { readerId: FRONT_COUNTER.id, paymentIntentId, userId: cashier.client_id },
  });
  await request.post('/api/pos/simulate_interac_payment', {
    headers: { ...headers, reader_id: FRONT_COUNTER.id },
  });
  const sold = await request.post('/api/pos/sales', {
    headers: { ...headers, 'idempotency-key': `e2e-interac-${paymentIntentId}` },
    data: {
      lines: [{ productId: argyleS.productId, size_id: argyleS.size_id, packageId: null, quantity: 1 }],
      addTax: true,
      tenders: [{ type: 'interac', amount: 1920, paymentIntentId }],
    },
  });
  expect(sold.status(), await sold.text()).toBe(200);
  const sale = (await sold.json()) as { receipt: { receipt_number: number } };

  await openLoggedIn(page, cashier, '/pos/return');
  await page.getByRole('textbox', { name: 'Receipt number' }).fill(String(sale.receipt.receipt_number));
  await page.getByRole('button', { name: 'Find the sale' }).click();
  await expect(page.getByText(/paid Interac/)).toBeVisible();
  const argyles = page
    .getByRole('table', { name: 'Sale lines to return' })
    .getByRole('textbox', { name: `Return how many of ${argyleS.name} (S)` });
  // More than the sale holds shows as all of it.
  await argyles.fill('5');
  await expect(argyles).toHaveValue('1');
  await argyles.fill('1');
  const finish = page.getByRole('button', { name: 'Refund CDN$19.20', exact: true });
  await expect(finish).toBeDisabled();
  const onReader = page.getByRole('region', { name: 'Interac refund' });
  await onReader.getByRole('button', { name: 'Refund CDN$19.20 on the reader' }).click();
  await expect(page.getByText('Please tap the Interac card on the card reader')).toBeVisible();
  await page.getByRole('button', { name: 'Simulate Interac card' }).click();
  const refunded = page.getByText('The Interac part is back on the client’s card: finish the return.');
  await expect(refunded).toBeVisible();
  // A reload before the return is recorded opens the sale again with its lines and that refund,
  // instead of asking the reader to refund the card a second time.
  await page.reload();
  await expect(refunded).toBeVisible();
  await expect(argyles).toHaveValue('1');
  await expect(onReader).toHaveCount(0);
  await finish.click();
  const returned = page.getByRole('region', { name: 'Return complete' });
  await expect(returned.getByText(/CDN\$19\.20 refunded: Interac CDN\$19\.20/)).toBeVisible();
  await returned.getByRole('link', { name: /^No\. \d+$/ }).click();
  await expect(page.getByText('REFUND', { exact: true })).toBeVisible();
  await expect(page.getByText(`Refund of receipt No. ${sale.receipt.receipt_number}`)).toBeVisible();
  await expect(page.getByText('Interac: CDN$19.20')).toBeVisible();
});

test('no payment is taken for a line the stock cannot give', async ({ page, request }) => {
  const { greenBox } = OWNED.registerShort;
  await setStock(request, [stockAt(greenBox, 2)]);
  const cashier = await logInByApi(request, DEMO.pos);
  await openLoggedIn(page, cashier, '/pos/register');
  const search = page.getByRole('textbox', { name: /Find a product/ });
  await search.fill(greenBox.code);
  await search.press('Enter');
  const lines = page.getByRole('table', { name: 'Sale lines' });
  await expect(lines.getByText(greenBox.name)).toBeVisible();
  const tenders = page.getByText('Card on the reader');
  await expect(tenders).toBeVisible();

  await lines.getByRole('textbox', { name: `Quantity of ${greenBox.name}` }).fill('3');
  await expect(
    page.getByRole('alert').filter({ hasText: `Not enough stock of ${greenBox.name}` }),
  ).toBeVisible();
  await expect(tenders).toHaveCount(0);

  await lines.getByRole('textbox', { name: `Quantity of ${greenBox.name}` }).fill('2');
  await expect(tenders).toBeVisible();
});

test('a sale refused because another till sold the item shows the stock left, and takes no payment for it', async ({
  page,
  request,
}) => {
  const { greenBox } = OWNED.registerShort;
  await setStock(request, [stockAt(greenBox, 2)]);
  const cashier = await logInByApi(request, DEMO.pos);
  const headers = bearer(cashier);
  await request.post('/api/pos/shifts/close', { headers, data: { counted: 0 } });
  await request.post('/api/pos/shifts/open', { headers, data: { float: 10_000 } });
  await openLoggedIn(page, cashier, '/pos/register');
  const search = page.getByRole('textbox', { name: /Find a product/ });
  await search.fill(greenBox.code);
  await search.press('Enter');
  const lines = page.getByRole('table', { name: 'Sale lines' });
  await lines.getByRole('textbox', { name: `Quantity of ${greenBox.name}` }).fill('2');
  await expect(lines.getByText(`${greenBox.code} · 2 in stock`)).toBeVisible();

  // Another till sells one of the two meanwhile.
  await setStock(request, [stockAt(greenBox, 1)]);
  // The cashier types the cash handed over and Enter, as the button would complete the sale.
  const tendered = page.getByRole('textbox', { name: 'Cash tendered (CDN$)' });
  await tendered.fill('200');
  await tendered.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Not enough stock' }).first()).toBeVisible();
  await expect(lines.getByText(`${greenBox.code} · 1 in stock — not enough stock`)).toBeVisible();
  await expect(page.getByText('Card on the reader')).toHaveCount(0);
  await request.post('/api/pos/shifts/close', { headers, data: { counted: 10_000 } });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the register's empty sale says so within the screen, and its table is as wide as the screen", async ({
    page,
    request,
  }) => {
    await openLoggedIn(page, await logInByApi(request, DEMO.pos), '/pos/register');
    const hint = page.getByText('No items yet: find a product above or scan its code.');
    await expect(hint).toBeVisible();
    const box = await hint.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    const table = await page.getByRole('table', { name: 'Sale lines' }).boundingBox();
    expect(table && table.x + table.width).toBeLessThanOrEqual(390);
  });

  test("the register's items found and the sale's lines fit the screen, Add and Remove within reach", async ({
    page,
    request,
  }) => {
    const cashier = await logInByApi(request, DEMO.pos);
    await openLoggedIn(page, cashier, '/pos/register');
    const search = page.getByRole('textbox', { name: /Find a product/ });
    await search.fill(mixedFivePack.code);
    const found = page.getByRole('table', { name: 'Products found' });
    const add = found.getByRole('button', { name: `Add ${mixedFivePack.name}` });
    await expect(add).toBeVisible();
    const withinScreen = async (control: typeof add) => {
      const box = await control.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box)).toBe(true);
    };
    await withinScreen(add);
    await add.click();

    const remove = page
      .getByRole('table', { name: 'Sale lines' })
      .getByRole('button', { name: `Remove ${mixedFivePack.name}` });
    await expect(remove).toBeVisible();
    await withinScreen(remove);
    await withinScreen(page.getByRole('radio', { name: 'Split card + cash' }));
  });
});

/**
 * The cashier (their reader idle), in a shift of their own, puts one Studio Grip Sock in `size` on
 * the register (14.99 + 1.95 tax = 16.94) and has the card pay 10.00 of it, the rest due in cash.
 */
async function cardPartPaid(
  page: Page,
  request: APIRequestContext,
  cashier: LoginRecord,
  item: DemoItem,
  size: 'M' | 'L',
) {
  await setStock(request, [stockAt(item, 10)]);
  await request.post('/api/pos/shifts/close', { headers: bearer(cashier), data: { counted: 0 } });
  const opened = await request.post('/api/pos/shifts/open', {
    headers: bearer(cashier),
    data: { float: 10000 },
  });
  expect(opened.ok(), await opened.text()).toBe(true);

  await openLoggedIn(page, cashier, '/pos/register');
  const search = page.getByRole('textbox', { name: /Find a product/ });
  await search.fill(item.code);
  await search.press('Enter');
  const found = page.getByRole('table', { name: 'Products found' });
  await found.getByRole('combobox', { name: `Size of ${item.name}` }).click();
  await page.getByRole('option', { name: new RegExp(`^${size} `) }).click();
  await found.getByRole('button', { name: `Add ${item.name}` }).click();
  await expect(page.getByLabel('Sale total', { exact: true })).toHaveText('CDN$16.94');
  await page.getByText('Split card + cash', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Card part (CDN$)' }).fill('10');
  await page.getByRole('button', { name: 'Charge CDN$10.00 on the reader' }).click();
  await page.getByRole('button', { name: 'Simulate Payment', exact: true }).click();
  await expect(page.getByText('Card paid: CDN$10.00')).toBeVisible();
}

test('a sale whose card part was paid comes back after a reload, to be finished in cash', async ({
  page,
  request,
}) => {
  const { gripGreyM } = OWNED.registerReloaded;
  const cashier = await logInByApi(request, DEMO.pos);
  await useIdleReader(request, cashier, FRONT_COUNTER.id);
  await cardPartPaid(page, request, cashier, gripGreyM, 'M');

  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'A sale to finish' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Sale lines' }).getByText(`${gripGreyM.name} (M)`),
  ).toBeVisible();
  await expect(page.getByText('Card paid: CDN$10.00')).toBeVisible();
  await expect(page.getByText('Cash due: CDN$6.95')).toBeVisible();

  // The shift does not close on a sale the card has paid part of.
  await page.getByRole('button', { name: 'Close shift' }).click();
  const closing = page.getByRole('dialog', { name: 'Close the shift' });
  await expect(closing.getByRole('alert')).toContainText(
    'The card paid CDN$10.00 of the sale on the register.',
  );
  await expect(closing.getByRole('textbox', { name: 'Counted cash' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(closing).toBeHidden();

  await page.getByRole('button', { name: 'Exact CDN$6.95' }).click();
  await page.getByRole('button', { name: 'Complete sale' }).click();
  const done = page.getByRole('region', { name: 'Sale complete' });
  await expect(done.getByRole('link', { name: /^No\. \d+$/ })).toBeVisible();

  // Recorded once: the page opened again starts a new sale.
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'A sale to finish' })).toHaveCount(0);
  await expect(page.getByText('Card paid:')).toHaveCount(0);
});

test('a card payment for a sale the browser lost keeps the shift from closing until it is refunded', async ({
  page,
  request,
}) => {
  const cashier = await logInByApi(request, DEMO.pos);
  await useIdleReader(request, cashier, FRONT_COUNTER.id);
  await cardPartPaid(page, request, cashier, OWNED.registerLost.gripGreyL, 'L');

  // The browser loses the sale it kept (its storage cleared), and with it what the card paid.
  const kept = await page.evaluate((key) => localStorage.getItem(key), POS_PENDING_SALE_KEY);
  const { paymentIntentId } = JSON.parse(kept ?? '{}').cardPaid as { paymentIntentId: string };
  await page.evaluate((key) => localStorage.removeItem(key), POS_PENDING_SALE_KEY);
  await page.reload();
  await expect(page.getByText('Card paid:')).toHaveCount(0);

  // The server still knows: the shift does not close.
  await page.getByRole('button', { name: 'Close shift' }).click();
  const closing = page.getByRole('dialog', { name: 'Close the shift' });
  await closing.getByRole('textbox', { name: 'Counted cash' }).fill('100');
  await closing.getByRole('button', { name: 'Close shift' }).click();
  await expect(toast(page, SHIFT_MESSAGES.salePaymentUnfinished('CDN$10.00'))).toBeVisible();
  await expect(closing).toBeVisible();

  // Refunded, it closes (the refund reaches the shop through the processor's webhook).
  const refunded = await request.post('/api/pos/refund', {
    headers: {
      ...bearer(cashier),
      reader_id: FRONT_COUNTER.id,
      'idempotency-key': `lost-${paymentIntentId}`,
    },
    data: { paymentIntentId, amount: 1000 },
  });
  expect(refunded.ok(), await refunded.text()).toBe(true);
  await expect
    .poll(async () => {
      const closed = await request.post('/api/pos/shifts/close', {
        headers: bearer(cashier),
        data: { counted: 10000 },
      });
      return closed.status();
    })
    .toBe(200);
});
