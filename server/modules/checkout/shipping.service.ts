import type { Cart } from '../../../domain/cart.ts';
import {
  type Carrier,
  cheapestQuote,
  freeShippingThreshold,
  type ItemDimensions,
  type QuoteReply,
  type QuoteRequest,
  quoteItems,
  type ShippingFee,
  shippingBox,
} from '../../../domain/shipping.ts';
import { AppError } from '../../lib/errors.ts';
import type { Destination, ShippingRates } from '../../providers/shipping/shipping-rates.ts';
import type { Settings } from '../settings/settings.service.ts';

const noDimensions = () =>
  new AppError('no_dimensions', 'Shipping cannot be calculated for this cart yet; please contact us.', 409);
const noCarrier = () =>
  new AppError('no_carrier', 'No carrier ships to that address; please check the province.', 409);

/**
 * The shipping fee of a cart to an address: free over the province's threshold, else the cheapest
 * carrier's quote for one box holding every line (spec §9; `boxItems` are the lines' dimensions, in
 * the cart's order, null where the shop has none).
 */
export async function shippingFeeFor(
  rates: ShippingRates,
  cart: Cart,
  boxItems: readonly (ItemDimensions | null)[],
  destination: Destination,
  settings: Settings,
): Promise<ShippingFee> {
  const cartTotal = cart.cartTotal ?? 0;
  const threshold = freeShippingThreshold(destination.province, {
    ontario: settings.free_shipping_ontario,
    other: settings.free_shipping_other,
  });
  const base = { cartTotal, free_shipping_threshold: threshold };
  if (cart.products.length === 0) return { ...base, shipping_fee: 0, free: false, carrier: null };
  if (cartTotal >= threshold) return { ...base, shipping_fee: 0, free: true, carrier: null };
  const items = boxItems.filter((item): item is ItemDimensions => item !== null);
  if (items.length !== cart.products.length) throw noDimensions();
  const box = shippingBox(items);
  if (!box) throw noDimensions();
  const best = cheapestQuote(await rates.quote(box, destination));
  if (!best) throw noCarrier();
  return { ...base, shipping_fee: best.totalPrice, free: false, carrier: best.productName };
}

/** The carriers and their quotes for the spec's shipping calls (api/shipping/calculate, shippingcarriers). */
export function createShippingService(rates: ShippingRates) {
  return {
    carriers(): Carrier[] {
      return rates.carriers();
    },

    /** Quotes in cents for the one box the request's boxes make (millimetres and grams). */
    async quote({ boxList, consigneeShipper }: QuoteRequest): Promise<QuoteReply> {
      const box = shippingBox(quoteItems(boxList));
      const result = box
        ? await rates.quote(box, {
            province: consigneeShipper.stateOrProvince,
            postalcode: consigneeShipper.postCode,
            countryCode: consigneeShipper.countryCode,
          })
        : [];
      return { success: result.length > 0, result };
    },
  };
}

export type ShippingService = ReturnType<typeof createShippingService>;
