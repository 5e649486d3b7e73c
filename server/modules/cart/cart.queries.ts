/**
 * The cart's statements, each beside the zod schema of its rows (docs/decisions/002: raw SQL where
 * it was measured to pay; Add to Cart is one statement). cart.queries.test.ts checks every shape on
 * PGlite and PostgreSQL.
 */
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CART_LINE_LIMIT, CART_QUANTITY_MAX, type CartChangeData } from '../../../domain/cart.ts';
import { COMMIT_WITHOUT_WAITING } from '../../db/database.ts';
import { type Bound, compiledQuery, type Placeholders, typedQuery } from '../../db/typed-query.ts';

const id = z.number().int();

/** What every row of a cart statement carries: the show-price setting and the not-enough-stock text. */
const cartHeadRowSchema = z.object({ show_prices: z.unknown(), stock_text: z.string().nullable() });

/** The head's columns of every cart statement: the show-price setting and the not-enough-stock text. */
const CART_HEAD = sql`(SELECT value FROM settings WHERE key = 'show_prices') AS show_prices,
  (SELECT text FROM messages WHERE code = 'not_enough_stock') AS stock_text`;

/** A line as the cart keeps it: which item, how many. */
const lineKeyRowSchema = z.object({
  cart_id: id,
  line_id: id,
  quantity: id,
  size_id: id.nullable(),
  product_id: id,
  package_id: id.nullable(),
});

/** What the cart shows of a line's item: its product, size, package and stock (selectCartItem). */
const cartItemRowSchema = z.object({
  category_id: id,
  code: z.string(),
  name: z.string(),
  icon: z.string(),
  pricing: id,
  price_discount: id,
  size_type_id: id.nullable(),
  size_name: z.string().nullable(),
  package_name: z.string().nullable(),
  package_icon: z.string().nullable(),
  package_code: z.string().nullable(),
  package_pricing: id.nullable(),
  package_stock: id.nullable(),
  product_stock: id.nullable(),
});
export type CartItemRow = z.infer<typeof cartItemRowSchema>;

/** A line with its product, size, package and stock. */
const cartLineRowSchema = lineKeyRowSchema.extend(cartItemRowSchema.shape);
export type CartLineRow = z.infer<typeof cartLineRowSchema>;

/** The schema of the columns of `shape` all null: what a LEFT JOIN that found nothing answers. */
function nullsOf<Shape extends z.ZodRawShape>(shape: Shape) {
  const nulls = Object.fromEntries(Object.keys(shape).map((column) => [column, z.null()]));
  // One z.null() per column of the shape, which Object.fromEntries cannot say in its type.
  return z.object(nulls as { [Column in keyof Shape]: z.ZodNull });
}

/** A cart answers a row per line; an empty cart one row whose line columns are all null. */
const cartRowSchema = z.intersection(
  cartHeadRowSchema,
  z.union([cartLineRowSchema, nullsOf(cartLineRowSchema.shape)]),
);
export type CartRow = z.infer<typeof cartRowSchema>;

/** The head of every cart statement's rows. */
export type CartHead = z.infer<typeof cartHeadRowSchema>;

/** A row the cart's answer is built from (toCart): the head, and a line with its item or none. */
export type CartReadRow = CartHead & (CartLineRow | { line_id: null });

export function isLine<Row extends CartReadRow>(row: Row): row is Row & CartLineRow {
  return row.line_id !== null;
}

export type LineKeyRow = z.infer<typeof lineKeyRowSchema>;

/** Whether a row of writeCartLine reads a line (a cart with none answers one row of nulls). */
export function isLineKey<Row extends { line_id: number | null }>(row: Row): row is Row & LineKeyRow {
  return row.line_id !== null;
}

/**
 * A cart's lines without their items' details, over the relation `lines` the statement defines.
 * The cart's answer takes each item's details and the head from memory (cart-items.ts): joining every
 * line's product, size, package and stock cost PostgreSQL a fifth of Add to Cart's statement, and
 * the head's two lookups about 7% more (pgbench, docs/decisions/017).
 */
const LINE_KEYS = sql`
  SELECT cl.cart_id, cl.id AS line_id, cl.quantity, cl.size_id, cl.product_id, cl.package_id FROM lines cl`;

/** A line's shipping dimensions (mm, g), when the cart is read with them; null where the shop has none. */
const cartDimensionRowSchema = z.object({
  length_mm: id.nullable(),
  width_mm: id.nullable(),
  height_mm: id.nullable(),
  weight_g: id.nullable(),
});
export type DimensionColumns = z.infer<typeof cartDimensionRowSchema>;

/**
 * The dimensions of a line's item (spec §9): its package's, else its product's in its size, else
 * its product's for every size. Two branches, each one index lookup. The second branch also serves
 * a package without a box of its own (the back office's package form asks for none): it ships in
 * its product's.
 */
