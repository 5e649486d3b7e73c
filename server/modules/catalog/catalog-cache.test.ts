import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/database.ts';
import {
  type CacheTags,
  changePayload,
  createCatalogCache,
  notifyCatalogChanged,
  parseChangePayload,
} from './catalog-cache.ts';

const value = <T>(v: T, tags: CacheTags = 'structure') => Promise.resolve({ value: v, tags });

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('the catalogue cache', () => {
  it('loads a key once and answers it from memory afterwards', async () => {
    const cache = createCatalogCache();
    let loads = 0;
    const load = () => {
      loads++;
      return value('{"a":1}');
    };
    expect(await cache.getOrLoad('k', load)).toBe('{"a":1}');
    expect(await cache.getOrLoad('k', load)).toBe('{"a":1}');
    expect(loads).toBe(1);
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1, misses: 1 });
    cache.close();
  });

  it('shares one load between concurrent misses of a key', async () => {
    const cache = createCatalogCache();
    const gate = deferred<void>();
    let loads = 0;
    const load = async () => {
      loads++;
      await gate.promise;
      return { value: 'v', tags: 'structure' as const };
    };
    const both = Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)]);
    gate.resolve();
    expect(await both).toEqual(['v', 'v']);
    expect(loads).toBe(1);
    cache.close();
  });

  it('drops the entries of the products that changed, every "any" entry, and keeps the rest', async () => {
    const cache = createCatalogCache();
    await cache.getOrLoad('product:1', () => value('one', [1]));
    await cache.getOrLoad('list', () => value('1 and 2', [1, 2]));
    await cache.getOrLoad('product:2', () => value('two', [2]));
    await cache.getOrLoad('stock-of-everything', () => value('all', 'any'));
    await cache.getOrLoad('roots', () => value('roots', 'structure'));
    cache.invalidate([1]);
    const reloaded: string[] = [];
    for (const key of ['product:1', 'list', 'product:2', 'stock-of-everything', 'roots']) {
      await cache.getOrLoad(key, () => {
        reloaded.push(key);
        return value('new', 'structure');
      });
    }
    expect(reloaded).toEqual(['product:1', 'list', 'stock-of-everything']);
    cache.close();
  });

  it('drops everything when no product ids are given', async () => {
    const cache = createCatalogCache();
    await cache.getOrLoad('roots', () => value('roots'));
    await cache.getOrLoad('product:1', () => value('one', [1]));
    cache.invalidate();
    expect(cache.stats().entries).toBe(0);
    cache.close();
  });

  it('does not keep what a load read before a change that came while it ran', async () => {
    const cache = createCatalogCache();
    const gate = deferred<void>();
    const stale = cache.getOrLoad('product:1', async () => {
      await gate.promise;
      return { value: 'old stock', tags: [1] };
    });
    cache.invalidate([1]);
    // A request after the change does not join the load that started before it.
    const fresh = cache.getOrLoad('product:1', () => value('new stock', [1]));
    gate.resolve();
    expect(await stale).toBe('old stock');
    expect(await fresh).toBe('new stock');
    expect(await cache.getOrLoad('product:1', () => value('reloaded', [1]))).toBe('new stock');
    cache.close();
  });

  it('stores a load that a change of other products came during, and of structure only after no change of everything', async () => {
    const cache = createCatalogCache();
    const gates = [deferred<void>(), deferred<void>(), deferred<void>()];
    const loading = (key: string, tags: CacheTags, gate: (typeof gates)[number]) =>
      cache.getOrLoad(key, async () => {
        await gate.promise;
        return { value: `${key} as read`, tags };
      });
    const [product, list, structure] = gates;
    if (!product || !list || !structure) throw new Error('three gates');
    const loads = [
      loading('product:1', [1], product),
      loading('list', [1, 3], list),
      loading('roots', 'structure', structure),
    ];
    cache.invalidate([2]);
    cache.invalidate([3]);
    for (const gate of gates) gate.resolve();
    await Promise.all(loads);
    // Product 1 did not change while it was read; the list shows product 3, which did.
    expect(cache.holds('product:1')).toBe(true);
    expect(cache.holds('list')).toBe(false);
    expect(cache.holds('roots')).toBe(true);
    const everything = deferred<void>();
    const roots = loading('roots again', 'structure', everything);
    cache.invalidate();
    everything.resolve();
    await roots;
    expect(cache.holds('roots again')).toBe(false);
    cache.close();
  });

  it('stores nothing that began before more changes than it remembers', async () => {
    const cache = createCatalogCache();
    const gate = deferred<void>();
    const loading = cache.getOrLoad('product:1', async () => {
      await gate.promise;
      return { value: 'read long ago', tags: [1] };
    });
    for (let id = 2; id < 2 + 300; id++) cache.invalidate([id]);
    gate.resolve();
    await loading;
    expect(cache.holds('product:1')).toBe(false);
    const since = cache.changesSeen();
    for (let id = 2; id < 2 + 200; id++) cache.invalidate([id]);
    cache.keep('product:1', since, { value: 'read meanwhile', tags: [1] });
    expect(cache.holds('product:1')).toBe(true);
    cache.close();
  });

  it('keeps a value read elsewhere only when what it shows did not change since the read began', async () => {
    let now = 0;
    const cache = createCatalogCache({ maxAgeMs: 1_000, now: () => now });
    const before = cache.changesSeen();
    cache.keep('product:1', before, { value: 'read by a write', tags: [1] });
    expect(cache.holds('product:1')).toBe(true);
    expect(await cache.getOrLoad('product:1', () => value('loaded', [1]))).toBe('read by a write');
    const read = cache.changesSeen();
    cache.invalidate([2]);
    cache.keep('product:2', read, { value: 'read before its change', tags: [2] });
    cache.keep('product:3', read, { value: 'read beside the change', tags: [3] });
    cache.keep('everything', read, { value: 'read before a change', tags: 'any' });
    expect(cache.holds('product:2')).toBe(false);
    expect(cache.holds('product:3')).toBe(true);
    expect(cache.holds('everything')).toBe(false);
    expect(cache.holds('product:1')).toBe(true);
    now = 1_001;
    expect(cache.holds('product:1')).toBe(false);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 0 });
    cache.close();
  });

  it('forgets entries after their lifetime', async () => {
    let now = 0;
    const cache = createCatalogCache({ maxAgeMs: 1_000, now: () => now });
    await cache.getOrLoad('a', () => value('first'));
    await cache.getOrLoad('b', () => Promise.resolve({ value: 'short', tags: 'structure', maxAgeMs: 100 }));
    now = 500;
    expect(await cache.getOrLoad('a', () => value('second'))).toBe('first');
    expect(await cache.getOrLoad('b', () => value('short, again'))).toBe('short, again');
    now = 1_001;
    expect(await cache.getOrLoad('a', () => value('second'))).toBe('second');
    cache.close();
  });

  it('evicts the oldest entries beyond its entry and size budgets', async () => {
    const cache = createCatalogCache({ maxEntries: 2, maxChars: 10 });
    await cache.getOrLoad('a', () => value('aaaa'));
    await cache.getOrLoad('b', () => value('bbbb'));
    await cache.getOrLoad('c', () => value('cccc'));
    expect(cache.stats()).toMatchObject({ entries: 2, chars: 8 });
    await cache.getOrLoad('d', () => value('dddddddd'));
    expect(cache.stats()).toMatchObject({ entries: 1, chars: 8 });
    expect(await cache.getOrLoad('a', () => value('reloaded'))).toBe('reloaded');
    cache.close();
  });

  it('neither serves nor stores while it is off', async () => {
    const cache = createCatalogCache();
    await cache.getOrLoad('k', () => value('cached'));
    cache.setEnabled(false);
    expect(await cache.getOrLoad('k', () => value('fresh'))).toBe('fresh');
    expect(await cache.getOrLoad('k', () => value('fresher'))).toBe('fresher');
    expect(cache.stats()).toMatchObject({ entries: 0, enabled: false });
    cache.setEnabled(true);
    expect(await cache.getOrLoad('k', () => value('stored'))).toBe('stored');
    expect(await cache.getOrLoad('k', () => value('not loaded'))).toBe('stored');
    cache.close();
  });

  it('does not cache a failed load', async () => {
    const cache = createCatalogCache();
    await expect(cache.getOrLoad('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.getOrLoad('k', () => value('up'))).toBe('up');
    cache.close();
  });
});

