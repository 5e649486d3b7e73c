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
import {
  CART_ROWS,
  type CartLineRow,
  type CartRow,
  type CheckedItem,
  cartRows,
  checkedItem,
  type DimensionColumns,
  type ItemProblem,
  isLine,
  ownLines,
} from './cart.queries.ts';

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
function linesOf<Row extends CartRow>(rows: readonly Row[]): (Row & CartLineRow)[] {
  return rows.filter(isLine).sort((a, b) => a.line_id - b.line_id);
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
      id: row.line_id,
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
