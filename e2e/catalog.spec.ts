import { type APIRequestContext, errors, type Page } from '@playwright/test';
import { SEARCH_DEBOUNCE_MS, type ShowroomCategory } from '../domain/catalog.ts';
import { formatMoney } from '../domain/money.ts';
import { OWNED, stockAt } from './demo-items.ts';
import { bearer, expect, logInThroughForm, openLoggedIn, setStock, test } from './fixtures.ts';

/** The path and query of an address, which the patterns below match. */
function pathOf(address: string): string {
  const url = new URL(address);
  return `${url.pathname}${url.search}`;
}

/** Counts the calls the page makes to API paths matching `pattern`. */
function countCalls(page: Page, pattern: RegExp): { readonly count: number; readonly urls: string[] } {
  const urls: string[] = [];
  page.on('request', (request) => {
    const path = pathOf(request.url());
    if (pattern.test(path)) urls.push(path);
  });
  return {
    get count() {
      return urls.length;
    },
    urls,
  };
}

/**
 * Proves that the page makes no call matching `pattern` before a deadline: the first such call
 * fails the test at once, with its address (not a sleep followed by a look).
 */
async function expectNoCallWithin(page: Page, pattern: RegExp, ms: number): Promise<void> {
  const call = await page
    .waitForRequest((request) => pattern.test(pathOf(request.url())), { timeout: ms })
    .catch((error: unknown) => {
      if (error instanceof errors.TimeoutError) return null;
      throw error;
    });
  expect(call?.url() ?? null, 'a call the page should not have made').toBeNull();
}

/** Sizes are chips: a person clicks the size's label (the radio itself is visually hidden). */
async function chooseSize(page: Page, size: string): Promise<void> {
  await page.getByRole('radiogroup', { name: 'Size' }).getByText(size, { exact: true }).click();
  await expect(page.getByRole('radio', { name: size, exact: true })).toBeChecked();
}

/** A showroom product by name, with where it lives (GET api/getShowRoomProducts, public). */
async function showroomProduct(request: APIRequestContext, name: string) {
  const response = await request.get('/api/getShowRoomProducts');
  const categories = (await response.json()) as ShowroomCategory[];
  const product = categories.flatMap((category) => category.products).find((p) => p.name === name);
  if (!product) throw new Error(`${name} is not in the showroom`);
  return product;
}

