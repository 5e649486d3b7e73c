import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/database.ts';

/**
 * A digest of every table's rows (but the visit counters, which reads move on purpose): a test takes
 * one before and one after calls that must write nothing, and compares them with changedTables.
 */
export async function snapshot(db: DbOrTx): Promise<Map<string, string>> {
  const columns = await rowsOf<{ table_name: string; column_name: string }>(
    db,
    sql`SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name <> 'visits'
        ORDER BY table_name, ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name, column_name } of columns) {
    byTable.set(table_name, [...(byTable.get(table_name) ?? []), `"${column_name}"`]);
  }
  const selects = [...byTable].map(
    ([table, names]) =>
      `SELECT '${table}' AS name, md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) AS digest
       FROM (SELECT ${names.join(', ')} FROM "${table}") r`,
  );
  const rows = await rowsOf<{ name: string; digest: string }>(db, sql.raw(selects.join(' UNION ALL ')));
  return new Map(rows.map((row) => [row.name, row.digest]));
}

export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([name, digest]) => before.get(name) !== digest).map(([name]) => name);
}
