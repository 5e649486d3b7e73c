import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { type DbOrTx, isPreparable, rowsOf } from './database.ts';

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

/** What a compiled statement is run with: which of its variants, and its named values. */
export interface Bound<Values extends Record<string, unknown>> {
  variant: string;
  values: Values;
}

/** The statement's values as placeholders, each standing for the value of its name. */
export type Placeholders<Values extends Record<string, unknown>> = {
  [Name in keyof Values]: Placeholder<Name & string>;
};

const dialect = new PgDialect();

/**
 * A typedQuery for the hottest statements: each variant's SQL is built and turned into text once,
 * with placeholders, and each call only binds its values. Building Add to Cart's statement with
 * drizzle cost about 8 µs a call (of some 155 µs of JavaScript), and naming a new text for the prepared
 * statement hashed all of it again; a compiled text is the same string every call.
 * `bind` says which variant a call runs and with which values; `statement` builds a variant from
 * the placeholders of those values.
 */
export function compiledQuery<
  Schema extends z.ZodType,
  Args extends unknown[],
  Values extends Record<string, unknown>,
>(
  rowSchema: Schema,
  bind: (...args: Args) => Bound<Values>,
  statement: (variant: string, placeholders: Placeholders<Values>) => SQL,
): TypedQuery<Schema, Args> {
  const compiled = new Map<string, ReturnType<PgDialect['sqlToQuery']>>();
  const compile = ({ variant, values }: Bound<Values>) => {
    const placeholders = Object.fromEntries(
      Object.keys(values).map((name) => [name, sql.placeholder(name)]),
    ) as Placeholders<Values>;
    const query = dialect.sqlToQuery(statement(variant, placeholders));
    // A compiled statement is a hot one: unprepared, it would be parsed and planned at every call
    // (a ';' in one SQL comment once made each checkout context four times dearer in PostgreSQL).
    if (!isPreparable(query.sql))
      throw new Error(`the compiled statement "${variant}" would run unprepared (a ';' in it?)`);
    compiled.set(variant, query);
    return query;
  };
  const run = async (db: DbOrTx, ...args: Args) => {
    const bound = bind(...args);
    const query = compiled.get(bound.variant) ?? compile(bound);
    const result: unknown = await db._.session
      .prepareQuery(query, undefined, undefined, false)
      .execute(bound.values);
    return (result as { rows: z.output<Schema>[] }).rows;
  };
  return Object.assign(run, { rowSchema });
}

export function isTypedQuery(value: unknown): value is TypedQuery<z.ZodType, unknown[]> {
  return typeof value === 'function' && 'rowSchema' in value;
}
