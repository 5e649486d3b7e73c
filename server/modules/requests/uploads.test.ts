import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_MESSAGES, UPLOAD_MAX_BYTES, UPLOAD_URL_PATTERN } from '../../../domain/requests.ts';
import { countRows } from '../../db/database.ts';
import { storedFiles as storedFilesTable, uploads } from '../../db/schema.ts';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { readFixture } from './fixtures/index.ts';
import { isSvgDocument } from './image-sanitizer.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ data: 'empty' });
});
afterAll(() => t.close());

let addresses = 0;
function nextAddress(): string {
  addresses += 1;
  return `10.2.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

interface Part {
  name?: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart body as a browser's FormData sends it. */
async function multipart(parts: readonly Part[]) {
  const form = new FormData();
  for (const part of parts) {
    if (part.filename === undefined) form.append(part.name ?? 'field', String(part.data));
    else
      form.append(
        part.name ?? 'file',
        new Blob([typeof part.data === 'string' ? part.data : new Uint8Array(part.data)], {
          type: part.type ?? '',
        }),
        part.filename,
      );
  }
  const request = new Request('http://shop.test/api/upload', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

async function upload(
  filename: string,
  data: Buffer | string,
  type = 'image/png',
  options: { headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  const body = await multipart([{ filename, type, data }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: body.payload,
    headers: { ...body.headers, ...options.headers },
    remoteAddress: options.remoteAddress ?? nextAddress(),
  });
}

/** What the storage holds: files on the disk on PGlite, rows of stored_files on PostgreSQL (app.ts). */
async function storedFiles(): Promise<string[]> {
  if (t.kind === 'postgres') {
    return (await t.db.select({ key: storedFilesTable.key }).from(storedFilesTable))
      .map((row) => row.key)
      .sort();
  }
  return (await readdir(t.uploadsDir).catch(() => [])).sort();
}

async function fetchUpload(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  return { response, bytes: response.rawPayload };
}

describe('POST api/upload: accepted images', () => {
  it.each([
    ['logo.png', 'image/png', 'png'],
    ['logo.jpg', 'image/jpeg', 'jpg'],
    ['logo.gif', 'image/gif', 'gif'],
    ['logo.svg', 'image/svg+xml', 'png'],
  ])('stores %s under a random name and serves it as an image only', async (name, type, extension) => {
    const response = await upload(name, await readFixture(name), type);
    expect(response.statusCode).toBe(200);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(UPLOAD_URL_PATTERN);
    expect(url.endsWith(`.${extension}`)).toBe(true);
    expect(url).not.toContain('logo');
    expect(await storedFiles()).toContain(path.basename(url));

    const { response: served, bytes } = await fetchUpload(url);
    expect(served.statusCode).toBe(200);
    const mime = extension === 'jpg' ? 'image/jpeg' : `image/${extension}`;
    expect(served.headers['content-type']).toBe(mime);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(served.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('sandbox');
    expect(csp).not.toContain('script-src');
    expect((await fileTypeFromBuffer(bytes))?.mime).toBe(mime);

    const [row] = await t.db.select().from(uploads).where(eq(uploads.url, url));
    expect(row).toMatchObject({
      clientId: null,
      originalName: name,
      mimeType: mime,
      sizeBytes: bytes.length,
    });
    expect(row?.ip).toMatch(/^10\.2\./);
  });

  it('records the logged-in client and keeps only the base of the original name', async () => {
    const client = await signUp(t.app);
    const response = await upload(
      'C:\\fakepath\\team\u0007 logo.png',
      await readFixture('logo.png'),
      'image/png',
      {
        headers: bearer(client),
      },
    );
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.url, response.json().url));
    expect(row).toMatchObject({ clientId: client.client_id, originalName: 'team logo.png' });
  });

  it('decides the type from the bytes: a PNG named .jpg and sent as text is stored as a PNG', async () => {
    const response = await upload('photo.jpg', await readFixture('logo.png'), 'text/plain');
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(/\.png$/);
  });

  it("drops a photo's EXIF metadata", async () => {
    const original = await readFixture('logo.jpg');
    expect(original.includes('secret-exif-marker')).toBe(true);
    const { url } = (await upload('logo.jpg', original, 'image/jpeg')).json<{ url: string }>();
    const { bytes } = await fetchUpload(url);
    expect(bytes.includes('secret-exif-marker')).toBe(false);
  });
});

describe('POST api/upload: SVG sanitising', () => {
  it('draws an SVG with a script, event handlers and external references into a plain PNG', async () => {
    const evil = await readFixture('evil.svg');
    const response = await upload('evil.svg', evil, 'image/svg+xml');
    expect(response.statusCode).toBe(200);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(/\.png$/);
    const { response: served, bytes } = await fetchUpload(url);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await fileTypeFromBuffer(bytes))?.mime).toBe('image/png');
    const text = bytes.toString('latin1');
    for (const marker of [
      '<script',
      'svg-script-marker',
      'onload',
      'handler-marker',
      'evil.example',
      'javascript:',
      '<svg',
    ]) {
      expect(text).not.toContain(marker);
    }
    const { width, height } = await sharp(bytes).metadata();
    expect(Math.max(width, height)).toBe(1200);
  });

  it('refuses an SVG that declares entities (external entity, billion laughs)', async () => {
    const response = await upload('entity.svg', await readFixture('entity.svg'), 'image/svg+xml');
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe(REQUEST_MESSAGES.onlyImages);
  });

  it('refuses an SVG that is not well-formed XML', async () => {
    const broken = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect></svg>';
    expect((await upload('broken.svg', broken, 'image/svg+xml')).statusCode).toBe(415);
  });

  it('knows an SVG document from HTML and other XML', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';
    expect(isSvgDocument(Buffer.from(svg))).toBe(true);
    expect(isSvgDocument(Buffer.from(`\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n${svg}`))).toBe(
      true,
    );
    expect(
      isSvgDocument(
        Buffer.from(
          `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">${svg}`,
        ),
      ),
    ).toBe(true);
    expect(isSvgDocument(Buffer.from(`<html><body>${svg}</body></html>`))).toBe(false);
    expect(isSvgDocument(Buffer.from('<?xml version="1.0"?><note>hi</note>'))).toBe(false);
    expect(isSvgDocument(Buffer.from([0x3c, 0x73, 0x76, 0x67, 0x20, 0xff, 0xfe]))).toBe(false);
  });
});

