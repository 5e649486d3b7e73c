/**
 * The cart contract (spec storefront §3 Cart, Cart line, Add-to-cart payload; §4 Cart; §7 Cart).
 * Amounts are cents; prices are null in wish-list mode (the show-price setting off).
 */
import { z } from 'zod';
import { DEFAULT_MESSAGES } from './messages.ts';
import { PG_INTEGER_MAX } from './validation.ts';

export const CART_LINE_LIMIT = 100;
export const CART_QUANTITY_MAX = 9999;

export const EMPTY_CART_TEXT = DEFAULT_MESSAGES.cart_empty;
export const EMPTY_WISH_LIST_TEXT = DEFAULT_MESSAGES.wish_list_empty;
export const SELECT_SIZE_MESSAGE = DEFAULT_MESSAGES.select_size;

const id = z
  .number({ error: 'Must be a number.' })
  .int('Must be a whole number.')
  .positive('Must be positive.')
  .max(PG_INTEGER_MAX, 'Must be a valid id.');
const userId = z
  .number({ error: 'userId is required.' })
  .int()
  .positive()
  .max(PG_INTEGER_MAX, 'userId is not a valid id.');

/** POST api/addcart and api/updatecart. With isPackage, productId names the package. */
export const cartChangeSchema = z.strictObject({
  cartId: z.number().int().min(0).max(PG_INTEGER_MAX, 'cartId is not a valid id.').default(0),
  userId,
  productId: id,
  quantity: z
    .number({ error: 'Quantity is required.' })
    .int('Quantity must be a whole number.')
    .min(0, 'Quantity must be at least 1.')
    .max(CART_QUANTITY_MAX, `Quantity cannot be more than ${CART_QUANTITY_MAX}.`),
  size_id: id.nullable().default(null),
  isPackage: z.boolean().default(false),
});
export type CartChange = z.input<typeof cartChangeSchema>;
export type CartChangeData = z.output<typeof cartChangeSchema>;

/** POST api/getcart and api/emptycart. */
export const cartOwnerSchema = z.strictObject({ userId });

export const cartLineSchema = z.object({
  /** The line's own id (one line per product, size and package). */
  id: z.number().int(),
  product: z.object({
    id: z.number().int(),
    category_id: z.number().int(),
    code: z.string(),
    name: z.string(),
    icon: z.string(),
    instock: z.number().int(),
    withsize: z.boolean(),
  }),
  package: z.object({ id: z.number().int(), name: z.string(), icon: z.string() }).nullable(),
  quantity: z.number().int(),
  size_id: z.number().int().nullable(),
  size_name: z.string(),
  /** Unit price after the product's discount; null in wish-list mode. */
  pricing: z.number().int().nullable(),
  productDiscount: z.number().int().nullable(),
  lineTotal: z.number().int().nullable(),
  /** The not_enough_stock text with the product's name, when the quantity exceeds the stock. */
  error: z.string().nullable(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  /** 0 when the cart is empty. */
  id: z.number().int(),
  userId: z.number().int(),
  products: z.array(cartLineSchema),
  /** Sum of the lines after discounts, before shipping and tax; null in wish-list mode. */
  cartTotal: z.number().int().nullable(),
  discount: z.number().int().nullable(),
  /** Total units, for the cart badge. */
  quantity: z.number().int(),
  /** True when any line exceeds its stock; only checked when prices are shown. */
  hasError: z.boolean(),
});
export type Cart = z.infer<typeof cartSchema>;

/** In shop mode, checkout is possible only with no error and a total at or above the minimum. */
export function canCheckout(
  cart: Pick<Cart, 'products' | 'hasError' | 'cartTotal'>,
  minimumPurchase: number,
): boolean {
  return cart.products.length > 0 && !cart.hasError && (cart.cartTotal ?? 0) >= minimumPurchase;
}
