/**
 * The daily reconciliation (issue "Going live with Stripe"): the card processor's charges, refunds
 * and disputes of one store day matched with the shop's web orders, register sales, POS payments
 * and refunds, and every difference listed. Amounts in cents.
 */
import { z } from 'zod';

export const DIFFERENCE_KINDS = [
  /** Money the processor took (a captured charge) that no order, sale or POS payment records. */
  'charge_without_record',
  /** An order, sale tender or POS payment whose payment the processor did not take. */
  'record_without_charge',
  /** The processor took another amount than the shop recorded. */
  'amount_differs',
  /** A refund at the processor that the shop has no record of (made in Stripe's dashboard, say). */
  'refund_without_record',
  /** A refund the shop recorded as done that the processor does not have. */
  'refund_without_processor',
  /** A refund recorded with another amount than the processor's. */
  'refund_amount_differs',
  /** A dispute on a payment the shop has not flagged. */
  'dispute_not_recorded',
] as const;
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];

/** How the back office names each kind. */
export const DIFFERENCE_TITLES: Record<DifferenceKind, string> = {
  charge_without_record: 'Money taken with no order or sale',
  record_without_charge: 'Order or sale with no charge',
  amount_differs: 'Amounts differ',
  refund_without_record: 'Refund the shop has no record of',
  refund_without_processor: 'Refund the processor does not have',
  refund_amount_differs: 'Refund amounts differ',
  dispute_not_recorded: 'Dispute not flagged on the order',
};

export const differenceSchema = z.object({
  kind: z.enum(DIFFERENCE_KINDS),
  paymentIntentId: z.string().nullable(),
  /** The processor's charge, refund or dispute this is about, when it has one. */
  processorId: z.string().nullable(),
  /** The shop's record: 'Order 100234', 'Register sale 12', 'POS payment 5'; null when none. */
  record: z.string().nullable(),
  /** The order number, for a link to the order's page. */
  orderNumber: z.number().int().nullable(),
  shopAmount: z.number().int().nullable(),
  processorAmount: z.number().int().nullable(),
  detail: z.string(),
});
export type Difference = z.infer<typeof differenceSchema>;

export const reconciliationReportSchema = z.object({
  /** The store day, 'YYYY-MM-DD' (in the store's time zone). */
  day: z.string(),
  /** When it ran, ISO 8601. */
  ranAt: z.string(),
  provider: z.enum(['sandbox', 'stripe']),
  processor: z.object({
    charges: z.number().int(),
    /** Captured amounts of the day's charges. */
    charged: z.number().int(),
    refunds: z.number().int(),
    refunded: z.number().int(),
    disputes: z.number().int(),
    disputed: z.number().int(),
  }),
  shop: z.object({
    /** Web orders, register sale card tenders and POS payments of the day. */
    payments: z.number().int(),
    paid: z.number().int(),
    refunds: z.number().int(),
    refunded: z.number().int(),
  }),
  differences: z.array(differenceSchema),
});
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;

export const reconciliationSummarySchema = z.object({
  day: z.string(),
  ranAt: z.string(),
  differenceCount: z.number().int(),
});
export type ReconciliationSummary = z.infer<typeof reconciliationSummarySchema>;

export const reconciliationListSchema = z.object({
  reports: z.array(reconciliationSummarySchema),
});
export type ReconciliationList = z.infer<typeof reconciliationListSchema>;

export const reconciliationDayParamsSchema = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The day is written YYYY-MM-DD.'),
});
