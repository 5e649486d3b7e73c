import { formatMoney } from '../domain/money.ts';
import { expect, logInThroughForm, test } from './fixtures.ts';
import { type OwnShop, startOwnShop } from './own-shop.ts';
import { FRONT_COUNTER, toast } from './pos-readers.ts';

/**
 * A real shop's first day: started empty (SEED_DEMO_DATA=false), it prints a one-time setup link;
 * the owner follows it, creates their account and the store, and adds a cashier who then logs in
 * and takes a card payment at the register.
 */
test.describe('the owner of an empty shop', () => {
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

    // The owner logs out; the cashier logs in and takes a payment on the sandbox's reader.
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${shop.baseURL}/#/login`);
    await logInThroughForm(page, 'riley', 'Register2026!');
    await expect(page.getByRole('link', { name: 'POS' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await page.goto(`${shop.baseURL}/#/pos`);
    await expect(page.getByRole('heading', { name: 'POS Payment' })).toBeVisible();
    await page.getByRole('button', { name: /^Card Reader:/ }).click();
    const readers = page.getByRole('dialog', { name: 'Please Select a card reader below:' });
    await readers.getByRole('radio', { name: FRONT_COUNTER.name }).check();
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
});
