/** Refunds and the charge search (spec pos.md §2 Refund, §3 Charge, §5). */
import { z } from 'zod';
import { isCalendarDay, usDateToIso } from '../dates.ts';
import { toCents } from '../money.ts';
import { AMOUNT_MAX_CENTS } from '../validation.ts';
import { CHARGE_SEARCH_LIMIT_DEFAULT, CHARGE_SEARCH_LIMIT_MAX } from './constants.ts';
import { cents, stripeId } from './fields.ts';
import { POS_MESSAGES, refundMaxMessage } from './messages.ts';

/** The largest amount a search may ask for, in dollars: no charge is larger. */
const SEARCH_AMOUNT_MAX = AMOUNT_MAX_CENTS / 100;

const searchAmount = (label: string, message: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .nullish()
    .transform((value, context) => {
      if (value === null || value === undefined) return undefined;
      const text = String(value).trim();
      if (text === '') return undefined;
      const number = Number(text);
      if (!Number.isFinite(number) || number < 0) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      if (number > SEARCH_AMOUNT_MAX) {
        context.addIssue({ code: 'custom', message: `${label} cannot be more than ${SEARCH_AMOUNT_MAX}.` });
        return z.NEVER;
      }
      return toCents(number);
    });

const searchDate = z
  .string({ error: POS_MESSAGES.dateInvalid })
  .trim()
  .nullish()
  .transform((value, context) => {
    if (!value) return undefined;
    // A calendar day, the date part of an ISO date-time, or MM/DD/YYYY as the form shows it.
    const day = isCalendarDay(value.slice(0, 10)) ? value.slice(0, 10) : usDateToIso(value);
    if (!day) {
      context.addIssue({ code: 'custom', message: POS_MESSAGES.dateInvalid });
      return z.NEVER;
    }
    return day;
  });

/**
 * A refinement's `when`: run it once the fields it reads are valid, whatever the others hold, and
 * never on a value that is not an object at all (an issue without a path).
 */
function whenValid(...fields: string[]) {
  return (payload: { issues: readonly { path?: readonly PropertyKey[] | undefined }[] }) =>
    !payload.issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0])));
}

/**
 * POST api/pos/search-charge. Amounts in dollars as the web shows them (the server turns them into
 * cents); dates as calendar days 'YYYY-MM-DD' (or 'MM/DD/YYYY', or an ISO date-time whose date part
 * is taken) in the store's time zone, both ends included; status 0 none, 1 succeeded, 2 failed;
 * cardType 0 none, 1 Debit, 2 Credit, 3 Web; last4 only with cardType > 0; limit default 100.
 */
export const chargeSearchSchema = z
  .strictObject({
    fromAmount: searchAmount('From Amount', POS_MESSAGES.fromAmountInvalid),
    toAmount: searchAmount('To Amount', POS_MESSAGES.toAmountInvalid),
    fromDate: searchDate,
    toDate: searchDate,
    status: z
      .union([z.literal(0), z.literal(1), z.literal(2)])
      .nullish()
      .transform((value) => value ?? 0),
    cardType: z
      .union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)])
      .nullish()
      .transform((value) => value ?? 0),
    last4: z
      .string()
      .trim()
      .nullish()
      .transform((value) => value || undefined),
    limit: z
      .union([z.number(), z.string()])
      .nullish()
      .transform((value, context) => {
        if (value === null || value === undefined || String(value).trim() === '') {
          return CHARGE_SEARCH_LIMIT_DEFAULT;
        }
        const text = String(value).trim();
        if (!/^\d+$/.test(text)) {
          context.addIssue({ code: 'custom', message: POS_MESSAGES.limitDigits });
          return z.NEVER;
        }
        return Number(text);
      })
      .pipe(
        z
          .number()
          .int()
          .min(1, 'Limit must be at least 1.')
          .max(CHARGE_SEARCH_LIMIT_MAX, POS_MESSAGES.limitMax),
      ),
  })
  // Each cross-field rule runs even when another field is wrong (zod skips refinements of an
  // object with issues otherwise), so that the form shows every message at once.
  .refine((search) => search.cardType === 0 || search.last4 === undefined || /^\d*$/.test(search.last4), {
    path: ['last4'],
    message: POS_MESSAGES.last4Digits,
    when: whenValid('cardType', 'last4'),
  })
  .refine(
    (search) =>
      search.cardType === 0 ||
      search.last4 === undefined ||
      !/^\d*$/.test(search.last4) ||
      search.last4.length === 4,
    { path: ['last4'], message: POS_MESSAGES.last4Length, when: whenValid('cardType', 'last4') },
  )
  .refine(
    (search) =>
      search.fromAmount === undefined ||
      search.toAmount === undefined ||
      search.toAmount >= search.fromAmount,
    { path: ['toAmount'], message: POS_MESSAGES.amountRange, when: whenValid('fromAmount', 'toAmount') },
  )
  .refine((search) => !search.fromDate || !search.toDate || search.toDate >= search.fromDate, {
    path: ['toDate'],
    message: POS_MESSAGES.dateRange,
    when: whenValid('fromDate', 'toDate'),
  })
  // last4 means nothing without a card type (spec §5: cleared and disabled).
  .transform((search) => ({ ...search, last4: search.cardType > 0 ? search.last4 : undefined }));
