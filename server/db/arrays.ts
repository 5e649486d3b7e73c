/**
 * Array parameters, each sent as one literal: Drizzle spreads a JS array in a `sql` template into
 * one parameter per value, and a statement prepared once (database.ts) needs the same parameters
 * whatever the array's length.
 */
import { type SQL, sql } from 'drizzle-orm';

/** Any text, quoted as an element of an array literal (backslashes and double quotes escaped). */
function element(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** A text[] parameter. */
export function textArray(values: readonly string[]): SQL {
  return sql`${`{${values.map(element).join(',')}}`}::text[]`;
}

/** An int[] parameter. */
export function intArray(values: readonly number[]): SQL {
  return sql`${`{${values.join(',')}}`}::int[]`;
}
