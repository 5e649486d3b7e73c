/**
 * The back office's stock statements (the stock list, its history, the CSV's rows) beside the
 * schemas of their rows (stock.queries.test.ts checks them on PGlite and PostgreSQL).
 */
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { LOW_STOCK_LEVEL, STOCK_PAGE_SIZE } from '../../../domain/admin/stock.ts';
import type { Tx } from '../../db/database.ts';
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

/**
 * The stock list's items in each branch's code order: the products in the order of their code's
 * index, each in its sizes, and the packages.
 */
const ITEMS_BY_CODE = sql`
  (SELECT p.id AS product_id, st.size_id, NULL::int AS package_id, p.code, p.name, st.size_name,
          st.instock, p.active, st.size_order
   FROM products p
   CROSS JOIN LATERAL (
     SELECT s.size_id, z.name AS size_name, s.instock, coalesce(z.sort_order, 0) AS size_order
     FROM stock s LEFT JOIN sizes z ON z.id = s.size_id
     WHERE s.product_id = p.id
     -- Not flattened into a join (OFFSET 0), so that the products are read in their code's order.
     OFFSET 0
   ) st
   ORDER BY p.code, st.size_order)
  UNION ALL
  (SELECT k.product_id, NULL, k.id, k.code, k.name, NULL, k.instock, k.active, 0
   FROM packages k
   ORDER BY k.code)`;

/**
 * A page of the stock list: by code and size, or (low) what is low, lowest first. Listed by code, a
 * page reads only its rows: the products in the order of their code's index, each one's sizes, and
 * the packages by code, merged; the total is counted apart (at 100,000 products, sorting every one
 * of the 311,000 items for each page took about a second). A search finds its products first (by
 * the trigram indexes, or in one pass over the table), then pages and counts the items it found by
 * their keys, and reads only the page's rows whole. What is low is a few items, sorted whole.
 */
export const selectStockPage = typedQuery(
  stockItemRowSchema,
  (search: { q?: string | undefined; low?: boolean | undefined; page: number }) => {
    const pattern = search.q ? `%${escapeLike(search.q)}%` : null;
    const matches = (code: SQL, name: SQL) =>
      pattern === null ? sql`true` : sql`(${code} ILIKE ${pattern} OR ${name} ILIKE ${pattern})`;
    const columns = sql`product_id, size_id, package_id, code, name, size_name, instock, active`;
    const page = sql`LIMIT ${STOCK_PAGE_SIZE} OFFSET ${(search.page - 1) * STOCK_PAGE_SIZE}`;
    if (search.low) {
      return sql`
        SELECT ${columns}, (count(*) OVER ())::int AS total
        FROM (${STOCK_ITEMS}) items
        WHERE instock <= ${LOW_STOCK_LEVEL} AND active AND ${matches(sql`code`, sql`name`)}
        ORDER BY instock, code, size_order
        ${page}`;
    }
    if (pattern === null) {
      return sql`
        SELECT ${columns}, ((SELECT count(*) FROM stock) + (SELECT count(*) FROM packages))::int AS total
        FROM (${ITEMS_BY_CODE}) items
        ORDER BY code, size_order
        ${page}`;
    }
    // Walking the code's index for a text most names lack read the table in random order. The
    // items found are sorted and counted by their keys alone, and only the page's rows are read
    // whole: a text most names hold ('sock') finds 228,000 items at 100,000 products.
    return sql`
      WITH found AS MATERIALIZED (SELECT id, code FROM products WHERE ${matches(sql`code`, sql`name`)}),
      items AS (
        SELECT s.id AS stock_id, NULL::int AS package_id, f.code, coalesce(z.sort_order, 0) AS size_order
        FROM found f JOIN stock s ON s.product_id = f.id LEFT JOIN sizes z ON z.id = s.size_id
        UNION ALL
        SELECT NULL, k.id, k.code, 0 FROM packages k WHERE ${matches(sql`k.code`, sql`k.name`)}
      ),
      page AS (SELECT * FROM items ORDER BY code, size_order ${page})
      SELECT coalesce(s.product_id, k.product_id) AS product_id, s.size_id, page.package_id, page.code,
             coalesce(p.name, k.name) AS name, z.name AS size_name, coalesce(s.instock, k.instock) AS instock,
             coalesce(p.active, k.active) AS active, (SELECT count(*) FROM items)::int AS total
      FROM page
        LEFT JOIN stock s ON s.id = page.stock_id
        LEFT JOIN products p ON p.id = s.product_id
        LEFT JOIN sizes z ON z.id = s.size_id
        LEFT JOIN packages k ON k.id = page.package_id
      ORDER BY page.code, page.size_order`;
  },
);

/**
 * Run first in a search's transaction (set_config's third argument: for the transaction only): the
 * stock list's search is planned for its text. Its prepared statement otherwise took the generic plan
 * after a few searches, which joins a text's products to the whole stock table, as suits a text most
 * names hold: 25 ms at 100,000 products on PGlite for a text 7 products hold, 2 ms by its own plan.
 */
export const PLANNED_FOR_THE_TEXT = sql`SELECT set_config('plan_cache_mode', 'force_custom_plan', true)`;

/** The cursor the CSV export reads its rows from (declareStockCsvCursor, fetchStockCsvRows). */
const STOCK_CSV_CURSOR = sql.raw('stock_csv');

/**
 * Opens, in the caller's transaction, a cursor on every stockable item with its prices for the CSV
 * export: products by code and size, then packages. At 100,000 products the export's 311,000 rows
 * read at once as objects took the server to 540 MB; read from the cursor a batch at a time, only
 * the CSV's text is kept.
 */
export function declareStockCsvCursor(tx: Tx): Promise<unknown> {
  return tx.execute(sql`
    DECLARE ${STOCK_CSV_CURSOR} NO SCROLL CURSOR FOR
    SELECT package_id, code, size_name, name, pricing, price_discount, instock
    FROM (${STOCK_ITEMS}) items
    ORDER BY package_id IS NOT NULL, code, size_order`);
}

/** The CSV export cursor's next rows, at most `count` (none once every row was read). */
export const fetchStockCsvRows = typedQuery(
  z.object({
    package_id: id.nullable(),
    code: z.string(),
    size_name: z.string().nullable(),
    name: z.string(),
    pricing: id,
    price_discount: id,
    instock: id,
  }),
  (count: number) => sql`FETCH FORWARD ${sql.raw(String(Math.trunc(count)))} FROM ${STOCK_CSV_CURSOR}`,
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
