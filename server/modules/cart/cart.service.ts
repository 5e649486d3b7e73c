import { and, asc, eq, sql } from 'drizzle-orm';
import {
  CART_LINE_LIMIT,
  CART_QUANTITY_MAX,
  type Cart,
  type CartChange,
  type CartLine,
  cartChangeSchema,
  SELECT_SIZE_MESSAGE,
} from '../../../domain/cart.ts';
import { formatMessage } from '../../../domain/config.ts';
import type { Database, DbOrTx } from '../../db/database.ts';
import { cartLines, carts, messages, packages, products, sizes, stock } from '../../db/schema.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { readSettings } from '../settings/settings.service.ts';

const NOT_ENOUGH_STOCK_FALLBACK = 'Sorry, there is not enough stock for {0}.';

async function notEnoughStockText(db: DbOrTx): Promise<string> {
  const [row] = await db
    .select({ text: messages.text })
    .from(messages)
    .where(eq(messages.code, 'not_enough_stock'));
  return row?.text ?? NOT_ENOUGH_STOCK_FALLBACK;
}

/** The client's cart with every line's product, size, package and stock, in one query. */
export async function loadCart(db: DbOrTx, clientId: number): Promise<Cart> {
  const [settings, stockText, rows] = await Promise.all([
    readSettings(db),
    notEnoughStockText(db),
    db
      .select({
        cartId: carts.id,
        lineId: cartLines.id,
        quantity: cartLines.quantity,
        sizeId: cartLines.sizeId,
        sizeName: sizes.name,
        productId: products.id,
        categoryId: products.categoryId,
        code: products.code,
        name: products.name,
        icon: products.icon,
        pricing: products.pricing,
        priceDiscount: products.priceDiscount,
        sizeTypeId: products.sizeTypeId,
        packageId: packages.id,
        packageName: packages.name,
        packageIcon: packages.icon,
        packageCode: packages.code,
        packagePricing: packages.pricing,
        packageStock: packages.instock,
        productStock: stock.instock,
      })
      .from(cartLines)
      .innerJoin(carts, eq(carts.id, cartLines.cartId))
      .innerJoin(products, eq(products.id, cartLines.productId))
      .leftJoin(sizes, eq(sizes.id, cartLines.sizeId))
      .leftJoin(packages, eq(packages.id, cartLines.packageId))
      .leftJoin(
        stock,
        and(
          eq(stock.productId, cartLines.productId),
          sql`${stock.sizeId} IS NOT DISTINCT FROM ${cartLines.sizeId}`,
        ),
      )
      .where(eq(carts.clientId, clientId))
      .orderBy(asc(cartLines.id)),
  ]);

  const showPrices = settings.show_prices;
  let cartTotal = 0;
  let discount = 0;
  let quantity = 0;
  let hasError = false;
  const lines: CartLine[] = rows.map((row) => {
    const isPackage = row.packageId !== null;
    const instock = (isPackage ? row.packageStock : row.productStock) ?? 0;
    const listPrice = (isPackage ? row.packagePricing : row.pricing) ?? 0;
    const unitDiscount = isPackage ? 0 : Math.min(row.priceDiscount, listPrice);
    const unitPrice = listPrice - unitDiscount;
    const name = isPackage ? (row.packageName ?? row.name) : row.name;
    // Stock errors are checked only when prices are shown (spec §4 Cart): a wish list has none.
    const error = showPrices && row.quantity > instock ? formatMessage(stockText, name) : null;
    quantity += row.quantity;
    cartTotal += unitPrice * row.quantity;
    discount += unitDiscount * row.quantity;
    hasError ||= error !== null;
    return {
      id: row.lineId,
      product: {
        id: row.productId,
        category_id: row.categoryId,
        code: isPackage ? (row.packageCode ?? row.code) : row.code,
        name: row.name,
        icon: row.icon,
        instock,
        withsize: row.sizeTypeId !== null,
      },
      package: isPackage ? { id: row.packageId ?? 0, name, icon: row.packageIcon ?? row.icon } : null,
      quantity: row.quantity,
      size_id: row.sizeId,
      size_name: row.sizeName ?? '',
      pricing: showPrices ? unitPrice : null,
      productDiscount: showPrices ? unitDiscount : null,
      lineTotal: showPrices ? unitPrice * row.quantity : null,
      error,
    };
  });
  return {
    id: rows[0]?.cartId ?? 0,
    userId: clientId,
    products: lines,
    cartTotal: showPrices ? cartTotal : null,
    discount: showPrices ? discount : null,
    quantity,
    hasError,
  };
}

interface CartItem {
  productId: number;
  packageId: number | null;
  sizeId: number | null;
}

