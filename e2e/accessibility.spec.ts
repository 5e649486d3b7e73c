import { expectNoSeriousViolations } from './accessibility.ts';
import { cartLine, OWNED, stockAt } from './demo-items.ts';
import { addToCart, expect, openLoggedIn, placeOrderByApi, setStock, test } from './fixtures.ts';

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
  ['/productlist', 'Products'],
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

test('a client with an order: Your Orders, the cart and the payment step have no serious accessibility violation', async ({
  page,
  request,
  newClient,
}) => {
  // What a new client's pages do not show: an order's status, a full cart, the TEST MODE notice.
  const { pinDotNavyM } = OWNED.accessibleOrder;
  await setStock(request, [stockAt(pinDotNavyM, 20)]);
  await placeOrderByApi(request, newClient.record, [cartLine(pinDotNavyM, 5)]);
  await openLoggedIn(page, newClient.record, '/your-order');
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'Your Orders with an order');

  await addToCart(request, newClient.record, [cartLine(pinDotNavyM, 5)]);
  await openLoggedIn(page, newClient.record, '/cart');
  await expect(page.getByText(pinDotNavyM.name).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'the cart with a line');

  await openLoggedIn(page, newClient.record, '/checkout');
  await expect(page.getByText('TEST MODE')).toBeVisible();
  await expectNoSeriousViolations(page, "the checkout's payment step");
});
