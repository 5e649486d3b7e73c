import type { LoginRecord } from '../domain/auth.ts';
import {
  DEMO,
  expect,
  logInByApi,
  logInThroughForm,
  newClientDetails,
  openLoggedIn,
  test,
} from './fixtures.ts';

const nav = (page: import('@playwright/test').Page) => page.getByRole('navigation').first();

test('a client logs in from a returnUrl, lands back there, sees their name, and logs out', async ({
  page,
  newClient,
}) => {
  await page.goto('/#/your-order');
  await expect(page).toHaveURL(/#\/login\?returnUrl=%2Fyour-order$/);

  await logInThroughForm(page, newClient.user_name, newClient.password);

  await expect(page).toHaveURL(/#\/your-order$/);
  await expect(page.getByRole('heading', { name: 'Your Orders' })).toBeVisible();
  const account = page.getByRole('button', { name: 'Account menu for Morgan Bouchard' });
  await expect(account).toContainText('Morgan Bouchard');
  await expect(nav(page).getByRole('link', { name: 'Shopping' })).toBeVisible();

  await account.click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Your Orders' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();

  // Not on cart or submit: the page reloads, logged out, and the guard sends the visitor to login.
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
  await expect(nav(page).getByRole('link', { name: 'Shopping' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('LoggedClient'))).toBeNull();
});

test('logging out from the cart goes to the login page', async ({ page, newClient }) => {
  await page.goto('/#/login?returnUrl=%2Fcart');
  await logInThroughForm(page, newClient.email, newClient.password);
  await expect(page).toHaveURL(/#\/cart$/);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
});

test('a new shopper signs up and is logged in', async ({ page }) => {
  const details = newClientDetails({ first_name: 'Robin', last_name: 'Okafor' });
  await page.goto('/#/signup');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('Your First Name is required.')).toBeVisible();

  for (const [label, value] of [
    ['User Name', details.user_name],
    ['Email', details.email],
    ['Password', details.password],
    ['Confirm Password', details.password],
    ['First Name', details.first_name],
    ['Last Name', details.last_name],
    ['Company Name', details.company_name ?? ''],
  ] as const) {
    await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
  await page.getByRole('button', { name: 'Create my account' }).click();

  await expect(page.getByRole('button', { name: 'Account menu for Robin Okafor' })).toBeVisible();
});

test('a wrong password shows a clear message and keeps the visitor logged out', async ({
  page,
  newClient,
}) => {
  await page.goto('/#/login');
  await logInThroughForm(page, newClient.user_name, 'not-the-password');
  await expect(page.getByText('Invalid user name or password.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
});

test('a visitor sees no Shopping and no POS entry', async ({ page }) => {
  await page.goto('/');
  await expect(nav(page).getByRole('link', { name: 'Showroom' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Shopping' })).toHaveCount(0);
  await expect(nav(page).getByRole('link', { name: 'POS' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
});

test('a POS staff member sees POS; a client without the role does not, and is sent away from it', async ({
  page,
  newClient,
}) => {
  await page.goto('/#/login');
  await logInThroughForm(page, DEMO.pos.user_name, DEMO.pos.password);
  await expect(nav(page).getByRole('link', { name: 'POS' })).toBeVisible();
  await page.getByRole('button', { name: /Account menu/ }).click();
  // Logging out reloads the page: going to the login page before that would be undone by it.
  await Promise.all([page.waitForEvent('load'), page.getByRole('menuitem', { name: 'Log Out' }).click()]);

  await page.goto('/#/login');
  await logInThroughForm(page, newClient.user_name, newClient.password);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'POS' })).toHaveCount(0);
  await page.goto('/#/pos');
  await expect(page).toHaveURL(/#\/$/);
});

test('the admin sees Admin and opens the back office; POS staff and clients do not, and are sent away', async ({
  page,
}) => {
  await page.goto('/#/login');
  await logInThroughForm(page, DEMO.admin.user_name, DEMO.admin.password);
  await nav(page).getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/#\/admin$/);
  await expect(page.getByRole('heading', { name: 'Back office', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Stock' }),
  ).toBeVisible();
  await page.getByRole('button', { name: /Account menu/ }).click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('menuitem', { name: 'Log Out' }).click()]);

  await page.goto('/#/login');
  await logInThroughForm(page, DEMO.pos.user_name, DEMO.pos.password);
  await expect(nav(page).getByRole('link', { name: 'POS' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/#/admin/stock');
  await expect(page).toHaveURL(/#\/$/);
});

test("a shopper's first page loads no back-office or POS code", async ({ page }) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  await page.goto('/');
  await expect(nav(page).getByRole('link', { name: 'Showroom' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const code = await Promise.all(scripts);
  expect(code.length).toBeGreaterThan(0);
  // Every back-office and POS page calls its API; no shopper's page does.
  for (const text of code) {
    expect(text).not.toContain('/api/admin/');
    expect(text).not.toContain('/api/pos/');
  }
});

test('an unknown route shows Page not found', async ({ page }) => {
  await page.goto('/#/no-such-page');
  await expect(page.getByText('Page not found')).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/i);
});

test('an address typed without its hash opens the page, or Page not found', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('#/login');
  await page.goto('/no-such-page');
  await expect(page.getByText('Page not found')).toBeVisible();
});

test('the header keeps the shop’s name whole at every width, beside a long client name', async ({
  page,
  request,
}) => {
  const details = newClientDetails({
    first_name: 'Maximiliana-Josephine',
    last_name: 'Featherstonehaugh-Montgomery',
  });
  const signedUp = await request.post('/api/client', { data: details });
  expect(signedUp.status(), await signedUp.text()).toBe(201);
  await openLoggedIn(page, (await signedUp.json()) as LoginRecord, '/');
  for (const width of [360, 412, 768, 1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    const brand = page.getByRole('banner').getByText('Maple Sock Co.', { exact: true });
    await expect(brand).toBeVisible();
    const fits = await brand.evaluate(
      (element) =>
        element.scrollWidth <= element.clientWidth + 1 &&
        element.getBoundingClientRect().right <= window.innerWidth &&
        document.documentElement.scrollWidth <= window.innerWidth,
    );
    expect(fits, `the shop's name is whole at ${width}px`).toBe(true);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu closes on another page, on Back, on Escape and on a tap outside it', async ({
    page,
    newClient,
  }) => {
    await openLoggedIn(page, newClient.record, '/');
    const menu = page.locator('#mobile-navigation');
    const burger = page.getByRole('button', { name: 'Open navigation' });

    await burger.click();
    await expect(menu).toBeVisible();
    // From inside the menu, Escape closes it and gives the focus back to the burger.
    await menu.getByRole('link').first().focus();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(burger).toBeFocused();

    await burger.click();
    await menu.getByRole('link', { name: 'Showroom' }).click();
    await expect(page).toHaveURL(/#\/showroom/);
    await expect(menu).toHaveCount(0);

    await burger.click();
    await expect(menu).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/#\/$/);
    await expect(menu).toHaveCount(0);

    await burger.click();
    await expect(menu).toBeVisible();
    await page.getByRole('heading', { level: 1 }).first().click();
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open navigation' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  test("the back office shows its page first, its sections folded under the open one's name", async ({
    page,
    request,
  }) => {
    await openLoggedIn(page, await logInByApi(request, DEMO.admin), '/admin/orders');
    const sections = page.getByRole('navigation', { name: 'Back office' });
    const toggle = sections.getByRole('button', { name: 'Back office: Orders' });
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeInViewport();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(sections.getByRole('link', { name: 'Stock' })).toBeHidden();

    await toggle.click();
    await sections.getByRole('link', { name: 'Stock' }).click();
    await expect(page).toHaveURL(/#\/admin\/stock$/);
    await expect(sections.getByRole('button', { name: 'Back office: Stock' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(sections.getByRole('link', { name: 'Orders' })).toBeHidden();
  });
});
