import { expectNoSeriousViolations } from './accessibility.ts';
import { DEMO, expect, logInByApi, openLoggedIn, test } from './fixtures.ts';

/**
 * The owner opens Going live (#/admin/go-live) from the back office's navigation: the go-live
 * check of the demo shop, on the sandbox, asks the shop's own webhook at PUBLIC_URL (this server).
 */

// The shop's Content-Security-Policy allows no inline script: axe-core is injected past it.
test.use({ bypassCSP: true });

test('the owner sees each go-live check with its status, and that the shop is in test mode', async ({
  page,
}) => {
  const owner = await logInByApi(page.request, DEMO.admin);
  await openLoggedIn(page, owner, '/admin');
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Going live' })
    .click();
  await expect(page.getByRole('heading', { name: 'Going live', level: 1 })).toBeVisible();

  const checks = page.getByRole('table', { name: /^Go-live checks/ });
  const row = (check: string) => checks.getByRole('row', { name: new RegExp(`^${check}\\b`) });
  await expect(row('API keys')).toContainText('Warning');
  await expect(row('API keys')).toContainText('the built-in sandbox takes test cards only');
  await expect(row('Mode')).toContainText('Warning');
  await expect(row('Webhook signing secret')).toContainText('OK');
  await expect(row('Webhook endpoint')).toContainText('OK');
  await expect(row('Webhook endpoint')).toContainText('answers and refuses unsigned events');
  // The sandbox is asked for its simulated readers: the demo's Back Office Reader is offline.
  await expect(row('Card readers')).toContainText('Warning');
  await expect(row('Card readers')).toContainText('offline: Back Office Reader');
  await expect(page.getByText('TEST MODE', { exact: true })).toBeVisible();
  await expect(page.getByText('No check failed, but this is test mode')).toBeVisible();

  const again = page.getByRole('button', { name: 'Run the checks again' });
  await again.click();
  await expect(checks).toHaveAttribute('aria-busy', 'false');
  await expect(row('Webhook endpoint')).toContainText('OK');
  await expectNoSeriousViolations(page, '/admin/go-live');
});
