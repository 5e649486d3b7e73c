import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReplySender, type ReplySender } from './cached-reply.ts';
import { type CatalogCache, createCatalogCache } from './catalog-cache.ts';

/** What the sender uses of a reply: the request's Accept-Encoding, headers set, the payload sent. */
function fakeReply(acceptEncoding?: string) {
  const headers: Record<string, string> = {};
  let payload: Buffer | undefined;
  const reply = {
    request: { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
    header(name: string, value: string) {
      headers[name.toLowerCase()] = value;
      return reply;
    },
    send(sent: Buffer) {
      payload = sent;
      return reply;
    },
  };
  return {
    reply: reply as unknown as FastifyReply,
    headers,
    payload: () => {
      if (!payload) throw new Error('nothing was sent');
      return payload;
    },
  };
}

/** A reply above the 1 KB threshold: forty product cards, about 2 KB of JSON. */
const cards = Array.from({ length: 40 }, (_, i) => ({ id: i, name: `Maple crew sock ${i}`, pricing: 1299 }));
let loads = 0;
const phase = {
  key: 'phase:test',
  async load() {
    loads++;
    return { data: cards, tags: cards.map((card) => card.id) };
  },
};

describe('a cached catalogue reply', () => {
  let cache: CatalogCache;
  let sendCached: ReplySender;
  beforeEach(() => {
    cache = createCatalogCache();
    sendCached = createReplySender(cache);
    loads = 0;
  });
  afterEach(() => cache.close());

  it('is compressed once for each encoding browsers take, then sent as the same stored copy', async () => {
    const first = fakeReply('gzip, deflate, br');
    await sendCached(first.reply, phase);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(first.payload()).toString())).toEqual(cards);

    const again = fakeReply('br;q=1.0, gzip;q=0.8');
    await sendCached(again.reply, phase);
    expect(again.payload()).toBe(first.payload());

    const gzipped = fakeReply('gzip');
    await sendCached(gzipped.reply, phase);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.payload()).toString())).toEqual(cards);
    const gzippedAgain = fakeReply('x-gzip');
    await sendCached(gzippedAgain.reply, phase);
    expect(gzippedAgain.payload()).toBe(gzipped.payload());
    expect(loads).toBe(1);
  });

  it('is sent as it is to a client that takes no compression, varying by Accept-Encoding', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'deflate']) {
      const plain = fakeReply(acceptEncoding);
      await sendCached(plain.reply, phase);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(plain.headers.vary).toBe('accept-encoding');
      expect(JSON.parse(plain.payload().toString())).toEqual(cards);
    }
  });

  it('under 1 KB is never compressed, and keeps its search total', async () => {
    const small = fakeReply('br');
    await sendCached(small.reply, {
      key: 'search:test',
      load: async () => ({ data: [{ id: 1 }], tags: [1], total: 31 }),
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    expect(small.headers['x-total-count']).toBe('31');
    expect(small.payload().toString()).toBe('[{"id":1}]');
  });

  it('takes its bytes of the cache’s budget, twice over when it is compressed later', async () => {
    await sendCached(fakeReply().reply, phase);
    const body = Buffer.byteLength(JSON.stringify(cards));
    expect(cache.stats().chars).toBe(2 * body);
    await sendCached(fakeReply().reply, {
      key: 'small',
      load: async () => ({ data: [1], tags: 'structure' }),
    });
    expect(cache.stats().chars).toBe(2 * body + 3);
  });

  it('keeps bytes of its own, not a slice that would hold a shared block alive', async () => {
    const tiny = { key: 'tiny', load: async () => ({ data: cards.slice(0, 1), tags: [0] }) };
    for (const acceptEncoding of [undefined, 'br', 'gzip']) {
      for (const cacheable of [phase, tiny]) {
        const sent = fakeReply(acceptEncoding);
        await sendCached(sent.reply, cacheable);
        expect(sent.payload().buffer.byteLength).toBe(sent.payload().length);
      }
    }
  });
});
