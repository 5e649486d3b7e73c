/**
 * The cart's statements, each beside the zod schema of its rows (docs/decisions/002: raw SQL where
 * it was measured to pay; cart.queries.test.ts checks the shapes on PGlite and PostgreSQL).
 */
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CartChangeData } from '../../../domain/cart.ts';

const id = z.number().int();

/** What every row of a cart statement carries: the show-price setting and the not-enough-stock text. */
export const cartHeadRowSchema = z.object({ show_prices: z.unknown(), stock_text: z.string().nullable() });

/** A line with its product, size, package and stock. */
export const cartLineRowSchema = z.object({
  cart_id: id,
  line_id: id,
  quantity: id,
  size_id: id.nullable(),
  size_name: z.string().nullable(),
  product_id: id,
  category_id: id,
  code: z.string(),
  name: z.string(),
  icon: z.string(),
  pricing: id,
  price_discount: id,
  size_type_id: id.nullable(),
  package_id: id.nullable(),
  package_name: z.string().nullable(),
  package_icon: z.string().nullable(),
  package_code: z.string().nullable(),
  package_pricing: id.nullable(),
  package_stock: id.nullable(),
  product_stock: id.nullable(),
});
export type CartLineRow = z.infer<typeof cartLineRowSchema>;

/** An empty cart answers one row whose line columns are all null. */
type NoLineRow = { [Column in keyof CartLineRow]: null };

export type CartRow = z.infer<typeof cartHeadRowSchema> & (CartLineRow | NoLineRow);

export function isLine<Row extends CartRow>(row: Row): row is Row & CartLineRow {
  return row.line_id !== null;
}

/** A line's shipping dimensions (mm, g), when the cart is read with them; null where the shop has none. */
export const cartDimensionRowSchema = z.object({
  length_mm: id.nullable(),
  width_mm: id.nullable(),
  height_mm: id.nullable(),
  weight_g: id.nullable(),
});
export type DimensionColumns = z.infer<typeof cartDimensionRowSchema>;

/**
 * The dimensions of a line's item (spec §9): its package's, else its product's in its size, else
 * its product's for every size. Two branches, each one index lookup.
 */
const LINE_DIMENSIONS = sql`
    LEFT JOIN LATERAL (
      SELECT d.length_mm, d.width_mm, d.height_mm, d.weight_g, 0 AS rank
      FROM dimensions d WHERE d.package_id = cl.package_id
      UNION ALL
      SELECT d.length_mm, d.width_mm, d.height_mm, d.weight_g, CASE WHEN d.size_id IS NULL THEN 2 ELSE 1 END
      FROM dimensions d
      WHERE cl.package_id IS NULL AND d.product_id = cl.product_id
        AND (d.size_id = cl.size_id OR d.size_id IS NULL)
      ORDER BY rank
      LIMIT 1
    ) dim ON true`;

interface CartRowsOptions {
  /** Columns of one row's worth answered beside the cart, on every row (checkout's context). */
  extras?: SQL;
  /** Each line's shipping dimensions. */
  withDimensions?: boolean;
}

/**
 * A cart's rows over the relation `lines (id, cart_id, product_id, package_id, size_id, quantity)`
 * that the statement defines: every line with its product, size, package and stock, and the
 * show-price setting and the not-enough-stock text (one row with no line when there is none).
 */
export function cartRows({ extras, withDimensions = false }: CartRowsOptions = {}): SQL {
  return sql`
  SELECT s.*, l.*
  FROM (SELECT (SELECT value FROM settings WHERE key = 'show_prices') AS show_prices,
               (SELECT text FROM messages WHERE code = 'not_enough_stock') AS stock_text
               ${extras ? sql`, ${extras}` : sql``}) s
  LEFT JOIN LATERAL (
    SELECT cl.cart_id, cl.id AS line_id, cl.quantity, cl.size_id, sz.name AS size_name,
           p.id AS product_id, p.category_id, p.code, p.name, p.icon, p.pricing, p.price_discount,
           p.size_type_id, k.id AS package_id, k.name AS package_name, k.icon AS package_icon,
           k.code AS package_code, k.pricing AS package_pricing, k.instock AS package_stock,
           st.instock AS product_stock
           ${withDimensions ? sql`, dim.length_mm, dim.width_mm, dim.height_mm, dim.weight_g` : sql``}
    FROM lines cl
    JOIN products p ON p.id = cl.product_id
    LEFT JOIN sizes sz ON sz.id = cl.size_id
    LEFT JOIN packages k ON k.id = cl.package_id
    -- Lateral with a LIMIT (which keeps the planner from flattening it into a join), so that each
    -- line looks its stock up by the product's index whatever the table's statistics say: a join on
    -- IS NOT DISTINCT FROM was planned as a scan of the whole stock table once it had grown.
    LEFT JOIN LATERAL (
      SELECT instock FROM stock
      WHERE product_id = cl.product_id AND size_id IS NOT DISTINCT FROM cl.size_id
      LIMIT 1
    ) st ON true
    ${withDimensions ? LINE_DIMENSIONS : sql``}
  ) l ON true`;
}

export const CART_ROWS = cartRows();

/** The relation `lines` of cartRows: the client's own cart lines. */
export function ownLines(clientId: number): SQL {
  return sql`SELECT cl.id, cl.cart_id, cl.product_id, cl.package_id, cl.size_id, cl.quantity
             FROM carts c JOIN cart_lines cl ON cl.cart_id = c.id
             WHERE c.client_id = ${clientId}`;
}

/** Why a change names no item the cart can hold (checkedItem's `problem`). */
export type ItemProblem =
  | 'unknown_package'
  | 'package_has_no_sizes'
  | 'unknown_product'
  | 'product_has_no_sizes'
  | 'size_missing'
  | 'size_not_its_own';

/**
 * The cart's item rule, once, as SQL: what a change names, an active product in one of its own
 * sizes (or none when it has no sizes) or an active product's package, answered as one row of
 * (product_id, package_id, size_id, problem), problem null when the item is valid. The write
 * statement takes the item only without a problem; a refused change is told the problem.
 */
export function checkedItem(change: CartChangeData): SQL {
  const sizeId = sql`${change.size_id}::int`;
  return change.isPackage
    ? sql`SELECT k.product_id, k.id AS package_id, NULL::int AS size_id,
            CASE WHEN k.id IS NULL OR NOT p.active THEN 'unknown_package'
                 WHEN ${sizeId} IS NOT NULL THEN 'package_has_no_sizes' END AS problem
          FROM (SELECT 1) one
          LEFT JOIN packages k ON k.id = ${change.productId}
          LEFT JOIN products p ON p.id = k.product_id`
    : sql`SELECT p.id AS product_id, NULL::int AS package_id, ${sizeId} AS size_id,
            CASE WHEN p.id IS NULL OR NOT p.active THEN 'unknown_product'
                 WHEN p.size_type_id IS NULL AND ${sizeId} IS NOT NULL THEN 'product_has_no_sizes'
                 WHEN p.size_type_id IS NULL THEN NULL
                 WHEN ${sizeId} IS NULL THEN 'size_missing'
                 WHEN NOT EXISTS (SELECT 1 FROM sizes s WHERE s.id = ${sizeId} AND s.type_id = p.size_type_id)
                   THEN 'size_not_its_own' END AS problem
          FROM (SELECT 1) one
          LEFT JOIN products p ON p.id = ${change.productId}`;
}

export interface CheckedItem {
  product_id: number | null;
  package_id: number | null;
  size_id: number | null;
  problem: ItemProblem | null;
}
