/**
 * Product and package visits (spec §2 "Each visit is recorded"). A visit is a write on every page
 * view; counting in memory and writing the sums once a second keeps it off the request path and
 * turns a burst of views into one UPDATE per table. Visits only rank the dashboard, so a count lost
 * in a crash costs nothing that matters.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';

export type VisitTarget = 'product' | 'package';

const FLUSH_BATCH = 1_000;

export interface VisitCounterOptions {
  flushMs?: number;
  log?: (message: string) => void;
}

export function createVisitCounter(
  db: Database,
  { flushMs = 1_000, log = () => undefined }: VisitCounterOptions = {},
) {
  const pending: Record<VisitTarget, Map<number, number>> = { product: new Map(), package: new Map() };
  let flushing: Promise<void> = Promise.resolve();

  async function write(target: VisitTarget, counts: [number, number][]): Promise<void> {
    const table = target === 'product' ? sql`products` : sql`packages`;
    for (let start = 0; start < counts.length; start += FLUSH_BATCH) {
      const rows: SQL[] = counts
        .slice(start, start + FLUSH_BATCH)
        .map(([id, n]) => sql`(${id}::int, ${n}::int)`);
      await db.execute(
        sql`UPDATE ${table} AS t SET visits = t.visits + v.n FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(id, n) WHERE t.id = v.id`,
      );
    }
  }

  /** Writes the counted visits; visits counted meanwhile wait for the next flush. */
  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      for (const target of ['product', 'package'] as const) {
        const counts = [...pending[target]];
        if (counts.length === 0) continue;
        pending[target].clear();
        try {
          await write(target, counts);
        } catch (error) {
          log(`visits not recorded: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    });
    return flushing;
  }

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    record(target: VisitTarget, id: number): void {
      const counts = pending[target];
      counts.set(id, (counts.get(id) ?? 0) + 1);
    },
    flush,
    /** Stops the timer and writes what is left (before the database closes). */
    async close(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}

export type VisitCounter = ReturnType<typeof createVisitCounter>;
