import { and, eq, sql } from 'drizzle-orm';
import {
  CART_LINE_LIMIT,
  type Cart,
  type CartChangeData,
  type CartLine,
  SELECT_SIZE_MESSAGE,
} from '../../../domain/cart.ts';
import { DEFAULT_MESSAGES, formatMessage } from '../../../domain/messages.ts';
import type { ItemDimensions } from '../../../domain/shipping.ts';
import type { Database, DbOrTx } from '../../db/database.ts';
import { cartLines, carts } from '../../db/schema.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { SETTING_DEFAULTS } from '../settings/settings.service.ts';
import {
  type CartLineRow,
  type CartReadRow,
  type CartRow,
  type DimensionColumns,
  emptyCartLines,
  type ItemProblem,
  isLine,
  isLineKey,
  selectCart,
  selectCartLines,
  selectCheckedItem,
  type WrittenLineRow,
  writeCartLine,
  writeCartLineWithItem,
} from './cart.queries.ts';
import type { CartItems, WrittenItem } from './cart-items.ts';

/** The client's cart with every item read from the database, in one statement (a wish list sends it). */
export async function loadCart(db: DbOrTx, clientId: number): Promise<Cart> {
  return toCart(await selectCart(db, clientId), clientId);
}

/** Each line's shipping dimensions, in the cart's order; null where the shop has none. */
export function lineDimensions(
  rows: readonly (CartRow & DimensionColumns)[],
): (Omit<ItemDimensions, 'quantity'> | null)[] {
  return linesOf(rows).map((row) =>
    row.length_mm === null || row.width_mm === null || row.height_mm === null || row.weight_g === null
      ? null
      : { lengthMm: row.length_mm, widthMm: row.width_mm, heightMm: row.height_mm, weightG: row.weight_g },
  );
}

/** The rows that are lines, in the order they were first added. */
function linesOf<Row extends CartReadRow>(rows: readonly Row[]): (Row & CartLineRow)[] {
  return rows.filter(isLine).sort((a, b) => a.line_id - b.line_id);
}

/** The cart of a cart statement's rows (cart.queries.ts), lines in the order they were first added. */
export function toCart(rows: readonly CartReadRow[], clientId: number): Cart {
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

export function createCartService(db: Database, items: CartItems) {
  /** The client's cart: its lines read in one statement, their items from memory (cart-items.ts). */
  async function cartOf(clientId: number): Promise<Cart> {
    return toCart(await items.withItems(await selectCartLines(db, clientId)), clientId);
  }

  /**
   * Adds to (or sets) a line and reads the cart's lines back, in one statement (`write`); a client's
   * first change creates their cart and writes again, so the statement that runs every time creates
   * nothing. Two first changes racing create one cart (ON CONFLICT).
   */
  async function writeLine<Row extends WrittenLineRow>(
    user: AuthUser,
    data: CartChangeData,
    mode: 'add' | 'set',
    write: (db: Database, clientId: number, change: CartChangeData, mode: 'add' | 'set') => Promise<Row[]>,
  ): Promise<Row[]> {
    const rows = await write(db, user.id, data, mode);
    if (rows[0]?.own_cart_id !== null || rows[0]?.item_problem || data.cartId !== 0) return rows;
    await db.insert(carts).values({ clientId: user.id }).onConflictDoNothing();
    return write(db, user.id, data, mode);
  }

  /**
   * writeLine, by the statement that also reads the written line's item when memory lacks it (an
   * order just changed its stock, say): one round trip to the database either way.
   */
  async function writeWithItem(
    user: AuthUser,
    data: CartChangeData,
    mode: 'add' | 'set',
  ): Promise<{ rows: WrittenLineRow[]; written?: WrittenItem }> {
    if (items.holds(data)) return { rows: await writeLine(user, data, mode, writeCartLine) };
    const since = items.changesSeen();
    const rows = await writeLine(user, data, mode, writeCartLineWithItem);
    const row = rows.find((each) => each.line_id !== null && each.line_id === each.written_line_id);
    if (!row || row.line_id === null || row.category_id === null) return { rows };
    return { rows, written: { lineId: row.line_id, item: row, since } };
  }

  async function change(user: AuthUser, data: CartChangeData, mode: 'add' | 'set'): Promise<Cart> {
    if (mode === 'add' && data.quantity < 1) {
      throw badRequest('Quantity must be at least 1.', { quantity: 'Quantity must be at least 1.' });
    }
    if (data.quantity === 0) {
      const [item] = await selectCheckedItem(db, data);
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
      return cartOf(user.id);
    }
    const { rows, written } = await writeWithItem(user, data, mode);
    const [first] = rows;
    if (first?.item_problem) throw ITEM_PROBLEMS[first.item_problem]();
    const ownCartId = first?.own_cart_id ?? null;
    if (ownCartId === null || (data.cartId !== 0 && data.cartId !== ownCartId)) {
      throw forbidden('That cart is not yours.');
    }
    // A valid item in the caller's cart with nothing written: the cart holds too many others.
    if (first?.written_line_id === null) {
      throw new AppError('cart_full', `A cart holds at most ${CART_LINE_LIMIT} different items.`, 409);
    }
    return toCart(await items.withItems(rows.filter(isLineKey), written), user.id);
  }

  return {
    get: (user: AuthUser) => cartOf(user.id),
    add: (user: AuthUser, data: CartChangeData) => change(user, data, 'add'),
    update: (user: AuthUser, data: CartChangeData) => change(user, data, 'set'),
    async empty(user: AuthUser): Promise<Cart> {
      await db.execute(emptyCartLines(user.id));
      return cartOf(user.id);
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
