import type { LoginRecord } from '../domain/auth.ts';
import {
  addToCart,
  type CartItem,
  DEMO,
  expect,
  logInByApi,
  newClientDetails,
  readOutbox,
  setStock,
  test,
} from './fixtures.ts';
import { type OwnShop, startOwnShop } from './own-shop.ts';

/**
 * Wish-list mode: the owner switches prices off in the back office's settings. That changes the
 * whole shop, so these tests run a second, seeded shop of their own.
 */
test.describe('wish-list mode', () => {
  // The client's wish list needs the owner's setting of the first test.
  test.describe.configure({ mode: 'serial' });
  let shop: OwnShop;
  // That shop is this describe's alone, so its demo stock is nobody else's to change.
  const sock: CartItem = { productId: 1, quantity: 2, size_id: 1, isPackage: false };
  const sockName = 'Maple Leaf Crew Sock - Red';
  const giftBox: CartItem = { productId: 1, quantity: 1, size_id: null, isPackage: true };

  test.beforeAll(async () => {
    // Seeding and starting a second shop beside the first takes a while on a busy machine.
    test.setTimeout(240_000);
    shop = await startOwnShop('wish', { demoData: true });
  });

  test.afterAll(async () => {
    test.setTimeout(60_000);
    await shop?.stop();
  });

  test('the owner switches prices off in the settings, and the shop shows no prices', async ({ page }) => {
    test.slow();
    const owner = await logInByApi(shop.api, DEMO.admin);
    await page.goto(`${shop.baseURL}/#/login`);
    await page.evaluate((value) => localStorage.setItem('LoggedClient', JSON.stringify(value)), owner);
    await page.goto(`${shop.baseURL}/#/admin/settings`);
    const prices = page.getByRole('checkbox', { name: 'Show prices and take orders' });
    await expect(prices).toBeChecked();
    await prices.uncheck();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('The settings are saved; the shop shows them now.')).toBeVisible();
    await expect(prices).not.toBeChecked();

    await page.goto(`${shop.baseURL}/#/showroom`);
    await expect(page.getByRole('link', { name: sockName }).first()).toBeVisible();
    await expect(page.getByText(/CDN\$/)).toHaveCount(0);

    // A sold-out package takes nothing; without prices its quantity shows 1, as a product's does.
    await setStock(shop.api, [{ productId: 57, size_id: null, packageId: 2, instock: 0, reason: 'counted' }]);
    await page.goto(`${shop.baseURL}/#/package/2/57`);
    await expect(page.getByText('Out of Stock')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Quantity' })).toHaveValue('1');
  });

  test('a client sends the wish list and sees the confirmation', async ({ page }) => {
    // The first pages and calls of a shop that has just started are slow on a busy machine.
    test.slow();
    const details = newClientDetails({ first_name: 'Robin', last_name: 'Okafor' });
    const signup = await shop.api.post('/api/client', { data: details });
    expect(signup.status()).toBe(201);
    const record = (await signup.json()) as LoginRecord;
    await addToCart(shop.api, record, [sock, giftBox]);

    await page.goto(`${shop.baseURL}/#/login`);
    await page.evaluate((value) => localStorage.setItem('LoggedClient', JSON.stringify(value)), record);
    await page.goto(`${shop.baseURL}/#/cart`);

    await expect(page.getByRole('heading', { name: 'Your Wish List', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Wish list, 3 items' })).toBeVisible();
    await expect(page.getByRole('link', { name: sockName })).toBeVisible();
    // No prices anywhere, no checkout.
    await expect(page.getByText(/CDN\$/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Checkout' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Empty Wish List' })).toBeVisible();

    // The client's details are filled in from the login.
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Robin Okafor');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(details.email);
    await page.getByRole('textbox', { name: 'Message' }).fill('Twelve of each for the team, please.');
    await page.getByRole('button', { name: 'Send Wish List' }).click();

    await expect(page.getByRole('heading', { name: 'Thank you for your interest.' })).toBeVisible();
    await expect(
      page.getByText(
        'Your request has been placed. You will receive an email shortly to discuss your wishes.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /^Wish list, / })).toHaveCount(0);

    // The shop and the client are e-mailed.
    const mails = await readOutbox(shop.api);
    expect(mails.some((mail) => mail.to === details.email && mail.subject.startsWith('Your wish list'))).toBe(
      true,
    );
    expect(mails.some((mail) => mail.subject.includes('from Robin Okafor'))).toBe(true);

    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(new RegExp(`^${shop.baseURL}/#/$`));
    await page.goto(`${shop.baseURL}/#/cart`);
    await expect(page.getByText('Your wish list is currently empty.')).toBeVisible();
  });
});