const LINE_DIMENSIONS = sql`
    LEFT JOIN LATERAL (
      SELECT d.length_mm, d.width_mm, d.height_mm, d.weight_g, 0 AS rank
      FROM dimensions d WHERE d.package_id = cl.package_id
      UNION ALL
      SELECT d.length_mm, d.width_mm, d.height_mm, d.weight_g, CASE WHEN d.size_id IS NULL THEN 2 ELSE 1 END
      FROM dimensions d
      WHERE d.product_id = cl.product_id AND (d.size_id = cl.size_id OR d.size_id IS NULL)
      ORDER BY rank
      LIMIT 1
    ) dim ON true`;

/**
 * What the cart shows of the item the three expressions name (cartItemRowSchema's columns): its
 * product, its size's name, its package and its stock. One rule for the cart's answer, item by item
 * (selectCartItem), and for the statements that read whole carts (cartRows).
 */
function itemDetails(productId: SQL, sizeId: SQL, packageId: SQL): SQL {
  return sql`
    SELECT p.category_id, p.code, p.name, p.icon, p.pricing, p.price_discount, p.size_type_id,
           sz.name AS size_name, k.name AS package_name, k.icon AS package_icon, k.code AS package_code,
           k.pricing AS package_pricing, k.instock AS package_stock, st.instock AS product_stock
    FROM products p
    LEFT JOIN sizes sz ON sz.id = ${sizeId}
    LEFT JOIN packages k ON k.id = ${packageId}
    -- Lateral with a LIMIT (which keeps the planner from flattening it into a join), so that the
    -- stock is looked up by the product's index whatever the table's statistics say: a join on
    -- IS NOT DISTINCT FROM was planned as a scan of the whole stock table once it had grown.
    LEFT JOIN LATERAL (
      SELECT instock FROM stock WHERE product_id = p.id AND size_id IS NOT DISTINCT FROM ${sizeId} LIMIT 1
    ) st ON true
    WHERE p.id = ${productId}`;
}

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
function cartRows({ extras, withDimensions = false }: CartRowsOptions = {}): SQL {
  return sql`
  SELECT s.*, l.*
  FROM (SELECT ${CART_HEAD} ${extras ? sql`, ${extras}` : sql``}) s
  LEFT JOIN LATERAL (
    SELECT cl.cart_id, cl.id AS line_id, cl.quantity, cl.size_id, cl.product_id, cl.package_id, item.*
           ${withDimensions ? sql`, dim.length_mm, dim.width_mm, dim.height_mm, dim.weight_g` : sql``}
    FROM lines cl
    JOIN LATERAL (${itemDetails(sql`cl.product_id`, sql`cl.size_id`, sql`cl.package_id`)}) item ON true
    ${withDimensions ? LINE_DIMENSIONS : sql``}
  ) l ON true`;
}

const CART_ROWS = cartRows();

/** The relation `lines` of cartRows: the client's own cart lines. */
function ownLines(clientId: Value): SQL {
  return sql`SELECT cl.id, cl.cart_id, cl.product_id, cl.package_id, cl.size_id, cl.quantity
             FROM carts c JOIN cart_lines cl ON cl.cart_id = c.id
             WHERE c.client_id = ${clientId}::int`;
}

/** The client's cart with every item's details, in one statement (what a wish list sends). */
export const selectCart = compiledQuery(
  cartRowSchema,
  (clientId: number) => ({ variant: 'cart', values: { clientId } }),
  (_variant, v) => sql`WITH lines AS (${ownLines(v.clientId)}) ${CART_ROWS}`,
);

/**
 * The client's cart's lines, without their items' details (the cart's answer: cart-items.ts); no row
 * for an empty cart.
 */
export const selectCartLines = compiledQuery(
  lineKeyRowSchema,
  (clientId: number) => ({ variant: 'cart lines', values: { clientId } }),
  (_variant, v) => sql`WITH lines AS (${ownLines(v.clientId)}) ${LINE_KEYS}`,
);

/** The head of the cart's answer alone: the show-price setting and the not-enough-stock text. */
export const selectCartHead = typedQuery(cartHeadRowSchema, () => sql`SELECT ${CART_HEAD}`);

/** What the cart shows of an item: its product, its size's name, its package and its stock. */
export const selectCartItem = compiledQuery(
  cartItemRowSchema,
  (item: LineKeyRow) => ({
    variant: 'item',
    values: { productId: item.product_id, sizeId: item.size_id, packageId: item.package_id },
  }),
  (_variant, v) => itemDetails(sql`${v.productId}::int`, sql`${v.sizeId}::int`, sql`${v.packageId}::int`),
);

/** What a statement of cartWith answers beside the cart: its columns, and the CTEs they read. */
export interface CartExtras {
  columns: SQL;
  /** Common table expressions written before the cart's own (a write the columns answer, say). */
  with?: SQL;
}

