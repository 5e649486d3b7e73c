/** Receipts (spec pos.md §2, §3): the lines, the seller, the stored receipt. */
import { z } from 'zod';
import { POS_AMOUNT_MAX_CENTS, RECEIPT_LINES_MAX } from './constants.ts';
import { cents, dollarsInput, ignoredAmount, optionalPosEmail, posEmailSchema, stripeId } from './fields.ts';
import { POS_MESSAGES } from './messages.ts';

/** One receipt line as sent: amount in cents; tax and total are recomputed by the server. */
const receiptLineInputSchema = z.strictObject({
  product_name: z
    .string({ error: POS_MESSAGES.productNameRequired })
    .trim()
    .min(1, POS_MESSAGES.productNameRequired)
    .max(200, 'Product Name cannot be more than 200 characters long.'),
  amount: z
    .number({ error: POS_MESSAGES.amountRequired })
    .int('Amount must be a whole number of cents.')
    .min(0, 'Amount cannot be negative.')
    .max(POS_AMOUNT_MAX_CENTS, POS_MESSAGES.amountMax),
  addTax: z.boolean().default(true),
  /** Accepted for the spec's shape, ignored: the server computes them. */
  tax: ignoredAmount,
  total: ignoredAmount,
});

/** POST api/pos/receipts. */
export const createReceiptSchema = z.strictObject({
  lines: z
    .array(receiptLineInputSchema)
    .min(1, 'Please add at least one product.')
    .max(RECEIPT_LINES_MAX, `A receipt cannot have more than ${RECEIPT_LINES_MAX} lines.`),
  /** The POS payment this receipt is for, if any. */
  paymentIntentId: stripeId('Payment').optional(),
  email: optionalPosEmail,
});
export type CreateReceipt = z.input<typeof createReceiptSchema>;
export const receiptCreatedSchema = z.object({
  receipt_id: z.number().int(),
  receipt_number: z.number().int(),
  subtotal: cents,
  tax: cents,
  total: cents,
});
export type ReceiptCreated = z.infer<typeof receiptCreatedSchema>;

/** The seller printed on receipts and invoices. */
export const sellerSchema = z.object({
  company_name: z.string(),
  store_name: z.string(),
  address: z.string(),
  email: z.string(),
  gst_hst_number: z.string(),
  /** The store's time zone (IANA): the zone a receipt's or invoice's date and time are in. */
  time_zone: z.string(),
});
export type Seller = z.infer<typeof sellerSchema>;

const receiptLineSchema = z.object({
  product_name: z.string(),
  amount: cents,
  tax: cents,
  total: cents,
  addTax: z.boolean(),
});
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

/**
 * What a receipt stands for: a register sale (paid, with its tenders), a return at the counter (a
 * refund receipt: what went back, through which tenders), a payment taken on the reader, or lines
 * typed in Generate Receipt with no payment recorded (not proof of payment).
 */
export const RECEIPT_KINDS = ['sale', 'refund', 'payment', 'manual'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];
/** The one line of a payment's receipt taken on the POS Payment screen (an amount, not items). */
export const POS_PAYMENT_LINE_NAME = 'In-store card payment';
export const MANUAL_RECEIPT_NOTE = 'Manual receipt: not proof of payment.';

export const receiptTenderSchema = z.object({
  type: z.string(),
  amount: cents,
  tendered: cents.nullable(),
  change: cents.nullable(),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  authorizationCode: z.string().nullable(),
});
export type ReceiptTender = z.infer<typeof receiptTenderSchema>;

/**
 * How a tender reads on a receipt: 'Cash: CDN$20.00 tendered, CDN$4.85 change' ('Cash: CDN$4.85'
 * given back on a refund), 'VISA ending 4242: CDN$12.00, authorization A1B2C3', 'Interac: ...'.
 */
export function tenderText(tender: ReceiptTender, money: (cents: number) => string): string {
  if (tender.type === 'cash') {
    // A refund's cash was given back: nothing was handed over.
    if (tender.tendered === null) return `Cash: ${money(tender.amount)}`;
    return `Cash: ${money(tender.tendered)} tendered, ${money(tender.change ?? 0)} change`;
  }
  const card =
    tender.type === 'interac'
      ? 'Interac'
      : [tender.brand?.toUpperCase(), tender.last4 ? `ending ${tender.last4}` : '']
          .filter(Boolean)
          .join(' ') || 'Card';
  const authorization = tender.authorizationCode ? `, authorization ${tender.authorizationCode}` : '';
  return `${card}: ${money(tender.amount)}${authorization}`;
}

/**
 * The line a receipt adds when its cash was rounded to 5 cents, so that what was handed over adds
 * up: 'Cash rounding to 5 cents: +CDN$0.01, paid CDN$72.30' ('given back' on a refund); null when
 * no cash changed hands or nothing was rounded.
 */
export function cashRoundingText(
  receipt: { total: number; tenders: readonly ReceiptTender[]; refund: boolean },
  money: (cents: number) => string,
): string | null {
  if (!receipt.tenders.some((tender) => tender.type === 'cash')) return null;
  const moved = receipt.tenders.reduce((sum, tender) => sum + tender.amount, 0);
  const rounding = moved - receipt.total;
  if (rounding === 0) return null;
  const sign = rounding > 0 ? '+' : '';
  return `Cash rounding to 5 cents: ${sign}${money(rounding)}, ${receipt.refund ? 'given back' : 'paid'} ${money(moved)}`;
}

/** GET api/pos/receipts/{id}. */
export const receiptSchema = z.object({
  receipt_id: z.number().int(),
  receipt_number: z.number().int(),
  kind: z.enum(RECEIPT_KINDS),
  /** A refund receipt: the number of the sale's receipt it refunds. */
  refundOf: z.number().int().nullable(),
  /** The staff member who made it. */
  cashier: z.string(),
  tenders: z.array(receiptTenderSchema),
  paymentIntentId: z.string().nullable(),
  lines: z.array(receiptLineSchema),
  subtotal: cents,
  tax: cents,
  total: cents,
  tax_rate: z.number(),
  email: z.string().nullable(),
  created: z.string(),
  seller: sellerSchema,
});
export type Receipt = z.infer<typeof receiptSchema>;

/** POST api/pos/receipts/{id}/send. */
export const sendReceiptSchema = z.strictObject({ email: posEmailSchema });
export type SendReceipt = z.input<typeof sendReceiptSchema>;

/** The receipt generator's add-product form (web): dollars as typed. */
export const receiptProductFormSchema = z.object({
  product_name: z
    .string({ error: POS_MESSAGES.productNameRequired })
    .trim()
    .min(1, POS_MESSAGES.productNameRequired),
  amount: dollarsInput(POS_MESSAGES.amountRequired, POS_MESSAGES.amountNumeric).pipe(
    z
      .number()
      .min(0, 'Amount cannot be negative.')
      .max(POS_AMOUNT_MAX_CENTS / 100, POS_MESSAGES.amountMax),
  ),
  addTax: z.boolean(),
});
export type ReceiptProductForm = z.input<typeof receiptProductFormSchema>;
