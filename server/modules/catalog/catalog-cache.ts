/**
 * The catalogue's in-process cache: serialized replies and the small lookups behind them, so a
 * catalogue call costs a map lookup instead of queries and JSON encoding.
 *
 * Correctness before speed:
 * - Keys carry the price view (visitor / prices / no prices), and visitor replies are built without
 *   prices, so a cached price can never reach a visitor.
 * - A write that changes stock or prices calls notifyCatalogChanged(db, productIds): every cache of
 *   this process drops what depends on those products at once, and pg_notify tells the other
 *   instances sharing the database, whose listener (listenForCatalogChanges) does the same within
 *   milliseconds. Without productIds, everything is dropped (catalogue edits, settings).
 * - A load that started before a change of a product it shows (or of everything) is not stored
 *   (changedSince), and concurrent misses of one key share a single load started after the last
 *   invalidation.
 * - While the PostgreSQL listener is down the cache stores nothing, so no instance serves a reply
 *   older than the last change it could have missed; every entry also expires after maxAgeMs.
 */
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, type DbOrTx, embeddedDatabase } from '../../db/database.ts';

/** The PostgreSQL channel on which instances tell each other that the catalogue changed. */
export const CATALOG_CHANNEL = 'catalog_changed';
/** pg_notify payloads are limited to 8000 bytes: longer lists become "everything". */
const PAYLOAD_LIMIT = 7_900;
/**
 * The latest changes remembered by their products: a load that began before all of them is not
 * stored. Loads take milliseconds; a busy shop makes a few changes in that time.
 */
const CHANGES_REMEMBERED = 256;

/**
 * What an entry depends on: the products whose stock or price it shows; 'structure' for what only a
 * catalogue edit changes (names, categories, settings); 'any' for what any change may touch.
 */
export type CacheTags = readonly number[] | 'structure' | 'any';

export interface Loaded<T> {
  value: T;
  tags: CacheTags;
  /** A shorter lifetime than the cache's, for values that change without notice (visits). */
  maxAgeMs?: number;
  /**
   * What the value takes of the size budget, where it knows better than the cache's guess (a
   * reply's bytes, with room for the compressed copies it makes later: cached-reply.ts).
   */
  chars?: number;
}

/**
 * A reply the catalogue can keep whole: the key it is kept under (its price view and what it
 * shows) and how to build it. The route edge serialises it once and keeps the JSON (cached-reply.ts).
 */
export interface CacheableReply<T> {
  key: string;
  load(): Promise<FreshReply<T>>;
}

export interface FreshReply<T> {
  data: T;
  /** The products the reply shows, or 'structure' / 'any' (see CacheTags). */
  tags: CacheTags;
  /** A search's number of matches, sent as X-Total-Count. */
  total?: number;
  maxAgeMs?: number;
}

export interface CatalogCacheOptions {
  maxEntries?: number;
  /** Budget for string values (UTF-16 code units) and serialized replies (bytes). */
  maxChars?: number;
  maxAgeMs?: number;
  /** Milliseconds on a monotonic clock; tests replace it. */
  now?: () => number;
}

interface Entry {
  value: unknown;
  tags: CacheTags;
  expiresAt: number;
  chars: number;
}

export interface CacheStats {
  entries: number;
  chars: number;
  hits: number;
  misses: number;
  invalidations: number;
  enabled: boolean;
}

/** Every cache of this process, so notifyCatalogChanged can invalidate them all at once. */
const liveCaches = new Set<CatalogCache>();

function charsOf(value: unknown): number {
  return typeof value === 'string' ? value.length : 64;
}