/**
 * A compiled statement (typed-query.ts) of the client's cart with each line's dimensions and, on
 * every row, the columns `extras` answers (of schema `extrasSchema`): checkout reads its whole
 * context this way. `bind` names the variant and the values, among them the client's id.
 */
export function cartWith<
  Extras extends z.ZodObject,
  Args extends unknown[],
  Values extends { clientId: number } & Record<string, unknown>,
>(
  extrasSchema: Extras,
  bind: (...args: Args) => Bound<Values>,
  extras: (variant: string, placeholders: Placeholders<Values>) => CartExtras,
) {
  return compiledQuery(
    z.intersection(z.intersection(cartRowSchema, cartDimensionRowSchema), extrasSchema),
    bind,
    (variant, v) => {
      const { columns, with: before } = extras(variant, v);
      return sql`WITH ${before ? sql`${before}, ` : sql``}lines AS (${ownLines(v.clientId)})
        ${cartRows({ extras: columns, withDimensions: true })}`;
    },
  );
}

/** Why a change names no item the cart can hold (checkedItem's `problem`). */
const itemProblemSchema = z.enum([
  'unknown_package',
  'package_has_no_sizes',
  'unknown_product',
  'product_has_no_sizes',
  'size_missing',
  'size_not_its_own',
]);
export type ItemProblem = z.infer<typeof itemProblemSchema>;

/** A number of the statement, or the placeholder that stands for it in a compiled one. */
type Value = number | null | Placeholder;

/**
 * The cart's item rule, once, as SQL: what a change names, an active product in one of its own
 * sizes (or none when it has no sizes) or an active product's package, answered as one row of
 * (product_id, package_id, size_id, problem), problem null when the item is valid. The write
 * statement takes the item only without a problem; a refused change is told the problem.
 */
function checkedItem(isPackage: boolean, productId: Value, sizeIdValue: Value): SQL {
  const sizeId = sql`${sizeIdValue}::int`;
  return isPackage
    ? sql`SELECT k.product_id, k.id AS package_id, NULL::int AS size_id,
            CASE WHEN k.id IS NULL OR NOT p.active THEN 'unknown_package'
                 WHEN ${sizeId} IS NOT NULL THEN 'package_has_no_sizes' END AS problem
          FROM (SELECT 1) one
          LEFT JOIN packages k ON k.id = ${productId}::int
          LEFT JOIN products p ON p.id = k.product_id`
    : sql`SELECT p.id AS product_id, NULL::int AS package_id, ${sizeId} AS size_id,
            CASE WHEN p.id IS NULL OR NOT p.active THEN 'unknown_product'
                 WHEN p.size_type_id IS NULL AND ${sizeId} IS NOT NULL THEN 'product_has_no_sizes'
                 WHEN p.size_type_id IS NULL THEN NULL
                 WHEN ${sizeId} IS NULL THEN 'size_missing'
                 WHEN NOT EXISTS (SELECT 1 FROM sizes s WHERE s.id = ${sizeId} AND s.type_id = p.size_type_id)
                   THEN 'size_not_its_own' END AS problem
          FROM (SELECT 1) one
          LEFT JOIN products p ON p.id = ${productId}::int`;
}

/** The item a change names, and its problem (null when the cart can hold it). */
export const selectCheckedItem = typedQuery(
  z.object({
    product_id: id.nullable(),
    package_id: id.nullable(),
    size_id: id.nullable(),
    problem: itemProblemSchema.nullable(),
  }),
  (change: CartChangeData) => checkedItem(change.isPackage, change.productId, change.size_id),
);

/** A row of a cart line's write: the change's outcome, and a line of the cart or none. */
const writtenLineRowSchema = z.intersection(
  z.object({
    item_problem: itemProblemSchema.nullable(),
    own_cart_id: id.nullable(),
    written_line_id: id.nullable(),
  }),
  z.union([lineKeyRowSchema, nullsOf(lineKeyRowSchema.shape)]),
);

export type WrittenLineRow = z.infer<typeof writtenLineRowSchema>;

/** A change's variant (a product or a package, added to or set) and its values. */
function bindCartLineWrite(clientId: number, change: CartChangeData, mode: 'add' | 'set') {
  return {
    variant: `${change.isPackage ? 'package' : 'product'} ${mode}`,
    values: {
      clientId,
      cartId: change.cartId,
      productId: change.productId,
      sizeId: change.size_id,
      quantity: change.quantity,
    },
  };
}

/**
 * The statement of writeCartLine, and of writeCartLineWithItem when `writtenItem`: its rows also
 * carry the written line's item details (cartItemRowSchema's columns, null on the other lines).
 */