/** Resolves what a change names: an active product with a valid size, or a package. */
async function resolveItem(db: DbOrTx, change: ReturnType<typeof cartChangeSchema.parse>): Promise<CartItem> {
  if (change.isPackage) {
    const [pack] = await db
      .select({ id: packages.id, productId: packages.productId, active: products.active })
      .from(packages)
      .innerJoin(products, eq(products.id, packages.productId))
      .where(eq(packages.id, change.productId));
    if (!pack?.active) throw notFound('Package');
    if (change.size_id !== null)
      throw badRequest('A package has no sizes.', { size_id: 'A package has no sizes.' });
    return { productId: pack.productId, packageId: pack.id, sizeId: null };
  }
  const [product] = await db
    .select({ id: products.id, active: products.active, sizeTypeId: products.sizeTypeId })
    .from(products)
    .where(eq(products.id, change.productId));
  if (!product?.active) throw notFound('Product');
  if (product.sizeTypeId === null) {
    if (change.size_id !== null)
      throw badRequest('This product has no sizes.', { size_id: 'This product has no sizes.' });
    return { productId: product.id, packageId: null, sizeId: null };
  }
  if (change.size_id === null) throw badRequest(SELECT_SIZE_MESSAGE, { size_id: SELECT_SIZE_MESSAGE });
  const [size] = await db
    .select({ id: sizes.id })
    .from(sizes)
    .where(and(eq(sizes.id, change.size_id), eq(sizes.typeId, product.sizeTypeId)));
  if (!size) throw badRequest('That size does not exist for this product.', { size_id: SELECT_SIZE_MESSAGE });
  return { productId: product.id, packageId: null, sizeId: size.id };
}

const sameItem = (cartId: number, item: CartItem) =>
  and(
    eq(cartLines.cartId, cartId),
    eq(cartLines.productId, item.productId),
    sql`${cartLines.packageId} IS NOT DISTINCT FROM ${item.packageId}`,
    sql`${cartLines.sizeId} IS NOT DISTINCT FROM ${item.sizeId}`,
  );

export function createCartService(db: Database) {
  /** The client's cart row, created on first use; a cartId naming another cart is refused. */
  async function ownCartId(tx: DbOrTx, user: AuthUser, claimedCartId: number): Promise<number> {
    const [row] = await tx
      .insert(carts)
      .values({ clientId: user.id })
      .onConflictDoUpdate({ target: carts.clientId, set: { updatedAt: sql`now()` } })
      .returning({ id: carts.id });
    if (!row) throw new Error('cart upsert returned nothing');
    if (claimedCartId !== 0 && claimedCartId !== row.id) throw forbidden('That cart is not yours.');
    return row.id;
  }

  async function lineCount(tx: DbOrTx, cartId: number): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(cartLines)
      .where(eq(cartLines.cartId, cartId));
    return Number(row?.n ?? 0);
  }

  async function change(user: AuthUser, input: CartChange, mode: 'add' | 'set'): Promise<Cart> {
    const data = cartChangeSchema.parse(input);
    if (mode === 'add' && data.quantity < 1) {
      throw badRequest('Quantity must be at least 1.', { quantity: 'Quantity must be at least 1.' });
    }
    await db.transaction(async (tx) => {
      const item = await resolveItem(tx, data);
      const cartId = await ownCartId(tx, user, data.cartId);
      if (data.quantity === 0) {
        await tx.delete(cartLines).where(sameItem(cartId, item));
        return;
      }
      const [existing] = await tx.select({ id: cartLines.id }).from(cartLines).where(sameItem(cartId, item));
      if (!existing && (await lineCount(tx, cartId)) >= CART_LINE_LIMIT) {
        throw new AppError('cart_full', `A cart holds at most ${CART_LINE_LIMIT} different items.`, 409);
      }
      // One statement, so two adds racing for the same new item end as one line with both quantities.
      await tx
        .insert(cartLines)
        .values({ cartId, ...item, quantity: data.quantity })
        .onConflictDoUpdate({
          target: [cartLines.cartId, cartLines.productId, cartLines.packageId, cartLines.sizeId],
          set: {
            quantity:
              mode === 'add'
                ? sql`least(${cartLines.quantity} + excluded.quantity, ${CART_QUANTITY_MAX})`
                : sql`excluded.quantity`,
          },
        });
    });
    return loadCart(db, user.id);
  }

  return {
    get: (user: AuthUser) => loadCart(db, user.id),
    add: (user: AuthUser, input: CartChange) => change(user, input, 'add'),
    update: (user: AuthUser, input: CartChange) => change(user, input, 'set'),
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
