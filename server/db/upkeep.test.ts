import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { rowChecks } from '../test/rows.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { type DatabaseHandle, rowsOf } from './database.ts';
import * as queries from './upkeep.ts';
import { keepsOwnTables, keepTables, startTableUpkeep, UPKEEP_INTERVAL_MS } from './upkeep.ts';

/**
 * The tables' upkeep where no autovacuum runs: a pass vacuums and analyses what autovacuum would,
 * and leaves alone what it would not, on PGlite and PostgreSQL.
 */
let handle: DatabaseHandle;
const { expectRows, unchecked } = rowChecks(queries);

beforeAll(async () => {
  // One connection: a backend's counters reach the statistics views when it flushes them, and
  // pg_stat_force_next_flush() asks that of the backend it runs on.
  handle = await openTestDatabase(inject('databases'), 'empty', { poolSize: 1 });
  // Rows of some 340 bytes: 400 of them fill more than the ten pages under which a pass leaves a
  // table never analysed alone.
  await handle.db.execute(
    sql`CREATE TABLE upkeep_churn (id int PRIMARY KEY, n int NOT NULL, pad text NOT NULL DEFAULT repeat('x', 300))`,
  );
  await handle.db.execute(sql`CREATE TABLE upkeep_quiet (id int PRIMARY KEY)`);
});
afterAll(() => handle.close());

interface TableState {
  n_dead_tup: string;
  last_vacuum: string | null;
  last_analyze: string | null;
  reltuples: number;
}

async function stateOf(table: string): Promise<TableState> {
  await handle.db.execute(sql`SELECT pg_stat_force_next_flush()`);
  const [row] = await rowsOf<TableState>(
    handle.db,
    sql`SELECT s.n_dead_tup, s.last_vacuum, s.last_analyze, c.reltuples
        FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid WHERE s.relname = ${table}`,
  );
  if (!row) throw new Error(`no statistics for ${table}`);
  return row;
}

/** A pass, after the statistics of every statement before it were flushed. */
async function pass() {
  await handle.db.execute(sql`SELECT pg_stat_force_next_flush()`);
  await handle.db.execute(sql`SELECT 1`);
  const kept = await keepTables(handle.db);
  const ours = (tables: string[]) => tables.filter((table) => table.startsWith('public.upkeep_'));
  return { vacuumed: ours(kept.vacuumed), analyzed: ours(kept.analyzed) };
}

describe('the tables’ upkeep', () => {
  it('vacuums and analyses a table whose rows were rewritten past the thresholds, and only it', async () => {
    await handle.db.execute(sql`INSERT INTO upkeep_churn SELECT g, 0 FROM generate_series(1, 400) g`);
    await handle.db.execute(sql`INSERT INTO upkeep_quiet VALUES (1)`);
    // As carts are: rows rewritten over and over, each leaving a dead version behind.
    for (let round = 0; round < 3; round++) {
      await handle.db.execute(sql`UPDATE upkeep_churn SET n = n + 1`);
    }
    expect(Number((await stateOf('upkeep_churn')).n_dead_tup)).toBeGreaterThan(130);
    const due = await expectRows(queries.selectTablesDue, handle.db);
    expect(due).toContainEqual({ table_name: 'public.upkeep_churn', vacuum_due: true, analyze_due: true });

    expect(await pass()).toEqual({ vacuumed: ['public.upkeep_churn'], analyzed: ['public.upkeep_churn'] });
    const churn = await stateOf('upkeep_churn');
    expect(Number(churn.n_dead_tup)).toBe(0);
    expect(churn.last_vacuum).not.toBeNull();
    expect(churn.last_analyze).not.toBeNull();
    expect(churn.reltuples).toBe(400);
    // One row inserted is under every threshold: autovacuum would not touch it either.
    expect((await stateOf('upkeep_quiet')).last_analyze).toBeNull();
  });

  it('finds nothing to do right after a pass', async () => {
    expect(await pass()).toEqual({ vacuumed: [], analyzed: [] });
  });

  it('analyses a table that grew by more than a tenth, without vacuuming it', async () => {
    const before = await stateOf('upkeep_churn');
    await handle.db.execute(sql`INSERT INTO upkeep_churn SELECT g, 0 FROM generate_series(401, 500) g`);

    expect(await pass()).toEqual({ vacuumed: [], analyzed: ['public.upkeep_churn'] });
    const after = await stateOf('upkeep_churn');
    expect(after.reltuples).toBe(500);
    expect(after.last_vacuum).toBe(before.last_vacuum);
  });

  it('leaves a table never analysed alone while it is under ten pages, as PostgreSQL plans it as ten', async () => {
    await handle.db.execute(
      sql`CREATE TABLE upkeep_new (id int PRIMARY KEY, pad text NOT NULL DEFAULT repeat('x', 300))`,
    );
    // A hundred rows: past the thresholds (50 changed), on four pages.
    await handle.db.execute(sql`INSERT INTO upkeep_new (id) SELECT g FROM generate_series(1, 100) g`);
    expect(await pass()).toEqual({ vacuumed: [], analyzed: [] });
    expect((await stateOf('upkeep_new')).reltuples).toBe(-1);
    // Three hundred: past ten pages, and its statistics now choose what they would.
    await handle.db.execute(sql`INSERT INTO upkeep_new (id) SELECT g FROM generate_series(101, 300) g`);
    expect(await pass()).toEqual({ vacuumed: [], analyzed: ['public.upkeep_new'] });
    expect((await stateOf('upkeep_new')).reltuples).toBe(300);
  });

  it('is the shop’s own job on PGlite, and on PostgreSQL only when its autovacuum is off', async () => {
    const [setting] = await expectRows(queries.selectAutovacuum, handle.db);
    expect(setting?.autovacuum).toMatch(/^(on|off)$/);
    expect(await keepsOwnTables(handle)).toBe(handle.kind === 'pglite' || setting?.autovacuum === 'off');
  });

  it('runs a pass a minute where the shop keeps its tables, tells what it kept, and stops', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const kept = vi.fn();
      const failed = vi.fn();
      const stop = await startTableUpkeep(handle, { kept, failed });
      const rewriteAll = async () => {
        await handle.db.execute(sql`UPDATE upkeep_churn SET n = n + 1`);
        await handle.db.execute(sql`SELECT pg_stat_force_next_flush()`);
        await handle.db.execute(sql`SELECT 1`);
      };
      await rewriteAll();
      vi.advanceTimersByTime(UPKEEP_INTERVAL_MS - 1);
      expect(kept).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      if (await keepsOwnTables(handle)) {
        await vi.waitFor(() => expect(kept).toHaveBeenCalledTimes(1), { timeout: 10_000 });
        expect(kept.mock.calls[0]?.[0].vacuumed).toContain('public.upkeep_churn');
      }
      stop();
      const passesBeforeStop = kept.mock.calls.length;
      await rewriteAll();
      vi.advanceTimersByTime(2 * UPKEEP_INTERVAL_MS);
      // Time for a pass to have vacuumed the table, had one started.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(kept).toHaveBeenCalledTimes(passesBeforeStop);
      expect(Number((await stateOf('upkeep_churn')).n_dead_tup)).toBeGreaterThan(400);
      expect(failed).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('checks the rows of every statement of upkeep.ts', () => {
    expect(unchecked()).toEqual([]);
  });
});
