import { and, eq, type SQL, sql } from 'drizzle-orm';
import {
  CART_LINE_LIMIT,
  CART_QUANTITY_MAX,
  type Cart,
  type CartChangeData,
  type CartLine,
  SELECT_SIZE_MESSAGE,
} from '../../../domain/cart.ts';
import { formatMessage } from '../../../domain/config.ts';
import { DEFAULT_MESSAGES } from '../../../domain/messages.ts';
import type { ItemDimensions } from '../../../domain/shipping.ts';
import { type Database, type DbOrTx, rowsOf } from '../../db/database.ts';
import { cartLines, carts } from '../../db/schema.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { SETTING_DEFAULTS } from '../settings/settings.service.ts';

interface CartRow {
  show_prices: unknown;
  stock_text: string | null;
  cart_id: number | null;
  line_id: number | null;
  quantity: number;
  size_id: number | null;
  size_name: string | null;
  product_id: number;
  category_id: number;
  code: string;
  name: string;
  icon: string;
  pricing: number;
  price_discount: number;
  size_type_id: number | null;
  package_id: number | null;
  package_name: string | null;
  package_icon: string | null;
  package_code: string | null;
  package_pricing: number | null;
  package_stock: number | null;
  product_stock: number | null;
}

/** A line's shipping dimensions (mm, g), when the cart is read with them. */
interface DimensionColumns {
  length_mm: number | null;
  width_mm: number | null;
  height_mm: number | null;
  weight_g: number | null;
}

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
function cartRows({ extras, withDimensions = false }: CartRowsOptions = {}): SQL {
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

const CART_ROWS = cartRows();

function ownLines(clientId: number): SQL {
  return sql`SELECT cl.id, cl.cart_id, cl.product_id, cl.package_id, cl.size_id, cl.quantity
             FROM carts c JOIN cart_lines cl ON cl.cart_id = c.id
             WHERE c.client_id = ${clientId}`;
}

/** The client's cart, read in one statement (it is read on every change). */
export async function loadCart(db: DbOrTx, clientId: number): Promise<Cart> {
  const rows = await rowsOf<CartRow>(db, sql`WITH lines AS (${ownLines(clientId)}) ${CART_ROWS}`);
  return toCart(rows, clientId);
}

/**
 * The client's cart, each line's dimensions (null where the shop has none) and the `extras`
 * columns, in one statement: checkout reads its whole context this way.
 */
export async function loadCartWith<Extras extends object>(
  db: DbOrTx,
  clientId: number,
  extras: SQL,
): Promise<{ cart: Cart; dimensions: (Omit<ItemDimensions, 'quantity'> | null)[]; extras: Extras }> {
  const rows = await rowsOf<CartRow & DimensionColumns & Extras>(
    db,
    sql`WITH lines AS (${ownLines(clientId)}) ${cartRows({ extras, withDimensions: true })}`,
  );
  const first = rows[0];
  if (!first) throw new Error('the cart statement answers a row even for an empty cart');
  return {
    cart: toCart(rows, clientId),
    dimensions: linesOf(rows).map((row) =>
      row.length_mm === null || row.width_mm === null || row.height_mm === null || row.weight_g === null
        ? null
        : { lengthMm: row.length_mm, widthMm: row.width_mm, heightMm: row.height_mm, weightG: row.weight_g },
    ),
    extras: first,
  };
}

/** The rows that are lines, in the order they were first added. */
function linesOf<Row extends CartRow>(rows: readonly Row[]): Row[] {
  return rows.filter((row) => row.line_id !== null).sort((a, b) => (a.line_id ?? 0) - (b.line_id ?? 0));
}

/** The cart of cartRows' rows, lines in the order they were first added. */
function toCart(rows: readonly CartRow[], clientId: number): Cart {
  const first = rows[0];
  const showPrices =
    typeof first?.show_prices === 'boolean' ? first.show_prices : SETTING_DEFAULTS.show_prices;
  const stockText = first?.stock_text ?? DEFAULT_MESSAGES.not_enough_stock;
  const lines = linesOf(rows);

  let cartTotal = 0;
  let discount = 0;
  let quantity = 0;
  let hasError = false;
  const products: CartLine[] = lines.map((row) => {
    const isPackage = row.package_id !== null;
    const instock = (isPackage ? row.package_stock : row.product_stock) ?? 0;
    const listPrice = (isPackage ? row.package_pricing : row.pricing) ?? 0;
    const unitDiscount = isPackage ? 0 : Math.min(row.price_discount, listPrice);
    const unitPrice = listPrice - unitDiscount;
    const name = isPackage ? (row.package_name ?? row.name) : row.name;
    // Stock errors are checked only when prices are shown (spec §4 Cart): a wish list has none.
    const error = showPrices && row.quantity > instock ? formatMessage(stockText, name) : null;
    quantity += row.quantity;
    cartTotal += unitPrice * row.quantity;
    discount += unitDiscount * row.quantity;
    hasError ||= error !== null;
    return {
      id: row.line_id ?? 0,
      product: {
        id: row.product_id,
        category_id: row.category_id,
        code: isPackage ? (row.package_code ?? row.code) : row.code,
        name: row.name,
        icon: row.icon,
        instock,
        withsize: row.size_type_id !== null,
      },
      package: isPackage ? { id: row.package_id ?? 0, name, icon: row.package_icon ?? row.icon } : null,
      quantity: row.quantity,
      size_id: row.size_id,
      size_name: row.size_name ?? '',
      pricing: showPrices ? unitPrice : null,
      productDiscount: showPrices ? unitDiscount : null,
      lineTotal: showPrices ? unitPrice * row.quantity : null,
      error,
    };
  });
  return {
    id: lines[0]?.cart_id ?? 0,
    userId: clientId,
    products,
    cartTotal: showPrices ? cartTotal : null,
    discount: showPrices ? discount : null,
    quantity,
    hasError,
  };
}

/** Why a change names no item the cart can hold (checkedItem's `problem`). */
type ItemProblem =
  | 'unknown_package'
  | 'package_has_no_sizes'
  | 'unknown_product'
  | 'product_has_no_sizes'
  | 'size_missing'
  | 'size_not_its_own';

const ITEM_PROBLEMS: Record<ItemProblem, () => AppError> = {
  unknown_package: () => notFound('Package'),
  package_has_no_sizes: () => badRequest('A package has no sizes.', { size_id: 'A package has no sizes.' }),
  unknown_product: () => notFound('Product'),
  product_has_no_sizes: () =>
    badRequest('This product has no sizes.', { size_id: 'This product has no sizes.' }),
  size_missing: () => badRequest(SELECT_SIZE_MESSAGE, { size_id: SELECT_SIZE_MESSAGE }),
  size_not_its_own: () =>
    badRequest('That size does not exist for this product.', { size_id: SELECT_SIZE_MESSAGE }),
};

/**
 * The cart's item rule, once, as SQL: what a change names, an active product in one of its own
 * sizes (or none when it has no sizes) or an active product's package, answered as one row of
 * (product_id, package_id, size_id, problem), problem null when the item is valid. The write
 * statement takes the item only without a problem; a refused change is told the problem.
 */
function checkedItem(change: CartChangeData): SQL {
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

interface CheckedItem {
  product_id: number | null;
  package_id: number | null;
  size_id: number | null;
  problem: ItemProblem | null;
}

export function createCartService(db: Database) {
  /**
   * Adds to (or sets) a line and reads the cart back in one statement, so two changes racing end
   * as one line with both quantities: the item is checked, the caller's cart created on first use
   * (a cartId naming another cart writes nothing), and the line written only when the cart holds
   * fewer than CART_LINE_LIMIT other items. Answers the cart's id (null when the item is not
   * valid or the cart not the caller's), the line's (null when the cart is full) and the cart.
   */
  async function writeLine(user: AuthUser, data: CartChangeData, mode: 'add' | 'set') {
    const quantity =
      mode === 'add'
        ? sql`least(cart_lines.quantity + excluded.quantity, ${CART_QUANTITY_MAX})`
        : sql`excluded.quantity`;
    const rows = await rowsOf<
      CartRow & {
        item_problem: ItemProblem | null;
        written_cart_id: number | null;
        written_line_id: number | null;
      }
    >(
      db,
      sql`WITH checked AS (${checkedItem(data)}),
          item AS (SELECT product_id, package_id, size_id FROM checked WHERE problem IS NULL),
          cart AS (
            INSERT INTO carts (client_id) SELECT ${user.id} FROM item
            WHERE ${data.cartId}::int = 0
               OR ${data.cartId}::int = (SELECT id FROM carts WHERE client_id = ${user.id})
            ON CONFLICT (client_id) DO UPDATE SET updated_at = now()
            RETURNING id
          ),
          line AS (
            INSERT INTO cart_lines (cart_id, product_id, package_id, size_id, quantity)
            SELECT cart.id, item.product_id, item.package_id, item.size_id, ${data.quantity}::int
            FROM cart, item
            WHERE ((SELECT count(*) FROM cart_lines l WHERE l.cart_id = cart.id) < ${CART_LINE_LIMIT}
                   OR EXISTS (SELECT 1 FROM cart_lines l
                              WHERE l.cart_id = cart.id AND l.product_id = item.product_id
                                AND l.package_id IS NOT DISTINCT FROM item.package_id
                                AND l.size_id IS NOT DISTINCT FROM item.size_id))
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
          SELECT (SELECT problem FROM checked) AS item_problem,
                 (SELECT id FROM cart) AS written_cart_id, (SELECT id FROM line) AS written_line_id, r.*
          FROM (${CART_ROWS}) r`,
    );
    const first = rows[0];
    return {
      problem: first?.item_problem ?? null,
      cartId: first?.written_cart_id ?? null,
      lineId: first?.written_line_id ?? null,
      cart: toCart(rows, user.id),
    };
  }

  async function change(user: AuthUser, data: CartChangeData, mode: 'add' | 'set'): Promise<Cart> {
    if (mode === 'add' && data.quantity < 1) {
      throw badRequest('Quantity must be at least 1.', { quantity: 'Quantity must be at least 1.' });
    }
    if (data.quantity === 0) {
      const [item] = await rowsOf<CheckedItem>(db, checkedItem(data));
      if (item?.problem) throw ITEM_PROBLEMS[item.problem]();
      const [own] = await db.select({ id: carts.id }).from(carts).where(eq(carts.clientId, user.id));
      if (data.cartId !== 0 && data.cartId !== own?.id) throw forbidden('That cart is not yours.');
      if (own && item?.product_id) {
        await db
          .delete(cartLines)
          .where(
            and(
              eq(cartLines.cartId, own.id),
              eq(cartLines.productId, item.product_id),
              sql`${cartLines.packageId} IS NOT DISTINCT FROM ${item.package_id}`,
              sql`${cartLines.sizeId} IS NOT DISTINCT FROM ${item.size_id}`,
            ),
          );
      }
      return loadCart(db, user.id);
    }
    const written = await writeLine(user, data, mode);
    if (written.problem) throw ITEM_PROBLEMS[written.problem]();
    // A valid item with nothing written: the cart named is not the caller's.
    if (written.cartId === null) throw forbidden('That cart is not yours.');
    if (written.lineId === null) {
      throw new AppError('cart_full', `A cart holds at most ${CART_LINE_LIMIT} different items.`, 409);
    }
    return written.cart;
  }

  return {
    get: (user: AuthUser) => loadCart(db, user.id),
    add: (user: AuthUser, data: CartChangeData) => change(user, data, 'add'),
    update: (user: AuthUser, data: CartChangeData) => change(user, data, 'set'),
    async empty(user: AuthUser): Promise<Cart> {
      await db
        .delete(cartLines)
        .where(
          sql`${cartLines.cartId} IN (SELECT ${carts.id} FROM ${carts} WHERE ${carts.clientId} = ${user.id})`,
        );
      return loadCart(db, user.id);
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
