import { SEARCH_DEBOUNCE_MS } from '../domain/catalog-display.ts';
import { expect, logInThroughForm, openLoggedIn, test } from './fixtures.ts';
import { countCalls, expectNoCallWithin } from './page-calls.ts';

/** Search: suggestions in the header, results a page at a time, a failed call, the results on a phone. */

test.describe('a logged-in client', () => {
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
    // Each suggestion shows its category; a word in the name comes before the same word in a
    // description (the hikers' 'targeted arch support').
    await expect(options).toHaveCount(4);
    for (const index of [0, 1]) {
      await expect(options.nth(index)).toContainText('Tartan Knee-High');
      await expect(options.nth(index)).toContainText('Knee-high');
    }
    for (const index of [2, 3]) await expect(options.nth(index)).toContainText('Wool Hiking');

    // The same text again asks nothing more: back to two letters (the suggestions go, and the
    // debounce passes on them), then the third letter again, answered from what the page holds.
    await box.press('Backspace');
    await expect(options).toHaveCount(0);
    await expectNoCallWithin(page, SEARCH_PATH, QUIET_MS);
    await box.pressSequentially('r', { delay: 50 });
    await expect(options).toHaveCount(4);
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
});

test.describe('a logged-in client searching as people type', () => {
  test('finds socks for "socks", and Merino for the typo "merno"', async ({ page, newClient }) => {
    await openLoggedIn(page, newClient.record, '/phase');
    const box = page.getByRole('combobox', { name: 'Search products' });
    const options = page.getByRole('option');
    await page.getByRole('button', { name: 'Open search' }).click();
    await box.fill('socks');
    await expect(options).toHaveCount(8);
    // Socks first: the accessories whose names say sock (a tote bag, a phone case, a toque) come later.
    for (const option of await options.all()) {
      await expect(option).toContainText('Sock');
      await expect(option).not.toContainText(/Bags & Totes|Phone Cases|Toques/);
    }
    await box.fill('merno');
    await expect(options.first()).toContainText('Merino');
    for (const option of await options.all()) await expect(option).toContainText('Merino');
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

  test('a long unbroken text that matches nothing wraps within the screen', async ({ page, newClient }) => {
    const term = 'x'.repeat(100);
    await openLoggedIn(page, newClient.record, `/search/${term}`);
    await expect(page.getByText(/No products match/)).toBeVisible();
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(390);
  });
});
