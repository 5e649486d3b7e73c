import type { Page } from '@playwright/test';
import type { AdminOrder } from '../domain/admin/orders.ts';
import type { StockList } from '../domain/admin/stock.ts';
import { cartLine, OWNED, stockAt } from './demo-items.ts';
import {
  bearer,
  DEMO,
  expect,
  logInByApi,
  openLoggedIn,
  placeOrderByApi,
  readOutboxMails,
  setStock,
  test,
} from './fixtures.ts';

/**
 * The owner fulfils web orders from the back office (#/admin/orders): ships one with a label and
 * refunds a line; the client follows both on Your Orders. The orders are placed through the API, as
 * the checkout page places them (checkout.spec.ts walks that page).
 */

async function openOrderAsOwner(page: Page, orderNumber: number): Promise<void> {
  const owner = await logInByApi(page.request, DEMO.admin);
  await openLoggedIn(page, owner, '/admin/orders');
  await page.getByRole('textbox', { name: 'Find' }).fill(String(orderNumber));
  // Its checkbox only chooses it; anywhere else on its row opens it, as its number's link does.
  const choose = page.getByRole('checkbox', { name: `Choose order ${orderNumber}` });
  await choose.check();
  await expect(choose).toBeChecked();
  // Still the list, as searched (the search is kept in the address: Back returns to it).
  await expect(page).toHaveURL(new RegExp(`#/admin/orders\\?q=${orderNumber}$`));
  await page
    .getByRole('row', { name: new RegExp(`#${orderNumber}\\b`) })
    .getByRole('cell')
    .last()
    .click();
  await expect(page.getByRole('heading', { name: `Order #${orderNumber}` })).toBeVisible();
}

test('the owner ships an order and prints its label; the client sees the tracking number', async ({
  page,
  request,
  newClient,
}) => {
  const { phoneCase } = OWNED.shipped;
  await setStock(request, [stockAt(phoneCase, 10)]);
  const orderNumber = await placeOrderByApi(request, newClient.record, [cartLine(phoneCase, 2)]);

  await openOrderAsOwner(page, orderNumber);
  await page.getByRole('button', { name: 'Ship', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Ship order #${orderNumber}` });
  await dialog.getByRole('button', { name: 'Buy label and ship' }).click();
  await expect(dialog).toBeHidden();
  // Queued, not claimed as sent: the test shop has no mail server.
  await expect(
    page.getByText('Shipped. The e-mail to the client, with the tracking number, is in the Outbox.'),
  ).toBeVisible();
  await expect(page.getByText('Shipped', { exact: true }).first()).toBeVisible();
  const owner = await logInByApi(request, DEMO.admin);
  const shipped = await request.get(`/api/admin/orders/${orderNumber}`, { headers: bearer(owner) });
  const tracking = ((await shipped.json()) as AdminOrder).trackingNumber ?? '';
  expect(tracking).toMatch(/^\d{12,16}$/);
  await expect(page.getByText(tracking).first()).toBeVisible();

  // The label: a PDF of one 4x6 page, downloaded to print.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Print label' }).click();
  const label = await download;
  expect(label.suggestedFilename()).toBe(`labels-${orderNumber}.pdf`);
  const bytes = await (await label.createReadStream()).toArray();
  expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe('%PDF-');

  const mails = await readOutboxMails(request);
  expect(mails.some((mail) => mail.to === newClient.email && mail.subject.includes('has shipped'))).toBe(
    true,
  );

  await openLoggedIn(page, newClient.record, '/your-order');
  const card = page.getByRole('article', { name: `Order ${orderNumber}` });
  await expect(card.getByText('Shipped', { exact: true })).toBeVisible();
  await expect(card.getByText(tracking)).toBeVisible();
});

test('the owner refunds a line and puts it back in stock; the client’s Your Orders shows it', async ({
  page,
  request,
  newClient,
}) => {
  const { laundryBag } = OWNED.refunded;
  await setStock(request, [stockAt(laundryBag, 20)]);
  const orderNumber = await placeOrderByApi(request, newClient.record, [cartLine(laundryBag, 6)]);

  await openOrderAsOwner(page, orderNumber);
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Refund order #${orderNumber}` });
  const bags = dialog.getByRole('textbox', { name: `Quantity of ${laundryBag.name} to refund` });
  // More than the order holds shows as all of it.
  await bags.fill('9');
  await expect(bags).toHaveValue('6');
  await bags.fill('1');
  await expect(dialog.getByRole('checkbox', { name: `Put ${laundryBag.name} back in stock` })).toBeChecked();
  // 8.99 and Ontario's 13% HST: 10.16.
  await dialog.getByRole('button', { name: 'Refund CDN$10.16' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Paid · partly refunded')).toBeVisible();
  await expect(page.getByText('1 refunded')).toBeVisible();

  const owner = await logInByApi(request, DEMO.admin);
  const levels = await request.get(`/api/admin/stock?q=${laundryBag.code}`, { headers: bearer(owner) });
  const item = ((await levels.json()) as StockList).items[0];
  expect(item?.instock).toBe(20 - 6 + 1);

  await openLoggedIn(page, newClient.record, '/your-order');
  const card = page.getByRole('article', { name: `Order ${orderNumber}` });
  await expect(card.getByText('Paid · partly refunded')).toBeVisible();
  await expect(card.getByText('1 refunded')).toBeVisible();
  await expect(card.getByText('−CDN$10.16')).toBeVisible();
});
