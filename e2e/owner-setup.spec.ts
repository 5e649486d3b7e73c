import sharp from 'sharp';
import type { LoginRecord } from '../domain/auth.ts';
import { formatMoney } from '../domain/money.ts';
import {
  bearer,
  expect,
  futureCardExpiry,
  logInByApi,
  logInThroughForm,
  newClientDetails,
  test,
} from './fixtures.ts';
import { type OwnShop, startOwnShop } from './own-shop.ts';
import { toast } from './pos-readers.ts';

/**
 * A real shop's first day: started empty (SEED_DEMO_DATA=false), it prints a one-time setup link;
 * the owner follows it, creates their account and the store, and adds a cashier who then logs in
 * and takes a card payment at the register.
 */
/** A photo of a sock as the owner's computer has it: a PNG of one colour. */
function swatch(color: string): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 600, channels: 3, background: color } })
    .png()
    .toBuffer();
}

test.describe('the owner of an empty shop', () => {
  // The catalogue test goes on in the shop the first one set up.
  test.describe.configure({ mode: 'serial' });
  let shop: OwnShop;

  test.beforeAll(async () => {
    // Starting a second shop beside the first takes a while on a busy machine.
    test.setTimeout(120_000);
    shop = await startOwnShop('owner', { demoData: false });
  });

  test.afterAll(async () => {
    test.setTimeout(60_000);
    await shop?.stop();
  });

  test('follows the setup link, creates the store and a cashier who takes a POS payment', async ({
    page,
  }) => {
    test.slow();
    const link = /\/#\/setup\/[\w-]+/.exec(shop.output())?.[0];
    expect(link, shop.output()).toBeTruthy();
    // A new shop has no image yet, and its start warns of nothing missing.
    expect(shop.output()).not.toContain('must exist');
    await page.goto(`${shop.baseURL}${link}`);

    await expect(page.getByRole('heading', { name: 'Set up your shop' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Shop setup' });
    await form.getByRole('textbox', { name: 'First name' }).fill('Jo');
    await form.getByRole('textbox', { name: 'Last name' }).fill('Bouchard');
    await form.getByRole('textbox', { name: 'User name' }).fill('jo.owner');
    await form.getByRole('textbox', { name: 'E-mail' }).fill('jo@northernsocks.ca');
    await form.getByRole('textbox', { name: 'Password' }).fill('Northern2026!');
    await form.getByRole('textbox', { name: 'Store name' }).fill('Northern Socks');
    await form.getByRole('textbox', { name: 'Company name' }).fill('Northern Socks Ltd.');
    await form.getByRole('textbox', { name: 'Store email' }).fill('hello@northernsocks.ca');
    await form.getByRole('textbox', { name: 'Store address' }).fill('12 Water St, Halifax, NS B3J 1A1');
    // A mistyped GST/HST number gets its message, and nothing is created.
    await form.getByRole('textbox', { name: 'GST/HST number' }).fill('12345');
    await form.getByRole('button', { name: 'Create my account and open the back office' }).click();
    await expect(form.getByText('GST/HST number must look like 123456789 RT0001.')).toBeVisible();
    await form.getByRole('textbox', { name: 'GST/HST number' }).fill('123456789rt0001');
    await form.getByRole('combobox', { name: 'Province' }).click();
    await page.getByRole('option', { name: 'Nova Scotia' }).click();
    await form.getByRole('button', { name: 'Create my account and open the back office' }).click();

    // The owner is logged in, in the back office of their own store.
    await expect(page.getByRole('heading', { name: 'Back office' })).toBeVisible();
    await expect(
      page.getByText('Run Northern Socks: its catalogue, stock, settings and staff.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Northern Socks' }).first()).toBeVisible();
    // The link is spent.
    await page.goto(`${shop.baseURL}${link}`);
    await expect(
      page.getByRole('alert').filter({ hasText: 'This setup link was already used' }),
    ).toBeVisible();

    // The owner adds a cashier.
    await page.goto(`${shop.baseURL}/#/admin/staff`);
    await page.getByRole('button', { name: 'Add a staff member' }).click();
    const staff = page.getByRole('form', { name: 'New staff member' });
    await staff.getByRole('textbox', { name: 'First name' }).fill('Riley');
    await staff.getByRole('textbox', { name: 'Last name' }).fill('Chen');
    await staff.getByRole('textbox', { name: 'User name' }).fill('riley');
    await staff.getByRole('textbox', { name: 'E-mail' }).fill('riley@northernsocks.ca');
    await staff.getByRole('textbox', { name: 'First password' }).fill('Register2026!');
    await staff.getByRole('button', { name: 'Create the account' }).click();
    await expect(page.getByText('Riley Chen can log in as riley now.')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'riley', exact: true })).toBeVisible();

    // A new shop has no card reader: the owner registers one (a simulated one, in test mode).
    await page.goto(`${shop.baseURL}/#/admin/readers`);
    await expect(page.getByText('No card reader yet: register the first one.')).toBeVisible();
    await page.getByRole('button', { name: 'Register a reader' }).click();
    const register = page.getByRole('form', { name: 'Register a reader' });
    await expect(register.getByRole('textbox', { name: 'Registration code' })).toHaveValue('simulated-wpe');
    await register.getByRole('textbox', { name: 'Name' }).fill('Halifax counter');
    await register.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Halifax counter is registered.')).toBeVisible();

    // The owner logs out; the cashier logs in and takes a payment on that reader.
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${shop.baseURL}/#/login`);
    await logInThroughForm(page, 'riley', 'Register2026!');
    await expect(page.getByRole('link', { name: 'POS' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await page.goto(`${shop.baseURL}/#/pos`);
    await expect(page.getByRole('heading', { name: 'POS Payment' })).toBeVisible();
    await page.getByRole('button', { name: /^Card Reader:/ }).click();
    const readers = page.getByRole('dialog', { name: 'Please Select a card reader below:' });
    await expect(readers.getByRole('radio')).toHaveCount(1);
    await readers.getByRole('radio', { name: 'Halifax counter' }).check();
    await readers.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('present, online')).toBeVisible();
    // Nova Scotia's HST, 14%, from the store's province.
    await page.getByRole('textbox', { name: 'Amount' }).fill('20');
    await expect(
      page.getByText(`${formatMoney(2000)} + ${formatMoney(280)} tax (14%) = ${formatMoney(2280)}`),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Begin Transaction' }).click();
    await page.getByRole('button', { name: 'Simulate Payment', exact: true }).click();
    await expect(toast(page, 'Paid successfully.')).toBeVisible();
  });

  test('puts a sized product with two images and stock on sale, and a client finds and buys it', async ({
    page,
  }) => {
    // The owner's whole first catalogue and a client's whole purchase: a long journey.
    test.slow();
    const owner = await logInByApi(shop.api, { user_name: 'jo.owner', password: 'Northern2026!' });
    await page.goto(`${shop.baseURL}/#/login`);
    await page.evaluate((value) => localStorage.setItem('LoggedClient', JSON.stringify(value)), owner);

    // A tab, a group under it, and the sizes socks come in.
    await page.goto(`${shop.baseURL}/#/admin/catalogue`);
    await expect(page.getByText('No tab yet')).toBeVisible();
    await page.getByRole('button', { name: 'Add a tab' }).click();
    const tab = page.getByRole('form', { name: 'Tab' });
    await tab.getByRole('textbox', { name: 'Name' }).fill('Socks');
    await tab.getByRole('textbox', { name: 'Heading' }).fill('Warm feet from Halifax');
    await tab.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Add a group to Socks' }).click();
    const group = page.getByRole('form', { name: 'Group' });
    await group.getByRole('textbox', { name: 'Name' }).fill('Wool');
    await group.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Wool', { exact: true })).toBeVisible();
    const sizes = page.getByRole('form', { name: 'New sizes' });
    await sizes.getByRole('textbox', { name: 'Name' }).fill('Socks');
    await sizes.getByRole('textbox', { name: 'Sizes, in order' }).fill('S, M, L');
    await sizes.getByRole('button', { name: 'Add these sizes' }).click();
    await expect(page.getByText('Sizes “Socks” added: S, M, L.')).toBeVisible();

    // The product, with two images uploaded from the computer.
    await page.goto(`${shop.baseURL}/#/admin/products`);
    await page.getByRole('link', { name: 'Add a product' }).click();
    const form = page.getByRole('form', { name: 'Product' });
    await form.getByRole('textbox', { name: 'Code' }).fill('ns-wool-001');
    await form.getByRole('textbox', { name: 'Name' }).fill('Merino Crew Sock - Red');
    await form.getByRole('combobox', { name: 'Group' }).click();
    await page.getByRole('option', { name: 'Socks › Wool' }).click();
    await form.getByRole('combobox', { name: 'Sizes' }).click();
    await page.getByRole('option', { name: 'Socks (S, M, L)' }).click();
    await form.getByRole('textbox', { name: 'Price', exact: true }).fill('18');
    await form
      .getByRole('textbox', { name: 'Short description' })
      .fill('Soft merino wool, knit in Nova Scotia.');
    await form.getByRole('textbox', { name: 'Colour' }).fill('Red');
    await page.locator('input[type=file]').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: await swatch('#b03030') },
      { name: 'pair.png', mimeType: 'image/png', buffer: await swatch('#7a1f1f') },
    ]);
    await expect(form.getByRole('img', { name: 'Image 2' })).toBeVisible();
    // Every product ships: its box is asked for before it is created.
    await form.getByRole('button', { name: 'Create the product' }).click();
    await expect(form.getByText('Length is required.')).toBeVisible();
    await expect(form.getByText('Weight is required.')).toBeVisible();
    await form.getByRole('textbox', { name: 'Length (mm)' }).fill('250');
    await form.getByRole('textbox', { name: 'Width (mm)' }).fill('100');
    await form.getByRole('textbox', { name: 'Height (mm)' }).fill('20');
    await form.getByRole('textbox', { name: 'Weight (g)' }).fill('80');
    await form.getByRole('button', { name: 'Create the product' }).click();
    await expect(page.getByText('NS-WOOL-001 is created. Set its stock on the stock page.')).toBeVisible();
    await expect(page).toHaveURL(/#\/admin\/products\/\d+$/);
    const productPage = page.url();

    // Stock: 20 in size M.
    await page.goto(`${shop.baseURL}/#/admin/stock`);
    const levels = page.getByRole('table', { name: 'Stock levels' });
    await levels
      .getByRole('row', { name: /NS-WOOL-001.* M / })
      .getByRole('button', { name: 'Change' })
      .click();
    const change = page.getByRole('dialog', { name: 'Change stock' });
    await change.getByText('Set the level').click();
    await change.getByRole('textbox', { name: 'New level' }).fill('20');
    await change.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('NS-WOOL-001 (M): 0 → 20 in stock.')).toBeVisible();

    // A client finds it with the search, sees it, and buys three pairs in size M.
    const details = newClientDetails();
    const signup = await shop.api.post('/api/client', { data: details });
    expect(signup.status()).toBe(201);
    const client = (await signup.json()) as LoginRecord;
    await page.evaluate((value) => localStorage.setItem('LoggedClient', JSON.stringify(value)), client);
    await page.goto(`${shop.baseURL}/#/`);
    await page.getByRole('button', { name: 'Open search' }).click();
    await page.getByRole('combobox', { name: 'Search products' }).fill('merino');
    await page.getByRole('combobox', { name: 'Search products' }).press('Enter');
    await page
      .getByRole('link', { name: /Merino Crew Sock - Red/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Merino Crew Sock - Red' })).toBeVisible();
    await expect(page.getByText('Soft merino wool, knit in Nova Scotia.')).toBeVisible();
    await expect(page.getByText(formatMoney(1800)).first()).toBeVisible();
    await page.getByRole('radiogroup', { name: 'Size' }).getByText('M', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Quantity' }).fill('3');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
    await page.getByRole('link', { name: 'Cart, 3 items' }).click();
    await expect(page.getByTestId('cart-subtotal')).toHaveText(formatMoney(5400));
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    await page
      .getByRole('form', { name: 'Shipping address' })
      .getByRole('button', { name: 'Continue' })
      .click();
    await page
      .getByRole('form', { name: 'Billing address' })
      .getByRole('button', { name: 'Continue' })
      .click();
    const card = page.getByRole('form', { name: 'Card details' });
    await card.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
    await card.getByRole('textbox', { name: 'Expiration date' }).fill(futureCardExpiry().typed);
    await card.getByRole('textbox', { name: 'Security code' }).fill('123');
    await card.getByRole('button', { name: 'Review Order' }).click();
    await page.getByRole('button', { name: 'Place Order', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();

    // The owner's stock page shows what was sold.
    const left = await shop.api.get('/api/admin/stock?q=NS-WOOL-001', { headers: bearer(owner) });
    const items = ((await left.json()) as { items: { size_name: string; instock: number }[] }).items;
    expect(items.find((item) => item.size_name === 'M')?.instock).toBe(17);

    // The owner archives it: the shop stops showing it, and the owner is told so.
    await page.evaluate((value) => localStorage.setItem('LoggedClient', JSON.stringify(value)), owner);
    await page.goto(productPage);
    await page.getByRole('checkbox', { name: 'Visible in the shop (off: archived)' }).uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page.getByText('NS-WOOL-001 is saved; it is archived, so the shop does not show it.'),
    ).toBeVisible();
  });
});
