import type { APIRequestContext } from '@playwright/test';
import {
  bearer,
  DEMO,
  expect,
  logInByApi,
  logInThroughForm,
  newClientDetails,
  openLoggedIn,
  test,
} from './fixtures.ts';

/** Accounts for real people: short names, no company, a forgotten password, a changed one. */

/** The link of the newest password e-mail sent to an address, as the admin's outbox shows it. */
async function resetLinkFor(request: APIRequestContext, email: string): Promise<string> {
  const admin = await logInByApi(request, DEMO.admin);
  const list = await request.get('/api/admin/outbox', { headers: bearer(admin) });
  const mails = (await list.json()) as { id: number; to: string; subject: string }[];
  const mail = mails.find((candidate) => candidate.to === email && /new password/.test(candidate.subject));
  expect(mail, `a password e-mail to ${email}`).toBeDefined();
  const full = await request.get(`/api/admin/outbox/${mail?.id}`, { headers: bearer(admin) });
  const { text } = (await full.json()) as { text: string };
  const link = /#\/reset-password\/\S+/.exec(text)?.[0];
  expect(link).toBeDefined();
  return `/${link}`;
}

test('Li Ng signs up without a company, is welcomed, forgets the password and sets a new one', async ({
  page,
  request,
}) => {
  const details = newClientDetails({ first_name: 'Li', last_name: 'Ng', middle_initial: '' });
  await page.goto('/#/signup');
  for (const [label, value] of [
    ['User Name', details.user_name],
    ['Email', details.email],
    ['Password', details.password],
    ['Confirm Password', details.password],
    ['First Name', 'Li'],
    ['Last Name', 'Ng'],
  ] as const) {
    await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('Welcome, Li!', { exact: true })).toBeVisible();
  await expect(page.getByText('Welcome back')).toHaveCount(0);

  await page.getByRole('button', { name: 'Account menu for Li Ng' }).click();
  // The menu names the client (spec §1 client_full_name), also on a screen that shows only initials.
  await expect(page.getByRole('menu').getByText('Li Ng', { exact: true })).toBeVisible();
  // Log Out reloads the page (spec): wait for it, or it lands on the next page and empties its form.
  const reloaded = page.waitForEvent('load');
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await reloaded;
  // The reloaded shop has drawn its header (logged out) before the test moves on.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.goto('/#/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(details.email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

  await page.goto(await resetLinkFor(request, details.email));
  await page.getByLabel(/^New password\s*\*?$/).fill('Chosen2026!');
  await page.getByLabel(/^New password again/).fill('Chosen2026!');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await logInThroughForm(page, details.user_name, 'Chosen2026!');
  await expect(page.getByRole('button', { name: 'Account menu for Li Ng' })).toBeVisible();
  await expect(page.getByText('Welcome back, Li!', { exact: true })).toBeVisible();
});

test('a client changes the password from the profile', async ({ page, newClient }) => {
  await page.goto('/#/login?returnUrl=%2Fprofile');
  await logInThroughForm(page, newClient.user_name, newClient.password);
  const card = page.getByRole('region', { name: 'Change password' });
  await card.getByLabel(/^Current password/).fill('not-the-password');
  await card.getByLabel(/^New password\s*\*?$/).fill('Chosen2026!');
  await card.getByLabel(/^New password again/).fill('Chosen2026!');
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card.getByText('Your current password is not right.')).toBeVisible();
  await card.getByLabel(/^Current password/).fill(newClient.password);
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card.getByText('Your password is changed.', { exact: false })).toBeVisible();
});

test('a session ended elsewhere sends the client to log in, says why, and brings them back', async ({
  page,
  request,
  newClient,
}) => {
  await openLoggedIn(page, newClient.record, '/profile');
  await expect(page.getByRole('region', { name: 'Change password' })).toBeVisible();
  // Logged out on another device: the server ends the session this page still holds.
  const loggedOut = await request.post('/api/auth/logout', { headers: bearer(newClient.record) });
  expect(loggedOut.ok(), await loggedOut.text()).toBe(true);

  await page.goto('/#/your-order');
  await expect(page.getByRole('status').filter({ hasText: 'Your session has ended' })).toBeVisible();
  await logInThroughForm(page, newClient.user_name, newClient.password);
  await expect(page).toHaveURL(/#\/your-order$/);
  await expect(page.getByRole('heading', { name: 'Your Orders' })).toBeVisible();
});

test('a logout in another tab sends an open page that needs the login to the login page', async ({
  page,
  newClient,
}) => {
  await openLoggedIn(page, newClient.record, '/profile');
  await expect(page.getByRole('region', { name: 'Change password' })).toBeVisible();
  const otherTab = await page.context().newPage();
  await otherTab.goto('/#/');
  await otherTab.evaluate(() => localStorage.removeItem('LoggedClient'));

  await expect(page).toHaveURL(/#\/login\?returnUrl=%2Fprofile$/);
  await expect(page.getByRole('button', { name: 'Log in', exact: true }).last()).toBeVisible();
});
