import { vi } from 'vitest';

/** A JSON answer with the header the server sends, so the API client reads it as in the app. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * What the stubbed server answers one call with: a JSON body, or a whole `Response` for an error
 * status; a promise of either answers later, as a slow network would.
 */
type ApiAnswer = (address: URL, init: RequestInit | undefined) => unknown | Promise<unknown>;

/**
 * Stands in for the server behind the global `fetch`, each call answered by `answer`. `calls` holds
 * every call's path and search in order, for what a page asked; `fetch` is the mock itself, for
 * the methods and bodies sent.
 */
export function stubApi(answer: ApiAnswer) {
  const calls: string[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const address = new URL(url, 'http://shop.test');
    calls.push(`${address.pathname}${address.search}`);
    const answered = await answer(address, init);
    return answered instanceof Response ? answered : jsonResponse(answered);
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls };
}

/** The page's own calls, without the public settings (GET api/config) a page showing store days reads. */
export const pageCalls = (calls: readonly string[]) => calls.filter((call) => call !== '/api/config');
