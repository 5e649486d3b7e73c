import { POS_MESSAGES } from '../domain/pos/messages.ts';
import { bearer, DEMO, expect, futureCardExpiry, logInByApi, openLoggedIn, test } from './fixtures.ts';
import { leaveReaderIdle } from './pos-readers.ts';

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
