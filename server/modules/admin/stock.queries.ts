/**
 * The back office's stock statements (the stock list, its history, the CSV's rows) beside the
 * schemas of their rows (stock.queries.test.ts checks them on PGlite and PostgreSQL).
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { LOW_STOCK_LEVEL, STOCK_PAGE_SIZE } from '../../../domain/admin/stock.ts';
import { escapeLike } from '../../db/like.ts';
import { typedQuery } from '../../db/typed-query.ts';

const id = z.number().int();

/** Every stockable item: a product in each size (or without sizes), and every package. */
const STOCK_ITEMS = sql`
  SELECT s.product_id, s.size_id, NULL::int AS package_id, p.code, p.name, z.name AS size_name,
         s.instock, p.active, p.pricing, p.price_discount, coalesce(z.sort_order, 0) AS size_order
  FROM stock s JOIN products p ON p.id = s.product_id LEFT JOIN sizes z ON z.id = s.size_id
  UNION ALL
  SELECT k.product_id, NULL, k.id, k.code, k.name, NULL, k.instock, k.active, k.pricing, 0, 0
  FROM packages k`;

const stockItemRowSchema = z.object({
  product_id: id,
  size_id: id.nullable(),
  package_id: id.nullable(),
  code: z.string(),
  name: z.string(),
  size_name: z.string().nullable(),
  instock: id,
  active: z.boolean(),
  total: id,
});

/** A page of the stock list: by code and size, or (low) what is low, lowest first. */
export const selectStockPage = typedQuery(
  stockItemRowSchema,
  (search: { q?: string | undefined; low?: boolean | undefined; page: number }) => {
    const pattern = search.q ? `%${escapeLike(search.q)}%` : null;
    return sql`
      SELECT product_id, size_id, package_id, code, name, size_name, instock, active,
             (count(*) OVER ())::int AS total
      FROM (${STOCK_ITEMS}) items
      WHERE (${pattern}::text IS NULL OR code ILIKE ${pattern} OR name ILIKE ${pattern})
        AND (${search.low ?? false} = false OR (instock <= ${LOW_STOCK_LEVEL} AND active))
      ORDER BY ${search.low ? sql`instock,` : sql``} code, size_order
      LIMIT ${STOCK_PAGE_SIZE} OFFSET ${(search.page - 1) * STOCK_PAGE_SIZE}`;
  },
);

/** Every stockable item with its prices, for the CSV export (a small shop's whole catalogue). */
export const selectStockCsvRows = typedQuery(
  z.object({
    package_id: id.nullable(),
    code: z.string(),
    size_name: z.string().nullable(),
    name: z.string(),
    pricing: id,
    price_discount: id,
    instock: id,
  }),
  () => sql`
    SELECT package_id, code, size_name, name, pricing, price_discount, instock
    FROM (${STOCK_ITEMS}) items
    ORDER BY package_id IS NOT NULL, code, size_order`,
);

/** A page of the stock history, newest first: of a package, of a product (its sizes), or of everything. */
export const selectStockHistoryPage = typedQuery(
  z.object({
    id,
    product_id: id,
    size_id: id.nullable(),
    package_id: id.nullable(),
    code: z.string(),
    name: z.string(),
    size_name: z.string().nullable(),
    before: id,
    after: id,
    reason: z.string(),
    changed_by: z.string().nullable(),
    created_at: z.string(),
    total: id,
  }),
  (search: { productId?: number | undefined; packageId?: number | undefined; page: number }) => sql`
    SELECT c.id, c.product_id, c.size_id, c.package_id,
           coalesce(k.code, p.code) AS code, coalesce(k.name, p.name) AS name, z.name AS size_name,
           c.before, c.after, c.reason,
           nullif(trim(u.first_name || ' ' || u.last_name), '') AS changed_by,
           to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
           (count(*) OVER ())::int AS total
    FROM stock_changes c
      JOIN products p ON p.id = c.product_id
      LEFT JOIN packages k ON k.id = c.package_id
      LEFT JOIN sizes z ON z.id = c.size_id
      LEFT JOIN clients u ON u.id = c.changed_by
    WHERE ${
      search.packageId !== undefined
        ? sql`c.package_id = ${search.packageId}`
        : search.productId !== undefined
          ? sql`c.product_id = ${search.productId} AND c.package_id IS NULL`
          : sql`true`
    }
    ORDER BY c.created_at DESC, c.id DESC
    LIMIT ${STOCK_PAGE_SIZE} OFFSET ${(search.page - 1) * STOCK_PAGE_SIZE}`,
);