describe('change notifications', () => {
  it('name product ids, or everything', () => {
    expect(changePayload([3, 1, 3])).toBe('[3,1]');
    expect(changePayload()).toBe('*');
    expect(changePayload(Array.from({ length: 5_000 }, (_, i) => i + 100_000))).toBe('*');
    expect(parseChangePayload('[3,1]')).toEqual([3, 1]);
    expect(parseChangePayload('*')).toBeUndefined();
    expect(parseChangePayload('')).toBeUndefined();
    expect(parseChangePayload('{"x":1}')).toBeUndefined();
    expect(parseChangePayload('not json')).toBeUndefined();
  });

  it('invalidate every cache of the process at once and send pg_notify through the given connection', async () => {
    const dialect = new PgDialect();
    const sent: { sql: string; params: unknown[] }[] = [];
    const db = {
      execute: (query: SQL) => {
        const { sql, params } = dialect.sqlToQuery(query);
        sent.push({ sql, params });
        return Promise.resolve({ rows: [] });
      },
    } as unknown as DbOrTx;
    const first = createCatalogCache();
    const second = createCatalogCache();
    const closed = createCatalogCache();
    closed.close();
    for (const cache of [first, second, closed]) await cache.getOrLoad('product:7', () => value('old', [7]));

    await notifyCatalogChanged(db, [7]);
    expect(first.stats().entries).toBe(0);
    expect(second.stats().entries).toBe(0);
    expect(closed.stats().entries).toBe(1);
    expect(sent).toEqual([{ sql: 'SELECT pg_notify($1, $2)', params: ['catalog_changed', '[7]'] }]);

    await notifyCatalogChanged(db, []);
    expect(sent).toHaveLength(1);
    first.close();
    second.close();
  });
});
