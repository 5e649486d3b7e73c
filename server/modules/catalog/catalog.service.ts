/**
 * The catalogue (spec storefront §2, §3, §7, §9): tabs, groups, showroom, teaser, product and
 * package pages, search, dashboard tiles, phases, offers and dimensions.
 *
 * Every list is one or two queries whatever its length (joins, window functions and json_agg; no
 * query per product). Replies are serialized once and kept in the catalogue cache under a key that
 * names the price view, so the route sends a ready JSON string. Visitors' replies are built without
 * prices and hold only showroom and teaser products; prices are also left out for clients while the
 * show_prices setting is off.
 */
import { and, asc, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import {
  type DashboardTile,
  GROUP_PAGE_SIZE,
  type PackageDetail,
  type Phase,
  type PhaseSummary,
  type ProductCard,
  type ProductDetail,
  type RootCategory,
  SEARCH_PAGE_SIZE,
  type SearchResult,
  SHOWROOM_PER_CATEGORY,
  type ShowroomCategory,
  searchWords,
  TEASER_PRODUCTS,
  type TeaserProduct,
  VISITOR_PRODUCT_MESSAGE,
} from '../../../domain/catalog.ts';
import { type Database, rowsOf } from '../../db/database.ts';
import { specialOffers } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { readSettings } from '../settings/settings.service.ts';
import type { CacheTags, CatalogCache } from './catalog-cache.ts';
import {
  buildCategoryTree,
  type CategoryNode,
  type CategoryRow,
  type CategoryTree,
  categoryMap,
} from './category-tree.ts';
import type { VisitCounter } from './visits.ts';

/** Who is asking, as far as prices go: a visitor, a client with prices, a client while prices are off. */
export type PriceView = 'visitor' | 'priced' | 'unpriced';

/** A reply serialized once; total is the X-Total-Count of a search. */
export interface JsonReply {
  body: string;
  total?: number;
}

/** Dashboard tiles rank by visits, which change without notice: they are rebuilt this often. */
const DASHBOARD_MAX_AGE_MS = 30_000;
/** show_prices is re-read this often even if a settings writer forgets notifyCatalogChanged. */
const SETTINGS_MAX_AGE_MS = 1_000;

interface CardRow {
  id: number;
  category_id: number;
  code: string;
  name: string;
  icon: string;
  pricing: number;
  price_discount: number;
  short_description: string;
  size_type_id: number | null;
  is_new: boolean;
  instock: number;
  pk_id: number | null;
}

/** Card columns of `p` (products, or a subquery with their columns): stock summed, first package. */
const cardColumns = sql`p.id, p.category_id, p.code, p.name, p.icon, p.pricing, p.price_discount,
  p.short_description, p.size_type_id, p.is_new,
  coalesce((SELECT sum(s.instock) FROM stock s WHERE s.product_id = p.id), 0)::int AS instock,
  (SELECT k.id FROM packages k WHERE k.product_id = p.id ORDER BY k.sort_order, k.id LIMIT 1) AS pk_id`;

function toCard(row: CardRow, showPrices: boolean): ProductCard {
  return {
    id: row.id,
    category_id: row.category_id,
    code: row.code,
    name: row.name,
    icon: row.icon,
    pricing: showPrices ? row.pricing : null,
    price_discount: showPrices ? row.price_discount : null,
    short_description: row.short_description,
    withsize: row.size_type_id !== null,
    isNew: row.is_new,
    instock: row.instock,
    pkId: row.pk_id,
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** ' men s socks ': the words of a column between spaces, as products.search_words holds them. */
const wordsOf = (column: SQL) =>
  sql`(' ' || regexp_replace(lower(${column}), '[[:space:][:punct:]]+', ' ', 'g') || ' ')`;

interface ProductDetailEntry {
  reply: JsonReply;
  /** The ctids the product may be asked for with: its category and the categories above it. */
  lineage: readonly number[];
}

export interface CatalogServiceDeps {
  db: Database;
  cache: CatalogCache;
  clock: Clock;
  visits: VisitCounter;
}

export function createCatalogService({ db, cache, clock, visits }: CatalogServiceDeps) {
  /** A cached reply: the loader gives data, the cache keeps its JSON. */
  function reply(
    key: string,
    load: () => Promise<{ data: unknown; tags: CacheTags; total?: number; maxAgeMs?: number }>,
  ): Promise<JsonReply> {
    return cache.getOrLoad<JsonReply>(key, async () => {
      const { data, tags, total, maxAgeMs } = await load();
      const value: JsonReply =
        total === undefined ? { body: JSON.stringify(data) } : { body: JSON.stringify(data), total };
      return maxAgeMs === undefined ? { value, tags } : { value, tags, maxAgeMs };
    });
  }

  function categoryTree(): Promise<CategoryTree> {
    return cache.getOrLoad('tree', async () => {
      const rows = await rowsOf<CategoryRow>(
        db,
        sql`SELECT id, parent_id, name, icon, is_package, sort_order FROM categories`,
      );
      return { value: buildCategoryTree(rows), tags: 'structure' };
    });
  }

  function showPrices(): Promise<boolean> {
    return cache.getOrLoad('setting:show_prices', async () => ({
      value: (await readSettings(db)).show_prices,
      tags: 'structure',
      maxAgeMs: SETTINGS_MAX_AGE_MS,
    }));
  }

  async function viewOf(user: AuthUser | null): Promise<PriceView> {
    if (!user) return 'visitor';
    return (await showPrices()) ? 'priced' : 'unpriced';
  }

  /** Every root with its whole subtree: products count under their root. */
  function rootsMap(tree: CategoryTree): SQL {
    return categoryMap(tree.roots.map((root) => ({ groupId: root.id, categories: tree.subtree(root.id) })));
  }

  // ------------------------------------------------------------ visitors' products

  interface ShowroomRow {
    product_id: number;
    name: string;
    icon: string;
    category_id: number;
    pk_id: number | null;
    root_id: number;
    product_count: number;
  }

  async function loadShowroomRows(tree: CategoryTree): Promise<ShowroomRow[]> {
    return rowsOf<ShowroomRow>(
      db,
      sql`SELECT p.id AS product_id, p.name, p.icon, p.category_id, p.root_id, p.product_count,
            (SELECT k.id FROM packages k WHERE k.product_id = p.id ORDER BY k.sort_order, k.id LIMIT 1) AS pk_id
          FROM (
            SELECT pr.id, pr.name, pr.icon, pr.category_id, cm.group_id AS root_id,
              row_number() OVER (PARTITION BY cm.group_id ORDER BY cm.ord, pr.sort_order, pr.id) AS rn,
              count(*) OVER (PARTITION BY cm.group_id)::int AS product_count
            FROM products pr JOIN ${rootsMap(tree)} ON cm.category_id = pr.category_id
            WHERE pr.active
          ) p WHERE p.rn <= ${SHOWROOM_PER_CATEGORY} ORDER BY p.rn`,
    );
  }

  async function loadTeaserRows(tree: CategoryTree): Promise<(CardRow & { ord: number })[]> {
    return rowsOf(
      db,
      sql`SELECT ${cardColumns} FROM (
            SELECT pr.*, cm.ord FROM products pr JOIN ${rootsMap(tree)} ON cm.category_id = pr.category_id
            WHERE pr.active ORDER BY pr.is_new DESC, cm.ord, pr.sort_order, pr.id LIMIT ${TEASER_PRODUCTS}
          ) p ORDER BY p.is_new DESC, p.ord, p.sort_order, p.id`,
    );
  }

  /** The only products a visitor may open: the showroom's and the teaser's. */
  function visitorProductIds(): Promise<ReadonlySet<number>> {
    return cache.getOrLoad('visitor-products', async () => {
      const tree = await categoryTree();
      const [showroom, teaser] = await Promise.all([loadShowroomRows(tree), loadTeaserRows(tree)]);
      const ids = new Set([...showroom.map((row) => row.product_id), ...teaser.map((row) => row.id)]);
      return { value: ids, tags: 'structure' };
    });
  }

  async function visibleTo(user: AuthUser | null, productId: number): Promise<boolean> {
    return user !== null || (await visitorProductIds()).has(productId);
  }

  // ------------------------------------------------------------ product and package pages

  interface DetailRow extends CardRow {
    active: boolean;
    category_name: string;
    long_description: string;
    color: string;
    size: ProductDetail['size'];
    others: ProductDetail['others'];
    product_images: ProductDetail['product_images'];
  }

  async function loadProductDetail(id: number, view: PriceView): Promise<ProductDetailEntry | null> {
    const [row] = await rowsOf<DetailRow>(
      db,
      sql`SELECT ${cardColumns}, p.active, p.long_description, p.color, c.name AS category_name,
            coalesce((SELECT json_agg(json_build_object('id', z.id, 'name', z.name, 'type_id', z.type_id,
                'instock', coalesce(st.instock, 0)) ORDER BY z.sort_order, z.id)
              FROM sizes z LEFT JOIN stock st ON st.product_id = p.id AND st.size_id = z.id
              WHERE z.type_id = p.size_type_id), '[]'::json) AS size,
            coalesce((SELECT json_agg(json_build_object('id', o.id, 'icon', o.icon, 'name', o.name,
                'color', o.color) ORDER BY o.sort_order, o.id)
              FROM products o WHERE o.family = p.family AND o.active), '[]'::json) AS others,
            coalesce((SELECT json_agg(json_build_object('id', i.id, 'image', i.image) ORDER BY i.sort_order, i.id)
              FROM product_images i WHERE i.product_id = p.id), '[]'::json) AS product_images
          FROM products p JOIN categories c ON c.id = p.category_id
          WHERE p.id = ${id}`,
    );
    if (!row?.active) return null;
    // A visitor is shown only the colours they may open (the showroom's and the teaser's).
    const visible = view === 'visitor' ? await visitorProductIds() : null;
    const detail: ProductDetail = {
      ...toCard(row, view === 'priced'),
      category_name: row.category_name,
      long_description: row.long_description,
      color: row.color,
      size_type_id: row.size_type_id,
      size: row.size,
      others: visible ? row.others.filter((other) => visible.has(other.id)) : row.others,
      product_images: row.product_images,
    };
    const tree = await categoryTree();
    return { reply: { body: JSON.stringify(detail) }, lineage: tree.lineage(row.category_id) };
  }

  interface PackageRow {
    id: number;
    product_id: number;
    category_id: number;
    code: string;
    name: string;
    pricing: number;
    long_description: string;
    icon: string;
    color: string;
    instock: number;
    others: PackageDetail['others'];
    products: PackageDetail['products'];
  }

  async function loadPackageDetail(productId: number, packageId: number, prices: boolean) {
    const [row] = await rowsOf<PackageRow>(
      db,
      sql`SELECT k.id, k.product_id, p.category_id, k.code, k.name, k.pricing, k.long_description, k.icon,
            k.color, k.instock,
            coalesce((SELECT json_agg(json_build_object('id', o.id, 'icon', o.icon, 'name', o.name,
                'color', o.color) ORDER BY o.sort_order, o.id)
              FROM packages o WHERE o.product_id = k.product_id), '[]'::json) AS others,
            coalesce((SELECT json_agg(json_build_object('id', q.id, 'pkId', q.pk_id, 'icon', q.icon,
                'name', q.name) ORDER BY q.sort_order, q.id)
              FROM (SELECT pr.id, pr.icon, pr.name, pr.sort_order,
                      (SELECT x.id FROM packages x WHERE x.product_id = pr.id ORDER BY x.sort_order, x.id LIMIT 1) AS pk_id
                    FROM products pr WHERE pr.category_id = p.category_id AND pr.active) q
              WHERE q.pk_id IS NOT NULL), '[]'::json) AS products
          FROM packages k JOIN products p ON p.id = k.product_id
          WHERE k.id = ${packageId} AND k.product_id = ${productId} AND p.active`,
    );
    if (!row) return null;
    const detail: PackageDetail = { ...row, pricing: prices ? row.pricing : null };
    return detail;
  }

  // ------------------------------------------------------------ tabs and groups

  interface GroupCardRow extends CardRow {
    group_id: number;
    product_count: number;
  }

  async function loadPhase(root: CategoryNode, tree: CategoryTree, prices: boolean) {
    // The tab's own products (if any) form a group of their own, before its child groups.
    const groups = [
      { groupId: root.id, categories: [root] },
      ...root.children.map((child) => ({ groupId: child.id, categories: tree.subtree(child.id) })),
    ];
    const [[phase], rows] = await Promise.all([
      rowsOf<{ short_description: string; long_description: string }>(
        db,
        sql`SELECT short_description, long_description FROM phases WHERE category_id = ${root.id}`,
      ),
      rowsOf<GroupCardRow>(
        db,
        sql`SELECT ${cardColumns}, p.group_id, p.product_count FROM (
              SELECT pr.*, cm.group_id,
                row_number() OVER (PARTITION BY cm.group_id ORDER BY cm.ord, pr.sort_order, pr.id) AS rn,
                count(*) OVER (PARTITION BY cm.group_id)::int AS product_count
              FROM products pr JOIN ${categoryMap(groups)} ON cm.category_id = pr.category_id
              WHERE pr.active
            ) p WHERE p.rn <= ${GROUP_PAGE_SIZE} ORDER BY p.rn`,
      ),
    ]);
    const byGroup = new Map<number, GroupCardRow[]>();
    for (const row of rows) {
      const list = byGroup.get(row.group_id) ?? [];
      list.push(row);
      byGroup.set(row.group_id, list);
    }
    const data: Phase = {
      category_id: root.id,
      short_description: phase?.short_description ?? root.name,
      long_description: phase?.long_description ?? '',
      categories: groups.flatMap(({ groupId }) => {
        const cards = byGroup.get(groupId);
        const group = tree.get(groupId);
        if (!cards?.[0] || !group) return [];
        return [
          {
            id: group.id,
            name: group.name,
            product_count: cards[0].product_count,
            products: cards.map((row) => toCard(row, prices)),
          },
        ];
      }),
    };
    return { data, tags: rows.map((row) => row.id) };
  }

  async function loadCategoryProducts(
    category: CategoryNode,
    tree: CategoryTree,
    page: Page,
    prices: boolean,
  ) {
    const map = categoryMap([{ groupId: category.id, categories: tree.subtree(category.id) }]);
    const [[count], rows] = await Promise.all([
      rowsOf<{ total: number }>(
        db,
        sql`SELECT count(*)::int AS total FROM products pr JOIN ${map} ON cm.category_id = pr.category_id
            WHERE pr.active`,
      ),
      rowsOf<CardRow>(
        db,
        sql`SELECT ${cardColumns} FROM (
              SELECT pr.*, cm.ord FROM products pr JOIN ${map} ON cm.category_id = pr.category_id
              WHERE pr.active ORDER BY cm.ord, pr.sort_order, pr.id OFFSET ${page.offset} LIMIT ${page.limit}
            ) p ORDER BY p.ord, p.sort_order, p.id`,
      ),
    ]);
    return {
      data: {
        id: category.id,
        name: category.name,
        total: count?.total ?? 0,
        products: rows.map((row) => toCard(row, prices)),
      },
      tags: rows.map((row) => row.id),
    };
  }

  // ------------------------------------------------------------ search

  interface SearchRow extends CardRow {
    category_name: string;
    total: number;
  }

  /**
   * Case-insensitive; a product matches when its code starts with the text, or when every word of
   * the text starts a word of its name, code or category ('mer sock' finds 'Merino ... Sock'; a
   * final s is optional: 'socks' finds 'Sock'). Ranked: exact code, name starting with the text,
   * a word of the name or code starting with the text, then the rest; then by name.
   */
  async function loadSearch(term: string, page: Page, prices: boolean) {
    const raw = term.trim().toLowerCase();
    const words = searchWords(raw);
    const phrase = words.join(' ');
    // search_words: ' <name words> <code words> ', precomputed (a generated column).
    const allWords = sql`(pr.search_words || c.words)`;
    const wordMatches = words.map((word) => {
      const stem = word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word;
      return sql`${allWords} LIKE ${`% ${stem}%`}`;
    });
    const matches = or(
      sql`lower(pr.code) LIKE ${`${escapeLike(raw)}%`}`,
      wordMatches.length > 0 ? and(...wordMatches) : undefined,
    );
    const phraseRank =
      phrase === ''
        ? sql`3`
        : sql`CASE WHEN pr.search_words LIKE ${` ${phrase}%`} THEN 1
            WHEN pr.search_words LIKE ${`% ${phrase}%`} THEN 2 ELSE 3 END`;
    // A product's category words are its group's and its tab's ('kids' finds every Kids' Socks product).
    const categoryWords = sql`c AS (
      SELECT g.id, g.name, ${wordsOf(sql`g.name`)} || coalesce(${wordsOf(sql`r.name`)}, '') AS words
      FROM categories g LEFT JOIN categories r ON r.id = g.parent_id)`;
    const rows = await rowsOf<SearchRow>(
      db,
      sql`WITH ${categoryWords}
          SELECT ${cardColumns}, p.category_name, p.total FROM (
            SELECT pr.*, c.name AS category_name, count(*) OVER ()::int AS total,
              CASE WHEN lower(pr.code) = ${raw} THEN 0 ELSE ${phraseRank} END AS rank
            FROM products pr JOIN c ON c.id = pr.category_id
            WHERE pr.active AND (${matches})
            ORDER BY rank, lower(pr.name), pr.id OFFSET ${page.offset} LIMIT ${page.limit}
          ) p ORDER BY p.rank, lower(p.name), p.id`,
    );
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && page.offset > 0) {
      // A page past the end: the total still tells the web how many there are.
      const [count] = await rowsOf<{ total: number }>(
        db,
        sql`WITH ${categoryWords}
            SELECT count(*)::int AS total FROM products pr JOIN c ON c.id = pr.category_id
            WHERE pr.active AND (${matches})`,
      );
      total = count?.total ?? 0;
    }
    const data: SearchResult[] = rows.map((row) => ({
      ...toCard(row, prices),
      category_name: row.category_name,
    }));
    return { data, tags: rows.map((row) => row.id), total };
  }

  // ------------------------------------------------------------ dashboard

  interface TileRow {
    root_id: number;
    visits: number;
    types: number;
    colours: number;
    products: DashboardTile['products'];
  }

  async function loadDashboard(tree: CategoryTree): Promise<DashboardTile[]> {
    const rows = await rowsOf<TileRow>(
      db,
      sql`WITH prod AS (
            SELECT pr.id, pr.category_id, pr.name, pr.icon, pr.visits, pr.family, pr.color, cm.group_id AS root_id,
              row_number() OVER (PARTITION BY cm.group_id ORDER BY pr.visits DESC, cm.ord, pr.sort_order, pr.id) AS rn
            FROM products pr JOIN ${rootsMap(tree)} ON cm.category_id = pr.category_id
            WHERE pr.active
          ), colours AS (
            SELECT root_id, nullif(color, '') AS color FROM prod
            UNION ALL
            SELECT q.root_id, nullif(k.color, '') FROM packages k JOIN prod q ON q.id = k.product_id
          )
          SELECT prod.root_id, sum(prod.visits)::int AS visits,
            count(DISTINCT coalesce(prod.family, 'product-' || prod.id))::int AS types,
            (SELECT count(DISTINCT colours.color)::int FROM colours WHERE colours.root_id = prod.root_id) AS colours,
            coalesce(json_agg(json_build_object('id', prod.id, 'ctid', prod.category_id, 'name', prod.name,
                'icon', prod.icon,
                'pkId', (SELECT k.id FROM packages k WHERE k.product_id = prod.id ORDER BY k.sort_order, k.id LIMIT 1))
              ORDER BY prod.rn) FILTER (WHERE prod.rn <= 3), '[]'::json) AS products
          FROM prod GROUP BY prod.root_id`,
    );
    const byRoot = new Map(rows.map((row) => [row.root_id, row]));
    return tree.roots
      .flatMap((root) => {
        const row = byRoot.get(root.id);
        return row ? [{ root, row }] : [];
      })
      .sort((a, b) => b.row.visits - a.row.visits || a.root.order - b.root.order)
      .map(({ root, row }) => ({
        id: root.id,
        name: root.name,
        isPackage: root.isPackage,
        types: row.types,
        colours: row.colours,
        products: row.products,
      }));
  }

  // ------------------------------------------------------------ special offers

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

  async function requireRoot(categoryId: number): Promise<{ tree: CategoryTree; root: CategoryNode }> {
    const tree = await categoryTree();
    const root = tree.get(categoryId);
    if (!root || root.parentId !== null) throw notFound('Phase');
    return { tree, root };
  }

  return {
    viewOf,
    categoryTree,
    visibleTo,

    showroom(): Promise<JsonReply> {
      return reply('showroom', async () => {
        const tree = await categoryTree();
        const rows = await loadShowroomRows(tree);
        const data: ShowroomCategory[] = tree.roots.flatMap((root) => {
          const products = rows.filter((row) => row.root_id === root.id);
          if (!products[0]) return [];
          return [
            {
              id: root.id,
              name: root.name,
              product_count: products[0].product_count,
              products: products.map(({ product_id, name, icon, category_id, pk_id }) => ({
                product_id,
                name,
                icon,
                category_id,
                pkId: pk_id,
              })),
            },
          ];
        });
        return { data, tags: 'structure' };
      });
    },

    teaser(): Promise<JsonReply> {
      return reply('teaser', async () => {
        const rows = await loadTeaserRows(await categoryTree());
        const data: TeaserProduct[] = rows.map((row) => ({
          id: row.id,
          category_id: row.category_id,
          code: row.code,
          name: row.name,
          icon: row.icon,
          isNew: row.is_new,
          instock: row.instock,
          pkId: row.pk_id,
        }));
        return { data, tags: rows.map((row) => row.id) };
      });
    },

    /**
     * A visitor sees only showroom and teaser products (401 otherwise), never with prices. With a
     * category, the product must be in it or below it; without one (route product/{id}) any
     * category will do.
     */
    async productDetail(user: AuthUser | null, ctid: number | null, id: number): Promise<JsonReply> {
      const view = await viewOf(user);
      const entry = await cache.getOrLoad(`product:${view}:${id}`, async () => ({
        value: await loadProductDetail(id, view),
        tags: [id],
      }));
      if (!entry || (ctid !== null && !entry.lineage.includes(ctid))) throw notFound('Product');
      if (!(await visibleTo(user, id))) throw new AppError('unauthorized', VISITOR_PRODUCT_MESSAGE, 401);
      return entry.reply;
    },

    /** Public (DESIGN.md: the package page is open to visitors, without prices). */
    async packageDetail(user: AuthUser | null, productId: number, packageId: number): Promise<JsonReply> {
      const view = await viewOf(user);
      const entry = await cache.getOrLoad(`package:${view}:${productId}:${packageId}`, async () => {
        const detail = await loadPackageDetail(productId, packageId, view === 'priced');
        return { value: detail ? { body: JSON.stringify(detail) } : null, tags: [productId] };
      });
      if (!entry) throw notFound('Package');
      return entry;
    },

    async visitProduct(id: number): Promise<void> {
      const known = await cache.getOrLoad(`exists:product:${id}`, async () => {
        const [row] = await rowsOf<{ id: number }>(
          db,
          sql`SELECT id FROM products WHERE id = ${id} AND active`,
        );
        return { value: row !== undefined, tags: 'structure' };
      });
      if (!known) throw notFound('Product');
      visits.record('product', id);
    },

    async visitPackage(id: number): Promise<void> {
      const known = await cache.getOrLoad(`exists:package:${id}`, async () => {
        const [row] = await rowsOf<{ id: number }>(
          db,
          sql`SELECT k.id FROM packages k JOIN products p ON p.id = k.product_id WHERE k.id = ${id} AND p.active`,
        );
        return { value: row !== undefined, tags: 'structure' };
      });
      if (!known) throw notFound('Package');
      visits.record('package', id);
    },

    rootCategories(): Promise<JsonReply> {
      return reply('roots', async () => {
        const tree = await categoryTree();
        const data: RootCategory[] = tree.roots.map((root) => ({
          id: root.id,
          name: root.name,
          icon: root.icon,
          isPackage: root.isPackage,
          category_ids: tree.subtree(root.id).map((category) => category.id),
        }));
        return { data, tags: 'structure' };
      });
    },

    categoryCounts(): Promise<JsonReply> {
      return reply('counts', async () => {
        const tree = await categoryTree();
        const rows = await rowsOf<{ root_id: number; products: number }>(
          db,
          sql`SELECT cm.group_id AS root_id, count(*)::int AS products
              FROM products pr JOIN ${rootsMap(tree)} ON cm.category_id = pr.category_id
              WHERE pr.active GROUP BY cm.group_id`,
        );
        const counts = new Map(rows.map((row) => [row.root_id, row.products]));
        const data = tree.roots.map((root) => ({
          id: root.id,
          name: root.name,
          category_number: tree.subtree(root.id).length - 1,
          product_number: counts.get(root.id) ?? 0,
        }));
        return { data, tags: 'structure' };
      });
    },

    dashboardTiles(): Promise<JsonReply> {
      return reply('dashboard', async () => ({
        data: await loadDashboard(await categoryTree()),
        tags: 'structure',
        maxAgeMs: DASHBOARD_MAX_AGE_MS,
      }));
    },

    async phase(user: AuthUser, categoryId: number): Promise<JsonReply> {
      const view = await viewOf(user);
      return reply(`phase:${view}:${categoryId}`, async () => {
        const { tree, root } = await requireRoot(categoryId);
        return loadPhase(root, tree, view === 'priced');
      });
    },

    phases(): Promise<JsonReply> {
      return reply('phases', async () => {
        const tree = await categoryTree();
        const rows = await rowsOf<PhaseSummary>(
          db,
          sql`SELECT category_id, short_description, long_description FROM phases`,
        );
        const order = (id: number) => tree.get(id)?.order ?? Number.MAX_SAFE_INTEGER;
        const data = rows.sort(
          (a, b) => order(a.category_id) - order(b.category_id) || a.category_id - b.category_id,
        );
        return { data, tags: 'structure' };
      });
    },

    async categoryProducts(user: AuthUser, id: number, page: Page): Promise<JsonReply> {
      const view = await viewOf(user);
      return reply(`category:${view}:${id}:${page.offset}:${page.limit}`, async () => {
        const tree = await categoryTree();
        const category = tree.get(id);
        if (!category) throw notFound('Category');
        return loadCategoryProducts(category, tree, page, view === 'priced');
      });
    },

    async search(user: AuthUser, term: string, page: Page): Promise<JsonReply> {
      const view = await viewOf(user);
      const limit = Math.min(page.limit, SEARCH_PAGE_SIZE);
      const key = `search:${view}:${page.offset}:${limit}:${term.trim().toLowerCase()}`;
      return reply(key, () => loadSearch(term, { offset: page.offset, limit }, view === 'priced'));
    },

    dimensions(): Promise<JsonReply> {
      return reply('dimensions', async () => ({
        data: await rowsOf(
          db,
          sql`SELECT product_id, size_id, package_id, length_mm AS length, width_mm AS width,
                height_mm AS height, weight_g AS weight
              FROM dimensions ORDER BY id`,
        ),
        tags: 'structure',
      }));
    },

    /** The size's measures first (when it has its own), then the product's. */
    async dimensionsOf(productId: number, sizeId: number | null) {
      const rows = await rowsOf<{
        product_id: number | null;
        size_id: number | null;
        package_id: number | null;
        length: number;
        width: number;
        height: number;
        weight: number;
      }>(
        db,
        sql`SELECT d.product_id, d.size_id, d.package_id, d.length_mm AS length, d.width_mm AS width,
              d.height_mm AS height, d.weight_g AS weight
            FROM dimensions d
            WHERE d.product_id = ${productId} AND (d.size_id IS NULL OR d.size_id = ${sizeId}::int)
            ORDER BY (d.size_id IS NULL), d.id`,
      );
      if (rows.length === 0) {
        const [product] = await rowsOf<{ id: number }>(
          db,
          sql`SELECT id FROM products WHERE id = ${productId}`,
        );
        if (!product) throw notFound('Product');
      }
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
      const [product] = await rowsOf<{ id: number }>(
        db,
        sql`SELECT id FROM products WHERE id = ${productId} AND active`,
      );
      if (!product) throw notFound('Product');
      return currentOffers(eq(specialOffers.productId, productId));
    },
  };
}

export interface Page {
  offset: number;
  limit: number;
}

export type CatalogService = ReturnType<typeof createCatalogService>;
