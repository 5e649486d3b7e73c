import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CANADIAN_PROVINCES } from '../../../domain/provinces.ts';
import { SETTING_DEFAULTS } from '../../modules/settings/settings.service.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import type { Database, DatabaseHandle } from '../database.ts';
import { countries, messages, provinces, settings, taxComponents } from '../schema.ts';
import { installReferenceData, MESSAGES, US_STATES } from './reference-data.ts';

/**
 * The reference data every shop starts with (reference-data.ts), in the 'empty' data set: a shop
 * started with SEED_DEMO_DATA=false, which has had installReferenceData() run once.
 */
let handle: DatabaseHandle;
let db: Database;

beforeAll(async () => {
  handle = await openTestDatabase(inject('databases'), 'empty');
  db = handle.db;
});
afterAll(() => handle.close());

/** Every reference row, in a fixed order: what "changes nothing" compares. */
async function referenceRows(database: Database) {
  return {
    settings: await database.select().from(settings).orderBy(asc(settings.key)),
    messages: await database.select().from(messages).orderBy(asc(messages.code)),
    countries: await database.select().from(countries).orderBy(asc(countries.code)),
    provinces: await database
      .select()
      .from(provinces)
      .orderBy(asc(provinces.countryCode), asc(provinces.code)),
    taxComponents: await database.select().from(taxComponents).orderBy(asc(taxComponents.id)),
  };
}

async function ratesByProvince(database: Database): Promise<Record<string, number>> {
  const rows = await database
    .select({ province: taxComponents.provinceCode, ppm: sql<number>`sum(${taxComponents.ratePpm})::int` })
    .from(taxComponents)
    .where(eq(taxComponents.countryCode, 'CA'))
    .groupBy(taxComponents.provinceCode);
  return Object.fromEntries(rows.map((row) => [row.province, Number(row.ppm)]));
}

const hst = and(
  eq(taxComponents.countryCode, 'CA'),
  eq(taxComponents.provinceCode, 'ON'),
  eq(taxComponents.name, 'HST'),
);

describe('the reference data of a shop without demo data', () => {
  it('has the 13 provinces and territories with their current taxes', async () => {
    const canadian = await db.select().from(provinces).where(eq(provinces.countryCode, 'CA'));
    expect(canadian.map((p) => p.code).sort()).toEqual(CANADIAN_PROVINCES.map((p) => p.code).sort());
    const rates = await ratesByProvince(db);
    expect(Object.keys(rates)).toHaveLength(13);
    expect(rates).toMatchObject({
      ON: 130_000,
      QC: 149_750,
      NS: 140_000,
      NB: 150_000,
      BC: 120_000,
      AB: 50_000,
    });
  });

  it('has the countries, the US states, the message catalogue and the settings', async () => {
    expect(await db.select().from(countries).orderBy(asc(countries.code))).toEqual([
      { code: 'CA', name: 'Canada', shippable: true },
      { code: 'US', name: 'United States', shippable: false },
    ]);
    const states = await db.select().from(provinces).where(eq(provinces.countryCode, 'US'));
    expect(states).toHaveLength(US_STATES.length);
    expect(await db.select().from(messages).orderBy(asc(messages.code))).toEqual(
      [...MESSAGES].sort((a, b) => a.code.localeCompare(b.code)),
    );
    const stored = await db.select().from(settings);
    expect(Object.fromEntries(stored.map((row) => [row.key, row.value]))).toEqual(SETTING_DEFAULTS);
  });
});

describe('installReferenceData', () => {
  it('changes nothing when it runs again', async () => {
    const before = await referenceRows(db);
    expect(await installReferenceData(db)).toEqual({ added: 0 });
    expect(await installReferenceData(db)).toEqual({ added: 0 });
    expect(await referenceRows(db)).toEqual(before);
  });

  it('keeps a rate, a message and a setting the owner changed', async () => {
    await db.update(taxComponents).set({ ratePpm: 140_000 }).where(hst);
    await db.update(messages).set({ text: 'Sold out' }).where(eq(messages.code, 'out_of_stock'));
    await db.update(settings).set({ value: 7500 }).where(eq(settings.key, 'minimum_purchase'));
    const before = await referenceRows(db);

    expect(await installReferenceData(db)).toEqual({ added: 0 });

    expect(await referenceRows(db)).toEqual(before);
    expect((await ratesByProvince(db)).ON).toBe(140_000);
    const [message] = await db.select().from(messages).where(eq(messages.code, 'out_of_stock'));
    expect(message?.text).toBe('Sold out');
    await db.update(taxComponents).set({ ratePpm: 130_000 }).where(hst);
  });

  it('keeps a province’s taxes the owner changed, and mends one left without any', async () => {
    // Not registered for QST: GST alone in Quebec. Manitoba's rows deleted by mistake.
    await db
      .delete(taxComponents)
      .where(and(eq(taxComponents.provinceCode, 'QC'), eq(taxComponents.name, 'QST')));
    await db.delete(taxComponents).where(eq(taxComponents.provinceCode, 'MB'));
    await db.delete(messages).where(eq(messages.code, 'cart_empty'));

    expect(await installReferenceData(db)).toEqual({ added: 3 });

    const rates = await ratesByProvince(db);
    expect(rates.QC).toBe(50_000);
    expect(rates.MB).toBe(120_000);
    const [message] = await db.select().from(messages).where(eq(messages.code, 'cart_empty'));
    expect(message?.text).toBe('Your cart is currently empty.');
  });
});
