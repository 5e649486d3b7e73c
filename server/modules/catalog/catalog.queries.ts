/**
 * The catalogue's statements, each beside the zod schema of its rows (docs/decisions/002: raw SQL
 * where it was measured to pay). Every list is one statement whatever its length: joins, window
 * functions and json_agg, no query per product. The row schemas are the contract (typedQuery):
 * catalog.queries.test.ts runs every statement on PGlite and PostgreSQL and checks each row against
 * its schema; at run time the rows are trusted, so the hot paths parse nothing.
 */
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  dashboardTileSchema,
  HOME_LIST_PRODUCTS,
  packageDetailSchema,
  phaseSummarySchema,
  productDetailSchema,
} from '../../../domain/catalog.ts';
import { SHOWROOM_PER_CATEGORY, TEASER_PRODUCTS } from '../../../domain/catalog-display.ts';
import { intArray } from '../../db/arrays.ts';
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
          WHERE pr.active ${only === null ? sql`` : sql`AND pr.id = ANY(${intArray(only)})`}
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

/*
 * A group's cards are read category by category, each on the index products (category_id,
 * active, sort_order, id): the first cards of a category are its index's first entries, so a tab of
 * 34,000 products (at 100,000) reads a few dozen rows instead of sorting them all. Counts add up each
 * category's.
 */

/** A category's first `limit` active products in display order. */
function firstInCategory(categoryId: SQL, limit: SQL): SQL {
  return sql`SELECT pr.* FROM products pr WHERE pr.category_id = ${categoryId} AND pr.active
             ORDER BY pr.sort_order, pr.id LIMIT ${limit}`;
}

/** A category's number of active products, as `total`. */
function activeInCategory(categoryId: SQL): SQL {
  return sql`SELECT count(*) AS total FROM products pr WHERE pr.category_id = ${categoryId} AND pr.active`;
}

/** The first `perGroup` cards of each group, with the group's count. */
export const selectGroupCards = typedQuery(
  groupCardRowSchema,
  (groups: readonly Group[], perGroup: number) =>
    sql`WITH cm AS (SELECT * FROM ${categoryMap(groups)}),
        counts AS (
          SELECT cm.group_id, sum(n.total)::int AS product_count
          FROM cm CROSS JOIN LATERAL (${activeInCategory(sql`cm.category_id`)}) n
          GROUP BY cm.group_id
        )
        SELECT ${CARD_COLUMNS}, p.group_id, p.product_count FROM (
          SELECT f.*, g.group_id, g.product_count,
            row_number() OVER (PARTITION BY g.group_id ORDER BY f.ord, f.sort_order, f.id) AS rn
          FROM counts g CROSS JOIN LATERAL (
            SELECT pr.*, cm.ord FROM cm
            CROSS JOIN LATERAL (${firstInCategory(sql`cm.category_id`, sql`${perGroup}`)}) pr
            WHERE cm.group_id = g.group_id
            ORDER BY cm.ord, pr.sort_order, pr.id LIMIT ${perGroup}
          ) f
        ) p ORDER BY p.rn`,
);

const totalRowSchema = z.object({ total: id });

export const countGroupProducts = typedQuery(
  totalRowSchema,
  (group: Group) =>
    sql`SELECT coalesce(sum(n.total), 0)::int AS total
        FROM ${categoryMap([group])} CROSS JOIN LATERAL (${activeInCategory(sql`cm.category_id`)}) n`,
);

