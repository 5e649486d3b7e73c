import type { APIRequestContext, Page } from '@playwright/test';
import type { ShowroomCategory } from '../domain/catalog.ts';
import { formatMoney } from '../domain/money.ts';
import { OWNED, stockAt } from './demo-items.ts';
import { bearer, expect, logInThroughForm, openLoggedIn, setStock, test } from './fixtures.ts';
import { countCalls } from './page-calls.ts';

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

test.describe('a logged-in client', () => {
  test('sees the newest and the most popular products on the home page, with prices', async ({
    page,
    newClient,
  }) => {
    await openLoggedIn(page, newClient.record, '/');
    // The lists are asked for when the shopper scrolls near them: scroll once the page is drawn, or
    // the page growing under a footer already in sight leaves them out of reach.
    await expect(page.getByRole('region', { name: 'Why our socks?' })).toBeVisible();
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    for (const name of ['New arrivals', 'Most popular']) {
      const list = page.getByRole('region', { name });
      await expect(list.getByRole('link')).toHaveCount(4);
      await expect(list.getByText(/^CDN\$/).first()).toBeVisible();
    }
    await page.getByRole('region', { name: 'Most popular' }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/#\/(product|package)\//);
  });

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
    // Emptied by the keyboard, the box stays empty for the next number: 3, not 30.
    await quantity.press('ControlOrMeta+A');
    await quantity.press('Delete');
    await expect(quantity).toHaveValue('');
    await expect(addToCart).toBeDisabled();
    await quantity.pressSequentially('3');
    await expect(quantity).toHaveValue('3');
    await expect(addToCart).toBeEnabled();

    // Another colour keeps the size; Red has plenty in S and none in XL.
    await page.getByRole('link', { name: 'Red', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Maple Leaf Crew Sock - Red' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'S', exact: true })).toBeChecked();
    // The sizes are one stop of the Tab key, as a radio group is (the arrows move between them).
    await page.getByRole('radio', { name: 'S', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('radiogroup', { name: 'Size' }).locator(':focus')).toHaveCount(0);
    await expect(page.getByText(/^Only \d+ units in stock$/)).toHaveCount(0);
    await expect(quantity).toHaveValue('1');
    await expect.poll(() => visits.count).toBe(2);

    // XL is sold out: marked, and not to be chosen.
    await expect(page.getByRole('radio', { name: /^XL\W+sold out/ })).toBeDisabled();
    const productUrl = page.url().split('?')[0] ?? '';
    await page.getByRole('button', { name: 'Back to List' }).click();
    await expect(page).toHaveURL(/#\/phase/);

    // Named by a link, a sold-out size shows 'Out of Stock', the quantity resets to 0 in price mode,
    // and the buttons stay disabled.
    await page.goto(`${productUrl}?size=XL`);
    await page.reload();
    await expect(page.getByRole('radio', { name: /^XL\W+sold out/ })).toBeChecked();
    await expect(page.getByText('Out of Stock')).toBeVisible();
    await expect(quantity).toHaveValue('0');
    await expect(orderNow).toBeDisabled();
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
    // Emptied by the keyboard, the box stays empty for the next number: 3, not 30.
    const quantity = page.getByRole('textbox', { name: 'Quantity' });
    await quantity.press('ControlOrMeta+A');
    await quantity.press('Delete');
    await expect(quantity).toHaveValue('');
    await quantity.pressSequentially('3');
    await expect(quantity).toHaveValue('3');
    await expect(page.getByLabel(`Total ${formatMoney(cents * 3)}`)).toBeVisible();

    // Click to enlarge; Escape closes it and gives the focus back to the image.
    const enlarge = page.getByRole('button', { name: /Enlarge the image/ });
    await enlarge.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(enlarge).toBeFocused();

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

test.describe('a logged-in client choosing a colour', () => {
  test('sees a sold-out colour marked, cannot choose it, and opened directly it is out of stock', async ({
    page,
    request,
    newClient,
  }) => {
    await setStock(
      request,
      OWNED.soldOutColour.map((item) => stockAt(item, 0)),
    );
    // Everyday Cotton Crew Sock - White, the same design as the sold-out Heather Grey.
    await openLoggedIn(page, newClient.record, '/product/2/8');
    const colours = page.getByRole('group', { name: /^Colour/ });
    await expect(colours.getByRole('link', { name: 'Black' })).toBeVisible();
    await expect(colours.getByRole('link', { name: /Heather Grey/ })).toHaveCount(0);
    const soldOut = colours.getByText('Heather Grey', { exact: true });
    await expect(soldOut).toBeVisible();
    await expect(colours.getByText('(sold out)')).toHaveCount(1);
    await soldOut.click();
    await expect(page).toHaveURL(/#\/product\/2\/8$/);

    // Sold out in every size, it has no size to choose: 'Out of Stock', not 'Please select a size'.
    await page.goto('/#/product/2/9');
    await expect(page.getByRole('heading', { level: 1, name: /Heather Grey/ })).toBeVisible();
    await expect(page.getByText('Out of Stock')).toBeVisible();
    await expect(page.getByText('Please select a size')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Quantity' })).toHaveValue('0');
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
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
    const { polkaDotM, polkaDotS } = OWNED.sizeLink;
    await setStock(request, [stockAt(polkaDotM, 20), stockAt(polkaDotS, 0)]);
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
    // A sold-out size is marked and cannot be chosen.
    await expect(page.getByRole('radio', { name: /^S\W+sold out/ })).toBeDisabled();
    // The price the cart will charge (less the product's discount), the list price struck through.
    expect(price_discount).toBeGreaterThan(0);
    await expect(page.getByText(formatMoney(pricing - price_discount), { exact: true })).toBeVisible();
    const was = page.getByLabel(`was ${formatMoney(pricing)}`);
    await expect(was).toBeVisible();
    await expect(was).toHaveCSS('text-decoration-line', 'line-through');
    await expect(page.getByText('Sale', { exact: true })).toBeVisible();
    // The page is titled with the product's name.
    await expect(page).toHaveTitle(`${polkaDotM.name} | Maple Sock Co.`);
    await expect(page.getByText('Please select a size')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();

    const box = await showroomProduct(request, 'Holiday Gift Box');
    await page.goto(`/#/product/${box.category_id}/${box.product_id}`);
    await expect(page).toHaveURL(new RegExp(`#/package/${box.pkId}/${box.product_id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Holiday Gift Box - Red' })).toBeVisible();
    await expect(page).toHaveTitle('Holiday Gift Box - Red | Maple Sock Co.');
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

    // Sold out: Out of Stock, a quantity of 0 that cannot change, and no total.
    await setStock(request, [stockAt(samplerBox, 0)]);
    await page.reload();
    await expect(page.getByText('Out of Stock', { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Quantity' })).toHaveValue('0');
    await expect(page.getByRole('textbox', { name: 'Quantity' })).toBeDisabled();
    await expect(page.getByLabel(/^Total /)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Order Now' })).toBeDisabled();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a product whose name has a word longer than the screen keeps the page within it', async ({
    page,
    newClient,
  }) => {
    const longName = `Merino ${'Supercalifragilistic'.repeat(3)} Sock`;
    await page.route('**/api/product/2/1', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), name: longName } });
    });
    await openLoggedIn(page, newClient.record, '/product/2/1');
    await expect(page.getByRole('heading', { name: longName })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('the shopping tabs scroll sideways in one row, and product names are not cut', async ({
    page,
    newClient,
  }) => {
    await openLoggedIn(page, newClient.record, '/phase');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(5);
    const tops = await Promise.all((await tabs.all()).map(async (tab) => (await tab.boundingBox())?.y));
    expect(new Set(tops).size).toBe(1);
    expect(await page.getByRole('tablist').evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(
      true,
    );
    await expect(tabs.first()).toBeInViewport({ ratio: 1 });
    await expect(tabs.last()).not.toBeInViewport({ ratio: 1 });
    // The last tab, chosen and the page opened again on it: its tab is brought into sight.
    await tabs.last().click();
    await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
    await page.reload();
    await expect(page.getByRole('tab').last()).toHaveAttribute('aria-selected', 'true');
    // Whole, but for a fraction of a pixel where the scroll stops.
    await expect(page.getByRole('tab').last()).toBeInViewport({ ratio: 0.99 });
    await page.getByRole('tab').first().click();

    // The colour ends the name: the card shows the whole of it.
    const name = page.getByText('Everyday Cotton Crew Sock - Heather Grey', { exact: true });
    await expect(name).toBeVisible();
    expect(await name.evaluate((element) => element.scrollHeight <= element.clientHeight + 1)).toBe(true);
  });
});
