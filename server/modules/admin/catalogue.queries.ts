/**
 * The back office's product list statements beside the schemas of their rows (catalogue.queries.test.ts
 * checks them on PGlite and PostgreSQL).
 */
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  PRODUCTS_PAGE_SIZE,
  type ProductListQuery,
  productListSchema,
} from '../../../domain/admin/catalogue.ts';
import { escapeLike } from '../../db/like.ts';
import { typedQuery } from '../../db/typed-query.ts';

/** A row of the list as the domain's answer has it, with the discount its sale price is from. */
const productListRowSchema = productListSchema.shape.products.element
  .omit({ sale_price: true })
  .extend({ discount: z.number().int(), total: z.number().int() });

/** The products the list's filters keep (all of them without one). */
function productFilter(query: ProductListQuery): SQL {
  const pattern = query.q ? `%${escapeLike(query.q)}%` : null;
  return sql.join(
    [
      sql`true`,
      ...(pattern === null ? [] : [sql`(code ILIKE ${pattern} OR name ILIKE ${pattern})`]),
      ...(query.category_id === undefined ? [] : [sql`category_id = ${query.category_id}`]),
      ...(query.archived === undefined ? [] : [sql`active = ${!query.archived}`]),
    ],
    sql` AND `,
  );
}

/**
 * A page of the back office's product list, active products first, then by code, each row with the
 * total the filters keep (a page past the last answers no row: selectProductListTotal counts then,
 * paging.ts).
 * The whole list, or its active or archived part, reads its page from the index in that order
 * (products_admin_order). A search or a group finds its products once (by the trigram indexes, or
 * the group's), then sorts and counts them: walking the index in code order for a text whose
 * products share a code's start ('ms-crw', 8,000 of 100,000) read half the catalogue before the
 * first match.
 */
export const selectProductListPage = typedQuery(productListRowSchema, (query: ProductListQuery) => {
  const filter = productFilter(query);
  const pageOf = (from: SQL) =>
    sql`SELECT id, active, code FROM ${from} ORDER BY active DESC, code
        LIMIT ${PRODUCTS_PAGE_SIZE} OFFSET ${(query.page - 1) * PRODUCTS_PAGE_SIZE}`;
  const [listed, total] =
    query.q || query.category_id !== undefined
      ? [
          sql`found AS MATERIALIZED (SELECT id, active, code FROM products WHERE ${filter}),
              page AS (${pageOf(sql`found`)})`,
          sql`(SELECT count(*) FROM found)`,
        ]
      : [
          sql`page AS (${pageOf(sql`products WHERE ${filter}`)})`,
          sql`(SELECT count(*) FROM products WHERE ${filter})`,
        ];
  return sql`
    WITH ${listed}
    SELECT p.id, p.code, p.name, p.icon, p.pricing AS price, p.price_discount AS discount,
           c.name AS category, coalesce(t.name, '') AS tab, p.active,
           (SELECT coalesce(sum(s.instock), 0)::int FROM stock s WHERE s.product_id = p.id) AS instock,
           ${total}::int AS total
    FROM page
      JOIN products p ON p.id = page.id
      JOIN categories c ON c.id = p.category_id
      LEFT JOIN categories t ON t.id = c.parent_id
    ORDER BY page.active DESC, page.code`;
});

/** How many products the product list's filters keep. */
export const selectProductListTotal = typedQuery(
  z.object({ total: z.number().int() }),
  (query: ProductListQuery) => sql`SELECT count(*)::int AS total FROM products WHERE ${productFilter(query)}`,
);
