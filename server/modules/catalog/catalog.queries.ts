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
  packageDetailSchema,
  phaseSummarySchema,
  productDetailSchema,
  SHOWROOM_PER_CATEGORY,
  searchWords,
  TEASER_PRODUCTS,
} from '../../../domain/catalog.ts';
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
              'color', o.color) ORDER BY o.sort_order, o.id)
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

/** ' men s socks ': the words of a column between spaces, as products.search_words holds them. */
const wordsOf = (column: SQL) =>
  sql`(' ' || regexp_replace(lower(${column}), '[[:space:][:punct:]]+', ' ', 'g') || ' ')`;

// A product's category words are its group's and its tab's ('kids' finds every Kids' Socks product).
const CATEGORY_WORDS = sql`c AS (
  SELECT g.id, g.name, ${wordsOf(sql`g.name`)} || coalesce(${wordsOf(sql`r.name`)}, '') AS words
  FROM categories g LEFT JOIN categories r ON r.id = g.parent_id
  WHERE NOT g.hidden AND NOT coalesce(r.hidden, false))`;

/**
 * Case-insensitive; a product matches when its code starts with the text, or when every word of
 * the text starts a word of its name, code or category ('mer sock' finds 'Merino ... Sock'; a
 * final s is optional: 'socks' finds 'Sock'). Ranked: exact code, name starting with the text,
 * a word of the name or code starting with the text, then the rest; then by name.
 */
function searchTerms(term: string) {
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
  return { raw, matches, phraseRank };
}

const searchRowSchema = cardRowSchema.extend({ category_name: z.string(), total: id });
export type SearchRow = z.infer<typeof searchRowSchema>;

/** A page of the products matching a term, best first, each row with the count of all matches. */
export const selectSearchPage = typedQuery(searchRowSchema, (term: string, page: Page) => {
  const { raw, matches, phraseRank } = searchTerms(term);
  return sql`WITH ${CATEGORY_WORDS}
        SELECT ${CARD_COLUMNS}, p.category_name, p.total FROM (
          SELECT pr.*, c.name AS category_name, count(*) OVER ()::int AS total,
            CASE WHEN lower(pr.code) = ${raw} THEN 0 ELSE ${phraseRank} END AS rank
          FROM products pr JOIN c ON c.id = pr.category_id
          WHERE pr.active AND (${matches})
          ORDER BY rank, lower(pr.name), pr.id OFFSET ${page.offset} LIMIT ${page.limit}
        ) p ORDER BY p.rank, lower(p.name), p.id`;
});

export const countSearch = typedQuery(totalRowSchema, (term: string) => {
  const { matches } = searchTerms(term);
  return sql`WITH ${CATEGORY_WORDS}
        SELECT count(*)::int AS total FROM products pr JOIN c ON c.id = pr.category_id
        WHERE pr.active AND (${matches})`;
});

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
