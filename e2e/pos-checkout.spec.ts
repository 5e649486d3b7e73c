import { formatMoney, taxOn } from '../domain/money.ts';
import type { PosPrice } from '../domain/pos/checkout.ts';
import { POS_MESSAGES } from '../domain/pos/messages.ts';
import { OWNED, stockAt } from './demo-items.ts';
import {
  bearer,
  DEMO,
  expect,
  futureCardExpiry,
  logInByApi,
  openLoggedIn,
  setStock,
  test,
} from './fixtures.ts';
import { leaveReaderIdle } from './pos-readers.ts';

const { camelM } = OWNED.cardCheckout;

/** Card Checkout, the hosted payment page for staff without a reader (spec pos.md §2), and the POS role guard. */

test.afterEach(leaveReaderIdle);

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
  await setStock(request, [stockAt(camelM, 10)]);
  const cashier = await logInByApi(request, DEMO.pos);
  const prices = await request.post('/api/pos/list_prices', { headers: bearer(cashier) });
  const price = ((await prices.json()) as PosPrice[]).find(
    (candidate) => candidate.id === `price_${camelM.productId}_${camelM.size_id}`,
  );
  if (!price) throw new Error(`${camelM.code} M is not for sale`);
  const unit = formatMoney(price.unitAmount);
  const subtotal = price.unitAmount * 2;
  const tax = taxOn(subtotal, 130_000);

  await openLoggedIn(page, cashier, '/pos-checkout');
  await expect(page.getByRole('heading', { name: 'Card Checkout' })).toBeVisible();

  // Nothing ticked: nothing is sent.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(POS_MESSAGES.checkoutNoItems)).toBeVisible();

  // The shop's own catalogue, by name, case-insensitive.
  const names = await page
    .getByRole('form', { name: 'Card checkout' })
    .getByRole('heading', { level: 2 })
    .allTextContents();
  expect(names).toContain(camelM.name);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));

  await page.getByRole('textbox', { name: 'Search' }).fill('camel');
  // A price per size: the checkbox names the unit price and the size.
  const socks = `${camelM.name} ${unit} · M`;
  const plus = page.getByRole('button', { name: `Increase Quantity of ${socks}` });
  await expect(plus).toBeDisabled();
  await page.getByRole('checkbox', { name: socks }).check();
  await plus.click();
  await expect(page.getByRole('textbox', { name: `Quantity of ${socks}` })).toHaveValue('2');
  await expect(page.getByText(`Subtotal ${formatMoney(subtotal)}`, { exact: true })).toBeVisible();
  // Add tax is on: the store's 13%, line by line as the server charges it.
  await expect(page.getByRole('checkbox', { name: 'Add tax' })).toBeChecked();
  await expect(
    page.getByText(`Subtotal ${formatMoney(subtotal)} + tax (13%) ${formatMoney(tax)}`),
  ).toBeVisible();
  await expect(page.getByText(`Total ${formatMoney(subtotal + tax)}`, { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Add tax' }).uncheck();
  await expect(page.getByText(`Total ${formatMoney(subtotal)}`, { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Add tax' }).check();

  await page.getByRole('button', { name: 'Submit' }).click();
  // The sandbox's hosted page: the lines as priced on the server, the tax line, a card form.
  await expect(page).toHaveURL(/#\/sandbox-checkout\/cs_/);
  await expect(page.getByText(`${camelM.name} (M)`)).toBeVisible();
  await expect(page.getByText(`Qty 2 × ${unit}`)).toBeVisible();
  await expect(page.getByText('HST 13%')).toBeVisible();
  const pay = page.getByRole('button', { name: `Pay ${formatMoney(subtotal + tax)}` });
  // A declined card says so; the next card, refused by the form, does not keep that message.
  await page.getByRole('textbox', { name: 'Card number' }).fill('4000000000000002');
  await page.getByRole('textbox', { name: 'Expiration date' }).fill(futureCardExpiry().typed);
  await page.getByRole('textbox', { name: 'Security code' }).fill('123');
  await pay.click();
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242424242424242');
  await page.getByRole('textbox', { name: 'Expiration date' }).fill('');
  await pay.click();
  await expect(page.getByText("Your card's expiration date is incomplete.")).toBeVisible();
  await expect(page.getByText('Your card was declined.')).toBeHidden();
  await page.getByRole('textbox', { name: 'Expiration date' }).fill(futureCardExpiry().typed);
  await pay.click();

  // Back on this shop's success page, even when PUBLIC_URL names another address of it, with the
  // session the payment page filled in: the sale is recorded and its receipt offered.
  await expect(page.getByRole('heading', { name: POS_MESSAGES.checkoutSuccessTitle })).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/#\/checkout-success\?session_id=cs_\w+$/);
  await expect(page.getByRole('link', { name: 'No card reader? click Card Checkout' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'have card reader? click POS Checkout' })).toBeVisible();
  const receipt = page.getByRole('link', { name: /^Receipt No\. \d+$/ });
  await expect(receipt).toBeVisible();
  const receiptName = await receipt.textContent();
  // A reload asks again and is answered the same sale.
  await page.reload();
  await expect(page.getByRole('link', { name: receiptName ?? '' })).toBeVisible();

  await page.getByRole('link', { name: receiptName ?? '' }).click();
  await expect(page.getByText(`2 x ${camelM.name} (M)`)).toBeVisible();
  await expect(page.getByText('Maple Sock Co. Inc.')).toBeVisible();
  await expect(page.getByText(/^GST\/HST Registration No\. \S+/)).toBeVisible();
  await expect(page.getByText(/^VISA ending 4242/)).toBeVisible();
});

test('the success page offers no receipt without a checkout session', async ({ page, request }) => {
  const cashier = await logInByApi(request, DEMO.pos);
  await openLoggedIn(page, cashier, '/checkout-success');
  await expect(page.getByRole('heading', { name: POS_MESSAGES.checkoutSuccessTitle })).toBeVisible();
  await expect(page.getByRole('link', { name: 'No card reader? click Card Checkout' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Receipt/ })).toHaveCount(0);
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
