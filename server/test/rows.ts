import { expect } from 'vitest';
import type { z } from 'zod';
import type { DbOrTx } from '../db/database.ts';
import { isTypedQuery, type TypedQuery } from '../db/typed-query.ts';

/**
 * The shape checks of an `<area>.queries.ts` (server/db/typed-query.ts): each statement runs on
 * the database of this run (PGlite, or PostgreSQL with TEST_DATABASE_URL) and every row must be
 * exactly its schema's shape. A column missing, of another type (`count(*)` uncast is a string on
 * PostgreSQL) or unknown to the schema (parsing drops it, so the row no longer equals itself)
 * fails. A checked statement must answer rows, so no check passes empty, and `unchecked()` names
 * the module's statements that no test ran.
 */
export function rowChecks(queries: Record<string, unknown>) {
  const checked = new Set<unknown>();
  return {
    async expectRows<Schema extends z.ZodType, Args extends unknown[]>(
      query: TypedQuery<Schema, Args>,
      db: DbOrTx,
      ...args: Args
    ): Promise<z.output<Schema>[]> {
      const rows = await query(db, ...args);
      expect(rows.length, 'a statement checked must answer rows').toBeGreaterThan(0);
      for (const row of rows) expect(query.rowSchema.parse(row)).toEqual(row);
      checked.add(query);
      return rows;
    },

    unchecked(): string[] {
      return Object.entries(queries)
        .filter(([, value]) => isTypedQuery(value) && !checked.has(value))
        .map(([name]) => name);
    },
  };
}