export type ChargeSearchRequest = z.input<typeof chargeSearchSchema>;
export type ChargeSearchFilter = z.output<typeof chargeSearchSchema>;

/** One result row (spec §3 Charge); amounts in cents, created as an ISO date-time. */
const posChargeSchema = z.object({
  chargeId: z.string(),
  paymentIntentId: z.string().nullable(),
  amount: cents,
  amountRefunded: cents,
  refunded: z.boolean(),
  captured: z.boolean(),
  brand: z.string().nullable(),
  network: z.string().nullable(),
  source: z.string().nullable(),
  country: z.string().nullable(),
  last4: z.string().nullable(),
  created: z.string(),
  status: z.enum(['succeeded', 'pending', 'failed']),
  /** The web order this charge paid, when it is one's: its refund updates the order too. */
  orderNumber: z.number().int().nullable(),
});
export type PosCharge = z.infer<typeof posChargeSchema>;
export const posChargeListSchema = z.array(posChargeSchema);

/** What is left to refund on a charge, in cents. */
export function refundableCents(charge: { amount: number; amountRefunded: number }): number {
  return Math.max(0, charge.amount - charge.amountRefunded);
}

/** POST api/pos/refund and api/pos/refund-interac: amount in cents, default all that remains. */
export const refundRequestSchema = z.strictObject({
  paymentIntentId: stripeId('Payment'),
  amount: z
    .number({ error: 'Refund Amount must be a number.' })
    .int('Refund Amount must be a whole number of cents.')
    .positive('Refund Amount must be more than 0.')
    .max(AMOUNT_MAX_CENTS, 'Refund Amount is more than any payment can be.')
    .nullish()
    .transform((value) => value ?? undefined),
  /** A web order's charge: whether its items go back to stock (a full refund; the shop's choice). */
  restock: z.boolean().optional(),
  /**
   * An Interac refund made for a register return: the return, once recorded, names it. Any other
   * refund made here is recorded on the payment it refunds.
   */
  forReturn: z.boolean().optional(),
});
export type RefundRequest = z.input<typeof refundRequestSchema>;

/** POST api/pos/refund: a card refund made online; `action.failure_message` when it did not succeed. */
export const refundResultSchema = z.object({
  id: z.string(),
  object: z.literal('refund'),
  status: z.enum(['pending', 'requires_action', 'succeeded', 'failed', 'canceled']),
  amount: cents,
  payment_intent: z.string().nullable(),
  action: z.object({ failure_message: z.string().nullable() }).optional(),
});
export type RefundResult = z.infer<typeof refundResultSchema>;

/** The refund panel (web): dollars as typed, at most what remains. */
export function refundFormSchema(remainingCents: number) {
  return z
    .object({
      refundPartially: z.boolean(),
      amount: z.union([z.number(), z.string()]).nullish(),
      restock: z.boolean().optional(),
    })
    .superRefine((form, context) => {
      if (!form.refundPartially) return;
      const text = String(form.amount ?? '').trim();
      const value = Number(text);
      if (text !== '' && (!Number.isFinite(value) || value < 0)) {
        context.addIssue({ code: 'custom', path: ['amount'], message: 'Refund Amount must be a number.' });
      } else if (toCents(value || 0) > remainingCents) {
        context.addIssue({ code: 'custom', path: ['amount'], message: refundMaxMessage(remainingCents) });
      }
    });
}
type RefundForm = z.input<ReturnType<typeof refundFormSchema>>;

/** The refund request from the panel: the amount only when partial and above 0 (spec §5). */
export function toRefundRequest(paymentIntentId: string, form: RefundForm): RefundRequest {
  const dollars = Number(String(form.amount ?? '').trim());
  const restock = form.restock ? { restock: true } : {};
  if (form.refundPartially && Number.isFinite(dollars) && dollars > 0) {
    return { paymentIntentId, amount: toCents(dollars), ...restock };
  }
  return { paymentIntentId, ...restock };
}
