import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { CANADIAN_PROVINCES, provinceTimeZone } from '../../domain/provinces.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { databaseUrlFor } from '../test/test-database.ts';
import { countRows, type DatabaseHandle, IDLE_CONNECTION_MS, openDatabase, rowsOf } from './database.ts';
import {
  categories,
  clients,
  countries,
  messages,
  packages,
  products,
  provinces,
  settings,
  stock,
  taxComponents,
} from './schema.ts';
import { installReferenceData } from './seed/reference-data.ts';
import { seedDemoData } from './seed/seed.ts';

const prepared = inject('databases');
let handle: DatabaseHandle;
/** PostgreSQL: the database's address, for a second instance on it. */
let url: string | undefined;
let dropDatabase = async () => undefined as unknown;
const { imagesDir } = prepared;

/** A database with nothing in it, not even the migrations, of the kind this run tests. */
beforeAll(async () => {
  if (prepared.kind === 'pglite' || !prepared.adminUrl) {
    handle = await openDatabase({});
    return;
  }
  const adminUrl = prepared.adminUrl;
  const name = `shop_migrate_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  url = databaseUrlFor(adminUrl, name);
  handle = await openDatabase({ url });
  dropDatabase = async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await cleanup.end();
  };
});
afterAll(async () => {
  await handle.close();
  await dropDatabase();
});

async function describeSchema() {
  const result = await handle.db.execute(sql`
    SELECT table_name, column_name, data_type FROM information_schema.columns
    WHERE table_schema = 'public' ORDER BY table_name, column_name`);
  return (result as unknown as { rows: unknown[] }).rows;
}

const referenceTables = [settings, messages, countries, provinces, taxComponents];
const demoTables = [clients, categories, products, packages, stock, settings];

describe('migrations, reference data and demo data', () => {
  it('applies the migrations, and a second run changes nothing', async () => {
    await handle.migrate();
    const first = await describeSchema();
    expect(first.length).toBeGreaterThan(100);
    await handle.migrate();
    expect(await describeSchema()).toEqual(first);
  });

  it('installs the reference data once when two instances start together', async () => {
    // On PostgreSQL a second instance with its own pool; PGlite has one connection, one instance.
    const other = url ? await openDatabase({ url }) : handle;
    const addedByEach = async () => {
      const installs = await Promise.all([installReferenceData(handle.db), installReferenceData(other.db)]);
      return installs.map((install) => install.added).sort((a, b) => a - b);
    };
    try {
      const added = await addedByEach();
      const counts = await Promise.all(referenceTables.map((table) => countRows(handle.db, table)));
      expect(added).toEqual([0, counts.reduce((sum, count) => sum + count, 0)]);
      // Only a province's taxes missing: nothing else makes the second instance wait for the first.
      await handle.db.delete(taxComponents).where(eq(taxComponents.provinceCode, 'MB'));
      expect(await addedByEach()).toEqual([0, 2]);
      expect(await installReferenceData(handle.db)).toEqual({ added: 0 });
    } finally {
      if (other !== handle) await other.close();
    }
  });

  it('seeds the demo data once: a second seeding duplicates nothing', async () => {
    const options = { imagesDir, hashPassword };
    expect(await seedDemoData(handle.db, options)).toMatchObject({ seeded: true });
    const counts = await Promise.all(demoTables.map((table) => countRows(handle.db, table)));
    expect(await seedDemoData(handle.db, options)).toMatchObject({ seeded: false });
    expect(await Promise.all(demoTables.map((table) => countRows(handle.db, table)))).toEqual(counts);
    expect(await countRows(handle.db, products)).toBeGreaterThanOrEqual(60);
    expect(await countRows(handle.db, clients)).toBe(3);
  });

  it('has all 13 provinces and territories with their tax components', async () => {
    expect(await countRows(handle.db, provinces)).toBeGreaterThanOrEqual(13);
    const rates = await handle.db.execute(sql`
      SELECT province_code, sum(rate_ppm)::int AS ppm FROM tax_components
      WHERE country_code = 'CA' GROUP BY province_code ORDER BY province_code`);
    const byProvince = Object.fromEntries(
      (rates as unknown as { rows: Array<{ province_code: string; ppm: number }> }).rows.map((r) => [
        r.province_code,
        Number(r.ppm),
      ]),
    );
    expect(Object.keys(byProvince)).toHaveLength(13);
    expect(byProvince).toMatchObject({
      ON: 130000,
      QC: 149750,
      AB: 50000,
      BC: 120000,
      NS: 140000,
      NB: 150000,
    });
  });
});

describe("migration 0028: a shop's time zone from its province", () => {
  it("gives a shop that set its province that province's zone, as the settings page would", async () => {
    const migration = await readFile(
      path.join(import.meta.dirname, 'migrations', '0028_store_time_zone.sql'),
      'utf8',
    );
    const setting = (key: string) => handle.db.select().from(settings).where(eq(settings.key, key));
    const [province] = await setting('store_province');
    const [zone] = await setting('store_time_zone');
    try {
      for (const { code } of CANADIAN_PROVINCES) {
        await handle.db.delete(settings).where(eq(settings.key, 'store_time_zone'));
        await handle.db
          .insert(settings)
          .values({ key: 'store_province', value: code })
          .onConflictDoUpdate({ target: settings.key, set: { value: code } });
        await handle.db.execute(sql.raw(migration));
        const [migrated] = await setting('store_time_zone');
        expect(migrated?.value, code).toBe(provinceTimeZone(code));
      }
      // A zone already chosen stays.
      await handle.db
        .update(settings)
        .set({ value: 'America/Regina' })
        .where(eq(settings.key, 'store_time_zone'));
      await handle.db.execute(sql.raw(migration));
      expect((await setting('store_time_zone'))[0]?.value).toBe('America/Regina');
    } finally {
      await handle.db.delete(settings).where(eq(settings.key, 'store_time_zone'));
      await handle.db.delete(settings).where(eq(settings.key, 'store_province'));
      if (province) await handle.db.insert(settings).values(province);
      if (zone) await handle.db.insert(settings).values(zone);
    }
  });
});

describe.runIf(prepared.kind === 'postgres')('a PostgreSQL connection', () => {
  it('runs without JIT and parallel workers, which cost the shop’s short statements more than they gain', async () => {
    const rows = await rowsOf<{ jit: string; workers: string }>(
      handle.db,
      sql`SELECT current_setting('jit') AS jit, current_setting('max_parallel_workers_per_gather') AS workers`,
    );
    expect(rows).toEqual([{ jit: 'off', workers: '0' }]);
  });

  it('keeps an idle connection for minutes, not the pool’s default 10 s, then closes it', async () => {
    if (!url) throw new Error('the PostgreSQL tests have the database’s address');
    // The pool's idle timers are the only ones faked: the connections' sockets stay real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const other = await openDatabase({ url });
    try {
      const backend = async () =>
        (await rowsOf<{ pid: number }>(other.db, sql`SELECT pg_backend_pid() AS pid`))[0]?.pid;
      const first = await backend();
      vi.advanceTimersByTime(IDLE_CONNECTION_MS - 60_000);
      expect(await backend()).toBe(first);
      vi.advanceTimersByTime(IDLE_CONNECTION_MS + 1);
      expect(await backend()).not.toBe(first);
    } finally {
      vi.useRealTimers();
      await other.close();
    }
  });
});
