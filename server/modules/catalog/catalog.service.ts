/**
 * The catalogue (spec storefront §2, §3, §7, §9): tabs, groups, showroom, teaser, product and
 * package pages, search, dashboard tiles, phases, offers and dimensions.
 *
 * The rules live here: who sees what (visitors get no prices and only the showroom's and teaser's
 * products; clients get no prices while the show_prices setting is off), which product a category
 * holds, what is not found. The statements are in catalog.queries.ts, the reply shapes in
 * catalog.views.ts. The replies that the bench loads are answered as CacheableReply (a key naming
 * the price view, and a loader): the route edge serialises each once and keeps it
 * (cached-reply.ts); the small lookups behind the rules are kept in the same catalogue cache
 * (catalog-lookups.ts).
 */
import { and, asc, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import {
  type DashboardTile,
  type HomeProducts,
  type PackageDetail,
  type Phase,
  type PhaseSummary,
  type ProductDetail,
  type RootCategory,
  type SearchResult,
  type ShowroomCategory,
  searchWords,
  type TeaserProduct,
} from '../../../domain/catalog.ts';
import {
  GROUP_PAGE_SIZE,
  SEARCH_PAGE_SIZE,
  VISITOR_PRODUCT_MESSAGE,
} from '../../../domain/catalog-display.ts';
import type { Database } from '../../db/database.ts';
import { specialOffers } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import {
  countGroupProducts,
  countRootProducts,
  countSearch,
  countSimilar,
  hasTypo,
  type Page,
  SEARCH_WAYS_AS_PLANNED,
  type SearchRow,
  searchScans,
  searchScope,
  selectActiveProduct,
  selectDashboard,
  selectDimensions,
  selectGroupCards,
  selectGroupPage,
  selectHomeProducts,
  selectPackageDetail,
  selectPhaseHeading,
  selectPhases,
  selectProduct,
  selectProductDetail,
  selectProductDimensions,
  selectSearchPage,
  selectSearchWords,
  selectShowroom,
  selectSimilarPage,
  selectTeaser,
} from './catalog.queries.ts';
import {
  inTabOrder,
  phaseGroups,
  toCard,
  toCategoryCounts,
  toDashboard,
  toPackageDetail,
  toPhase,
  toProductDetail,
  toRootCategories,
  toSearchResult,
  toShowroom,
  toTeaser,
} from './catalog.views.ts';
import type { CacheableReply, CatalogCache } from './catalog-cache.ts';
import { createCatalogLookups } from './catalog-lookups.ts';
import type { CategoryNode, CategoryTree } from './category-tree.ts';
import { searchWordsOf } from './search-words.ts';
import type { VisitCounter } from './visits.ts';

/** Dashboard tiles rank by visits, which change without notice: they are rebuilt this often. */
const DASHBOARD_MAX_AGE_MS = 30_000;

export interface CatalogServiceDeps {
  db: Database;
  cache: CatalogCache;
  clock: Clock;
  visits: VisitCounter;
}

export function createCatalogService({ db, cache, clock, visits }: CatalogServiceDeps) {
  const {
    categoryTree,
    visitorProductIds,
    viewOf,
    visibleTo,
    productLineage,
    exists,
    searchStatistics,
    searchCategories,
  } = createCatalogLookups({ db, cache });

  /**
   * The products whose words start with the term's; when a word starts none, the products whose
   * names hold the words most like it (a typo). A page past the end still carries the total, so the
   * web knows how many there are.
   */
  async function searchPage(term: string, page: Page): Promise<{ rows: SearchRow[]; total: number }> {
    const words = searchWords(term);
    const [categories, lexemes, statistics] = await Promise.all([
      searchCategories(),
      selectSearchWords(db, words),
      searchStatistics(),
    ]);
    const searched = searchWordsOf(lexemes);
    const scope = searchScope(categories, lexemes);
    const plan = { scope, words: searched, scan: searchScans(searched, scope, statistics) };
    return db.transaction(async (tx) => {
      await tx.execute(SEARCH_WAYS_AS_PLANNED);
      const rows = await selectSearchPage(tx, term, plan, page);
      if (rows.length > 0) return { rows, total: rows[0]?.total ?? 0 };
      const matches = page.offset > 0 ? ((await countSearch(tx, term, plan))[0]?.total ?? 0) : 0;
      if (matches > 0 || !hasTypo(searched)) return { rows, total: matches };
      const similar = await selectSimilarPage(tx, term, plan, page);
      if (similar.length > 0 || page.offset === 0) return { rows: similar, total: similar[0]?.total ?? 0 };
      return { rows: similar, total: (await countSimilar(tx, term, plan))[0]?.total ?? 0 };
    });
  }

  async function requireRoot(categoryId: number): Promise<{ tree: CategoryTree; root: CategoryNode }> {
    const tree = await categoryTree();
    const root = tree.get(categoryId);
    if (!root || root.parentId !== null) throw notFound('Phase');
    return { tree, root };
  }

  const offerColumns = {
    id: specialOffers.id,
    product_id: specialOffers.productId,
    title: specialOffers.title,
    detail: specialOffers.detail,
    rules: specialOffers.rules,
  };

  /** Active offers within their dates. */
  function currentOffers(...conditions: SQL[]) {
    const now = clock.now();
    return db
      .select(offerColumns)
      .from(specialOffers)
      .where(
        and(
          eq(specialOffers.active, true),
          or(isNull(specialOffers.startsAt), lte(specialOffers.startsAt, now)),
          or(isNull(specialOffers.endsAt), gt(specialOffers.endsAt, now)),
          ...conditions,
        ),
      )
      .orderBy(asc(specialOffers.id));
  }

  return {
    viewOf,
    categoryTree,
    visibleTo,

    showroom(): CacheableReply<ShowroomCategory[]> {
      return {
        key: 'showroom',
        async load() {
          const tree = await categoryTree();
          return { data: toShowroom(tree, await selectShowroom(db, tree)), tags: 'structure' };
        },
      };
    },

    teaser(): CacheableReply<TeaserProduct[]> {
      return {
        key: 'teaser',
        async load() {
          const rows = await selectTeaser(db, await categoryTree());
          return { data: rows.map(toTeaser), tags: rows.map((row) => row.id) };
        },
      };
    },

    /**
     * A visitor sees only showroom and teaser products (401 otherwise), never with prices. With a
     * category, the product must be in it or below it; without one (route product/{id}) any
     * category will do.
     */
    async productDetail(
      user: AuthUser | null,
      ctid: number | null,
      id: number,
    ): Promise<CacheableReply<ProductDetail>> {
      const view = await viewOf(user);
      const lineage = await productLineage(id);
      if (!lineage || (ctid !== null && !lineage.includes(ctid))) throw notFound('Product');
      if (!(await visibleTo(user, id))) throw new AppError('unauthorized', VISITOR_PRODUCT_MESSAGE, 401);
      return {
        key: `product:${view}:${id}`,
        async load() {
          const [row] = await selectProductDetail(db, id);
          if (!row) throw notFound('Product');
          // A visitor is shown only the colours they may open (the showroom's and the teaser's).
          const visible = view === 'visitor' ? await visitorProductIds() : null;
          // Its colours' stock shows too: a change of theirs makes it again.
          const tags = [id, ...row.others.map((other) => other.id)];
          return { data: toProductDetail(row, view === 'priced', visible), tags };
        },
      };
    },

    /** Public (DESIGN.md: the package page is open to visitors, without prices). */
    async packageDetail(
      user: AuthUser | null,
      productId: number,
      packageId: number,
    ): Promise<CacheableReply<PackageDetail>> {
      const view = await viewOf(user);
      return {
        key: `package:${view}:${productId}:${packageId}`,
        async load() {
          const [row] = await selectPackageDetail(db, productId, packageId);
          if (!row) throw notFound('Package');
          return { data: toPackageDetail(row, view === 'priced'), tags: [productId] };
        },
      };
    },

    async visitProduct(id: number): Promise<void> {
      if (!(await exists('product', id))) throw notFound('Product');
      visits.record('product', id);
    },

    async visitPackage(id: number): Promise<void> {
      if (!(await exists('package', id))) throw notFound('Package');
      visits.record('package', id);
    },

    rootCategories(): CacheableReply<RootCategory[]> {
      return {
        key: 'roots',
        load: async () => ({ data: toRootCategories(await categoryTree()), tags: 'structure' }),
      };
    },

    categoryCounts(): CacheableReply<ReturnType<typeof toCategoryCounts>> {
      return {
        key: 'counts',
        async load() {
          const tree = await categoryTree();
          return { data: toCategoryCounts(tree, await countRootProducts(db, tree)), tags: 'structure' };
        },
      };
    },

    /** Public: a visitor's lists hold only what a visitor may open, without prices. */
    async homeProducts(user: AuthUser | null): Promise<CacheableReply<HomeProducts>> {
      const view = await viewOf(user);
      return {
        key: `home:${view}`,
        async load() {
          const only = view === 'visitor' ? [...(await visitorProductIds())] : null;
          const rows = await selectHomeProducts(db, await categoryTree(), only);
          const list = (name: 'newest' | 'popular') =>
            rows.filter((row) => row.list === name).map((row) => toCard(row, view === 'priced'));
          const data = { newest: list('newest'), popular: list('popular') };
          // The most visited change without notice, like the dashboard's.
          return { data, tags: rows.map((row) => row.id), maxAgeMs: DASHBOARD_MAX_AGE_MS };
        },
      };
    },

    dashboardTiles(): CacheableReply<DashboardTile[]> {
      return {
        key: 'dashboard',
        async load() {
          const tree = await categoryTree();
          const data = toDashboard(tree, await selectDashboard(db, tree));
          return { data, tags: 'structure', maxAgeMs: DASHBOARD_MAX_AGE_MS };
        },
      };
    },

    async phase(user: AuthUser, categoryId: number): Promise<CacheableReply<Phase>> {
      const view = await viewOf(user);
      return {
        key: `phase:${view}:${categoryId}`,
        async load() {
          const { tree, root } = await requireRoot(categoryId);
          const [[heading], rows] = await Promise.all([
            selectPhaseHeading(db, root.id),
            selectGroupCards(db, phaseGroups(root, tree), GROUP_PAGE_SIZE),
          ]);
          const data = toPhase(root, tree, heading, rows, view === 'priced');
          return { data, tags: rows.map((row) => row.id) };
        },
      };
    },

    phases(): CacheableReply<PhaseSummary[]> {
      return {
        key: 'phases',
        async load() {
          const tree = await categoryTree();
          return { data: inTabOrder(tree, await selectPhases(db)), tags: 'structure' };
        },
      };
    },

    async categoryProducts(user: AuthUser, id: number, page: Page) {
      const view = await viewOf(user);
      return {
        key: `category:${view}:${id}:${page.offset}:${page.limit}`,
        async load() {
          const tree = await categoryTree();
          const category = tree.get(id);
          if (!category) throw notFound('Category');
          const group = { groupId: category.id, categories: tree.subtree(category.id) };
          const [[count], rows] = await Promise.all([
            countGroupProducts(db, group),
            selectGroupPage(db, group, page),
          ]);
          const data = {
            id: category.id,
            name: category.name,
            total: count?.total ?? 0,
            products: rows.map((row) => toCard(row, view === 'priced')),
          };
          return { data, tags: rows.map((row) => row.id) };
        },
      } satisfies CacheableReply<unknown>;
    },

    async search(user: AuthUser, term: string, requested: Page): Promise<CacheableReply<SearchResult[]>> {
      const view = await viewOf(user);
      const page = { offset: requested.offset, limit: Math.min(requested.limit, SEARCH_PAGE_SIZE) };
      return {
        key: `search:${view}:${page.offset}:${page.limit}:${term.trim().toLowerCase()}`,
        async load() {
          const { rows, total } = await searchPage(term, page);
          const data = rows.map((row) => toSearchResult(row, view === 'priced'));
          return { data, tags: rows.map((row) => row.id), total };
        },
      };
    },

    dimensions() {
      return {
        key: 'dimensions',
        load: async () => ({ data: await selectDimensions(db), tags: 'structure' }),
      } satisfies CacheableReply<unknown>;
    },

    /** The size's measures first (when it has its own), then the product's. */
    async dimensionsOf(productId: number, sizeId: number | null) {
      const rows = await selectProductDimensions(db, productId, sizeId);
      if (rows.length === 0 && (await selectProduct(db, productId)).length === 0) throw notFound('Product');
      return rows;
    },

    async specialOffer(id: number) {
      const [offer] = await currentOffers(eq(specialOffers.id, id));
      if (!offer) throw notFound('Special offer');
      return offer;
    },

    allSpecialOffers() {
      return currentOffers();
    },

    async specialOfferRule(id: number) {
      const [offer] = await currentOffers(eq(specialOffers.id, id));
      if (!offer) throw notFound('Special offer');
      return { id: offer.id, title: offer.title, rules: offer.rules };
    },

    async productSpecialOffers(productId: number) {
      if ((await selectActiveProduct(db, productId)).length === 0) throw notFound('Product');
      return currentOffers(eq(specialOffers.productId, productId));
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
