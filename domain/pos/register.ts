/**
 * The register (the POS as a till): sales from the catalogue, tenders, cash rounding, shifts.
 * Amounts in cents.
 */
import { z } from 'zod';
import { formatMoney } from '../money.ts';
import { bodyId } from '../validation.ts';
import { POS_AMOUNT_MAX_CENTS, POS_AMOUNT_MIN_CENTS } from './constants.ts';

/**
 * Canada withdrew the penny in 2013: a total paid in cash is rounded to the nearest 5 cents (1-2
 * down to 0, 3-4 up to 5, 6-7 down to 5, 8-9 up to 10). A total paid by card is never rounded.
 */
export function roundCash(cents: number): number {
  return Math.round(cents / 5) * 5;
}

/** 'Crew Sock (M)': a sold line as receipts, returns, checkouts and stock messages name it. */
export function saleLineName(line: { name: string; sizeName: string }): string {
  return line.sizeName ? `${line.name} (${line.sizeName})` : line.name;
}

export const TENDER_TYPES = ['cash', 'card', 'interac'] as const;
export type TenderType = (typeof TENDER_TYPES)[number];

/** A tender as the sale screen sends it: a card or Interac payment taken on the reader, or cash. */
export type TenderInput =
  | { type: 'card' | 'interac'; amount: number; paymentIntentId: string }
  | { type: 'cash'; tendered: number };

export interface PlannedTender {
  type: TenderType;
  /** What this tender pays of the sale. */
  amount: number;
  /** Cash only: what the client handed over, and what goes back. */
  tendered: number | null;
  change: number | null;
  paymentIntentId: string | null;
}

export interface TenderPlan {
  tenders: PlannedTender[];
  /** What was paid in all: the total, with the cash part rounded. */
  paid: number;
  /** The cash part's rounding (paid - total), -2 to +2 cents. */
  rounding: number;
  change: number;
}

export type TenderPlanResult = { ok: true; plan: TenderPlan } | { ok: false; message: string };

/**
 * How the tenders pay a total: the card and Interac payments first, for their exact amounts, then
 * cash for what remains, rounded to 5 cents; the tenders must cover the total exactly (cash may be
 * more: the change).
 */
export function planTenders(total: number, tenders: readonly TenderInput[]): TenderPlanResult {
  if (tenders.length === 0) return { ok: false, message: 'Choose how the sale is paid.' };
  const cash = tenders.filter((tender) => tender.type === 'cash');
  if (cash.length > 1) return { ok: false, message: 'Cash is one tender: enter what was handed over once.' };
  const cards = tenders.filter(
    (tender): tender is Extract<TenderInput, { amount: number }> => tender.type !== 'cash',
  );
  const byCard = cards.reduce((sum, tender) => sum + tender.amount, 0);
  const planned: PlannedTender[] = cards.map((tender) => ({
    type: tender.type,
    amount: tender.amount,
    tendered: null,
    change: null,
    paymentIntentId: tender.paymentIntentId,
  }));
  if (byCard > total) {
    return { ok: false, message: `The card payments (${formatMoney(byCard)}) are more than the total.` };
  }
  const [cashTender] = cash;
  if (!cashTender) {
    if (byCard !== total) {
      return {
        ok: false,
        message: `The payments (${formatMoney(byCard)}) do not add up to the total (${formatMoney(total)}).`,
      };
    }
    return { ok: true, plan: { tenders: planned, paid: total, rounding: 0, change: 0 } };
  }
  const cashDue = roundCash(total - byCard);
  if (cashTender.tendered < cashDue) {
    return {
      ok: false,
      message: `The cash handed over (${formatMoney(cashTender.tendered)}) is less than the ${formatMoney(cashDue)} due.`,
    };
  }
  const change = cashTender.tendered - cashDue;
  planned.push({
    type: 'cash',
    amount: cashDue,
    tendered: cashTender.tendered,
    change,
    paymentIntentId: null,
  });
  return {
    ok: true,
    plan: { tenders: planned, paid: byCard + cashDue, rounding: byCard + cashDue - total, change },
  };
}

const cents = (label: string) =>
  z
    .number({ error: `${label} must be an amount in cents.` })
    .int(`${label} must be a whole number of cents.`)
    .min(0, `${label} cannot be negative.`)
    .max(POS_AMOUNT_MAX_CENTS, `${label} is more than a sale can be.`);

const tenderSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.enum(['card', 'interac']),
      amount: cents('A card payment').min(POS_AMOUNT_MIN_CENTS, 'A card payment is at least CDN$0.50.'),
      /** The reader's payment for this tender (create_payment_intent, then process_payment). */
      paymentIntentId: z
        .string({ error: 'A card payment names its payment.' })
        .regex(/^pi_[A-Za-z0-9_]{1,250}$/, 'This is not a payment.'),
    }),
    z.strictObject({ type: z.literal('cash'), tendered: cents('Cash tendered') }),
  ],
  { error: 'A tender is cash, card or interac.' },
);