/** A page of a group's cards in display order. */
export const selectGroupPage = typedQuery(
  cardRowSchema,
  (group: Group, page: Page) =>
    sql`SELECT ${CARD_COLUMNS} FROM (
          SELECT pr.*, cm.ord FROM ${categoryMap([group])}
          CROSS JOIN LATERAL (${firstInCategory(sql`cm.category_id`, sql`${page.offset + page.limit}`)}) pr
          ORDER BY cm.ord, pr.sort_order, pr.id OFFSET ${page.offset} LIMIT ${page.limit}
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

/** A word as the prefix of a word, stemmed ('socks' finds 'sock') or as typed ('runn' finds 'running'). */
function wordQuery(word: string): SQL {
  const prefix = `${word}:*`;
  return sql`(to_tsquery('shop_english'::regconfig, ${prefix}) || to_tsquery('shop_simple'::regconfig, ${prefix}))`;
}

const searchCategoryRowSchema = z.object({ id, listed: z.boolean(), lexemes: z.array(z.string()) });
export type SearchCategoryRow = z.infer<typeof searchCategoryRowSchema>;

/**
 * Every category, whether a search lists its products (not hidden, nor under a hidden tab), and the
 * lexemes of its name and its tab's ('kids' finds every Kids' Socks product): a few dozen rows,
 * kept with the catalogue (catalog-lookups.ts), so that a search matches its words to them without
 * a statement, and its own statement gets the categories' ids as values, from which PostgreSQL can
 * estimate how many products they hold.
 */
export const selectSearchCategories = typedQuery(
  searchCategoryRowSchema,
  () =>
    sql`SELECT g.id, NOT g.hidden AND NOT coalesce(r.hidden, false) AS listed,
          tsvector_to_array(to_tsvector('shop_english'::regconfig, g.name || ' ' || coalesce(r.name, ''))) AS lexemes
        FROM categories g LEFT JOIN categories r ON r.id = g.parent_id`,
);

/**
 * What a search needs of the categories: those it never lists (usually none), and the listed ones
 * some word names, grouped by which words name them (`words[i]`: word i does); `all` are those every
 * word names.
 */
export interface SearchScope {
  unlisted: number[];
  named: { words: boolean[]; categories: number[] }[];
  all: number[];
}

/** A word as each text search configuration makes it lexemes (selectSearchWords). */
export type WordForms = Pick<SearchWordRow, 'english' | 'simple'>;

/**
 * Whether a word names a category: PostgreSQL's `lexemes @@ (to_tsquery('shop_english', 'word:*')
 * || to_tsquery('shop_simple', 'word:*'))`, from the lexemes each configuration makes of the word
 * (to_tsquery makes the same of one word as to_tsvector, every part a prefix that must match): some
 * configuration made lexemes (none of a stop word), and each starts one of the category's.
 */
export function namesCategory(word: WordForms, categoryLexemes: readonly string[]): boolean {
  return [word.english, word.simple].some(
    (forms) =>
      forms.length > 0 && forms.every((form) => categoryLexemes.some((lexeme) => lexeme.startsWith(form))),
  );
}

export function searchScope(rows: readonly SearchCategoryRow[], words: readonly WordForms[]): SearchScope {
  const named = new Map<string, { words: boolean[]; categories: number[] }>();
  for (const row of rows) {
    const matches = words.map((word) => namesCategory(word, row.lexemes));
    if (!row.listed || !matches.some(Boolean)) continue;
    const key = matches.map(Number).join('');
    const group = named.get(key) ?? { words: matches, categories: [] };
    group.categories.push(row.id);
    named.set(key, group);
  }
  return {
    unlisted: rows.filter((row) => !row.listed).map((row) => row.id),
    named: [...named.values()],
    all: [...named.values()]
      .filter((group) => group.words.every(Boolean))
      .flatMap((group) => group.categories),
  };
}

/** A prefix that starts more lexemes than this is looked up as a prefix (GIN's partial match). */
const LEXEMES_PER_WORD = 40;
/** How many lexemes, closest by trigrams, a word that starts none is compared with (search-words.ts). */
const TYPO_CANDIDATES = 30;
/**
 * The words statement's limits, written in its text: a LIMIT sent as a value made PostgreSQL's
 * generic plan look dearer than the plans it makes for each value, so it planned the statement
 * anew for every search (0 generic plans in 12 runs; 7 once the limits are in the text).
 */
const WORD_LIMITS = {
  lexemes: sql.raw(String(LEXEMES_PER_WORD)),
  lexemesRead: sql.raw(String(LEXEMES_PER_WORD + 1)),
  typoCandidates: sql.raw(String(TYPO_CANDIDATES)),
};

const searchWordRowSchema = z.object({
  word: z.string(),
  /** The word without accents, as the lexemes are. */
  folded: z.string(),
  /** The lexemes each configuration makes of the word (one, or none of a stop word). */
  english: z.array(z.string()),
  simple: z.array(z.string()),
  /** The lexemes the word starts, in either configuration; null when they are too many to list. */
  lexemes: z.array(z.string()).nullable(),
  /** When it starts none: the lexemes with the most trigrams in common, the closest first... */
  candidates: z.array(z.string()),
  /** ...and pg_trgm's word similarity of the word to each. */
  similarities: z.array(z.number()),
});
export type SearchWordRow = z.infer<typeof searchWordRowSchema>;

/**
 * Each word of the text as the search_lexemes it can be (migration 0019, docs/decisions/008): the
 * lexemes that start with the word as each configuration normalises it (what `word:*` matches, so
 * the results are the same), or, when none does, the lexemes closest to it by trigrams (the GiST
 * index), from which search-words.ts keeps a typo's. A word that the configurations do not
 * normalise to one lexeme each (none does, after searchWords) keeps its prefix.
 */
export const selectSearchWords = typedQuery(searchWordRowSchema, (words: readonly string[]) => {
  return sql`SELECT x.word, x.folded, x.english, x.simple,
          CASE WHEN x.parts > 1 OR x.found > ${WORD_LIMITS.lexemes} THEN NULL ELSE coalesce(x.lexemes, '{}') END AS lexemes,
          coalesce(t.candidates, '{}') AS candidates, coalesce(t.similarities, '{}') AS similarities
        FROM (
          SELECT w.ord, w.word, shop_unaccent(w.word) AS folded, n.english, n.simple,
            greatest(cardinality(n.english), cardinality(n.simple)) AS parts,
            e.lexemes, coalesce(cardinality(e.lexemes), 0) AS found
          FROM json_array_elements_text(${JSON.stringify(words)}::json) WITH ORDINALITY w(word, ord)
          CROSS JOIN LATERAL (
            SELECT tsvector_to_array(to_tsvector('shop_english'::regconfig, w.word)) AS english,
              tsvector_to_array(to_tsvector('shop_simple'::regconfig, w.word)) AS simple
          ) n
          CROSS JOIN LATERAL (
            SELECT array_agg(DISTINCT l.lexeme) AS lexemes FROM unnest(n.english || n.simple) p(prefix)
            CROSS JOIN LATERAL (
              SELECT s.lexeme FROM search_lexemes s
              WHERE s.lexeme ~>=~ p.prefix AND s.lexeme ~<~ (p.prefix || chr(1114111))
              ORDER BY s.lexeme LIMIT ${WORD_LIMITS.lexemesRead}
            ) l
          ) e
        ) x
        LEFT JOIN LATERAL (
          SELECT array_agg(k.lexeme ORDER BY k.distance, k.lexeme) AS candidates,
            array_agg(word_similarity(x.folded, k.lexeme)::float8 ORDER BY k.distance, k.lexeme) AS similarities
          FROM (
            SELECT s.lexeme, s.lexeme <-> x.folded AS distance FROM search_lexemes s
            WHERE x.found = 0 ORDER BY s.lexeme <-> x.folded LIMIT ${WORD_LIMITS.typoCandidates}
          ) k
        ) t ON true
        ORDER BY x.ord`;
});

const searchStatisticsRowSchema = z.object({
  column: z.enum(['search_vector', 'name_vector', 'category_id']),
  values: z.array(z.string()),
  shares: z.array(z.number()),
});
export type SearchStatisticsRow = z.infer<typeof searchStatisticsRowSchema>;

/**
 * The share of products holding each of the commonest lexemes of the two vectors, and in each of
 * the commonest categories: PostgreSQL's own statistics (ANALYZE), no rows before the first. See
 * searchScans.
 */
export const selectSearchStatistics = typedQuery(
  searchStatisticsRowSchema,
  () =>
    sql`SELECT attname::text AS column,
          coalesce(most_common_elems, most_common_vals)::text::text[] AS values,
          coalesce(most_common_elem_freqs, most_common_freqs)::float8[] AS shares
        FROM pg_stats
        WHERE schemaname = current_schema() AND tablename = 'products'
          AND attname IN ('search_vector', 'name_vector', 'category_id')
          AND coalesce(most_common_elems, most_common_vals) IS NOT NULL`,
);

/** The share of products holding each common lexeme, per vector, and in each category. */
export interface SearchStatistics {
  search: ReadonlyMap<string, number>;
  name: ReadonlyMap<string, number>;
  category: ReadonlyMap<number, number>;
}

export function searchStatisticsOf(rows: readonly SearchStatisticsRow[]): SearchStatistics {
  const of = (column: SearchStatisticsRow['column']) => {
    const row = rows.find((r) => r.column === column);
    return new Map(row?.values.map((value, index) => [value, row.shares[index] ?? 0]));
  };
  const category = new Map([...of('category_id')].map(([id, share]) => [Number(id), share]));
  return { search: of('search_vector'), name: of('name_vector'), category };
}

/** A way whose products are at least this share of the catalogue is scanned for rather than looked up. */
const SCAN_SHARE = 0.1;

/**
 * Whether to scan the products for all the words (each product read once, stopping at
 * SEARCH_RANKED_PER_WAY found) rather than ask the GIN index, per vector. The index reads every
 * product holding any of the lexemes before the first is returned: at 100,000 products 'sock' is
 * 76,000 of them (15-20 ms); a scan finds the first 480 of those in 480 / 0.76 products (1 ms), but
 * reads the whole table when few match (40-75 ms). So: scan when the share of products holding
 * every word, as the statistics tell (a word's lexemes' shares summed, words independent), is at
 * least SCAN_SHARE; otherwise, and whenever a word's share is unknown, the index.
 */
export function searchScans(
  words: readonly Pick<SearchWord, 'lexemes'>[],
  scope: Pick<SearchScope, 'named'>,
  shares: SearchStatistics,
) {
  const share = (vector: ReadonlyMap<string, number>, of = words) =>
    of.reduce((product, word) => {
      const lexemes = [...(word.lexemes ?? [])].sort();
      if (lexemes.length === 0) return 0;
      // A stem and the words it comes from are in the same products ('sock', 'socks'): lexemes that
      // start with another count once, as the commonest of them; the others add up.
      let sum = 0;
      let root = '';
      let most = 0;
      for (const lexeme of lexemes) {
        const lexemeShare = vector.get(lexeme) ?? 0;
        if (root && lexeme.startsWith(root)) most = Math.max(most, lexemeShare);
        else {
          sum += most;
          root = lexeme;
          most = lexemeShare;
        }
      }
      return product * Math.min(1, sum + most);
    }, 1);
  return {
    text: words.length > 0 && share(shares.search) >= SCAN_SHARE,
    name: words.length > 0 && share(shares.name) >= SCAN_SHARE,
    // The products of categories that words name, holding the other words: a scan when they are
    // many; else the category's index, the other words checked on each of its products when they
    // are common (the GIN index would read every product holding them), looked up in the GIN index
    // when rare.
    named: scope.named.map((group): 'scan' | 'category' | 'words' => {
      const others = words.filter((_, index) => !group.words[index]);
      const inCategories = group.categories.reduce((sum, id) => sum + (shares.category.get(id) ?? 0), 0);
      const othersShare = others.length > 0 ? share(shares.search, others) : 1;
      if (inCategories * othersShare >= SCAN_SHARE) return 'scan';
      return othersShare >= SCAN_SHARE ? 'category' : 'words';
    }),
  };
}

/**
 * A word of the text as a search statement uses it: the lexemes it starts (null: too many, use
 * the prefix), and when it starts none, the lexemes it may be a typo of (search-words.ts).
 */
export interface SearchWord {
  word: string;
  lexemes: readonly string[] | null;
  typoOf: readonly string[];
}

/** What a search statement needs besides the text: the categories, the words, how to find. */
export interface SearchPlan {
  scope: SearchScope;
  words: readonly SearchWord[];
  scan: ReturnType<typeof searchScans>;
}

/**
 * How many products a search ranks from each of its ways to find them: the products whose name
 * holds every word, those whose other words do (when the names are fewer), those whose category a
 * word names, those whose category holds every word, those whose code starts with the text, plus
 * an exact code. Ranking every match would read them all (at 100,000 products 'sock' matches
 * 76,000); so each way stops at this many, in no order (an index or a scan that stops early:
 * ordering them by name first made PostgreSQL walk a name index past every non-match). The tiers
 * keep the best first; within a tier that has more, the shopper narrows the text with another
 * word. Twenty pages.
 */
export const SEARCH_RANKED_PER_WAY = 120;

/**
 * The products of the categories a word names that are read, at most, to find those holding the
 * text's other, common words (a way of its own, see searchScans): their share in the whole
 * catalogue says little of their share there ('sock' in 60% of products, in 2 of 8,000 phone cases).
 */
const CATEGORY_PRODUCTS_READ = 8 * SEARCH_RANKED_PER_WAY;

/**
 * The planner's settings for a search's statements, set in its transaction: sequential and plain
 * index scans off, so that each way is what searchScans chose, the GIN index (a bitmap scan, the
 * only one left) or a scan that stops at the limit (ts_match_vq and listedProducts' `scan`, which no
 * index answers), not what the planner guesses from its row estimates (docs/decisions/008). A path
 * turned off costs 10^10 in the planner's units, past the JIT's threshold: the shop's connections
 * run without JIT (database.ts).
 *
 * And the generic plan of each prepared statement: the ways are in the statement's text, so the
 * values do not change the plan that matters, and PostgreSQL otherwise planned every search anew
 * (it never took the generic plan itself: 1-2 ms a search on PGlite, docs/decisions/016).
 */
export const SEARCH_WAYS_AS_PLANNED = sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true),
  set_config('plan_cache_mode', 'force_generic_plan', true)`;

/**
 * Active products of the categories a search lists (no condition on the category when all are).
 * For a way that scans (`scan`), `active` is written so that no index answers it: products_category
 * holds it, and with sequential scans off the planner would read that whole index into a bitmap
 * before the first product (8-10 ms at 100,000 products), where the scan stops at its limit.
 */
function listedProducts(scope: SearchScope, scan = false): SQL {
  const active = scan ? sql`coalesce(pr.active, false)` : sql`pr.active`;
  return scope.unlisted.length === 0
    ? active
    : sql`${active} AND NOT (pr.category_id = ANY(${intArray(scope.unlisted)}))`;
}

/** A lexeme as tsquery text: quoted, its quotes and backslashes doubled. */
function quotedLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * The tsquery of words that must all match: the listed lexemes of each word (exact lexemes, which
 * GIN looks up one by one and skips through), or the word as a prefix when its lexemes are not listed.
 */
function wordsQuery(words: readonly { word: string; lexemes: readonly string[] | null }[]): SQL {
  const listed = words.filter((w) => w.lexemes && w.lexemes.length > 0);
  const parts: SQL[] = words.filter((w) => !listed.includes(w)).map((w) => wordQuery(w.word));
  if (listed.length > 0) {
    const text = listed.map((w) => `(${(w.lexemes ?? []).map(quotedLexeme).join(' | ')})`).join(' & ');
    parts.unshift(sql`${text}::tsquery`);
  }
  return parts.length > 0 ? sql`(${sql.join(parts, sql` && `)})` : sql`''::tsquery`;
}

/**
 * The smallest text after every text that starts with `prefix`, compared byte by byte (~<~): the
 * last character one code point up. A B-tree answers `~>=~ prefix AND ~<~ this` in a prepared
 * statement, where it cannot answer LIKE with a parameter.
 */
export function afterPrefix(prefix: string): string | undefined {
  const points = Array.from(prefix, (c) => c.codePointAt(0) ?? 0);
  while (points.length > 0) {
    const last = (points.pop() ?? 0) + 1;
    if (last <= 0x10ffff) {
      points.push(last >= 0xd800 && last <= 0xdfff ? 0xe000 : last);
      return String.fromCodePoint(...points);
    }
  }
  return undefined;
}

/**
 * Full-text search (products.search_vector, migration 0013), accents folded, case ignored. A product
 * matches when its code starts with the text, or when every word of the text starts a word of its
 * name, code, descriptions or category. Ranked: exact code, then tiers so that many mentions in a
 * description never outrank the name: every word in the category ('sock': a knee-high in Women's
 * Socks before a sock tote bag), in the name, a code starting with it; then ts_rank of the name
 * (below 1), then by name.
 *
 * Each way is a condition that one index answers, or a scan the plan chose (docs/decisions/008): a
 * single condition OR-ing a word in the vector, its category and the code could only be a scan of
 * every product, 75 ms at 100,000 products whenever fewer than SEARCH_RANKED_PER_WAY matched.
 */
function searchTerms(term: string, { scope, words, scan }: SearchPlan) {
  const raw = term.trim().toLowerCase();
  const codeStart = sql`lower(pr.code) LIKE ${`${escapeLike(raw)}%`}`;
  const after = afterPrefix(raw);
  const codeRange = sql`lower(pr.code) ~>=~ ${raw}${after === undefined ? sql`` : sql` AND lower(pr.code) ~<~ ${after}`}`;
  const all = wordsQuery(words);
  // Ranked by the prefixes, as the search was before lexemes were listed (the same matches).
  const prefixes = wordsQuery(words.map((w) => ({ word: w.word, lexemes: null })));
  const shown = listedProducts(scope);
  const shownToScan = listedProducts(scope, true);
  // Each way brings what the ranking reads, so the products are read once, where they are found.
  const columns = sql`pr.id, pr.category_id, pr.code, pr.name, pr.name_vector`;
  const some = (condition: SQL, scan = false) =>
    sql`(SELECT ${columns} FROM products pr WHERE ${scan ? shownToScan : shown} AND ${condition} LIMIT ${SEARCH_RANKED_PER_WAY})`;
  // ts_match_vq is @@ that no index answers: the plan is a scan that stops at the limit.
  const match = (vector: SQL, scanned: boolean, query = all) =>
    scanned ? sql`ts_match_vq(${vector}, ${query})` : sql`${vector} @@ ${query}`;
  const ways: SQL[] = [];
  let named = sql``;
  if (words.length > 0) {
    named = sql`named AS MATERIALIZED ${some(match(sql`pr.name_vector`, scan.name), scan.name)}, `;
    ways.push(sql`SELECT * FROM named`);
    // The other text (code, descriptions) only when fewer names hold the words than are ranked: a
    // name holding them ranks above any other text holding them, unless that product is in a
    // category the text names or its code starts with the text (which ways of their own find), so
    // those could not be ranked anyway. Reading both cost the commonest texts a second read of an
    // index (3-4 ms of 11-15 at 100,000 products, docs/decisions/014).
    const fewNamed = sql`(SELECT count(*) FROM named) < ${SEARCH_RANKED_PER_WAY}`;
    ways.push(some(sql`${match(sql`pr.search_vector`, scan.text)} AND ${fewNamed}`, scan.text));
    // Categories that some words name, with the product's own words holding the others ('kids
    // merino': a Kids' Socks product whose words hold merino); all of them: every product there.
    // Only the categories every word names earn their products the category's tier; the others'
    // products rank as their names and codes do, so, like the other text, they are read only when
    // fewer names hold the words than are ranked (docs/decisions/016).
    scope.named.forEach((group, index) => {
      const others = words.filter((_, word) => !group.words[word]);
      const way = scan.named[index] ?? 'words';
      // category_id + 0 is what no index answers: a scan that stops at the limit.
      const category = sql`${way === 'scan' ? sql`pr.category_id + 0` : sql`pr.category_id`} = ANY(${intArray(group.categories)})`;
      if (others.length === 0) ways.push(some(category, way === 'scan'));
      else if (way === 'category') {
        // Common words, but maybe not in these categories ('sock' in Phone Cases): a bounded read.
        const read = sql`(SELECT ${columns}, pr.search_vector FROM products pr WHERE ${shown} AND ${category}
          LIMIT ${CATEGORY_PRODUCTS_READ}) pr`;
        ways.push(
          sql`(SELECT ${columns} FROM ${read} WHERE ts_match_vq(pr.search_vector, ${wordsQuery(others)}) AND ${fewNamed}
            LIMIT ${SEARCH_RANKED_PER_WAY})`,
        );
      } else
        ways.push(
          some(
            sql`${category} AND ${match(sql`pr.search_vector`, way === 'scan', wordsQuery(others))} AND ${fewNamed}`,
            way === 'scan',
          ),
        );
    });
  }
  ways.push(some(sql`${codeRange} AND ${codeStart}`));
  ways.push(sql`SELECT ${columns} FROM products pr WHERE ${shown} AND lower(pr.code) = ${raw}`);
  const found = sql`${named}found AS (${sql.join(ways, sql` UNION ALL `)}),
        candidates AS (SELECT DISTINCT ON (f.id) f.* FROM found f)`;
  const score = sql`(c.category_id = ANY(${intArray(scope.all)}))::int * 4 + (c.name_vector @@ ${all})::int * 3
    + (lower(c.code) LIKE ${`${escapeLike(raw)}%`})::int + ts_rank(c.name_vector, ${prefixes}, 32)`;
  return { raw, found, score };
}

const searchRowSchema = cardRowSchema.extend({ category_name: z.string(), total: id });
export type SearchRow = z.infer<typeof searchRowSchema>;

/** A page of the products found, best first, each row with their count. */
export const selectSearchPage = typedQuery(searchRowSchema, (term: string, plan: SearchPlan, page: Page) => {
  const { raw, found, score } = searchTerms(term, plan);
  return sql`WITH ${found}, ranked AS (
          SELECT c.id, count(*) OVER ()::int AS total, lower(c.code) = ${raw} AS exact, ${score} AS score,
            lower(c.name) AS sort_name
          FROM candidates c
          ORDER BY exact DESC, score DESC, sort_name, c.id OFFSET ${page.offset} LIMIT ${page.limit}
        )
        SELECT ${CARD_COLUMNS}, g.name AS category_name, r.total
        FROM ranked r JOIN products p ON p.id = r.id JOIN categories g ON g.id = p.category_id
        ORDER BY r.exact DESC, r.score DESC, r.sort_name, r.id`;
});

export const countSearch = typedQuery(totalRowSchema, (term: string, plan: SearchPlan) => {
  const { found } = searchTerms(term, plan);
  return sql`WITH ${found} SELECT count(*)::int AS total FROM candidates`;
});

/**
 * The typo-tolerant fallback, for a text some word of which starts no lexeme ('merno sokcs'): each
 * such word is tried as the lexemes it may be a typo of (search-words.ts), the other words as what
 * they start; the products whose names hold them all, at most SEARCH_RANKED_PER_WAY (exact
 * lexemes, from the GIN index on name_vector), the closest names to the text first (pg_trgm's word
 * similarity of the name without accents). Undefined when a word is like no lexeme: nothing to find.
 */
function similarTerms(term: string, { scope, words }: SearchPlan) {
  const corrected = words.map((w) => ({
    word: w.word,
    lexemes: w.lexemes && w.lexemes.length === 0 ? w.typoOf : w.lexemes,
  }));
  if (words.length === 0 || corrected.some((w) => w.lexemes && w.lexemes.length === 0)) return undefined;
  const folded = sql`shop_unaccent(lower(${term.trim()}))`;
  const found = sql`found AS (
          SELECT pr.id, pr.search_name <->> ${folded} AS distance, lower(pr.name) AS sort_name FROM products pr
          WHERE ${listedProducts(scope)} AND pr.name_vector @@ ${wordsQuery(corrected)}
          LIMIT ${SEARCH_RANKED_PER_WAY})`;
  return { found };
}

/**
 * Whether the fallback can find anything (similarTerms): some word starts no lexeme, and each such
 * word may be a typo of some.
 */
export function hasTypo(words: readonly Pick<SearchWord, 'lexemes' | 'typoOf'>[]): boolean {
  const unknown = words.filter((w) => w.lexemes !== null && w.lexemes.length === 0);
  return unknown.length > 0 && unknown.every((w) => w.typoOf.length > 0);
}

export const selectSimilarPage = typedQuery(searchRowSchema, (term: string, plan: SearchPlan, page: Page) => {
  const terms = similarTerms(term, plan);
  if (!terms)
    return sql`SELECT ${CARD_COLUMNS}, ''::text AS category_name, 0 AS total FROM products p WHERE false`;
  return sql`WITH ${terms.found}, ranked AS (
          SELECT f.id, f.distance, f.sort_name, count(*) OVER ()::int AS total FROM found f
          ORDER BY f.distance, f.sort_name, f.id OFFSET ${page.offset} LIMIT ${page.limit}
        )
        SELECT ${CARD_COLUMNS}, g.name AS category_name, r.total
        FROM ranked r JOIN products p ON p.id = r.id JOIN categories g ON g.id = p.category_id
        ORDER BY r.distance, r.sort_name, r.id`;
});

export const countSimilar = typedQuery(totalRowSchema, (term: string, plan: SearchPlan) => {
  const terms = similarTerms(term, plan);
  if (!terms) return sql`SELECT 0 AS total`;
  return sql`WITH ${terms.found} SELECT count(*)::int AS total FROM found`;
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
