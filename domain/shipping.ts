/**
 * Shipping (spec storefront §4 Shipping fee, §9; DESIGN.md "Money, tax, shipping"): one box, a cube
 * whose side is the cube root of the summed volumes, the summed weight; the fee is the cheapest
 * carrier's quote, or free when the cart total reaches the province's threshold.
 */
import { z } from 'zod';
import { formatMoney } from './money.ts';
import { CANADIAN_PROVINCES } from './provinces.ts';
import { AMOUNT_MAX_CENTS } from './validation.ts';

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
  /** In grams, rounded up. */
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
  return { sideMm: side, weightG: Math.ceil(weight) };
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

/**
 * The cart's way to free shipping, as the cart and checkout say it: 'CDN$12.50 more for free
 * shipping to Ontario', or 'Free shipping to Ontario' once reached; null when the shop offers no
 * free shipping there (a threshold of 0).
 */
export function freeShippingProgress(
  cartTotal: number,
  province: string,
  thresholds: FreeShippingThresholds,
): string | null {
  return freeShippingText(cartTotal, province, freeShippingThreshold(province, thresholds));
}

/** The same, for a threshold already known (a shipping quote's `free_shipping_threshold`). */
export function freeShippingText(cartTotal: number, province: string, threshold: number): string | null {
  if (threshold <= 0) return null;
  const code = province.trim().toUpperCase();
  const where = CANADIAN_PROVINCES.find((candidate) => candidate.code === code)?.name ?? code;
  const remaining = threshold - cartTotal;
  return remaining > 0
    ? `${formatMoney(remaining)} more for free shipping to ${where}`
    : `Free shipping to ${where}`;
}

/** A carrier's price for one box (the spec's quote reply), in cents. */
export const carrierQuoteSchema = z.object({
  productName: z.string(),
  productCode: z.string(),
  totalPrice: z.number().int(),
  effectiveTime: z.string(),
  currencyCode: z.string(),
});
export type CarrierQuote = z.infer<typeof carrierQuoteSchema>;

export const carrierSchema = z.object({ code: z.string(), name: z.string() });
export type Carrier = z.infer<typeof carrierSchema>;

export function cheapestQuote(quotes: readonly CarrierQuote[]): CarrierQuote | null {
  let best: CarrierQuote | null = null;
  for (const quote of quotes) if (!best || quote.totalPrice < best.totalPrice) best = quote;
  return best;
}

/** POST api/Payment/shippingfee: the server takes the total from the cart, never from the body. */
export const shippingFeeRequestSchema = z.strictObject({
  total: z.number().int().min(0).max(AMOUNT_MAX_CENTS).optional(),
  address: z.looseObject({
    province: z.string({ error: 'Province is required.' }).trim().min(1, 'Province is required.').max(50),
    postalcode: z.string().trim().max(15).default(''),
    country_code: z.string().trim().toUpperCase().default('CA'),
  }),
});

/**
 * The largest parcel a quote is asked for: the carriers' own limits are below these (Canada Post:
 * 2 m long, 30 kg), so anything larger is a mistake, and every quote stays a finite number.
 */
export const BOX_SIDE_MAX_MM = 3_000;
export const BOX_WEIGHT_MAX_G = 100_000;
export const BOXES_MAX = 50;
export const BOX_QUANTITY_MAX = 100;

const boxMeasure = (label: string, unit: string, max: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .positive(`${label} must be more than 0.`)
    .max(max, `${label} cannot be more than ${max} ${unit}.`);

/** POST api/shipping/calculate (spec §7 Shipping): boxes in millimetres and grams. */
export const quoteRequestSchema = z.strictObject({
  customerNo: z.string().max(50).optional(),
  orderWeight: z
    .number()
    .min(0)
    .max(BOX_WEIGHT_MAX_G * BOXES_MAX * BOX_QUANTITY_MAX)
    .optional(),
  productCode: z.string().max(50).optional(),
  consigneeShipper: z.looseObject({
    countryCode: z.string().trim().toUpperCase().length(2, 'Country must be a 2-letter code.'),
    stateOrProvince: z.string().trim().min(1, 'Province is required.').max(50),
    postCode: z.string().trim().max(15).default(''),
  }),
  boxList: z
    .array(
      z.looseObject({
        boxLength: boxMeasure('Box length', 'mm', BOX_SIDE_MAX_MM),
        boxWidth: boxMeasure('Box width', 'mm', BOX_SIDE_MAX_MM),
        boxHeight: boxMeasure('Box height', 'mm', BOX_SIDE_MAX_MM),
        boxWeight: boxMeasure('Box weight', 'g', BOX_WEIGHT_MAX_G),
        quantity: z
          .number({ error: 'Quantity must be a number.' })
          .int('Quantity must be a whole number.')
          .positive('Quantity must be at least 1.')
          .max(BOX_QUANTITY_MAX, `Quantity cannot be more than ${BOX_QUANTITY_MAX}.`)
          .default(1),
      }),
    )
    .min(1, 'At least one box is required.')
    .max(BOXES_MAX, `At most ${BOXES_MAX} boxes can be quoted at once.`),
  goodsList: z.array(z.looseObject({})).max(200).optional(),
});
export type QuoteRequest = z.output<typeof quoteRequestSchema>;

export const quoteReplySchema = z.object({ success: z.boolean(), result: z.array(carrierQuoteSchema) });
export type QuoteReply = z.infer<typeof quoteReplySchema>;

/** The spec's boxes as the items of one box: every quote is for the cube a cart would ship in. */
export function quoteItems(boxes: QuoteRequest['boxList']): ItemDimensions[] {
  return boxes.map((box) => ({
    lengthMm: box.boxLength,
    widthMm: box.boxWidth,
    heightMm: box.boxHeight,
    weightG: box.boxWeight,
    quantity: box.quantity,
  }));
}

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
