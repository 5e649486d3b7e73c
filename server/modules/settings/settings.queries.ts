/**
 * The settings' and tax rates' SQL, for the statements that read them beside other things
 * (checkout's context), and the tax rate's statement beside the zod schema of its row
 * (settings.queries.test.ts checks it on PGlite and PostgreSQL).
 */
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { typedQuery } from '../../db/typed-query.ts';

/** The settings rows as one JSON column, for a statement that reads them beside other things. */
export const SETTINGS_JSON = sql`(SELECT coalesce(json_agg(json_build_object('key', key, 'value', value)), '[]')
   FROM settings)`;

/**
 * The summed rate of the tax components of a province (an SQL expression of it), in ppm; NULL
 * when the province has none, which the caller turns into taxRateMissing, never into 0%.
 */
export function taxRatePpmOf(province: SQL, country: SQL = sql`'CA'`): SQL {
  return sql`(SELECT sum(t.rate_ppm)::int FROM tax_components t
              WHERE t.country_code = ${country} AND t.province_code = upper(${province}))`;
}

/** The summed rate of a province's tax components, in ppm; one row, ppm null when it has none. */
export const selectTaxRate = typedQuery(
  z.object({ ppm: z.number().int().nullable() }),
  (province: string, country: string) =>
    sql`SELECT ${taxRatePpmOf(sql`${province}`, sql`${country}`)} AS ppm`,
);
