/**
 * Reference data: what every shop needs to sell, demo or not — the countries and provinces an
 * address names, each province's tax components, the message catalogue and the settings' starting
 * values. Installed on every start (main.ts, the seed command, the tests' databases), apart from
 * the demo catalogue and accounts, so a shop started with SEED_DEMO_DATA=false can take an order.
 *
 * Not reference data, because a shop with none of it still works: size types and sizes (the
 * owner's own, named for what the owner sells; a product without a size type sells as one size),
 * the custom-order steps (content with pictures; the process page lists none), categories,
 * products, offers and accounts. Those are the demo's (demo-data.ts) or the owner's.
 *
 * Rates are parts per million.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_MESSAGES } from '../../../domain/messages.ts';
import { CANADIAN_PROVINCES } from '../../../domain/provinces.ts';
import { SETTING_DEFAULTS } from '../../modules/settings/settings.service.ts';
import { type Database, rowsOf } from '../database.ts';
import { countries, messages, provinces, settings } from '../schema.ts';

// ---------------------------------------------------------------- places and taxes

export const COUNTRIES = [
  { code: 'CA', name: 'Canada', shippable: true },
  { code: 'US', name: 'United States', shippable: false },
] as const;

/** For the checkout's province dropdown when a US billing address is entered. */
export const US_STATES = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
] as const;

const GST = 50_000;

/** Rates in force since 1 April 2025 (Nova Scotia's HST went from 15% to 14% that day). */
export const CANADIAN_TAX_COMPONENTS: readonly { province: string; name: string; ratePpm: number }[] = [
  { province: 'AB', name: 'GST', ratePpm: GST },
  { province: 'BC', name: 'GST', ratePpm: GST },
  { province: 'BC', name: 'PST', ratePpm: 70_000 },
  { province: 'MB', name: 'GST', ratePpm: GST },
  // Manitoba calls it the Retail Sales Tax; shown as PST like the other provincial sales taxes.
  { province: 'MB', name: 'PST', ratePpm: 70_000 },
  { province: 'NB', name: 'HST', ratePpm: 150_000 },
  { province: 'NL', name: 'HST', ratePpm: 150_000 },
  { province: 'NS', name: 'HST', ratePpm: 140_000 },
  { province: 'NT', name: 'GST', ratePpm: GST },
  { province: 'NU', name: 'GST', ratePpm: GST },
  { province: 'ON', name: 'HST', ratePpm: 130_000 },
  { province: 'PE', name: 'HST', ratePpm: 150_000 },
  { province: 'QC', name: 'GST', ratePpm: GST },
  { province: 'QC', name: 'QST', ratePpm: 99_750 },
  { province: 'SK', name: 'GST', ratePpm: GST },
  { province: 'SK', name: 'PST', ratePpm: 60_000 },
  { province: 'YT', name: 'GST', ratePpm: GST },
];

// ---------------------------------------------------------------- messages

/** The message catalogue's rows (domain/messages.ts). */
export const MESSAGES: readonly { code: string; text: string }[] = Object.entries(DEFAULT_MESSAGES).map(
  ([code, text]) => ({ code, text }),
);

/** Taken by each installer: instances starting together on one PostgreSQL install one at a time. */
const REFERENCE_DATA_LOCK = 7_460_303;

/**
 * Inserts the reference rows the database lacks, in one transaction, and answers how many it
 * added (0 when everything was there). A row that exists is never touched, so a rate, a message
 * or a setting the owner changed stays as the owner left it; a new rate by law reaches an existing
 * shop through the owner (or a migration), not through this. A message, setting, country or
 * province someone deleted comes back on the next start.
 *
 * Taxes are installed per province: only a province with no component at all gets its set. A
 * province whose set the owner changed keeps it (a small supplier not registered for QST collects
 * GST alone in Quebec), and one left with no rate, which would stop every sale there, is mended.
 */
export async function installReferenceData(db: Database): Promise<{ added: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${REFERENCE_DATA_LOCK})`);
    const written = [
      // settingsFrom() falls back to the same defaults; stored, a shop keeps the values it started
      // with when a default in the code changes, and changing a setting updates a row that exists.
      await tx
        .insert(settings)
        .values(Object.entries(SETTING_DEFAULTS).map(([key, value]) => ({ key, value })))
        .onConflictDoNothing()
        .returning({ key: settings.key }),
      await tx
        .insert(messages)
        .values([...MESSAGES])
        .onConflictDoNothing()
        .returning({ code: messages.code }),
      await tx
        .insert(countries)
        .values([...COUNTRIES])
        .onConflictDoNothing()
        .returning({ code: countries.code }),
      await tx
        .insert(provinces)
        .values([
          ...CANADIAN_PROVINCES.map((p) => ({ countryCode: 'CA', code: p.code, name: p.name })),
          ...US_STATES.map(([code, name]) => ({ countryCode: 'US', code, name })),
        ])
        .onConflictDoNothing()
        .returning({ code: provinces.code }),
      await rowsOf<{ id: number }>(
        tx,
        sql`INSERT INTO tax_components (country_code, province_code, name, rate_ppm)
            SELECT 'CA', c.province, c.name, c."ratePpm"
            FROM json_to_recordset(${JSON.stringify(CANADIAN_TAX_COMPONENTS)}::json)
              AS c(province text, name text, "ratePpm" int)
            WHERE NOT EXISTS (SELECT 1 FROM tax_components t
                              WHERE t.country_code = 'CA' AND t.province_code = c.province)
            RETURNING id`,
      ),
    ];
    return { added: written.reduce((sum, rows) => sum + rows.length, 0) };
  });
}
