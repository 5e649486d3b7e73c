import { expectNoSeriousViolations } from './accessibility.ts';
import { expect, openLoggedIn, test } from './fixtures.ts';

/**
 * Every storefront page passes axe-core's WCAG 2.1 A and AA rules with no serious or critical
 * violation (contrast at least 4.5:1 among them), as a visitor and as a client.
 */

// The shop's Content-Security-Policy allows no inline script: axe-core is injected past it.
test.use({ bypassCSP: true });

const VISITOR_PAGES: [route: string, ready: string][] = [
  ['/', 'Why our socks?'],
  ['/showroom', 'Showroom'],
  ['/about', 'About'],
  ['/contact', 'Contact'],
  ['/custom', 'Customize'],
  ['/login', 'Log in'],
  ['/signup', 'Sign up'],
  ['/forgot-password', 'Forgot your password?'],
];

const CLIENT_PAGES: [route: string, ready: string][] = [
  ['/', 'Welcome back'],
  ['/phase', 'Shopping'],
  ['/cart', 'Cart'],
  ['/profile', 'Profile'],
  ['/your-order', 'Your Orders'],
];

for (const [route, ready] of VISITOR_PAGES) {
  test(`a visitor's ${route} has no serious accessibility violation`, async ({ page }) => {
    await page.goto(`/#${route}`);
    await expect(page.getByText(ready).first()).toBeVisible();
    await expectNoSeriousViolations(page, route);
  });
}

for (const [route, ready] of CLIENT_PAGES) {
  test(`a client's ${route} has no serious accessibility violation`, async ({ page, newClient }) => {
    await openLoggedIn(page, newClient.record, route);
    await expect(page.getByText(ready).first()).toBeVisible();
    await expectNoSeriousViolations(page, route);
  });
}
