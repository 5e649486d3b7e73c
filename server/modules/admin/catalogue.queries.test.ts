import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTS_PAGE_SIZE, type ProductListQuery } from '../../../domain/admin/catalogue.ts';
import { products } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  addBulkProducts,
  BULK_1234,
  inUndoneTransaction,
  sequentialScans,
} from '../../test/large-catalogue.ts';
import { rowChecks } from '../../test/rows.ts';
import * as queries from './catalogue.queries.ts';

/**
 * The back office's product list statement answers rows of its schema's shape, on the database this
 * run uses (PGlite, and PostgreSQL with TEST_DATABASE_URL), and the products its filters keep, in
 * its order, page by page.
 */
const { expectRows, unchecked } = rowChecks(queries);
let t: TestApp;
let everything: { id: number; code: string; name: string; active: boolean; categoryId: number }[];

beforeAll(async () => {
  t = await createTestApp();
  const [archived] = await t.db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(1);
  await t.db
    .update(products)
    .set({ active: false })
    .where(eq(products.id, archived?.id ?? 0));
  everything = await t.db
    .select({
      id: products.id,
      code: products.code,
      name: products.name,
      active: products.active,
      categoryId: products.categoryId,
    })
    .from(products)
    .orderBy(desc(products.active), asc(products.code));
});
afterAll(() => t.close());

/** What a page should hold: the products kept, in the list's order, and how many were kept. */
function expected(query: ProductListQuery) {
  const text = query.q?.toLowerCase();
  const kept = everything.filter(
    (p) =>
      (!text || p.code.toLowerCase().includes(text) || p.name.toLowerCase().includes(text)) &&
      (query.category_id === undefined || p.categoryId === query.category_id) &&
      (query.archived === undefined || p.active === !query.archived),
  );
  const start = (query.page - 1) * PRODUCTS_PAGE_SIZE;
  return { ids: kept.slice(start, start + PRODUCTS_PAGE_SIZE).map((p) => p.id), total: kept.length };
}

async function listed(query: ProductListQuery) {
  const rows = await queries.selectProductListPage(t.db, query);
  const total = rows[0]?.total ?? (await queries.selectProductListTotal(t.db, query))[0]?.total;
  expect(rows.every((row) => row.total === total)).toBe(true);
  return { ids: rows.map((row) => row.id), total };
}

describe('the product list statements', () => {
  it('answer the shapes of their row schemas', async () => {
    await expectRows(queries.selectProductListPage, t.db, { page: 1 });
    await expectRows(queries.selectProductListPage, t.db, { q: 'sock', page: 1 });
    await expectRows(queries.selectProductListTotal, t.db, { q: 'no such product', page: 1 });
  });

  it('list every product, active first, then by code, page by page', async () => {
    expect(everything.length).toBeGreaterThan(PRODUCTS_PAGE_SIZE);
    for (const page of [1, 2]) expect(await listed({ page })).toEqual(expected({ page }));
    const last = await listed({ page: Math.ceil(everything.length / PRODUCTS_PAGE_SIZE) });
    expect(last.ids.at(-1)).toBe(everything.at(-1)?.id);
    expect(everything.at(-1)?.active).toBe(false);
  });

  it('keep what a search, a group and the archive filter keep, and count them', async () => {
    const group = everything.find((p) => p.name.toLowerCase().includes('sock'))?.categoryId ?? 0;
    const code = everything[3]?.code.slice(1, 5).toLowerCase() ?? '';
    const cases: ProductListQuery[] = [
      { q: 'SOCK', page: 1 },
      { q: 'sock', page: 2 },
      { q: code, page: 1 },
      { category_id: group, page: 1 },
      { q: 'sock', category_id: group, page: 1 },
      { archived: true, page: 1 },
      { archived: false, q: 'sock', page: 1 },
    ];
    for (const query of cases) {
      const want = expected(query);
      expect(want.ids.length, JSON.stringify(query)).toBeGreaterThan(0);
      expect(await listed(query), JSON.stringify(query)).toEqual(want);
    }
  });

  it('read a search literally, and count past the last page', async () => {
    expect(await listed({ q: '%', page: 1 })).toEqual({ ids: [], total: 0 });
    expect(await listed({ q: '_', page: 1 })).toEqual({ ids: [], total: 0 });
    expect(await listed({ q: 'sock', page: 999 })).toEqual({
      ids: [],
      total: expected({ q: 'sock', page: 1 }).total,
    });
  });

  it('find a search at a large catalogue by the trigram indexes, not by reading every product', () =>
    // 20,000 more products: reading them all for each search took 270 ms a page at 100,000 on PGlite.
    inUndoneTransaction(t.db, async (tx) => {
      await addBulkProducts(tx, 20_000);
      const before = await sequentialScans(tx, 'products');
      const query = { q: 'bulk-1234', page: 1 };
      const rows = await queries.selectProductListPage(tx, query);
      expect(rows.map((row) => row.code).sort()).toEqual(BULK_1234);
      expect(await queries.selectProductListTotal(tx, query)).toEqual([{ total: BULK_1234.length }]);
      expect(await sequentialScans(tx, 'products')).toBe(before);
    }));

  it('every statement of catalogue.queries.ts is checked', () => expect(unchecked()).toEqual([]));
});
