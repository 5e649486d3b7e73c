import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_PAGE_SIZE } from '../../../domain/catalog-display.ts';
import { rowsOf } from '../../db/database.ts';
import { createTestApp, firstSizedProductAndPackage, type TestApp } from '../../test/app.ts';
import { rowChecks } from '../../test/rows.ts';
import * as queries from './catalog.queries.ts';
import { phaseGroups } from './catalog.views.ts';
import { buildCategoryTree, type CategoryTree, categoryMap } from './category-tree.ts';
import { searchWordsOf } from './search-words.ts';

/**
 * Every catalogue statement answers rows of exactly its schema's shape, on the database this run
 * uses (PGlite, and PostgreSQL with TEST_DATABASE_URL): the types the service relies on without
 * parsing are proven here. Each statement must answer some rows, so no check passes empty, and
 * every statement of catalog.queries.ts must be checked.
 */
const { expectRows, unchecked } = rowChecks(queries);
let t: TestApp;
let tree: CategoryTree;
let sized: { id: number; size_id: number };
let pack: { id: number; product_id: number };

beforeAll(async () => {
  t = await createTestApp();
  tree = buildCategoryTree(await queries.selectCategories(t.db));
  ({ sized, pack } = await firstSizedProductAndPackage(t.db));
});
afterAll(() => t.close());

describe('the catalogue statements answer the shapes of their row schemas', () => {
  it('categories', () => expectRows(queries.selectCategories, t.db));

  it('showroom, teaser and home lists', async () => {
    await expectRows(queries.selectShowroom, t.db, tree);
    await expectRows(queries.selectTeaser, t.db, tree);
    await expectRows(queries.selectHomeProducts, t.db, tree, null);
    await expectRows(queries.selectHomeProducts, t.db, tree, [1, 2, 3]);
  });

  it('product and package pages', async () => {
    await expectRows(queries.selectProductPlace, t.db, sized.id);
    await expectRows(queries.selectProductDetail, t.db, sized.id);
    await expectRows(queries.selectPackageDetail, t.db, pack.product_id, pack.id);
    await expectRows(queries.selectActiveProduct, t.db, sized.id);
    await expectRows(queries.selectActivePackage, t.db, pack.id);
    await expectRows(queries.selectProduct, t.db, sized.id);
  });

  it('tabs, groups and pages', async () => {
    const root = tree.roots[0];
    if (!root) throw new Error('the demo data has tabs');
    await expectRows(queries.selectPhaseHeading, t.db, root.id);
    await expectRows(queries.selectPhases, t.db);
    await expectRows(queries.selectGroupCards, t.db, phaseGroups(root, tree), GROUP_PAGE_SIZE);
    const group = { groupId: root.id, categories: tree.subtree(root.id) };
    await expectRows(queries.countGroupProducts, t.db, group);
    await expectRows(queries.selectGroupPage, t.db, group, { offset: 0, limit: 5 });
    await expectRows(queries.countRootProducts, t.db, tree);
  });

  it("a tab's first cards and a group's pages, read category by category, as one sort of them all", async () => {
    // Ties of sort_order (the id decides) and inactive products, in every category.
    await t.db.execute(sql`UPDATE products SET sort_order = id % 3, active = (id % 7 <> 0)`);
    for (const root of tree.roots) {
      const groups = phaseGroups(root, tree);
      const plain = await rowsOf<{ id: number; group_id: number; product_count: number }>(
        t.db,
        sql`SELECT id, group_id, product_count FROM (
              SELECT pr.id, cm.group_id,
                row_number() OVER (PARTITION BY cm.group_id ORDER BY cm.ord, pr.sort_order, pr.id) AS rn,
                count(*) OVER (PARTITION BY cm.group_id)::int AS product_count
              FROM products pr JOIN ${categoryMap(groups)} ON cm.category_id = pr.category_id
              WHERE pr.active) p
            WHERE rn <= ${GROUP_PAGE_SIZE} ORDER BY rn, group_id`,
      );
      const cards = await queries.selectGroupCards(t.db, groups, GROUP_PAGE_SIZE);
      const read = cards.map(({ id, group_id, product_count }) => ({ id, group_id, product_count }));
      // Each group's cards in their order (a stable sort by group keeps the order within a group).
      const perGroupInOrder = (rows: typeof read) => [...rows].sort((a, b) => a.group_id - b.group_id);
      expect(plain.length).toBeGreaterThan(0);
      expect(perGroupInOrder(read)).toEqual(perGroupInOrder(plain));

      const group = { groupId: root.id, categories: tree.subtree(root.id) };
      const all = await rowsOf<{ id: number }>(
        t.db,
        sql`SELECT pr.id FROM products pr JOIN ${categoryMap([group])} ON cm.category_id = pr.category_id
            WHERE pr.active ORDER BY cm.ord, pr.sort_order, pr.id`,
      );
      const [count] = await queries.countGroupProducts(t.db, group);
      expect(count?.total).toBe(all.length);
      for (const offset of [0, 3, 10, all.length - 2]) {
        const page = await queries.selectGroupPage(t.db, group, { offset: Math.max(0, offset), limit: 5 });
        expect(page.map((card) => card.id)).toEqual(
          all.slice(Math.max(0, offset), Math.max(0, offset) + 5).map((row) => row.id),
        );
      }
    }
  });

  it('search', async () => {
    await expectRows(queries.selectSearchCategories, t.db);
    await expectRows(queries.selectSearchWords, t.db, ['sock', 'sokc']);
    const categories = await queries.selectSearchCategories(t.db);
    const wordRows = await queries.selectSearchWords(t.db, ['sock']);
    // PostgreSQL's statistics exist once the products were analysed (autovacuum, or the seed).
    await t.db.execute(sql`ANALYZE products`);
    await expectRows(queries.selectSearchStatistics, t.db);
    const plan = {
      scope: queries.searchScope(categories, wordRows),
      words: searchWordsOf(wordRows),
      scan: { text: false, name: false, named: [] },
    };
    await expectRows(queries.selectSearchPage, t.db, 'sock', plan, { offset: 0, limit: 24 });
    await expectRows(queries.countSearch, t.db, 'sock', plan);
    const typoRows = await queries.selectSearchWords(t.db, ['maple', 'lef']);
    const similar = {
      scope: queries.searchScope(categories, typoRows),
      words: searchWordsOf(typoRows),
      scan: { text: false, name: false, named: [] },
    };
    await expectRows(queries.selectSimilarPage, t.db, 'maple lef', similar, { offset: 0, limit: 24 });
    await expectRows(queries.countSimilar, t.db, 'maple lef', similar);
  });

  it('dashboard and dimensions', async () => {
    await expectRows(queries.selectDashboard, t.db, tree);
    await expectRows(queries.selectDimensions, t.db);
    await expectRows(queries.selectProductDimensions, t.db, sized.id, sized.size_id);
  });

  it('every statement of catalog.queries.ts is checked', () => expect(unchecked()).toEqual([]));
});