function cartLineWrite(
  variant: string,
  v: Placeholders<ReturnType<typeof bindCartLineWrite>['values']>,
  writtenItem: boolean,
): SQL {
  const quantity = variant.endsWith('add')
    ? sql`least(cart_lines.quantity + excluded.quantity, ${CART_QUANTITY_MAX})`
    : sql`excluded.quantity`;
  return sql`WITH checked AS (${checkedItem(variant.startsWith('package'), v.productId, v.sizeId)}),
        item AS (SELECT product_id, package_id, size_id FROM checked WHERE problem IS NULL),
        own AS (SELECT id FROM carts WHERE client_id = ${v.clientId}::int),
        cart AS (SELECT id FROM own WHERE ${v.cartId}::int IN (0, id)),
        line AS (
          INSERT INTO cart_lines (cart_id, product_id, package_id, size_id, quantity)
          SELECT cart.id, item.product_id, item.package_id, item.size_id, ${v.quantity}::int
          FROM cart, item
          -- The item's own line first: a change to a line the cart holds counts nothing.
          WHERE (EXISTS (SELECT 1 FROM cart_lines l
                         WHERE l.cart_id = cart.id AND l.product_id = item.product_id
                           AND l.package_id IS NOT DISTINCT FROM item.package_id
                           AND l.size_id IS NOT DISTINCT FROM item.size_id)
                 OR (SELECT count(*) FROM cart_lines l WHERE l.cart_id = cart.id) < ${CART_LINE_LIMIT})
          ON CONFLICT (cart_id, product_id, package_id, size_id) DO UPDATE SET quantity = ${quantity}
          RETURNING id, cart_id, product_id, package_id, size_id, quantity
        ),
        -- The statement's snapshot does not see its own write: the written line replaces its old self.
        lines AS (
          SELECT cl.id, cl.cart_id, cl.product_id, cl.package_id, cl.size_id, cl.quantity
          FROM cart_lines cl
          WHERE cl.cart_id = (SELECT id FROM cart) AND cl.id NOT IN (SELECT id FROM line)
          UNION ALL
          SELECT id, cart_id, product_id, package_id, size_id, quantity FROM line
        )
        SELECT (SELECT problem FROM checked) AS item_problem, (SELECT id FROM own) AS own_cart_id,
               (SELECT id FROM line) AS written_line_id, l.*${writtenItem ? sql`, w.*` : sql``}
        FROM (SELECT ${COMMIT_WITHOUT_WAITING}) one LEFT JOIN LATERAL (${LINE_KEYS}) l ON true
        ${
          writtenItem
            ? sql`LEFT JOIN (${itemDetails(sql`(SELECT product_id FROM line)`, sql`(SELECT size_id FROM line)`, sql`(SELECT package_id FROM line)`)}) w
                    ON l.line_id = (SELECT id FROM line)`
            : sql``
        }`;
}

/**
 * Adds to (or sets) a line in the caller's cart and reads the cart's lines back in one statement, so
 * two changes racing end as one line with both quantities: the item is checked, and the line
 * written only into the caller's cart (when the change names it, or names none: cartId 0) and only
 * when the cart holds the item already or fewer than CART_LINE_LIMIT items. One row per line (one
 * of nulls when none is read), each with the item's problem (null when the cart can hold it), the
 * caller's cart's id (null before the first add creates it: cart.service.ts) and the written line's
 * (null when nothing was written). It commits without waiting for the disk (docs/decisions/026): a
 * cart line a crash loses is added again, and the payment step's writes make it durable first.
 */
export const writeCartLine = compiledQuery(writtenLineRowSchema, bindCartLineWrite, (variant, v) =>
  cartLineWrite(variant, v, false),
);

/**
 * writeCartLine, answering also the written line's item details (on its row; null on the others):
 * for an item the cart's memory (cart-items.ts) does not hold, such as one whose stock an order just
 * changed, instead of a second statement that reads it (docs/decisions/028).
 */
export const writeCartLineWithItem = compiledQuery(
  z.intersection(writtenLineRowSchema, z.union([cartItemRowSchema, nullsOf(cartItemRowSchema.shape)])),
  bindCartLineWrite,
  (variant, v) => cartLineWrite(variant, v, true),
);

/** Locks the client's cart row for the caller's transaction: one checkout or wish list at a time. */
export const lockCart = typedQuery(
  z.object({ id, payment_intent_id: z.string().nullable() }),
  (clientId: number) => sql`SELECT id, payment_intent_id FROM carts WHERE client_id = ${clientId} FOR UPDATE`,
);

/** Deletes the client's cart lines (the cart row stays, with its id), as SQL for a larger statement. */
export function emptyCartLines(clientId: number): SQL {
  return sql`DELETE FROM cart_lines WHERE cart_id IN (SELECT id FROM carts WHERE client_id = ${clientId})`;
}