export const SALE_LINES_MAX = 100;

/** How many of a line are sold or returned. */
export const lineQuantitySchema = z
  .number({ error: 'A quantity is required.' })
  .int('A quantity is a whole number.')
  .min(1, 'A quantity is at least 1.')
  .max(9999, 'A quantity is at most 9999.');

const saleLineSchema = z.strictObject({
  productId: bodyId('A product'),
  size_id: bodyId('A size').nullable().default(null),
  packageId: bodyId('A package').nullable().default(null),
  quantity: lineQuantitySchema,
});

/** POST api/pos/sales (with an Idempotency-Key): the lines from the catalogue, the tax, the tenders. */
export const saleRequestSchema = z.strictObject({
  lines: z
    .array(saleLineSchema)
    .min(1, 'Add at least one product.')
    .max(SALE_LINES_MAX, `A sale has at most ${SALE_LINES_MAX} lines.`),
  addTax: z.boolean().default(true),
  tenders: z.array(tenderSchema).min(1, 'Choose how the sale is paid.').max(5, 'At most 5 tenders.'),
  /** Where the receipt is e-mailed at once. */
  email: z.email('Please enter a valid email address.').max(256).optional(),
});
export type SaleRequest = z.input<typeof saleRequestSchema>;

/** What makes two sale requests the same sale: a key sent again with other content is refused. */
export function saleFingerprint(input: {
  lines: readonly { productId: number; size_id: number | null; packageId: number | null; quantity: number }[];
  addTax: boolean;
  tenders: readonly {
    type: string;
    amount?: number;
    tendered?: number | null;
    paymentIntentId?: string | null;
  }[];
}): string {
  return JSON.stringify([
    input.lines.map((line) => [line.productId, line.size_id, line.packageId, line.quantity]),
    input.addTax,
    // Cash last, as planTenders orders them.
    [
      ...input.tenders.filter((t) => t.type !== 'cash'),
      ...input.tenders.filter((t) => t.type === 'cash'),
    ].map((tender) =>
      tender.type === 'cash'
        ? ['cash', tender.tendered]
        : [tender.type, tender.amount, tender.paymentIntentId],
    ),
  ]);
}
export type SaleRequestData = z.output<typeof saleRequestSchema>;

export const saleLineSchemaOut = z.object({
  productId: z.number().int(),
  size_id: z.number().int().nullable(),
  packageId: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  sizeName: z.string(),
  unitPrice: z.number().int(),
  quantity: z.number().int(),
  lineTotal: z.number().int(),
});

export const saleSchema = z.object({
  id: z.number().int(),
  cashier: z.string(),
  shiftId: z.number().int().nullable(),
  /** Each line with how many of it were returned at the counter (succeeded or on their way). */
  lines: z.array(saleLineSchemaOut.extend({ returned: z.number().int() })),
  subtotal: z.number().int(),
  taxRatePpm: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  rounding: z.number().int(),
  paid: z.number().int(),
  change: z.number().int(),
  tenders: z.array(
    z.object({
      id: z.number().int(),
      type: z.string(),
      amount: z.number().int(),
      tendered: z.number().int().nullable(),
      change: z.number().int().nullable(),
      paymentIntentId: z.string().nullable(),
      brand: z.string().nullable(),
      last4: z.string().nullable(),
      authorizationCode: z.string().nullable(),
      /** Given back through this tender by returns at the counter. */
      refunded: z.number().int(),
      /** Given back on this card outside the shop (in the card processor's dashboard). */
      refundedOutside: z.number().int(),
    }),
  ),
  receipt: z.object({ receipt_id: z.number().int(), receipt_number: z.number().int() }),
  /** Its returns at the counter, with their refund receipts. */
  returns: z.array(
    z.object({
      id: z.number().int(),
      status: z.string(),
      refunded: z.number().int(),
      receipt_number: z.number().int().nullable(),
      createdAt: z.string(),
    }),
  ),
  createdAt: z.string(),
});
export type Sale = z.infer<typeof saleSchema>;

/** POST api/pos/shifts/open: the cash counted into the drawer. */
export const openShiftSchema = z.strictObject({ float: cents('The float') });
/** POST api/pos/shifts/close: the cash counted in the drawer at the end. */
export const closeShiftSchema = z.strictObject({ counted: cents('The counted cash') });
/** POST api/pos/shifts/cash: cash put in (positive) or taken out (negative), with why. */
export const cashMovementSchema = z.strictObject({
  amount: z
    .number({ error: 'An amount in cents is required.' })
    .int('A whole number of cents.')
    .refine((value) => value !== 0, 'The amount cannot be 0.')
    .refine((value) => Math.abs(value) <= POS_AMOUNT_MAX_CENTS, 'That is more than a drawer holds.'),
  reason: z
    .string()
    .trim()
    .min(1, 'Say why the cash moved.')
    .max(200, 'The reason is at most 200 characters.'),
});
