import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockChanges } from '../../db/schema.ts';
import { createTestApp, firstSizedProductAndPackage, type TestApp } from '../../test/app.ts';
import {
  addBulkProducts,
  BULK_1234,
  inUndoneTransaction,
  sequentialScans,
} from '../../test/large-catalogue.ts';
import { rowChecks } from '../../test/rows.ts';
import * as queries from './stock.queries.ts';

/**
 * The back office's stock statements answer rows of exactly their schemas' shapes, on the database
 * this run uses (PGlite, and PostgreSQL with TEST_DATABASE_URL); each must answer rows.
 */
const { expectRows, unchecked } = rowChecks(queries);
let t: TestApp;
let sized: { id: number; size_id: number };

beforeAll(async () => {
  t = await createTestApp();
  ({ sized } = await firstSizedProductAndPackage(t.db));
  await t.db
    .insert(stockChanges)
    .values({ productId: sized.id, sizeId: sized.size_id, before: 1, after: 2, reason: 'counted' });
});
afterAll(() => t.close());

describe('the stock statements answer the shapes of their row schemas', () => {
  it('a page of the stock list, searched and low', async () => {
    await expectRows(queries.selectStockPage, t.db, { page: 1 });
    await expectRows(queries.selectStockPage, t.db, { q: 'a', low: false, page: 2 });
  });

  it('the rows of the CSV export, from its cursor', () =>
    t.db.transaction(async (tx) => {
      await queries.declareStockCsvCursor(tx);
      await expectRows(queries.fetchStockCsvRows, tx, 3);
    }));

  it('a page of the history, of one product and of everything', async () => {
    const [entry] = await expectRows(queries.selectStockHistoryPage, t.db, { productId: sized.id, page: 1 });
    expect(entry?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    await expectRows(queries.selectStockHistoryPage, t.db, { page: 1 });
  });

  it("finds a rare text's items by the indexes after many searches for a common one", () =>
    // 20,000 more products. A search planned for a common text ('sock') joins its products to the
    // whole stock table; one for a text a few products hold must not.
    inUndoneTransaction(t.db, async (tx) => {
      await addBulkProducts(tx, 20_000);
      await tx.execute(queries.PLANNED_FOR_THE_TEXT);
      for (let search = 0; search < 6; search++) await queries.selectStockPage(tx, { q: 'sock', page: 1 });
      const before = await sequentialScans(tx, 'stock');
      const rows = await queries.selectStockPage(tx, { q: 'bulk-1234', page: 1 });
      expect(rows.map((row) => row.code).sort()).toEqual(BULK_1234);
      expect(rows[0]?.total).toBe(BULK_1234.length);
      expect(await sequentialScans(tx, 'stock')).toBe(before);
    }));

  it('every statement of stock.queries.ts is checked', () => expect(unchecked()).toEqual([]));
});
