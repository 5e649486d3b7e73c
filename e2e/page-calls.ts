import { errors, type Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Counting and forbidding the API calls a page makes, to prove what it fetches and what it does not. */

/** The path and query of an address, which the patterns below match. */
function pathOf(address: string): string {
  const url = new URL(address);
  return `${url.pathname}${url.search}`;
}

/** Counts the calls the page makes to API paths matching `pattern`. */
export function countCalls(page: Page, pattern: RegExp): { readonly count: number; readonly urls: string[] } {
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
export async function expectNoCallWithin(page: Page, pattern: RegExp, ms: number): Promise<void> {
  const call = await page
    .waitForRequest((request) => pattern.test(pathOf(request.url())), { timeout: ms })
    .catch((error: unknown) => {
      if (error instanceof errors.TimeoutError) return null;
      throw error;
    });
  expect(call?.url() ?? null, 'a call the page should not have made').toBeNull();
}
