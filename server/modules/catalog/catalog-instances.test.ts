/**
 * The catalogue cache across instances: on PostgreSQL, a second app on the same database (another
 * instance) sees a change made elsewhere within a second, through LISTEN/NOTIFY; on PGlite (a
 * single instance), notifyCatalogChanged drops the cached replies at once.
 */
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LoginRecord } from '../../../domain/auth.ts';
import { buildApp } from '../../app.ts';
import { parseConfig } from '../../config.ts';
import { type DatabaseHandle, openDatabase, rowsOf } from '../../db/database.ts';
import { products, stock } from '../../db/schema.ts';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { CATALOG_CHANNEL, notifyCatalogChanged } from './catalog-cache.ts';

let t: TestApp;
let client: LoginRecord;
let productUrl: string;
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  client = await signUp(t.app);
  const [row] = await t.db
    .select({ id: products.id, categoryId: products.categoryId })
    .from(products)
    .where(eq(products.code, 'WS-CRW-004'));
  if (!row) throw new Error('no WS-CRW-004');
  productId = row.id;
  productUrl = `/api/product/${row.categoryId}/${row.id}`;
});
afterAll(() => t.close());

async function instockSeenBy(app: TestApp['app']): Promise<number> {
  const response = await app.inject({ method: 'GET', url: productUrl, headers: bearer(client) });
  expect(response.statusCode).toBe(200);
  return response.json<{ instock: number }>().instock;
}

async function takeStock(db: TestApp['db'], units: number) {
  await db
    .update(stock)
    .set({ instock: sql`${stock.instock} - ${units}` })
    .where(and(eq(stock.productId, productId), eq(stock.sizeId, 1)));
}

describe('one instance', () => {
  it('serves a cached reply until notifyCatalogChanged, then the change at once', async () => {
    const before = await instockSeenBy(t.app);
    await takeStock(t.db, 1);
    // Without a notification the cached reply stands: writers must call notifyCatalogChanged.
    expect(await instockSeenBy(t.app)).toBe(before);
    await notifyCatalogChanged(t.db, [productId]);
    expect(await instockSeenBy(t.app)).toBe(before - 1);
  });
});

describe.runIf(inject('databases').kind === 'postgres')('two instances on one PostgreSQL', () => {
  let other: { app: TestApp['app']; handle: DatabaseHandle };

  beforeAll(async () => {
    const pool: unknown = Reflect.get(t.db, '$client');
    if (!(pool instanceof pg.Pool) || !pool.options.connectionString) throw new Error('not on PostgreSQL');
    const handle = await openDatabase({ url: pool.options.connectionString, poolSize: 4 });
    const app = await buildApp({
      config: parseConfig({ LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false' }),
      db: handle.db,
      logger: false,
    });
    await app.ready();
    other = { app, handle };
  });
  afterAll(async () => {
    await other.app.close();
    await other.handle.close();
  });

  /** A change made by another process: its own connection, its own pg_notify. */
  async function changeFromElsewhere(units: number) {
    const pool = Reflect.get(t.db, '$client') as pg.Pool;
    const connection = new pg.Client({ connectionString: pool.options.connectionString });
    await connection.connect();
    try {
      await connection.query(
        'UPDATE stock SET instock = instock - $1 WHERE product_id = $2 AND size_id = 1',
        [units, productId],
      );
      await connection.query('SELECT pg_notify($1, $2)', [CATALOG_CHANNEL, JSON.stringify([productId])]);
    } finally {
      await connection.end();
    }
  }

  it('shows both instances a change made elsewhere within a second', async () => {
    const before = await instockSeenBy(t.app);
    expect(await instockSeenBy(other.app)).toBe(before);
    const changedAt = performance.now();
    await changeFromElsewhere(2);
    await expect.poll(() => instockSeenBy(t.app), { timeout: 1_000, interval: 20 }).toBe(before - 2);
    await expect.poll(() => instockSeenBy(other.app), { timeout: 1_000, interval: 20 }).toBe(before - 2);
    expect(performance.now() - changedAt).toBeLessThan(1_000);
  });

  it('stops caching while its listener is cut off, and caches again once it is back', async () => {
    const before = await instockSeenBy(other.app);
    await t.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND query = ${`LISTEN ${CATALOG_CHANNEL}`}`,
    );
    // Changes without any notification are seen while no instance can trust its cache.
    await takeStock(t.db, 1);
    await expect.poll(() => instockSeenBy(other.app), { timeout: 2_000, interval: 20 }).toBe(before - 1);
    await expect.poll(() => instockSeenBy(t.app), { timeout: 2_000, interval: 20 }).toBe(before - 1);
    // Reconnected listeners are back in time for a notified change.
    await expect
      .poll(
        async () =>
          (
            await rowsOf<{ n: number }>(
              t.db,
              sql`SELECT count(*)::int AS n FROM pg_stat_activity
                  WHERE datname = current_database() AND query = ${`LISTEN ${CATALOG_CHANNEL}`}`,
            )
          )[0]?.n,
        { timeout: 5_000, interval: 50 },
      )
      .toBe(2);
    await changeFromElsewhere(1);
    await expect.poll(() => instockSeenBy(other.app), { timeout: 1_000, interval: 20 }).toBe(before - 2);
  });
});
