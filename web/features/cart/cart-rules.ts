/**
 * Cart rules the pages share (spec storefront §2 Cart badge and Cart and wish list, §4 Cart, §9).
 */
import type { Cart, CartLine } from '../../../domain/cart.ts';

/** Badge animation when items are added: about 300 ms for the first item, 160 ms for more. */
export const BADGE_FIRST_ITEM_MS = 300;
export const BADGE_MORE_ITEMS_MS = 160;

/** How long the badge animates when the total quantity goes from `before` to `after` (0: not at all). */
export function badgeAnimationMs(before: number, after: number): number {
  if (after <= before) return 0;
  return before === 0 ? BADGE_FIRST_ITEM_MS : BADGE_MORE_ITEMS_MS;
}

/** The name a line goes by: a package line is the package. */
export function lineName(line: Pick<CartLine, 'product' | 'package'>): string {
  return line.package ? line.package.name : line.product.name;
}

/**
 * A quantity typed in a line's box, as the number to send: a whole number from 0 (removes the
 * line) to the maximum, or null while the box holds nothing usable.
 */
export function quantityToSend(value: string | number, max: number): number | null {
  const number = typeof value === 'number' ? value : Number(value.trim());
  if (typeof value === 'string' && value.trim() === '') return null;
  if (!Number.isFinite(number) || number < 0) return null;
  return Math.min(Math.floor(number), max);
}

/** A line asks for more than the stock holds (the server flags the cart and the line). */
export function hasStockError(cart: Pick<Cart, 'products' | 'hasError'>): boolean {
  return cart.hasError || cart.products.some((line) => line.error !== null);
}

/** Why checkout is closed: nothing in the cart, a line over its stock, or a total under the minimum. */
export type CheckoutBlock = 'empty' | 'stock' | 'minimum';

/**
 * In shop mode, checkout opens only when the cart holds something, no line has an error and the
 * total before tax reaches the minimum purchase (spec §2 Cart and wish list, §4 Cart, §9).
 * Answers the first reason it is closed, or null when it is open.
 */
export function checkoutBlock(
  cart: Pick<Cart, 'products' | 'hasError' | 'cartTotal'>,
  minimumPurchase: number,
): CheckoutBlock | null {
  if (cart.products.length === 0) return 'empty';
  if (hasStockError(cart)) return 'stock';
  if ((cart.cartTotal ?? 0) < minimumPurchase) return 'minimum';
  return null;
}