export function createCatalogCache(options: CatalogCacheOptions = {}) {
  const maxEntries = options.maxEntries ?? 20_000;
  const maxChars = options.maxChars ?? 64 * 1024 * 1024;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const now = options.now ?? (() => performance.now());

  const entries = new Map<string, Entry>();
  /** Keys per product id, for entries tagged with products. */
  const byProduct = new Map<number, Set<string>>();
  const anyKeys = new Set<string>();
  const inflight = new Map<string, Promise<unknown>>();
  let generation = 0;
  /** The latest changes, oldest first: the generation each made, and its products (none: everything). */
  const changes: { generation: number; productIds: ReadonlySet<number> | undefined }[] = [];
  let chars = 0;
  let enabled = true;
  const stats = { hits: 0, misses: 0, invalidations: 0 };

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    chars -= entry.chars;
    if (entry.tags === 'any') anyKeys.delete(key);
    else if (entry.tags !== 'structure') {
      for (const id of entry.tags) {
        const keys = byProduct.get(id);
        keys?.delete(key);
        if (keys?.size === 0) byProduct.delete(id);
      }
    }
  }

  function store(key: string, loaded: Loaded<unknown>): void {
    remove(key);
    const entry: Entry = {
      value: loaded.value,
      tags: loaded.tags,
      expiresAt: now() + Math.min(loaded.maxAgeMs ?? maxAgeMs, maxAgeMs),
      chars: loaded.chars ?? charsOf(loaded.value),
    };
    // Oldest first: a Map iterates in insertion order.
    for (const oldest of entries.keys()) {
      if (entries.size < maxEntries && chars + entry.chars <= maxChars) break;
      remove(oldest);
    }
    entries.set(key, entry);
    chars += entry.chars;
    if (entry.tags === 'any') anyKeys.add(key);
    else if (entry.tags !== 'structure') {
      for (const id of entry.tags) {
        let keys = byProduct.get(id);
        if (!keys) {
          keys = new Set();
          byProduct.set(id, keys);
        }
        keys.add(key);
      }
    }
  }

  /**
   * Whether a change since generation `since` may show in a value of these tags: a change of
   * everything, any change for 'any', a change of one of its products; a change older than those
   * remembered counts.
   */
  function changedSince(since: number, tags: CacheTags): boolean {
    if (since === generation) return false;
    const oldest = changes[0];
    if (!oldest || oldest.generation > since + 1) return true;
    for (const change of changes) {
      if (change.generation <= since) continue;
      const changed = change.productIds;
      if (changed === undefined || tags === 'any') return true;
      if (tags !== 'structure' && tags.some((id) => changed.has(id))) return true;
    }
    return false;
  }

  function clear(): void {
    entries.clear();
    byProduct.clear();
    anyKeys.clear();
    chars = 0;
  }

  const cache = {
    /** The cached value of key, or the value load() gives (stored unless it changed meanwhile). */
    getOrLoad<T>(key: string, load: () => Promise<Loaded<T>>): Promise<T> {
      const hit = entries.get(key);
      if (hit) {
        if (hit.expiresAt > now()) {
          stats.hits++;
          return Promise.resolve(hit.value as T);
        }
        remove(key);
      }
      stats.misses++;
      if (!enabled) return load().then((loaded) => loaded.value);
      const running = inflight.get(key);
      if (running) return running as Promise<T>;
      const startedAt = generation;
      const promise: Promise<T> = load()
        .then((loaded) => {
          if (enabled && !changedSince(startedAt, loaded.tags)) store(key, loaded);
          return loaded.value;
        })
        .finally(() => {
          if (inflight.get(key) === promise) inflight.delete(key);
        });
      inflight.set(key, promise);
      return promise;
    },

    /** Whether key is held and fresh (counts as neither a hit nor a miss). */
    holds(key: string): boolean {
      const entry = entries.get(key);
      return entry !== undefined && entry.expiresAt > now();
    },

    /** The number of changes so far: a value read from the database after it is kept with keep(). */
    changesSeen(): number {
      return generation;
    },

    /**
     * Keeps a value read elsewhere (by a statement that also did something else) after
     * changesSeen() answered `since`, unless what it shows changed meanwhile: it could be older.
     */
    keep(key: string, since: number, loaded: Loaded<unknown>): void {
      if (enabled && !changedSince(since, loaded.tags)) store(key, loaded);
    },

    /**
     * Drops what depends on these products' stock or prices (and every 'any' entry); without ids,
     * drops everything. Loads already running are not stored if what they show changed, and a
     * request from now on does not join them.
     */
    invalidate(productIds?: readonly number[]): void {
      generation++;
      changes.push({ generation, productIds: productIds === undefined ? undefined : new Set(productIds) });
      if (changes.length > CHANGES_REMEMBERED) changes.shift();
      stats.invalidations++;
      inflight.clear();
      if (productIds === undefined) {
        clear();
        return;
      }
      for (const key of [...anyKeys]) remove(key);
      for (const id of productIds) {
        const keys = byProduct.get(id);
        if (keys) for (const key of [...keys]) remove(key);
      }
    },

    /** Off: nothing is served or stored (used while changes from other instances could be missed). */
    setEnabled(on: boolean): void {
      if (on === enabled) return;
      enabled = on;
      cache.invalidate();
    },

    stats(): CacheStats {
      return { entries: entries.size, chars, ...stats, enabled };
    },

    /** Stops receiving notifyCatalogChanged's local invalidations. */
    close(): void {
      liveCaches.delete(cache);
      clear();
    },
  };
  liveCaches.add(cache);
  return cache;
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;

