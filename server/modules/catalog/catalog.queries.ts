/**
 * The catalogue's statements, each beside the zod schema of its rows (docs/decisions/002: raw SQL
 * where it was measured to pay). Every list is one statement whatever its length: joins, window
 * functions and json_agg, no query per product. The row schemas are the contract (typedQuery):
 * catalog.queries.test.ts runs every statement on PGlite and PostgreSQL and checks each row against
 * its schema; at run time the rows are trusted, so the hot paths parse nothing.
 */
import { and, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  dashboardTileSchema,
  HOME_LIST_PRODUCTS,
  packageDetailSchema,
  phaseSummarySchema,
  productDetailSchema,
  searchWords,
} from '../../../domain/catalog.ts';
import { SHOWROOM_PER_CATEGORY, TEASER_PRODUCTS } from '../../../domain/catalog-display.ts';
import { escapeLike } from '../../db/like.ts';
import { typedQuery } from '../../db/typed-query.ts';
import { type CategoryTree, categoryMap } from './category-tree.ts';

const id = z.number().int();

const categoryRowSchema = z.object({
  id,
  parent_id: id.nullable(),
  name: z.string(),
  icon: z.string(),
  is_package: z.boolean(),
  sort_order: id,
});

const cardRowSchema = z.object({
  id,
  category_id: id,
  code: z.string(),
  name: z.string(),
  icon: z.string(),
  pricing: id,
  price_discount: id,
  short_description: z.string(),
  size_type_id: id.nullable(),
  is_new: z.boolean(),
  instock: id,
  pk_id: id.nullable(),
});
export type CardRow = z.infer<typeof cardRowSchema>;

/** Card columns of `p` (products, or a subquery with their columns): stock summed, first package. */
const CARD_COLUMNS = sql`p.id, p.category_id, p.code, p.name, p.icon, p.pricing, p.price_discount,
  p.short_description, p.size_type_id, p.is_new,
  coalesce((SELECT sum(s.instock) FROM stock s WHERE s.product_id = p.id), 0)::int AS instock,
  (SELECT k.id FROM packages k WHERE k.product_id = p.id ORDER BY k.sort_order, k.id LIMIT 1) AS pk_id`;

/** Every root with its whole subtree: products count under their root. */
function rootsMap(tree: CategoryTree): SQL {
  return categoryMap(tree.roots.map((root) => ({ groupId: root.id, categories: tree.subtree(root.id) })));
}

/** The categories the storefront shows: a hidden tab hides its groups, a hidden group its products. */
export const selectCategories = typedQuery(
  categoryRowSchema,
  () => sql`SELECT c.id, c.parent_id, c.name, c.icon, c.is_package, c.sort_order
            FROM categories c LEFT JOIN categories parent ON parent.id = c.parent_id
            WHERE NOT c.hidden AND NOT coalesce(parent.hidden, false)`,
);

// ---------------------------------------------------------------- showroom and teaser

const showroomRowSchema = z.object({
  product_id: id,
  name: z.string(),
  icon: z.string(),
  category_id: id,
  pk_id: id.nullable(),
  root_id: id,
  product_count: id,
});
export type ShowroomRow = z.infer<typeof showroomRowSchema>;

