/**
 * The settings' and tax rates' SQL, for the statements that read them beside other things
 * (checkout's context), and the tax rate's statement beside the zod schema of its row
 * (settings.queries.test.ts checks it on PGlite and PostgreSQL).
 */
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_STORE_TIME_ZONE, STORE_TIME_ZONE_NAMES } from '../../../domain/dates.ts';
import { typedQuery } from '../../db/typed-query.ts';

/** The settings rows as one JSON column, for a statement that reads them beside other things. */
export const SETTINGS_JSON = sql`(SELECT coalesce(json_agg(json_build_object('key', key, 'value', value)), '[]')
   FROM settings)`;

/**
 * The store's time zone (its setting, as settingsFrom reads it: a zone the shop does not offer is
 * the default). The names are the shop's own constants, never input.
 */
export const STORE_TIME_ZONE_SQL = sql.raw(
  `coalesce((SELECT value #>> '{}' FROM settings WHERE key = 'store_time_zone'
               AND value #>> '{}' IN (${STORE_TIME_ZONE_NAMES.map((zone) => `'${zone}'`).join(', ')})),
            '${DEFAULT_STORE_TIME_ZONE}')`,
);

/** Today in the store's time zone: the day a tax rate's effective_from is compared with. */
export const STORE_TODAY = sql`(now() AT TIME ZONE ${STORE_TIME_ZONE_SQL})::date`;

/**
 * The summed rate of the tax components of a province (an SQL expression of it), in ppm; NULL
 * when the province has none, which the caller turns into taxRateMissing, never into 0%. Each
 * component counts at its newest rate in effect today (a correction takes effect on its date).
 */
export function taxRatePpmOf(province: SQL, country: SQL = sql`'CA'`): SQL {
  return sql`(SELECT sum(t.rate_ppm)::int FROM tax_components t
              WHERE t.country_code = ${country} AND t.province_code = upper(${province})
                AND t.effective_from = (SELECT max(e.effective_from) FROM tax_components e
                                        WHERE e.country_code = t.country_code
                                          AND e.province_code = t.province_code
                                          AND e.name = t.name AND e.effective_from <= ${STORE_TODAY}))`;
}

/** The summed rate of a province's tax components, in ppm; one row, ppm null when it has none. */
export const selectTaxRate = typedQuery(
  z.object({ ppm: z.number().int().nullable() }),
  (province: string, country: string) =>
    sql`SELECT ${taxRatePpmOf(sql`${province}`, sql`${country}`)} AS ppm`,
);

/** Today in the store's time zone, 'YYYY-MM-DD', as the tax rates compare it. */
export const selectStoreToday = typedQuery(
  z.object({ today: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  () => sql`SELECT ${STORE_TODAY}::text AS today`,
);

/**
 * The store's province and its summed rate (ppm, null when it has none) in one statement: the
 * province is its setting, or `defaultProvince` when the setting is unset or not a text (as
 * settingsFrom reads it).
 */
export const selectStoreTaxRate = typedQuery(
  z.object({ province: z.string(), ppm: z.number().int().nullable() }),
  (defaultProvince: string) =>
    sql`SELECT store.province, ${taxRatePpmOf(sql`store.province`)} AS ppm
        FROM (SELECT coalesce((SELECT value #>> '{}' FROM settings
                               WHERE key = 'store_province' AND jsonb_typeof(value) = 'string'),
                              ${defaultProvince}) AS province) store`,
);
