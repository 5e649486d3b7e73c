import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';

/**
 * What a phone downloads: the build's brotli and gzip copies of the web's files (made once, at
 * build), and API answers above 1 KB compressed on the fly; each as the browser accepts it.
 */

let t: TestApp;
let webRoot: string;
const script = `export const greeting = ${JSON.stringify('Bonjour, Maple Sock Co. '.repeat(200))};\n`;

/** A built web app as vite writes it: each text file with its .br and .gz copies. */
async function writeBuild(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  const files = { 'index.html': '<!doctype html><title>Shop</title>', 'assets/app-1a2b3c.js': script };
  for (const [name, text] of Object.entries(files)) {
    await writeFile(path.join(dir, name), text);
    await writeFile(path.join(dir, `${name}.br`), brotliCompressSync(text));
    await writeFile(path.join(dir, `${name}.gz`), gzipSync(text));
  }
}

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), 'shop-web-'));
  await writeBuild(webRoot);
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  await rm(webRoot, { recursive: true, force: true });
});

describe('the web app’s files', () => {
  it('are sent as the brotli copy made at build when the browser takes brotli, cached for a year', async () => {
    const response = await t.app.inject({
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
    expect(response.rawPayload.length).toBeLessThan(script.length / 5);
  });

  it('are sent gzipped to a browser without brotli, and as they are to one that takes neither', async () => {
    const gzipped = await t.app.inject({
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);
  });

  it('keep index.html revalidated', async () => {
    const response = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('API answers', () => {
  it('above 1 KB are compressed as the browser accepts, smaller ones are not', async () => {
    const large = await t.app.inject({
      url: '/api/products/teaser',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(large.rawPayload).toString()) as unknown;
    expect(body).toBeTruthy();
    const gzipped = await t.app.inject({
      url: '/api/products/teaser',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const small = await t.app.inject({ url: '/api/process', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
