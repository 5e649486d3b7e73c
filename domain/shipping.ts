/**
 * Shipping (spec storefront §4 Shipping fee, §9; DESIGN.md "Money, tax, shipping"): one box, a cube
 * whose side is the cube root of the summed volumes, the summed weight; the fee is the cheapest
 * carrier's quote, or free when the cart total reaches the province's threshold.
 */
import { z } from 'zod';

export interface ItemDimensions {
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  weightG: number;
  quantity: number;
}

export interface Box {
  /** The side of the cube, in millimetres, rounded up. */
  sideMm: number;
  weightG: number;
}

export function shippingBox(items: readonly ItemDimensions[]): Box | null {
  if (items.length === 0) return null;
  let volume = 0;
  let weight = 0;
  for (const item of items) {
    volume += item.lengthMm * item.widthMm * item.heightMm * item.quantity;
    weight += item.weightG * item.quantity;
  }
  // Rounding the cube root up by a hair of float error would add a millimetre: round first.
  const side = Math.ceil(Math.round(Math.cbrt(volume) * 1000) / 1000);
  return { sideMm: side, weightG: weight };
}

export interface FreeShippingThresholds {
  ontario: number;
  other: number;
}

/** Ontario (ON) has its own free-shipping amount; every other province shares one. */
export function freeShippingThreshold(province: string, thresholds: FreeShippingThresholds): number {
  return province.trim().toUpperCase() === 'ON' ? thresholds.ontario : thresholds.other;
}

export function isFreeShipping(
  cartTotal: number,
  province: string,
  thresholds: FreeShippingThresholds,
): boolean {
  return cartTotal >= freeShippingThreshold(province, thresholds);
}

export interface CarrierQuote {
  productName: string;
  productCode: string;
  totalPrice: number;
  effectiveTime: string;
  currencyCode: string;
}

export function cheapestQuote(quotes: readonly CarrierQuote[]): CarrierQuote | null {
  let best: CarrierQuote | null = null;
  for (const quote of quotes) if (!best || quote.totalPrice < best.totalPrice) best = quote;
  return best;
}

/** POST api/Payment/shippingfee: the server takes the total from the cart, never from the body. */
export const shippingFeeRequestSchema = z.strictObject({
  total: z.number().int().min(0).optional(),
  address: z.looseObject({
    province: z.string({ error: 'Province is required.' }).trim().min(1, 'Province is required.').max(50),
    postalcode: z.string().trim().max(15).default(''),
    country_code: z.string().trim().toUpperCase().default('CA'),
  }),
});

export const shippingFeeSchema = z.object({
  /** In cents; 0 when free. */
  shipping_fee: z.number().int(),
  free: z.boolean(),
  carrier: z.string().nullable(),
  /** The cart total at or above which shipping is free for this province. */
  free_shipping_threshold: z.number().int(),
  cartTotal: z.number().int(),
});
export type ShippingFee = z.infer<typeof shippingFeeSchema>;

/** Estimated tax = round((cart total + shipping) x rate) (spec §9). Amounts in cents, rate in ppm. */
export function estimatedTax(cartTotal: number, shippingFee: number, ratePpm: number): number {
  return Math.round(((cartTotal + shippingFee) * ratePpm) / 1_000_000);
}

/** The Customer number the spec's shipping quote carries: a fixed prefix plus the client id. */
export const CUSTOMER_NUMBER_PREFIX = 'MSC';
export function customerNumber(clientId: number): string {
  return `${CUSTOMER_NUMBER_PREFIX}${String(clientId).padStart(6, '0')}`;
}
