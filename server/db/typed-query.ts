import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type DbOrTx, rowsOf } from './database.ts';

/**
 * A raw SQL statement bound to the zod schema of its rows (docs/decisions/002: raw SQL where it was
 * measured to pay; epic-stack's typed SQL is the model). The rows' type is the schema's, so a
 * statement cannot be read as another shape, and the schema is proven against PGlite and
 * PostgreSQL by the statement's test (`expectRows` in server/test/rows.ts). At run time the rows
 * are trusted: the hot paths parse nothing.
 */
export interface TypedQuery<Schema extends z.ZodType, Args extends unknown[]> {
  (db: DbOrTx, ...args: Args): Promise<z.output<Schema>[]>;
  readonly rowSchema: Schema;
}

export function typedQuery<Schema extends z.ZodType, Args extends unknown[]>(
  rowSchema: Schema,
  statement: (...args: Args) => SQL,
): TypedQuery<Schema, Args> {
  const run = (db: DbOrTx, ...args: Args) => rowsOf<z.output<Schema>>(db, statement(...args));
  return Object.assign(run, { rowSchema });
}

export function isTypedQuery(value: unknown): value is TypedQuery<z.ZodType, unknown[]> {
  return typeof value === 'function' && 'rowSchema' in value;
}
