import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/database.ts';

/**
 * Resolves once a connection of this database waits for a row lock another holds: a test of a race
 * on PostgreSQL starts the second writer, waits for this, then lets the first one finish.
 */
export async function untilSomeoneWaitsForALock(db: Database): Promise<void> {
  for (let tries = 0; tries < 400; tries++) {
    const [row] = await rowsOf<{ waiting: number }>(
      db,
      sql`SELECT count(*)::int AS waiting FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (row && row.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('nobody waited for a lock');
}
