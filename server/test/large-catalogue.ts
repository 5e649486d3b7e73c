import { sql, TransactionRollbackError } from 'drizzle-orm';
import { type Database, rowsOf, type Tx } from '../db/database.ts';

/**
 * Tests of how a statement reads a large catalogue (decisions 018 and 019): the rows are added in a
 * transaction that is undone, and what the statement read is told by the transaction's own table
 * statistics.
 */

/** Runs `work` in a transaction that is then undone, whatever it wrote. */
export async function inUndoneTransaction(db: Database, work: (tx: Tx) => Promise<void>): Promise<void> {
  await db
    .transaction(async (tx) => {
      await work(tx);
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
}

/** How many times this transaction has read `table` sequentially, whole. */
export async function sequentialScans(tx: Tx, table: 'products' | 'stock'): Promise<number> {
  const [row] = await rowsOf<{ scans: number }>(
    tx,
    sql`SELECT seq_scan::int AS scans FROM pg_stat_xact_user_tables WHERE relid = ${table}::regclass`,
  );
  return row?.scans ?? Number.NaN;
}

/**
 * `count` more products in the first group, coded 'BULK-1' to 'BULK-<count>' and named 'Bulk wool
 * sock <n>', each with a stock line; then, as a shop's autovacuum leaves grown tables, their
 * statistics up to date and the GIN indexes' new entries merged (a pending list is read whole by
 * every search that uses the index).
 */
export async function addBulkProducts(tx: Tx, count: number): Promise<void> {
  await tx.execute(sql`INSERT INTO products (category_id, code, name, pricing)
    SELECT (SELECT min(category_id) FROM products), 'BULK-' || n, 'Bulk wool sock ' || n, 999
    FROM generate_series(1, ${count}::int) n`);
  await tx.execute(sql`INSERT INTO stock (product_id, size_id, instock)
    SELECT id, NULL, 5 FROM products WHERE code LIKE 'BULK-%'`);
  await tx.execute(sql`ANALYZE products, stock`);
  await tx.execute(sql`SELECT gin_clean_pending_list(indexrelid) FROM pg_index i
    JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
    WHERE i.indrelid = 'products'::regclass AND a.amname = 'gin'`);
}

/** The codes of the bulk products a search for 'bulk-1234' finds, of 20,000. */
export const BULK_1234 = ['BULK-1234', ...Array.from({ length: 10 }, (_, n) => `BULK-1234${n}`)].sort();
