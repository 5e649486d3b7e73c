import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { GROUP_PAGE_SIZE } from '../../../domain/catalog.ts';
import { rowsOf } from '../../db/database.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  cardRowSchema,
  categoryRowSchema,
  countGroupProducts,
  countRootProducts,
  countSearch,
  dimensionRowSchema,
  existsRowSchema,
  groupCardRowSchema,
  packageDetailRowSchema,
  phaseHeadingRowSchema,
  phaseRowSchema,
  productDetailRowSchema,
  productPlaceRowSchema,
  rootCountRowSchema,
  searchRowSchema,
  selectActivePackage,
  selectActiveProduct,
  selectCategories,
  selectDashboard,
  selectDimensions,
  selectGroupCards,
  selectGroupPage,
  selectPackageDetail,
  selectPhaseHeading,
  selectPhases,
  selectProduct,
  selectProductDetail,
  selectProductDimensions,
  selectProductPlace,
  selectSearchPage,
  selectShowroom,
  selectTeaser,
  showroomRowSchema,
  tileRowSchema,
  totalRowSchema,
} from './catalog.queries.ts';
import { phaseGroups } from './catalog.views.ts';
import { buildCategoryTree, type CategoryTree } from './category-tree.ts';

/**
 * Every catalogue statement answers rows of exactly its schema's shape, on the database this run
 * uses (PGlite, and PostgreSQL with TEST_DATABASE_URL): the types the service relies on without
 * parsing are proven here. Each statement must answer some rows, so no check passes empty.
 */
let t: TestApp;
let tree: CategoryTree;
let sized: { id: number; size_id: number };
let pack: { id: number; product_id: number };

beforeAll(async () => {
  t = await createTestApp();
  tree = buildCategoryTree(await selectCategories(t.db));
  const [product] = await rowsOf<{ id: number; size_id: number }>(
    t.db,
    sql`SELECT p.id, s.size_id FROM products p JOIN stock s ON s.product_id = p.id
        JOIN dimensions d ON d.product_id = p.id
        WHERE p.active AND s.size_id IS NOT NULL ORDER BY p.id LIMIT 1`,
  );
  const [firstPackage] = await rowsOf<{ id: number; product_id: number }>(
    t.db,
    sql`SELECT id, product_id FROM packages ORDER BY id LIMIT 1`,
  );
  if (!product || !firstPackage) throw new Error('the demo data has a sized product and a package');
  sized = product;
  pack = firstPackage;
});
afterAll(() => t.close());

function expectRows<S extends z.ZodObject>(schema: S, rows: readonly unknown[]) {
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(schema.strict().parse(row)).toEqual(row);
}

describe('the catalogue statements answer the shapes of their row schemas', () => {
  it('categories', async () => expectRows(categoryRowSchema, await selectCategories(t.db)));

  it('showroom and teaser', async () => {
    expectRows(showroomRowSchema, await selectShowroom(t.db, tree));
    expectRows(cardRowSchema, await selectTeaser(t.db, tree));
  });

  it('product and package pages', async () => {
    expectRows(productPlaceRowSchema, await selectProductPlace(t.db, sized.id));
    expectRows(productDetailRowSchema, await selectProductDetail(t.db, sized.id));
    expectRows(packageDetailRowSchema, await selectPackageDetail(t.db, pack.product_id, pack.id));
    expectRows(existsRowSchema, await selectActiveProduct(t.db, sized.id));
    expectRows(existsRowSchema, await selectActivePackage(t.db, pack.id));
    expectRows(existsRowSchema, await selectProduct(t.db, sized.id));
  });

  it('tabs, groups and pages', async () => {
    const root = tree.roots[0];
    if (!root) throw new Error('the demo data has tabs');
    expectRows(phaseHeadingRowSchema, await selectPhaseHeading(t.db, root.id));
    expectRows(phaseRowSchema, await selectPhases(t.db));
    expectRows(groupCardRowSchema, await selectGroupCards(t.db, phaseGroups(root, tree), GROUP_PAGE_SIZE));
    const group = { groupId: root.id, categories: tree.subtree(root.id) };
    expectRows(totalRowSchema, await countGroupProducts(t.db, group));
    expectRows(cardRowSchema, await selectGroupPage(t.db, group, { offset: 0, limit: 5 }));
    expectRows(rootCountRowSchema, await countRootProducts(t.db, tree));
  });

  it('search', async () => {
    expectRows(searchRowSchema, await selectSearchPage(t.db, 'sock', { offset: 0, limit: 24 }));
    expectRows(totalRowSchema, await countSearch(t.db, 'sock'));
  });

  it('dashboard and dimensions', async () => {
    expectRows(tileRowSchema, await selectDashboard(t.db, tree));
    expectRows(dimensionRowSchema, await selectDimensions(t.db));
    expectRows(dimensionRowSchema, await selectProductDimensions(t.db, sized.id, sized.size_id));
  });
});
