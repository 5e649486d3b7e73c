import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDayOf, DEFAULT_STORE_TIME_ZONE } from '../../../domain/dates.ts';
import { rowsOf } from '../../db/database.ts';
import { settings } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { rowChecks } from '../../test/rows.ts';
import * as queries from './settings.queries.ts';

/**
 * The tax rate's statement answers a row of exactly its schema's shape, on the database this run
 * uses (PGlite, and PostgreSQL with TEST_DATABASE_URL): a sum of integers is a bigint unless cast.
 */
const { expectRows, unchecked } = rowChecks(queries);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ data: 'empty' });
});
afterAll(() => t.close());

describe('the settings statements answer the shapes of their row schemas', () => {
  it("a province's summed tax rate, or null where it has none", async () => {
    expect(await expectRows(queries.selectTaxRate, t.db, 'qc', 'CA')).toEqual([{ ppm: 149_750 }]);
    expect(await expectRows(queries.selectTaxRate, t.db, 'ZZ', 'CA')).toEqual([{ ppm: null }]);
  });

  it("the store's province and its rate: the setting, or the default when unset or not a text", async () => {
    const storeRate = () => expectRows(queries.selectStoreTaxRate, t.db, 'QC');
    const setProvince = (value: unknown) =>
      t.db.update(settings).set({ value }).where(eq(settings.key, 'store_province'));
    const [stored] = await t.db.select().from(settings).where(eq(settings.key, 'store_province'));
    if (!stored) throw new Error('a shop is made with its province');
    await setProvince('BC');
    expect(await storeRate()).toEqual([{ province: 'BC', ppm: 120_000 }]);
    await setProvince(7);
    expect(await storeRate()).toEqual([{ province: 'QC', ppm: 149_750 }]);
    await setProvince('ZZ');
    expect(await storeRate()).toEqual([{ province: 'ZZ', ppm: null }]);
    await t.db.delete(settings).where(eq(settings.key, 'store_province'));
    expect(await storeRate()).toEqual([{ province: 'QC', ppm: 149_750 }]);
    await t.db.insert(settings).values(stored);
  });

  it("today in the store's time zone, as a calendar day", async () => {
    const [row] = await expectRows(queries.selectStoreToday, t.db);
    expect(row?.today).toBe(calendarDayOf(new Date(), DEFAULT_STORE_TIME_ZONE));
  });

  it("the store's time zone: the setting, or the default when it is not one the shop offers", async () => {
    const zone = async () =>
      (await rowsOf<{ zone: string }>(t.db, sql`SELECT ${queries.STORE_TIME_ZONE_SQL} AS zone`))[0]?.zone;
    const setZone = (value: unknown) =>
      t.db.update(settings).set({ value }).where(eq(settings.key, 'store_time_zone'));
    expect(await zone()).toBe('America/Toronto');
    await setZone('America/Regina');
    expect(await zone()).toBe('America/Regina');
    const [row] = await expectRows(queries.selectStoreToday, t.db);
    expect(row?.today).toBe(calendarDayOf(new Date(), 'America/Regina'));
    for (const wrong of ['Mars/Olympus', 'Europe/Paris', 7]) {
      await setZone(wrong);
      expect(await zone(), String(wrong)).toBe('America/Toronto');
    }
    await setZone(DEFAULT_STORE_TIME_ZONE);
  });

  it('every statement of settings.queries.ts is checked', () => expect(unchecked()).toEqual([]));
});
