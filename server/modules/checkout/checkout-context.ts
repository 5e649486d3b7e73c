import { sql } from 'drizzle-orm';
import { BILLING_ADDRESS, type SavedAddress, SHIPPING_ADDRESS } from '../../../domain/address.ts';
import type { Cart } from '../../../domain/cart.ts';
import type { ItemDimensions } from '../../../domain/shipping.ts';
import type { DbOrTx } from '../../db/database.ts';
import { currentAddresses } from '../addresses/addresses.service.ts';
import { loadCartWith } from '../cart/cart.service.ts';
import { SETTINGS_JSON, type Settings, settingsFrom, taxRatePpmOf } from '../settings/settings.service.ts';

/** Everything checkout computes an order from, read in one statement. */
export interface CheckoutContext {
  cart: Cart;
  /** Each line's dimensions (mm, g) and quantity, in the cart's order; null where the shop has none. */
  boxItems: (ItemDimensions | null)[];
  settings: Settings;
  /** The client's current shipping and billing addresses. */
  shipping: SavedAddress | undefined;
  billing: SavedAddress | undefined;
  /**
   * The summed tax rate of the shipping address's province, in ppm; null without an address or
   * when that province has no rate (a sale there stops: taxRateMissing).
   */
  shippingTaxRatePpm: number | null;
  clientEmail: string | undefined;
  /** The order a payment intent placed already (when asked about one). */
  placedOrder: PlacedOrder | null;
}

interface PlacedOrder {
  id: number;
  orderNumber: number;
  /** placed, then paid once captured. */
  status: string;
}

interface ContextColumns {
  settings_rows: { key: string; value: unknown }[];
  default_addresses: SavedAddress[];
  shipping_tax_ppm: number | null;
  client_email: string | null;
  placed_order: PlacedOrder | null;
}

/**
 * The client's cart (with each line's dimensions), the shop's settings, the client's current
 * addresses, the tax rate where the order ships, the client's e-mail and, given a payment intent,
 * the order it placed: what computing an order needs, in one round trip instead of six.
 */
export async function loadCheckoutContext(
  db: DbOrTx,
  clientId: number,
  paymentIntentId?: string,
): Promise<CheckoutContext> {
  const shippingProvince = sql`(SELECT province FROM (${currentAddresses(clientId)}) a
      WHERE address_type_id = ${SHIPPING_ADDRESS})`;
  const placedOrder =
    paymentIntentId === undefined
      ? sql`NULL::json`
      : sql`(SELECT json_build_object('id', id, 'orderNumber', order_number, 'status', status) FROM orders
             WHERE payment_intent_id = ${paymentIntentId})`;
  const { cart, dimensions, extras } = await loadCartWith<ContextColumns>(
    db,
    clientId,
    sql`${SETTINGS_JSON} AS settings_rows,
        (SELECT coalesce(json_agg(a), '[]') FROM (${currentAddresses(clientId)}) a) AS default_addresses,
        ${taxRatePpmOf(shippingProvince)} AS shipping_tax_ppm,
        (SELECT email FROM clients WHERE id = ${clientId}) AS client_email,
        ${placedOrder} AS placed_order`,
  );
  const address = (typeId: number) => extras.default_addresses.find((a) => a.address_type_id === typeId);
  return {
    cart,
    boxItems: dimensions.map((item, index) =>
      item ? { ...item, quantity: cart.products[index]?.quantity ?? 0 } : null,
    ),
    settings: settingsFrom(extras.settings_rows),
    shipping: address(SHIPPING_ADDRESS),
    billing: address(BILLING_ADDRESS),
    shippingTaxRatePpm: extras.shipping_tax_ppm === null ? null : Number(extras.shipping_tax_ppm),
    clientEmail: extras.client_email ?? undefined,
    placedOrder: extras.placed_order,
  };
}
