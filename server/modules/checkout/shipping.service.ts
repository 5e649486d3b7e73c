import { inArray, or } from 'drizzle-orm';
import type { Cart } from '../../../domain/cart.ts';
import {
  type Box,
  cheapestQuote,
  freeShippingThreshold,
  type ItemDimensions,
  type ShippingFee,
  shippingBox,
} from '../../../domain/shipping.ts';
import type { DbOrTx } from '../../db/database.ts';
import { dimensions } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { Destination, ShippingRates } from '../../providers/shipping/shipping-rates.ts';
import { readSettings, type Settings } from '../settings/settings.service.ts';

const noDimensions = () =>
  new AppError('no_dimensions', 'Shipping cannot be calculated for this cart yet; please contact us.', 409);
const noCarrier = () =>
  new AppError('no_carrier', 'No carrier ships to that address; please check the province.', 409);

/** One box for the cart's lines (spec §9), from the dimensions of each product, size or package. */
export async function cartBox(db: DbOrTx, cart: Cart): Promise<Box | null> {
  if (cart.products.length === 0) return null;
  const productIds = cart.products.map((line) => line.product.id);
  const packageIds = cart.products.flatMap((line) => (line.package ? [line.package.id] : []));
  const rows = await db
    .select()
    .from(dimensions)
    .where(
      packageIds.length > 0
        ? or(inArray(dimensions.productId, productIds), inArray(dimensions.packageId, packageIds))
        : inArray(dimensions.productId, productIds),
    );
  const items: ItemDimensions[] = [];
  for (const line of cart.products) {
    const row = line.package
      ? rows.find((r) => r.packageId === line.package?.id)
      : (rows.find((r) => r.productId === line.product.id && r.sizeId === line.size_id) ??
        rows.find((r) => r.productId === line.product.id && r.sizeId === null));
    if (!row) throw noDimensions();
    items.push({
      lengthMm: row.lengthMm,
      widthMm: row.widthMm,
      heightMm: row.heightMm,
      weightG: row.weightG,
      quantity: line.quantity,
    });
  }
  return shippingBox(items);
}

/** The shipping fee of a cart to an address: free over the province's threshold, else the cheapest quote. */
export async function shippingFeeFor(
  db: DbOrTx,
  rates: ShippingRates,
  cart: Cart,
  destination: Destination,
  /** The settings when the caller has read them already. */
  known?: Settings,
): Promise<ShippingFee> {
  const settings = known ?? (await readSettings(db));
  const cartTotal = cart.cartTotal ?? 0;
  const threshold = freeShippingThreshold(destination.province, {
    ontario: settings.free_shipping_ontario,
    other: settings.free_shipping_other,
  });
  const base = { cartTotal, free_shipping_threshold: threshold };
  if (cart.products.length === 0) return { ...base, shipping_fee: 0, free: false, carrier: null };
  if (cartTotal >= threshold) return { ...base, shipping_fee: 0, free: true, carrier: null };
  const box = await cartBox(db, cart);
  if (!box) throw noDimensions();
  const best = cheapestQuote(await rates.quote(box, destination));
  if (!best) throw noCarrier();
  return { ...base, shipping_fee: best.totalPrice, free: false, carrier: best.productName };
}