/** The first SHOWROOM_PER_CATEGORY products of every tab, with the tab's count. */
export const selectShowroom = typedQuery(
  showroomRowSchema,
  (tree: CategoryTree) =>
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

/** TEASER_PRODUCTS products, the new ones first. */
export const selectTeaser = typedQuery(
  cardRowSchema,
  (tree: CategoryTree) =>
    sql`SELECT ${CARD_COLUMNS} FROM (
          SELECT pr.*, cm.ord FROM products pr JOIN ${rootsMap(tree)} ON cm.category_id = pr.category_id
          WHERE pr.active ORDER BY pr.is_new DESC, cm.ord, pr.sort_order, pr.id LIMIT ${TEASER_PRODUCTS}
        ) p ORDER BY p.is_new DESC, p.ord, p.sort_order, p.id`,
);

const homeRowSchema = cardRowSchema.extend({ list: z.enum(['newest', 'popular']) });

/**
 * The home page's lists: the last added and the most visited active products in shown categories,
 * among `only` when given (a visitor's products).
 */
export const selectHomeProducts = typedQuery(
  homeRowSchema,
  (tree: CategoryTree, only: readonly number[] | null) =>
    sql`WITH shown AS (
          SELECT pr.* FROM products pr JOIN ${rootsMap(tree)} ON cm.category_id = pr.category_id
          WHERE pr.active ${only === null ? sql`` : sql`AND pr.id = ANY(${idArray(only)})`}
        ), lists AS (
          (SELECT 'newest' AS list, 1 AS list_order, row_number() OVER (ORDER BY created_at DESC, id DESC) AS rank, shown.*
           FROM shown ORDER BY created_at DESC, id DESC LIMIT ${HOME_LIST_PRODUCTS})
          UNION ALL
          (SELECT 'popular', 2, row_number() OVER (ORDER BY visits DESC, id), shown.*
           FROM shown ORDER BY visits DESC, id LIMIT ${HOME_LIST_PRODUCTS})
        )
        SELECT p.list, ${CARD_COLUMNS} FROM lists p ORDER BY p.list_order, p.rank`,
);

// ---------------------------------------------------------------- product and package pages

const productPlaceRowSchema = z.object({ category_id: id });

/** Where an active product sits (its category), or no row. */
export const selectProductPlace = typedQuery(
  productPlaceRowSchema,
  (productId: number) => sql`SELECT category_id FROM products WHERE id = ${productId} AND active`,
);

const productDetailRowSchema = cardRowSchema.extend({
  category_name: z.string(),
  long_description: z.string(),
  color: z.string(),
  size: productDetailSchema.shape.size,
  others: productDetailSchema.shape.others,
  product_images: productDetailSchema.shape.product_images,
});
export type ProductDetailRow = z.infer<typeof productDetailRowSchema>;

/** An active product with its sizes and their stock, its colour family and its images. */
export const selectProductDetail = typedQuery(
  productDetailRowSchema,
  (productId: number) =>
    sql`SELECT ${CARD_COLUMNS}, p.long_description, p.color, c.name AS category_name,
          coalesce((SELECT json_agg(json_build_object('id', z.id, 'name', z.name, 'type_id', z.type_id,
              'instock', coalesce(st.instock, 0)) ORDER BY z.sort_order, z.id)
            FROM sizes z LEFT JOIN stock st ON st.product_id = p.id AND st.size_id = z.id
            WHERE z.type_id = p.size_type_id), '[]'::json) AS size,
          coalesce((SELECT json_agg(json_build_object('id', o.id, 'icon', o.icon, 'name', o.name,
              'color', o.color, 'instock', coalesce((SELECT sum(s.instock) FROM stock s WHERE s.product_id = o.id), 0))
              ORDER BY o.sort_order, o.id)
            FROM products o WHERE o.family = p.family AND o.active), '[]'::json) AS others,
          coalesce((SELECT json_agg(json_build_object('id', i.id, 'image', i.image) ORDER BY i.sort_order, i.id)
            FROM product_images i WHERE i.product_id = p.id), '[]'::json) AS product_images
        FROM products p JOIN categories c ON c.id = p.category_id
        WHERE p.id = ${productId} AND p.active`,
);

const packageDetailRowSchema = packageDetailSchema.extend({ pricing: id });
export type PackageDetailRow = z.infer<typeof packageDetailRowSchema>;

/** A package of an active product, with its colour siblings and the category's other packages. */
export const selectPackageDetail = typedQuery(
  packageDetailRowSchema,
  (productId: number, packageId: number) =>
    sql`SELECT k.id, k.product_id, p.category_id, k.code, k.name, k.pricing, k.long_description, k.icon,
          k.color, k.instock,
          coalesce((SELECT json_agg(json_build_object('id', o.id, 'icon', o.icon, 'name', o.name,
              'color', o.color, 'instock', o.instock) ORDER BY o.sort_order, o.id)
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

const existsRowSchema = z.object({ id });

export const selectActiveProduct = typedQuery(
  existsRowSchema,
  (productId: number) => sql`SELECT id FROM products WHERE id = ${productId} AND active`,
);

export const selectActivePackage = typedQuery(
  existsRowSchema,
  (packageId: number) =>
    sql`SELECT k.id FROM packages k JOIN products p ON p.id = k.product_id WHERE k.id = ${packageId} AND p.active`,
);

// ---------------------------------------------------------------- tabs and groups

const phaseHeadingRowSchema = z.object({
  short_description: z.string(),
  long_description: z.string(),
});

export const selectPhaseHeading = typedQuery(
  phaseHeadingRowSchema,
  (rootId: number) =>
    sql`SELECT short_description, long_description FROM phases WHERE category_id = ${rootId}`,
);

const phaseRowSchema = phaseSummarySchema;

export const selectPhases = typedQuery(
  phaseRowSchema,
  () => sql`SELECT category_id, short_description, long_description FROM phases`,
);

const groupCardRowSchema = cardRowSchema.extend({ group_id: id, product_count: id });
export type GroupCardRow = z.infer<typeof groupCardRowSchema>;

export interface Group {
  groupId: number;
  categories: ReturnType<CategoryTree['subtree']>;
}

/** The first `perGroup` cards of each group, with the group's count. */
export const selectGroupCards = typedQuery(
  groupCardRowSchema,
  (groups: readonly Group[], perGroup: number) =>
    sql`SELECT ${CARD_COLUMNS}, p.group_id, p.product_count FROM (
          SELECT pr.*, cm.group_id,
            row_number() OVER (PARTITION BY cm.group_id ORDER BY cm.ord, pr.sort_order, pr.id) AS rn,
            count(*) OVER (PARTITION BY cm.group_id)::int AS product_count
          FROM products pr JOIN ${categoryMap(groups)} ON cm.category_id = pr.category_id
          WHERE pr.active
        ) p WHERE p.rn <= ${perGroup} ORDER BY p.rn`,
);

const totalRowSchema = z.object({ total: id });

export const countGroupProducts = typedQuery(
  totalRowSchema,
  (group: Group) =>
    sql`SELECT count(*)::int AS total FROM products pr JOIN ${categoryMap([group])} ON cm.category_id = pr.category_id
        WHERE pr.active`,
);

/** A page of a group's cards in display order. */
export const selectGroupPage = typedQuery(
  cardRowSchema,
  (group: Group, page: Page) =>
    sql`SELECT ${CARD_COLUMNS} FROM (
          SELECT pr.*, cm.ord FROM products pr JOIN ${categoryMap([group])} ON cm.category_id = pr.category_id
          WHERE pr.active ORDER BY cm.ord, pr.sort_order, pr.id OFFSET ${page.offset} LIMIT ${page.limit}
        ) p ORDER BY p.ord, p.sort_order, p.id`,
);

const rootCountRowSchema = z.object({ root_id: id, products: id });

/** Active products under each tab. */
export const countRootProducts = typedQuery(
  rootCountRowSchema,
  (tree: CategoryTree) =>
    sql`SELECT cm.group_id AS root_id, count(*)::int AS products
        FROM products pr JOIN ${rootsMap(tree)} ON cm.category_id = pr.category_id
        WHERE pr.active GROUP BY cm.group_id`,
);

// ---------------------------------------------------------------- search

export interface Page {
  offset: number;
  limit: number;
}

/** An int[] parameter (Drizzle would spread a JS array into one parameter per value). */
const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** A word as the prefix of a word, stemmed ('socks' finds 'sock') or as typed ('runn' finds 'running'). */
function wordQuery(word: string): SQL {
  const prefix = `${word}:*`;
  return sql`(to_tsquery('shop_english'::regconfig, ${prefix}) || to_tsquery('shop_simple'::regconfig, ${prefix}))`;
}

const searchCategoryRowSchema = z.object({ id, matches: z.array(z.boolean()) });
export type SearchCategoryRow = z.infer<typeof searchCategoryRowSchema>;

/**
 * The categories a search lists products of (not hidden, nor under a hidden tab), and which of the
 * text's words start a word of each one's words, its group's and its tab's ('kids' finds every
 * Kids' Socks product). A statement of its own, so that the search's statement gets the ids as
 * values and PostgreSQL can estimate how many products they hold.
 */
export const selectSearchCategories = typedQuery(searchCategoryRowSchema, (words: readonly string[]) => {
  const matches = words.map((word) => sql`v.words @@ ${wordQuery(word)}`);
  return sql`SELECT v.id, ARRAY[${sql.join(matches, sql`, `)}]::boolean[] AS matches FROM (
          SELECT g.id, to_tsvector('shop_english'::regconfig, g.name || ' ' || coalesce(r.name, '')) AS words
          FROM categories g LEFT JOIN categories r ON r.id = g.parent_id
          WHERE NOT g.hidden AND NOT coalesce(r.hidden, false)
        ) v`;
});

/** What a search needs of the categories: the listed ones, those each word matches, those all do. */
export interface SearchScope {
  listed: number[];
  byWord: number[][];
  all: number[];
}

export function searchScope(rows: readonly SearchCategoryRow[], words: readonly string[]): SearchScope {
  return {
    listed: rows.map((row) => row.id),
    byWord: words.map((_, index) => rows.filter((row) => row.matches[index]).map((row) => row.id)),
    all: rows.filter((row) => words.length > 0 && row.matches.every(Boolean)).map((row) => row.id),
  };
}

/**
 * How many products a search ranks from each of its ways to find them: the products that match, those
 * whose name holds every word, those whose category does, plus an exact code. Ranking every match
 * would read them all (at 100,000 products 'sock' matches 76,000); so each way stops at this many, in
 * no order (an index or a scan that stops early: ordering them by name first made PostgreSQL walk a
 * name index past every non-match). The tiers keep the best first; within a tier that has more, the
 * shopper narrows the text with another word. Twenty pages.
 */
const SEARCH_RANKED_PER_WAY = 480;

/**
 * Full-text search (products.search_vector, migration 0013), accents folded, case ignored. A product
 * matches when its code starts with the text, or when every word of the text starts a word of its
 * name, code, descriptions or category. Ranked: exact code, then tiers so that many mentions in a
 * description never outrank the name: every word in the category ('sock': a knee-high in Women's
 * Socks before a sock tote bag), in the name, a code starting with it; then ts_rank of the name
 * (below 1), then by name.
 */
function searchTerms(term: string, scope: SearchScope) {
  const raw = term.trim().toLowerCase();
  const words = searchWords(raw);
  const wordMatches = words.map(
    (word, index) =>
      sql`(pr.search_vector @@ ${wordQuery(word)} OR pr.category_id = ANY(${idArray(scope.byWord[index] ?? [])}))`,
  );
  const matches = or(
    sql`lower(pr.code) LIKE ${`${escapeLike(raw)}%`}`,
    wordMatches.length > 0 ? and(...wordMatches) : undefined,
  );
  const all = words.length > 0 ? sql`(${sql.join(words.map(wordQuery), sql` && `)})` : sql`''::tsquery`;
  const listed = sql`pr.active AND pr.category_id = ANY(${idArray(scope.listed)})`;
  const some = (condition: SQL) =>
    sql`(SELECT pr.id FROM products pr WHERE ${listed} AND ${condition} LIMIT ${SEARCH_RANKED_PER_WAY})`;
  const found = sql`found AS (
          ${some(sql`(${matches})`)}
          UNION ${some(sql`pr.name_vector @@ ${all}`)}
          UNION ${some(sql`pr.category_id = ANY(${idArray(scope.all)})`)}
          UNION SELECT pr.id FROM products pr WHERE ${listed} AND lower(pr.code) = ${raw})`;
  const score = sql`(pr.category_id = ANY(${idArray(scope.all)}))::int * 4 + (pr.name_vector @@ ${all})::int * 3
    + (lower(pr.code) LIKE ${`${escapeLike(raw)}%`})::int + ts_rank(pr.name_vector, ${all}, 32)`;
  return { raw, found, score };
}

/** What CARD_COLUMNS reads of a product (not pr.*: the search vectors are large). */
const CARD_SOURCE_COLUMNS = sql`pr.id, pr.category_id, pr.code, pr.name, pr.icon, pr.pricing, pr.price_discount,
  pr.short_description, pr.size_type_id, pr.is_new`;

const searchRowSchema = cardRowSchema.extend({ category_name: z.string(), total: id });
export type SearchRow = z.infer<typeof searchRowSchema>;

/** A page of the products found, best first, each row with their count. */
export const selectSearchPage = typedQuery(
  searchRowSchema,
  (term: string, scope: SearchScope, page: Page) => {
    const { raw, found, score } = searchTerms(term, scope);
    return sql`WITH ${found}
        SELECT ${CARD_COLUMNS}, p.category_name, p.total FROM (
          SELECT ${CARD_SOURCE_COLUMNS}, g.name AS category_name, count(*) OVER ()::int AS total,
            lower(pr.code) = ${raw} AS exact, ${score} AS score
          FROM found JOIN products pr ON pr.id = found.id JOIN categories g ON g.id = pr.category_id
          ORDER BY exact DESC, score DESC, lower(pr.name), pr.id OFFSET ${page.offset} LIMIT ${page.limit}
        ) p ORDER BY p.exact DESC, p.score DESC, lower(p.name), p.id`;
  },
);

export const countSearch = typedQuery(totalRowSchema, (term: string, scope: SearchScope) => {
  const { found } = searchTerms(term, scope);
  return sql`WITH ${found} SELECT count(*)::int AS total FROM found`;
});

/**
 * The typo-tolerant fallback, for a text no product's words start with ('merno sokcs'): products
 * whose name holds a stretch of similar trigrams (pg_trgm's word similarity, on the name without
 * accents), the closest first: the GiST index on search_name answers both the match (%>) and the
 * order (<->>, 1 - word similarity), so only the closest SEARCH_RANKED_PER_WAY are read. Run with
 * SIMILAR_NAME_THRESHOLD set for the transaction: the default, 0.6, misses most one-letter typos.
 */
function similarTerms(term: string, scope: SearchScope) {
  const folded = sql`shop_unaccent(lower(${term.trim()}))`;
  const found = sql`found AS (
          SELECT pr.id, pr.search_name <->> ${folded} AS distance FROM products pr
          WHERE pr.active AND pr.category_id = ANY(${idArray(scope.listed)}) AND pr.search_name %> ${folded}
          ORDER BY pr.search_name <->> ${folded} LIMIT ${SEARCH_RANKED_PER_WAY})`;
  return { found };
}

export const selectSimilarPage = typedQuery(
  searchRowSchema,
  (term: string, scope: SearchScope, page: Page) => {
    const { found } = similarTerms(term, scope);
    return sql`WITH ${found}
        SELECT ${CARD_COLUMNS}, p.category_name, p.total FROM (
          SELECT ${CARD_SOURCE_COLUMNS}, g.name AS category_name, count(*) OVER ()::int AS total, found.distance
          FROM found JOIN products pr ON pr.id = found.id JOIN categories g ON g.id = pr.category_id
          ORDER BY found.distance, lower(pr.name), pr.id OFFSET ${page.offset} LIMIT ${page.limit}
        ) p ORDER BY p.distance, lower(p.name), p.id`;
  },
);

export const countSimilar = typedQuery(totalRowSchema, (term: string, scope: SearchScope) => {
  const { found } = similarTerms(term, scope);
  return sql`WITH ${found} SELECT count(*)::int AS total FROM found`;
});

/** pg_trgm's word similarity the fallback needs: 'merno' finds 'merino' (0.5), 'sokc' 'sock' (0.4). */
export const SIMILAR_NAME_THRESHOLD = 0.35;

// ---------------------------------------------------------------- dashboard

const tileRowSchema = z.object({
  root_id: id,
  visits: id,
  types: id,
  colours: id,
  products: dashboardTileSchema.shape.products,
});
export type TileRow = z.infer<typeof tileRowSchema>;

/** Per tab: its visits, designs and colours, and its three most visited products. */
export const selectDashboard = typedQuery(
  tileRowSchema,
  (tree: CategoryTree) =>
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

// ---------------------------------------------------------------- dimensions

const dimensionRowSchema = z.object({
  product_id: id.nullable(),
  size_id: id.nullable(),
  package_id: id.nullable(),
  length: id,
  width: id,
  height: id,
  weight: id,
});

const DIMENSION_COLUMNS = sql`d.product_id, d.size_id, d.package_id, d.length_mm AS length, d.width_mm AS width,
  d.height_mm AS height, d.weight_g AS weight`;

export const selectDimensions = typedQuery(
  dimensionRowSchema,
  () => sql`SELECT ${DIMENSION_COLUMNS} FROM dimensions d ORDER BY d.id`,
);

/** A product's measures: the size's own first (when it has some), then the product's. */
export const selectProductDimensions = typedQuery(
  dimensionRowSchema,
  (productId: number, sizeId: number | null) =>
    sql`SELECT ${DIMENSION_COLUMNS}
        FROM dimensions d
        WHERE d.product_id = ${productId} AND (d.size_id IS NULL OR d.size_id = ${sizeId}::int)
        ORDER BY (d.size_id IS NULL), d.id`,
);

export const selectProduct = typedQuery(
  existsRowSchema,
  (productId: number) => sql`SELECT id FROM products WHERE id = ${productId}`,
);
