import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';

/**
 * The web app's pages are hash routes (`/#/login`, the storefront spec). An address typed or linked
 * without the hash (`/login`) opens the page instead of the API's not-found answer.
 */

const page = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
let t: TestApp;
let webRoot: string;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), 'shop-web-'));
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Shop</title>');
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  await rm(webRoot, { recursive: true, force: true });
});

describe('an address without its hash, opened in a browser', () => {
  it.each([
    ['/login', '/#/login'],
    ['/showroom?tab=3', '/#/showroom?tab=3'],
    ['/no-such-page', '/#/no-such-page'],
    ['/caf%C3%A9', '/#/caf%C3%A9'],
  ])('%s goes to the page at %s', async (url, location) => {
    const response = await t.app.inject({ url, headers: page });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(location);
  });

  it('is not the API’s, nor a call that is not a page’s', async () => {
    const answers = await Promise.all([
      t.app.inject({ url: '/api/nothing', headers: page }),
      t.app.inject({ url: '/api', headers: page }),
      t.app.inject({ url: '/login', headers: { accept: 'application/json' } }),
      t.app.inject({ method: 'POST', url: '/login', headers: page }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });

  it('leaves the app itself where it is', async () => {
    const home = await t.app.inject({ url: '/', headers: page });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<title>Shop</title>');
  });
});

describe('a server without the web app', () => {
  it('answers every unknown address as the API does', async () => {
    const api = await createTestApp({ data: 'empty' });
    try {
      const response = await api.app.inject({ url: '/login', headers: page });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'not_found', message: 'There is no GET /login.' } });
    } finally {
      await api.close();
    }
  });
});
