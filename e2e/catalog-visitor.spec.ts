import { expect, logInThroughForm, test } from './fixtures.ts';
import { countCalls } from './page-calls.ts';

/** The catalogue as a visitor sees it: the showroom and teaser without prices, products that cannot be opened. */

test.describe('a visitor', () => {
  test('sees the newest and the most popular products on the home page, without prices', async ({ page }) => {
    await page.goto('/#/');
    // The lists are asked for when the shopper scrolls near them: scroll once the page is drawn, or
    // the page growing under a footer already in sight leaves them out of reach.
    await expect(page.getByRole('region', { name: 'Why our socks?' })).toBeVisible();
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    for (const name of ['New arrivals', 'Most popular']) {
      const list = page.getByRole('region', { name });
      await expect(list.getByRole('link')).toHaveCount(4);
      await expect(list.getByText(/CDN\$/)).toHaveCount(0);
    }
  });

  test('browses the showroom without prices and is invited to sign up or log in', async ({ page }) => {
    await page.goto('/#/showroom');
    await expect(page.getByRole('heading', { name: 'Showroom', level: 1 })).toBeVisible();
    await expect(
      page.getByText(
        'Display is limited to 10 products per category. Apply to Signup or Log in to view full range and pricing.',
      ),
    ).toBeVisible();

    // Categories with their count, and at most 10 products each.
    const sections = page.locator('section[aria-labelledby^="showroom-"]');
    await expect(sections.first()).toBeVisible();
    expect(await sections.count()).toBeGreaterThan(1);
    await expect(sections.first().getByRole('heading')).toContainText(/\(\d+ products?\)/);
    for (const section of await sections.all()) {
      expect(await section.locator('img').count()).toBeLessThanOrEqual(10);
    }
    await expect(page.getByText('Maple Leaf Crew Sock - Red')).toBeVisible();
    await expect(page.getByText(/CDN\$/)).toHaveCount(0);

    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/#\/login\?returnUrl=%2Fcategories%2F1$/);
    await page.goBack();
    await page.getByRole('main').getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/#\/signup\?returnUrl=%2Fcategories%2F1$/);
  });

  test('sees the product-list teaser and is sent to log in from a product or the heart', async ({
    page,
    newClient,
  }) => {
    await page.goto('/#/productlist');
    await expect(
      page.getByText(
        'Display is limited to 8 products per category. Please apply for an account or login to see full range',
      ),
    ).toBeVisible();
    const cards = page.getByRole('link', { name: /Log in \/ Sign up to get price/ });
    await expect(cards).toHaveCount(8);
    await expect(page.getByText(/^(In Stock|Low Stock - \d+ available|Out of Stock)$/)).toHaveCount(8);
    await expect(page.getByText('New', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/CDN\$/)).toHaveCount(0);

    await cards.first().click();
    await expect(page).toHaveURL(/#\/login\?returnUrl=%2Fproductlist$/);

    await page.goBack();
    await page
      .getByRole('button', { name: /to the wish list$/ })
      .first()
      .click();
    await expect(page).toHaveURL(/#\/login\?returnUrl=%2Fproductlist$/);

    // Logged in, the shopper is back on the teaser, and a product opens its page.
    await logInThroughForm(page, newClient.user_name, newClient.password);
    await expect(page).toHaveURL(/#\/productlist$/);
    await expect(page.getByText('Log in / Sign up to get price')).toHaveCount(0);
    const first = page.getByRole('main').getByRole('link').first();
    const name = (await first.locator('p').nth(2).textContent()) ?? '';
    await first.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });
});

test.describe('a visitor opening products', () => {
  test('opens a showroom product without its price, and a gift box on its package page', async ({ page }) => {
    await page.goto('/#/showroom');
    await page.getByRole('link', { name: 'Maple Leaf Crew Sock - Red' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Maple Leaf Crew Sock - Red' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in / Sign up to get price' })).toBeVisible();
    await expect(page.getByText(/CDN\$/)).toHaveCount(0);

    // Only the colours a visitor may open: Camel is not in the showroom, so Burgundy shows alone.
    await page.goBack();
    await page.getByRole('link', { name: 'Argyle Heritage Crew Sock - Burgundy' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Argyle Heritage Crew Sock - Burgundy' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Camel' })).toHaveCount(0);

    // Back to List, on a page opened directly: the showroom (shopping needs a login).
    await page.goto('/#/showroom');
    await page.getByRole('link', { name: 'Holiday Gift Box' }).click();
    await expect(page).toHaveURL(/#\/package\/\d+\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Holiday Gift Box - Red' })).toBeVisible();
    const packageUrl = page.url();
    await page.goto('about:blank');
    await page.goto(packageUrl);
    await page.getByRole('button', { name: 'Back to List' }).click();
    await expect(page).toHaveURL(/#\/showroom$/);
  });

  test('sees the placeholder where an image is missing', async ({ page }) => {
    await page.route('**/images/extra-small/ms-crw-001-side.webp', (route) => route.fulfill({ status: 404 }));
    await page.goto('/#/showroom');
    const image = page.getByRole('link', { name: 'Maple Leaf Crew Sock - Red' }).locator('img');
    await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml,/);
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
      .toBeGreaterThan(0);
  });

  test('opens a product page whose message catalogue fails, with the spec’s texts', async ({ page }) => {
    // The page waits for the messages it shows, asked for beside the product, but not for their
    // retries: the first try fails and the retries never answer.
    let tries = 0;
    await page.route('**/api/message', async (route) => {
      tries += 1;
      if (tries === 1) await route.fulfill({ status: 503, body: '' });
    });
    await page.goto('/#/product/2/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Maple Leaf Crew Sock - Red' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in / Sign up to get price' })).toBeVisible();
  });

  test('is offered the showroom when a product cannot be shown', async ({ page }) => {
    const visits = countCalls(page, /\/visit$/i);
    await page.goto('/#/product/999999');
    await expect(page.getByText('Something bad happened; please try again later.')).toBeVisible();
    // Nothing was shown, so no visit is recorded.
    expect(visits.count).toBe(0);
    await page.getByRole('link', { name: 'Visit the Showroom' }).click();
    await expect(page).toHaveURL(/#\/showroom$/);
  });
});