describe('POST api/upload: refusals', () => {
  const refusals: [string, string, string, number, string][] = [
    ['an HTML page named .png', 'page.png', 'image/png', 415, REQUEST_MESSAGES.onlyImages],
    ['a GIF/JavaScript polyglot', 'polyglot.gif', 'image/gif', 415, REQUEST_MESSAGES.onlyImages],
    ['a PNG decompression bomb (10000 x 10000)', 'bomb.png', 'image/png', 415, REQUEST_MESSAGES.onlyImages],
    ['a WebP image', 'logo.webp', 'image/webp', 415, REQUEST_MESSAGES.imageTypes],
  ];

  it.each(refusals)('refuses %s', async (_what, name, type, status, message) => {
    const rows = await countRows(t.db, uploads);
    const files = await storedFiles();
    const response = await upload(name, await readFixture(name), type);
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toMatchObject({ code: 'unsupported_type', message });
    expect(await countRows(t.db, uploads)).toBe(rows);
    expect(await storedFiles()).toEqual(files);
  });

  it('re-encodes a PNG carrying an HTML page at its end: the page is not kept', async () => {
    const response = await upload('png-with-html.png', await readFixture('png-with-html.png'));
    expect(response.statusCode).toBe(200);
    const { bytes } = await fetchUpload(response.json().url);
    expect(bytes.includes('appended-html-marker')).toBe(false);
  });

  it('refuses a file over 5 MB with 413, storing nothing', async () => {
    const rows = await countRows(t.db, uploads);
    const files = await storedFiles();
    const png = await readFixture('logo.png');
    const huge = Buffer.concat([png, Buffer.alloc(UPLOAD_MAX_BYTES + 1 - png.length)]);
    const response = await upload('huge.png', huge);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatchObject({
      code: 'file_too_large',
      message: 'The file is too large. The limit is 5 MB.',
    });
    expect(await countRows(t.db, uploads)).toBe(rows);
    expect(await storedFiles()).toEqual(files);
  });

  it('refuses an empty file', async () => {
    const response = await upload('empty.png', Buffer.alloc(0));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('The file is empty.');
  });

  it('refuses a body without a file, a JSON body, and a second file', async () => {
    const fieldOnly = await multipart([{ name: 'note', data: 'hello' }]);
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      ...fieldOnly,
      remoteAddress: nextAddress(),
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.message).toBe('Please choose a file to upload.');

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: { url: 'https://evil.example/x.png' },
      remoteAddress: nextAddress(),
    });
    expect(json.statusCode).toBe(415);

    const png = await readFixture('logo.png');
    const two = await multipart([
      { filename: 'a.png', type: 'image/png', data: png },
      { filename: 'b.png', type: 'image/png', data: png },
    ]);
    const rows = await countRows(t.db, uploads);
    const twoFiles = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      ...two,
      remoteAddress: nextAddress(),
    });
    expect(twoFiles.statusCode).toBe(413);
    expect(twoFiles.json().error.message).toBe('Please send one file per upload.');
    expect(await countRows(t.db, uploads)).toBe(rows);
  });

  it('refuses a body that is not well-formed multipart with 400, storing nothing', async () => {
    const part = '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n';
    const rows = await countRows(t.db, uploads);
    for (const [contentType, payload] of [
      ['multipart/form-data', 'no boundary'],
      ['multipart/form-data; boundary=abc', 'no part at all'],
      ['multipart/form-data; boundary=abc', `${part}Content-Type: image/png\r\n\r\ncut off`],
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { 'content-type': contentType },
        payload,
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().error).toEqual({
        code: 'invalid_multipart',
        message: 'The upload is not a well-formed multipart/form-data body.',
      });
    }
    expect(await countRows(t.db, uploads)).toBe(rows);
  });

  it('rate-limits an address to 30 uploads in 10 minutes, but not a client behind it', async () => {
    const png = await readFixture('logo.png');
    const address = nextAddress();
    for (let i = 0; i < 30; i += 1) {
      expect((await upload('logo.png', png, 'image/png', { remoteAddress: address })).statusCode).toBe(200);
    }
    const refused = await upload('logo.png', png, 'image/png', { remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('Too many uploads. Please wait a few minutes and try again.');
    const client = await signUp(t.app);
    const asClient = await upload('logo.png', png, 'image/png', {
      remoteAddress: address,
      headers: bearer(client),
    });
    expect(asClient.statusCode).toBe(200);
  });
});

describe('GET /uploads/', () => {
  it('serves only names api/upload made', async () => {
    for (const url of [
      `/uploads/${'b'.repeat(32)}.png`,
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/%2e%2e%2fpackage.json',
      '/uploads/logo.svg',
      `/uploads/${'c'.repeat(32)}.html`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
