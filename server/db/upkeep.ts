/**
 * The tables' upkeep where no autovacuum runs (docs/decisions/023). PGlite has none: it is one
 * backend, without PostgreSQL's background workers. Without it, every change to a cart left a dead
 * row behind for good, and the statistics stayed those of the day the tables were created: its one
 * connection, which lives as long as the server, kept planning a cart's lookup as a scan of a
 * table that was empty then. Each order made the next slower (44.7 orders a second falling to 27.8
 * after 1,200 orders, on PGlite). A PostgreSQL server normally runs autovacuum, and then the shop
 * leaves the work to it; with autovacuum turned off, the shop does it.
 *
 * A pass does what autovacuum would: it vacuums a table whose dead or newly inserted rows passed
 * autovacuum's default thresholds, and analyses one whose changed rows did. ANALYZE also makes
 * every connection plan its statements on that table again.
 */
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, DatabaseHandle } from './database.ts';
import { typedQuery } from './typed-query.ts';

/** How often a pass looks at the tables: autovacuum's own default (autovacuum_naptime). */
export const UPKEEP_INTERVAL_MS = 60_000;

/** The tables a pass kept: vacuumed (and analysed where due) or only analysed. */
export interface UpkeepPass {
  vacuumed: string[];
  analyzed: string[];
}

const tableDueSchema = z.object({
  table_name: z.string(),
  vacuum_due: z.boolean(),
  analyze_due: z.boolean(),
});

/** The pages under which a table never vacuumed nor analysed is planned as this many (plancat.c). */
const NEW_TABLE_PLANNED_PAGES = 10;

/**
 * Whether the table of this pg_class oid fills the ten pages PostgreSQL assumes of a new table: the
 * seed analyses only such tables, and the upkeep leaves a never-analysed table alone below them.
 */
export function outgrewNewTablePlan(oid: SQL): SQL {
  return sql`pg_relation_size(${oid}) >= ${NEW_TABLE_PLANNED_PAGES} * current_setting('block_size')::int`;
}

/**
 * The shop's tables past autovacuum's default thresholds (autovacuum_vacuum_threshold 50 and
 * scale factor 0.2 of the table's rows; the insert threshold 1,000 and 0.2; the analyse threshold
 * 50 and 0.1), each with its quoted name. A table never analysed counts its rows as none.
 *
 * Unlike autovacuum, a pass leaves a table never vacuumed nor analysed alone while it is under ten
 * pages: PostgreSQL plans such a table as ten pages, for it may grow, and a lookup by key uses its
 * index; analysed at a few rows (a new shop's carts, its first card owners), it would be planned as
 * the few rows it held, and the prepared statements' generic plans would read it whole while it
 * grew, until the next pass (docs/decisions/025).
 */
export const selectTablesDue = typedQuery(
  tableDueSchema,
  () => sql`
    SELECT table_name, vacuum_due, analyze_due FROM (
      SELECT format('%I.%I', s.schemaname, s.relname) AS table_name,
        s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
          OR s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0) AS vacuum_due,
        s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) AS analyze_due
      FROM pg_stat_user_tables s
      JOIN pg_class c ON c.oid = s.relid
      WHERE c.reltuples >= 0 OR ${outgrewNewTablePlan(sql`c.oid`)}
    ) due
    WHERE vacuum_due OR analyze_due
    ORDER BY table_name`,
);

/** One pass: vacuums and analyses the tables due, one at a time. */
export async function keepTables(db: Database): Promise<UpkeepPass> {
  const pass: UpkeepPass = { vacuumed: [], analyzed: [] };
  for (const table of await selectTablesDue(db)) {
    const name = sql.raw(table.table_name);
    if (table.vacuum_due) {
      await db.execute(table.analyze_due ? sql`VACUUM (ANALYZE) ${name}` : sql`VACUUM ${name}`);
      pass.vacuumed.push(table.table_name);
    } else {
      await db.execute(sql`ANALYZE ${name}`);
    }
    if (table.analyze_due) pass.analyzed.push(table.table_name);
  }
  return pass;
}

/** Whether the PostgreSQL server runs autovacuum ('on' or 'off'). */
export const selectAutovacuum = typedQuery(
  z.object({ autovacuum: z.string() }),
  () => sql`SELECT current_setting('autovacuum') AS autovacuum`,
);

/** Whether the shop keeps its tables itself: always on PGlite; on PostgreSQL when autovacuum is off. */
export async function keepsOwnTables(database: DatabaseHandle): Promise<boolean> {
  if (database.kind === 'pglite') return true;
  const [row] = await selectAutovacuum(database.db);
  return row?.autovacuum === 'off';
}

/** What the schedule tells of its passes. */
export interface UpkeepReport {
  /** A pass that vacuumed or analysed something, and how long it took. */
  kept(pass: UpkeepPass, milliseconds: number): void;
  failed(error: unknown): void;
}

/**
 * Runs a pass every UPKEEP_INTERVAL_MS where the shop keeps its own tables, and answers how to stop
 * it. A pass still running when the next is due (a large table vacuumed on a slow machine) is left
 * to finish, and the minutes that come meanwhile start none.
 */
export async function startTableUpkeep(database: DatabaseHandle, report: UpkeepReport): Promise<() => void> {
  if (!(await keepsOwnTables(database))) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    const started = performance.now();
    keepTables(database.db)
      .then(
        (pass) => {
          if (pass.vacuumed.length + pass.analyzed.length > 0) {
            report.kept(pass, Math.round(performance.now() - started));
          }
        },
        (error: unknown) => report.failed(error),
      )
      .finally(() => {
        running = false;
      });
  }, UPKEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