/** The pg_notify payload for a change: a JSON list of product ids, or '*' for everything. */
export function changePayload(productIds?: readonly number[]): string {
  if (productIds === undefined) return '*';
  const payload = JSON.stringify([...new Set(productIds)]);
  return payload.length > PAYLOAD_LIMIT ? '*' : payload;
}

/** The product ids a payload names; undefined (everything) for '*' or anything unexpected. */
export function parseChangePayload(payload: string | undefined): number[] | undefined {
  if (!payload || payload === '*') return undefined;
  try {
    const parsed: unknown = JSON.parse(payload);
    if (Array.isArray(parsed) && parsed.every((id) => Number.isInteger(id))) return parsed as number[];
  } catch {
    // fall through: a payload we do not understand drops everything
  }
  return undefined;
}

/**
 * Call after changing stock or prices (productIds: the products whose stock or price changed), or
 * anything else the catalogue shows (no productIds: names, categories, the show-price setting...).
 * This process's caches drop the affected replies at once; other instances on the same PostgreSQL
 * drop them when the notification arrives. Inside a transaction, pass the transaction: PostgreSQL
 * sends the notification at commit (the local drop happens at once, and again when the
 * notification comes back to this instance's listener, after the commit).
 */
export async function notifyCatalogChanged(db: DbOrTx, productIds?: readonly number[]): Promise<void> {
  if (productIds !== undefined && productIds.length === 0) return;
  await db.execute(sql`SELECT ${catalogChangeNotice(productIds)}`);
}

/**
 * notifyCatalogChanged for a statement that also does other things: drops this process's cached
 * replies now and answers the notification as an SQL expression for that statement to select.
 */
export function catalogChangeNotice(productIds?: readonly number[]): SQL {
  for (const cache of liveCaches) cache.invalidate(productIds);
  return sql`pg_notify(${CATALOG_CHANNEL}, ${changePayload(productIds)})`;
}

export interface ChangeListener {
  close(): Promise<void>;
}

interface ListenerOptions {
  /** Delay before reconnecting a lost PostgreSQL listener. */
  retryMs?: number;
  log?: (message: string) => void;
}

/**
 * Subscribes the cache to the database's catalog_changed notifications: a dedicated connection
 * doing LISTEN on PostgreSQL, reconnecting when lost, the cache off meanwhile. Embedded PGlite
 * needs none: only this process writes to it, through one connection, so the drop
 * notifyCatalogChanged does at once is all there is (a read that misses the cache waits for that
 * connection, so it cannot see the data before the change commits).
 */
export async function listenForCatalogChanges(
  db: Database,
  cache: CatalogCache,
  options: ListenerOptions = {},
): Promise<ChangeListener> {
  if (embeddedDatabase(db)) return { close: async () => undefined };
  const onPayload = (payload: string | undefined) => cache.invalidate(parseChangePayload(payload));
  const client: unknown = Reflect.get(db, '$client');
  if (client instanceof pg.Pool) return listenOnPostgres(client.options, onPayload, cache, options);
  return { close: async () => undefined };
}

async function listenOnPostgres(
  config: pg.PoolConfig,
  onPayload: (payload: string | undefined) => void,
  cache: CatalogCache,
  { retryMs = 1_000, log = () => undefined }: ListenerOptions,
): Promise<ChangeListener> {
  let current: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const lose = (client: pg.Client, reason: string) => {
    if (closed || current !== client) return;
    log(`catalogue change listener lost (${reason}); the catalogue cache is off until it reconnects`);
    cache.setEnabled(false);
    current = undefined;
    client.end().catch(() => undefined);
    timer = setTimeout(() => void connect(), retryMs);
    timer.unref();
  };

  async function connect(): Promise<void> {
    timer = undefined;
    if (closed) return;
    const client = new pg.Client({ ...config, keepAlive: true });
    current = client;
    client.on('notification', (message) => {
      if (message.channel === CATALOG_CHANNEL) onPayload(message.payload);
    });
    client.on('error', (error) => lose(client, error.message));
    client.on('end', () => lose(client, 'connection ended'));
    try {
      await client.connect();
      await client.query(`LISTEN ${CATALOG_CHANNEL}`);
      // Whatever changed while nobody listened is dropped by turning the cache back on.
      if (!closed && current === client) cache.setEnabled(true);
    } catch (error) {
      lose(client, error instanceof Error ? error.message : String(error));
    }
  }

  cache.setEnabled(false);
  await connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
