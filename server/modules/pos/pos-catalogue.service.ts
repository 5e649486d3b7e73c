import { type SQL, sql } from 'drizzle-orm';
import {
  catalogueWords,
  POS_CATALOGUE_LIMIT,
  type PosCatalogueItem,
  posCatalogueItemSchema,
} from '../../../domain/pos/catalogue.ts';
import type { Database } from '../../db/database.ts';
import { escapeLike } from '../../db/like.ts';
import { typedQuery } from '../../db/typed-query.ts';

/**
 * Active products and active packages (of active products) matching a search, best first: the
 * code typed exactly (a barcode scanner), then codes starting with it, then names and codes holding
 * every word. Sizes and stock come in the same statement (no query per item).
 */
export const selectPosCatalogue = typedQuery(posCatalogueItemSchema, (q: string) => {
  const raw = q.trim().toLowerCase();
  const words = catalogueWords(raw);
  const wordMatches: SQL[] = words.map((word) => sql`i.words LIKE ${`% ${escapeLike(word)}%`}`);
  const anyWords = wordMatches.length > 0 ? sql.join(wordMatches, sql` AND `) : sql`false`;
  return sql`
    WITH items AS (
      SELECT 'product' AS kind, pr.id AS product_id, NULL::int AS package_id, pr.code, pr.name,
        pr.pricing - LEAST(pr.price_discount, pr.pricing) AS unit_price, pr.size_type_id,
        NULL::int AS package_stock, pr.search_words AS words
      FROM products pr WHERE pr.active
      UNION ALL
      SELECT 'package', pk.product_id, pk.id, pk.code, pk.name, pk.pricing, NULL::int, pk.instock,
        ' ' || regexp_replace(lower(pk.name || ' ' || pk.code), '[[:space:][:punct:]]+', ' ', 'g') || ' '
      FROM packages pk JOIN products pr ON pr.id = pk.product_id
      WHERE pk.active AND pr.active
    ),
    found AS (
      SELECT i.*, CASE WHEN lower(i.code) = ${raw} THEN 0
          WHEN lower(i.code) LIKE ${`${escapeLike(raw)}%`} THEN 1 ELSE 2 END AS rank
      FROM items i
      WHERE lower(i.code) LIKE ${`${escapeLike(raw)}%`} OR (${anyWords})
      ORDER BY rank, lower(i.name), i.code
      LIMIT ${POS_CATALOGUE_LIMIT}
    )
    SELECT f.kind, f.product_id AS "productId", f.package_id AS "packageId", f.code, f.name,
      f.unit_price AS "unitPrice",
      CASE WHEN f.kind = 'product' AND f.size_type_id IS NOT NULL THEN (
        SELECT coalesce(json_agg(json_build_object('size_id', s.id, 'name', s.name,
            'instock', coalesce(st.instock, 0)) ORDER BY s.sort_order, s.id), '[]'::json)
        FROM sizes s LEFT JOIN stock st ON st.product_id = f.product_id AND st.size_id = s.id
        WHERE s.type_id = f.size_type_id
      ) END AS sizes,
      CASE WHEN f.kind = 'package' THEN f.package_stock
        WHEN f.size_type_id IS NULL THEN coalesce((SELECT st.instock FROM stock st
          WHERE st.product_id = f.product_id AND st.size_id IS NULL), 0) END AS instock
    FROM found f
    ORDER BY f.rank, lower(f.name), f.code`;
});

/** The register's catalogue search for POS staff. */
export function createPosCatalogueService(db: Database) {
  return {
    /** GET api/pos/catalogue?q=: at most POS_CATALOGUE_LIMIT items; nothing for an empty search. */
    async search(q: string): Promise<PosCatalogueItem[]> {
      if (q.trim() === '') return [];
      return selectPosCatalogue(db, q);
    },
  };
}

export type PosCatalogueService = ReturnType<typeof createPosCatalogueService>;
