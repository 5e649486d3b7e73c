import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, firstSizedProductAndPackage, type TestApp } from '../../test/app.ts';
import { inUndoneTransaction, sequentialScans } from '../../test/large-catalogue.ts';
import { rowChecks } from '../../test/rows.ts';
import { selectCategories } from '../catalog/catalog.queries.ts';
import { buildCategoryTree } from '../catalog/category-tree.ts';
import * as queries from './inventory.queries.ts';

/**
 * The stock statements answer rows of exactly their schemas' shapes, on the database this run uses
 * (PGlite, and PostgreSQL with TEST_DATABASE_URL); each must answer rows, so no check passes empty.
 */
const { expectRows, unchecked } = rowChecks(queries);
let t: TestApp;
let sized: { id: number; size_id: number };
let pack: { id: number; product_id: number };

beforeAll(async () => {
  t = await createTestApp();
  ({ sized, pack } = await firstSizedProductAndPackage(t.db));
});
afterAll(() => t.close());

describe('the stock statements answer the shapes of their row schemas', () => {
  it('a product, a product in a size, a package', async () => {
    await expectRows(queries.selectProductStock, t.db, sized.id);
    await expectRows(queries.selectSizeStock, t.db, sized.id, sized.size_id);
    await expectRows(queries.selectPackageStock, t.db, pack.id);
  });

  it('a category, and the check of cart lines', async () => {
    const tree = buildCategoryTree(await selectCategories(t.db));
    const root = tree.roots[0];
    if (!root) throw new Error('the demo data has tabs');
    await expectRows(queries.selectCategoryStock, t.db, root.id, tree.subtree(root.id));
    const lines = [
      { productId: sized.id, size_id: sized.size_id, packageId: null, quantity: 1 },
      { productId: pack.product_id, size_id: null, packageId: pack.id, quantity: 2 },
      { productId: 2_000_000_000, size_id: null, packageId: null, quantity: 1 },
    ];
    expect(await expectRows(queries.selectLineStock, t.db, lines)).toHaveLength(3);
  });

  it("a sale's products and packages taken", async () => {
    const taken = await t.db.transaction(async (tx) => {
      const products = await expectRows(queries.takeItems, tx, 'products', [
        { position: 0, id: sized.id, sizeId: sized.size_id, quantity: 0 },
      ]);
      const packages = await expectRows(queries.takeItems, tx, 'packages', [
        { position: 0, id: pack.id, sizeId: null, quantity: 0 },
      ]);
      return [...products, ...packages];
    });
    expect(taken).toEqual([{ position: 0 }, { position: 0 }]);
  });

  it("a writer's products and packages locked", async () => {
    const locked = await t.db.transaction(async (tx) => [
      ...(await expectRows(queries.lockItems, tx, 'products', [{ id: sized.id, sizeId: sized.size_id }])),
      ...(await expectRows(queries.lockItems, tx, 'packages', [{ id: pack.id, sizeId: null }])),
    ]);
    expect(locked).toHaveLength(2);
  });

  it('every statement of inventory.queries.ts is checked', () => expect(unchecked()).toEqual([]));
});

describe('the stock statements at a large catalogue', () => {
  it("reads a sale's stock rows by the index, not the whole table, however large it is", async () => {
    // About 20,000 stock rows: the whole table read for each sale cost 5 ms an order at 10,000
    // products, where the index costs a tenth of that.
    await inUndoneTransaction(t.db, async (tx) => {
      await tx.execute(sql`INSERT INTO sizes (type_id, name)
        SELECT (SELECT min(id) FROM size_types), 'many ' || n
        FROM generate_series(1, 20000 / (SELECT count(*) FROM products)::int + 1) n`);
      await tx.execute(sql`INSERT INTO stock (product_id, size_id, instock)
        SELECT p.id, z.id, 5 FROM products p CROSS JOIN sizes z WHERE z.name LIKE 'many %'`);
      const before = await sequentialScans(tx, 'stock');
      const item = { id: sized.id, sizeId: sized.size_id };
      await queries.takeItems(tx, 'products', [{ ...item, position: 0, quantity: 0 }]);
      await queries.lockItems(tx, 'products', [item]);
      expect(await sequentialScans(tx, 'stock')).toBe(before);
    });
  });
});