test.describe('a visitor', () => {
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

test.describe('a logged-in client', () => {
  test('browses the shopping tabs; a tab opened again fetches nothing', async ({ page, newClient }) => {
    const phaseCalls = countCalls(page, /^\/api\/phasebycategory\//i);
    await page.goto('/#/login?returnUrl=%2Fphase');
    await logInThroughForm(page, newClient.user_name, newClient.password);
    await expect(page).toHaveURL(/#\/phase/);

    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(5);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: "Men's Socks", exact: true })).toBeVisible();

    // The first tab: heading, groups with their counts, prices (the demo shop shows them).
    await expect(
      page.getByRole('heading', { level: 2, name: 'Everyday crew socks knitted in Canada' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: /^Crew \(13 products\)$/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Maple Leaf Crew Sock - Red/ })).toContainText('CDN$');
    expect(phaseCalls.count).toBe(1);

    // List view, remembered across tabs.
    await page.getByRole('radiogroup', { name: 'Product view' }).getByText('List').click();
    await expect(page.getByRole('radio', { name: 'List' })).toBeChecked();

    await page.getByRole('tab', { name: 'Accessories' }).click();
    await expect(page.getByRole('heading', { level: 3, name: /^Toques \(3 products\)$/ })).toBeVisible();
    // The empty 'Sock Care' group is hidden.
    await expect(page.getByRole('heading', { name: /^Sock Care/ })).toHaveCount(0);
    expect(phaseCalls.count).toBe(2);

    await page.getByRole('tab', { name: "Men's Socks", exact: true }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Everyday crew socks knitted in Canada' }),
    ).toBeVisible();
    await page.getByRole('tab', { name: 'Accessories' }).click();
    await expect(page.getByRole('heading', { level: 3, name: /^Toques/ })).toBeVisible();
    expect(phaseCalls.count).toBe(2);
    expect(phaseCalls.urls).toEqual([
      expect.stringMatching(/^\/api\/phasebycategory\/1$/i),
      expect.stringMatching(/^\/api\/phasebycategory\/\d+$/i),
    ]);
  });

  test('opens a product, picks a size and a colour, and sees the stock messages', async ({
    page,
    request,
    newClient,
  }) => {
    // Charcoal in S is low (4); Red has plenty in S and none in XL.
    const { charcoalS, redS, redXL } = OWNED.stockMessages;
    await setStock(request, [stockAt(charcoalS, 4), stockAt(redS, 100), stockAt(redXL, 0)]);
    const visits = countCalls(page, /^\/api\/product\/\d+\/visit$/i);
    await page.goto('/#/login?returnUrl=%2Fphase');
    await logInThroughForm(page, newClient.user_name, newClient.password);
    await page
      .getByRole('link', { name: /Maple Leaf Crew Sock - Charcoal/ })
      .first()
      .click();

    await expect(
      page.getByRole('heading', { level: 1, name: 'Maple Leaf Crew Sock - Charcoal' }),
    ).toBeVisible();
    await expect(page.getByText(/^CDN\$\d+\.\d\d$/).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /Enlarge the image/ })).toBeVisible();
    await expect.poll(() => visits.count).toBe(1);

    // A size must be chosen first.
    await expect(page.getByText('Please select a size')).toBeVisible();
    const orderNow = page.getByRole('button', { name: 'Order Now' });
    const addToCart = page.getByRole('button', { name: 'Add to Cart' });
    await expect(orderNow).toBeDisabled();
    await expect(addToCart).toBeDisabled();

    // Size S has 4 pairs: the low-stock note; asking for 5 shows the not-enough-stock message.
    await chooseSize(page, 'S');
    await expect(page.getByText('Please select a size')).toHaveCount(0);
    await expect(page.getByText('Only 4 units in stock')).toBeVisible();
    const quantity = page.getByRole('textbox', { name: 'Quantity' });
    await expect(quantity).toHaveValue('1');
    await quantity.fill('5');
    await expect(
      page.getByText('Sorry, there is not enough stock for Maple Leaf Crew Sock - Charcoal.'),
    ).toBeVisible();
    await quantity.fill('4');
    await expect(page.getByText(/not enough stock/)).toHaveCount(0);

    // Another colour keeps the size; Red has plenty in S and none in XL.
    await page.getByRole('link', { name: 'Red', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Maple Leaf Crew Sock - Red' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'S', exact: true })).toBeChecked();
    await expect(page.getByText(/^Only \d+ units in stock$/)).toHaveCount(0);
    await expect(quantity).toHaveValue('1');
    await expect.poll(() => visits.count).toBe(2);

    // No stock: 'Out of Stock', the quantity resets to 0 in price mode, and the buttons stay disabled.
    await chooseSize(page, 'XL');
    await expect(page.getByText('Out of Stock')).toBeVisible();
    await expect(quantity).toHaveValue('0');
    await expect(orderNow).toBeDisabled();

    await page.getByRole('button', { name: 'Back to List' }).click();
    await expect(page).toHaveURL(/#\/phase/);
  });

  test('opens a package: colours, products, stock and total', async ({ page, request, newClient }) => {
    const { earth, granite, officeBlack } = OWNED.packagePage;
    await setStock(request, [stockAt(earth, 12), stockAt(granite, 7), stockAt(officeBlack, 9)]);
    const visits = countCalls(page, /^\/api\/package\/\d+\/visit$/i);
    await page.goto('/#/login?returnUrl=%2Fphase');
    await logInThroughForm(page, newClient.user_name, newClient.password);
    await page.getByRole('tab', { name: 'Gift Packages' }).click();
    await page
      .getByRole('link', { name: /Hiking Trio/ })
      .first()
      .click();

    await expect(page).toHaveURL(new RegExp(`#/package/${earth.packageId}/${earth.productId}$`));
    await expect(page.getByRole('heading', { level: 1, name: earth.name })).toBeVisible();
    await expect(page.getByText('12 package(s) in stock', { exact: true })).toBeVisible();
    await expect.poll(() => visits.count).toBe(1);

    const price =
      (await page
        .getByText(/^CDN\$\d+\.\d\d$/)
        .first()
        .textContent()) ?? '';
    const cents = Math.round(Number(price.replace(/[^\d.]/g, '')) * 100);
    await page.getByRole('textbox', { name: 'Quantity' }).fill('3');
    const total = `CDN$${Math.floor((cents * 3) / 100).toLocaleString('en-CA')}.${String((cents * 3) % 100).padStart(2, '0')}`;
    await expect(page.getByLabel(`Total ${total}`)).toBeVisible();

    // Click to enlarge.
    await page.getByRole('button', { name: /Enlarge the image/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');

    // Another colour of the same package, then another product.
    const colours = page.getByRole('group', { name: 'Colour' }).getByRole('link');
    expect(await colours.count()).toBeGreaterThan(1);
    await expect(colours.first()).toHaveAttribute('aria-current', 'true');
    await colours.nth(1).click();
    await expect(colours.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('heading', { level: 1, name: granite.name })).toBeVisible();
    await expect(page.getByText('7 package(s) in stock', { exact: true })).toBeVisible();
    await expect.poll(() => visits.count).toBe(2);

    const products = page.getByRole('group', { name: 'Product' }).getByRole('link');
    await products.filter({ hasNotText: 'Hiking Trio' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: officeBlack.name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Order Now' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back to List' })).toBeVisible();
  });

  /** The search call (GET api/product?term=...), and how long the page must stay quiet to prove none. */
  const SEARCH_PATH = /^\/api\/product\?/i;
  const QUIET_MS = SEARCH_DEBOUNCE_MS * 3;

  test('searches: suggestions after three letters, then results 24 at a time', async ({
    page,
    newClient,
  }) => {
    // Suggestions, three quiet spells that prove nothing was asked, the results and a second page.
    test.slow();
    const searches = countCalls(page, SEARCH_PATH);
    await page.goto('/#/login?returnUrl=%2Fphase');
    await logInThroughForm(page, newClient.user_name, newClient.password);

    const openSearch = page.getByRole('button', { name: 'Open search' });
    const box = page.getByRole('combobox', { name: 'Search products' });
    await openSearch.click();
    await expect(box).toBeFocused();
    // Two letters ask nothing, however long the typing pauses (the debounce has passed, twice).
    await box.pressSequentially('ta', { delay: 50 });
    await expectNoCallWithin(page, SEARCH_PATH, QUIET_MS);
    expect(searches.count).toBe(0);
    await expect(page.getByRole('option')).toHaveCount(0);

    await box.pressSequentially('r', { delay: 50 });
    const options = page.getByRole('option');
    await expect(options.first()).toBeVisible();
    expect(searches.urls).toEqual([expect.stringMatching(/[?&]term=tar(&|$)/)]);
    // Each suggestion shows its category.
    await expect(options).toHaveCount(2);
    await expect(options.first()).toContainText('Tartan Knee-High');
    for (const option of await options.all()) await expect(option).toContainText('Knee-high');

    // The same text again asks nothing more: back to two letters (the suggestions go, and the
    // debounce passes on them), then the third letter again, answered from what the page holds.
    await box.press('Backspace');
    await expect(options).toHaveCount(0);
    await expectNoCallWithin(page, SEARCH_PATH, QUIET_MS);
    await box.pressSequentially('r', { delay: 50 });
    await expect(options).toHaveCount(2);
    await expectNoCallWithin(page, SEARCH_PATH, QUIET_MS);
    expect(searches.count).toBe(1);

    // A suggestion opens its product.
    const first = (await options.first().locator('p').first().textContent()) ?? '';
    await options.first().click();
    await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();

    // Enter opens the results page with the term and clears the box.
    await openSearch.click();
    await expect(box).toHaveValue('');
    await box.fill('sock');
    await box.press('Enter');
    await expect(page.getByRole('heading', { name: 'SEARCH RESULTS FOR sock' })).toBeVisible();
    await openSearch.click();
    await expect(box).toHaveValue('');
    await page.keyboard.press('Escape');
    const results = page.getByRole('main').getByRole('link');
    await expect(results).toHaveCount(24);
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => results.count()).toBeGreaterThan(24);
  });

  test('sees the most popular products', async ({ page, newClient }) => {
    await page.goto('/#/login?returnUrl=%2Fdashboard');
    await logInThroughForm(page, newClient.user_name, newClient.password);
    await expect(page.getByRole('heading', { level: 1, name: 'The Most Popular Products' })).toBeVisible();
    const tiles = page.locator('section[aria-labelledby^="tile-"]');
    await expect(tiles.first()).toBeVisible();
    await expect(tiles.first()).toContainText(/\d+ types?, \d+ colours?/);
    expect(await tiles.first().locator('img').count()).toBeLessThanOrEqual(3);
    await tiles
      .first()
      .getByRole('link', { name: /^See All/ })
      .click();
    await expect(page).toHaveURL(/#\/categories\/\d+$/);
    await expect(page.getByRole('tab', { selected: true })).toBeVisible();
  });
});

test.describe('a logged-in client following links', () => {
  test("goes Back to List from a product opened directly: its group's tab, scrolled to the group", async ({
    page,
    request,
    newClient,
  }) => {
    const lavender = await showroomProduct(request, 'Wildflower Crew Sock - Lavender');
    await openLoggedIn(page, newClient.record, `/product/${lavender.category_id}/${lavender.product_id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Wildflower Crew Sock - Lavender' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Back to List' }).click();
    await expect(page).toHaveURL(new RegExp(`#/categories/${lavender.category_id}$`));
    await expect(page.getByRole('tab', { selected: true })).toHaveText("Women's Socks");

    // A later group of the tab is scrolled into view.
    const kneeHigh = await showroomProduct(request, 'Tartan Knee-High - Red');
    await page.goto(`/#/categories/${kneeHigh.category_id}`);
    await expect(page.getByRole('tab', { selected: true })).toHaveText("Women's Socks");
    await expect(page.getByRole('heading', { level: 3, name: /^Knee-high/ })).toBeInViewport();
  });

  test('opens the size a link names, and a package product on its package page', async ({
    page,
    request,
    newClient,
  }) => {
    // A discounted sock, with pairs in M.
    const { polkaDotM } = OWNED.sizeLink;
    await setStock(request, [stockAt(polkaDotM, 20)]);
    const detail = await request.get(`/api/product/${polkaDotM.productId}`, {
      headers: bearer(newClient.record),
    });
    const { category_id, pricing, price_discount } = (await detail.json()) as {
      category_id: number;
      pricing: number;
      price_discount: number;
    };
    await openLoggedIn(page, newClient.record, `/product/${category_id}/${polkaDotM.productId}?size=M`);
    await expect(page.getByRole('heading', { level: 1, name: polkaDotM.name })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'M', exact: true })).toBeChecked();
    // The price the cart will charge (less the product's discount), the list price struck through.
    expect(price_discount).toBeGreaterThan(0);
    await expect(page.getByText(formatMoney(pricing - price_discount), { exact: true })).toBeVisible();
    await expect(page.getByLabel(`was ${formatMoney(pricing)}`)).toBeVisible();
    await expect(page.getByText('Please select a size')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();

    const box = await showroomProduct(request, 'Holiday Gift Box');
    await page.goto(`/#/product/${box.category_id}/${box.product_id}`);
    await expect(page).toHaveURL(new RegExp(`#/package/${box.pkId}/${box.product_id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Holiday Gift Box - Red' })).toBeVisible();
    // Route package/{id}: the product's first package.
    await page.goto(`/#/package/${box.product_id}`);
    await expect(page).toHaveURL(new RegExp(`#/package/${box.pkId}/${box.product_id}$`));
  });

  test('is told why a package cannot be ordered in that quantity', async ({ page, request, newClient }) => {
    const { samplerBox } = OWNED.packageQuantity;
    await setStock(request, [stockAt(samplerBox, 5)]);
    await openLoggedIn(page, newClient.record, `/package/${samplerBox.packageId}/${samplerBox.productId}`);
    await expect(page.getByText('5 package(s) in stock', { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'Quantity' }).fill('6');
    await expect(page.getByText(`Sorry, there is not enough stock for ${samplerBox.name}.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Order Now' })).toBeDisabled();
    await page.getByRole('textbox', { name: 'Quantity' }).fill('5');
    await expect(page.getByText(/not enough stock/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Order Now' })).toBeEnabled();
  });
});

test.describe('a logged-in client when a call fails', () => {
  test('a failed search says nothing rather than "no match"', async ({ page, newClient }) => {
    await page.route('**/api/product?**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal', message: 'Something went wrong.' } }),
      }),
    );
    await openLoggedIn(page, newClient.record, '/search/sock');
    await expect(page.getByRole('heading', { name: 'SEARCH RESULTS FOR sock' })).toBeVisible();
    await expect(page.getByLabel('Searching')).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByText(/No products match/)).toHaveCount(0);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every shopping tab is in sight, and product names are not cut', async ({ page, newClient }) => {
    await openLoggedIn(page, newClient.record, '/phase');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(5);
    for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });

    // The colour ends the name: the card shows the whole of it.
    const name = page.getByText('Everyday Cotton Crew Sock - Heather Grey', { exact: true });
    await expect(name).toBeVisible();
    expect(await name.evaluate((element) => element.scrollHeight <= element.clientHeight + 1)).toBe(true);
  });

  test("the search results' Back button is whole", async ({ page, newClient }) => {
    await openLoggedIn(page, newClient.record, '/search/sock');
    await expect(page.getByRole('heading', { name: 'SEARCH RESULTS FOR sock' })).toBeVisible();
    const back = page.getByRole('button', { name: 'Back', exact: true });
    await expect(back).toBeInViewport({ ratio: 1 });
    // Its label is not squeezed out of it by the long title.
    const squeezed = await back.evaluate((element) =>
      [element, ...element.querySelectorAll('*')].some((part) => part.scrollWidth > part.clientWidth),
    );
    expect(squeezed).toBe(false);
  });
});
