import { bearer, expect, openLoggedIn, test } from './fixtures.ts';

/** The profile page: its validation messages, and a save. */

test('the profile shows its validation messages once touched, and saves', async ({
  page,
  request,
  newClient,
}) => {
  await openLoggedIn(page, newClient.record, '/profile');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page.getByText(`User name: ${newClient.user_name}`)).toBeVisible();
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeEnabled();
  // No message before a field is touched.
  await expect(page.getByText(/is required\./)).toHaveCount(0);

  const firstName = page.getByRole('textbox', { name: 'First Name' });
  await firstName.fill('');
  await firstName.blur();
  await expect(page.getByText('Your First Name is required.')).toBeVisible();
  await expect(save).toBeDisabled();
  // Real people: a name of two letters, and no company, are fine.
  await firstName.fill('Li');
  await expect(page.getByText(/Your First Name/)).toHaveCount(0);
  const company = page.getByRole('textbox', { name: 'Company Name' });
  await company.fill('');
  await company.blur();
  await expect(page.getByText(/Your Company Name/)).toHaveCount(0);

  const email = page.getByRole('textbox', { name: 'Email' });
  await email.fill('not-an-address');
  await email.blur();
  await expect(page.getByText('Email address is invalid.')).toBeVisible();

  await firstName.fill('Alexandra');
  await company.fill('Bouchard Outdoor');
  await email.fill(`renamed.${newClient.email}`);
  await expect(save).toBeEnabled();

  // The page reloads about 200 ms after the save (spec §4 Profile save). The test waits for that
  // reload to finish: a test that ended while it was under way left the browser context closing
  // during a navigation, which once hung the teardown past the test's timeout.
  await page.evaluate(() => Object.assign(window, { e2eBeforeReload: true }));
  const reloaded = page.waitForEvent('load');
  await save.click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();
  await reloaded;
  expect(await page.evaluate(() => 'e2eBeforeReload' in window)).toBe(false);

  // After the reload: the confirmation is still there, the form shows what the server holds, and
  // the stored login took the new name and kept its token and roles.
  await expect(page.getByText('Your profile is saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu for Alexandra Bouchard' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Company Name' })).toHaveValue('Bouchard Outdoor');
  await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('Alexandra');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('LoggedClient') ?? 'null'));
  expect(stored).toMatchObject({
    first_name: 'Alexandra',
    company_name: 'Bouchard Outdoor',
    token: newClient.record.token,
    roles: newClient.record.roles,
  });
  const saved = await request.get(`/api/client/${newClient.record.client_id}`, {
    headers: bearer(newClient.record),
  });
  expect(await saved.json()).toMatchObject({ first_name: 'Alexandra', company_name: 'Bouchard Outdoor' });
});
