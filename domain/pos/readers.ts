/** Card readers and the payments taken through them (spec pos.md §7). */
import { z } from 'zod';
import { AMOUNT_MAX_CENTS } from '../validation.ts';
import {
  POS_AMOUNT_MAX_CENTS,
  POS_AMOUNT_MIN_CENTS,
  READER_ACTION_STATUSES,
  READER_ACTION_TYPES,
} from './constants.ts';
import { cents, clientId, optionalPosEmail, stripeId } from './fields.ts';
import { POS_MESSAGES } from './messages.ts';

const readerActionSchema = z.object({
  type: z.enum(READER_ACTION_TYPES),
  status: z.enum(READER_ACTION_STATUSES),
  failure_code: z.string().nullable(),
  failure_message: z.string().nullable(),
  process_payment_intent: z.object({ payment_intent: z.string() }).optional(),
  refund_payment: z
    .object({
      payment_intent: z.string().nullable(),
      charge: z.string().nullable(),
      amount: z.number().int().nullable(),
      refund: z.string().nullable(),
    })
    .optional(),
});
export type ReaderAction = z.infer<typeof readerActionSchema>;

/** A card reader as Stripe Terminal answers it, with `name` (= label) as the spec calls it. */
export const posReaderSchema = z.object({
  id: z.string(),
  object: z.literal('terminal.reader'),
  name: z.string(),
  label: z.string(),
  status: z.enum(['online', 'offline']),
  device_type: z.string(),
  action: readerActionSchema.nullable(),
});
export type PosReader = z.infer<typeof posReaderSchema>;

export const readerSummarySchema = z.object({ id: z.string(), name: z.string() });
export type ReaderSummary = z.infer<typeof readerSummarySchema>;
export const readerListSchema = z.array(readerSummarySchema);

/** POST api/pos/showreaders. */
const readerWithStatusSchema = readerSummarySchema.extend({ status: z.enum(['online', 'offline']) });
export type ReaderWithStatus = z.infer<typeof readerWithStatusSchema>;
export const readerStatusListSchema = z.array(readerWithStatusSchema);

/** POST api/pos/GetUserReader: the caller's own assignment (null when none). */
export const getUserReaderSchema = z.strictObject({ user_id: clientId });
export const userReaderSchema = readerSummarySchema.nullable();

/** POST api/pos/update_user_reader: any known reader. */
export const updateUserReaderSchema = z.strictObject({
  user_id: clientId,
  reader_id: stripeId('Card Reader'),
});

/** POST api/pos/create_payment_intent: the total with tax in cents, as text (or a number). */
export const createPaymentIntentSchema = z.strictObject({
  amount: z
    .union([z.string(), z.number()], { error: POS_MESSAGES.amountRequired })
    .transform((value) => String(value).trim())
    .pipe(
      z
        .string()
        .min(1, POS_MESSAGES.amountRequired)
        .regex(/^\d+$/, 'Amount must be a whole number of cents.')
        .transform(Number)
        .pipe(
          z
            .number()
            .min(POS_AMOUNT_MIN_CENTS, POS_MESSAGES.amountMin)
            .max(POS_AMOUNT_MAX_CENTS, POS_MESSAGES.amountMax),
        ),
    ),
  receiptEmail: optionalPosEmail,
  /**
   * The amount before tax (the form's Amount), when the total has the store's tax on it: the
   * payment's receipt is made from it. Without it the whole amount is one untaxed line.
   */
  subtotal: z
    .number({ error: 'The amount before tax must be cents.' })
    .int('The amount before tax must be a whole number of cents.')
    .min(0, 'The amount before tax cannot be negative.')
    .max(POS_AMOUNT_MAX_CENTS, POS_MESSAGES.amountMax)
    .optional(),
  /**
   * The register's: the payment is to become a tender of a sale. Taken and never named by a sale
   * (the register's browser lost it), it keeps its cashier's shift from closing until refunded.
   */
  forSale: z.boolean({ error: 'For a sale must be true or false.' }).optional(),
});
export type CreatePaymentIntent = z.input<typeof createPaymentIntentSchema>;
export const paymentIntentCreatedSchema = z.object({ id: z.string() });

/** POST api/pos/process_payment. */
export const processPaymentSchema = z.strictObject({
  readerId: stripeId('Card Reader'),
  paymentIntentId: stripeId('Payment'),
  userId: clientId,
});
export type ProcessPayment = z.input<typeof processPaymentSchema>;

/** POST api/pos/simulate_payment and simulate_interac_payment: optionally a test card number. */
export const simulatePaymentSchema = z
  .strictObject({
    number: z
      .string()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, 'Card number must be 12 to 19 digits.'))
      .optional(),
  })
  // A call without a body has a null one (the spec sends none).
  .nullish();

/** POST api/pos/cancel_payment: `id` is the reader whose action is cancelled. */
export const cancelPaymentSchema = z.strictObject({ id: stripeId('Card Reader') });
export type CancelPayment = z.input<typeof cancelPaymentSchema>;

/** POST api/pos/save_user_payment_detail: amount in cents (the total with tax), checked against the intent. */
export const saveUserPaymentDetailSchema = z.strictObject({
  userId: clientId,
  readerId: stripeId('Card Reader'),
  amount: z
    .number({ error: POS_MESSAGES.amountRequired })
    .int('Amount must be a whole number of cents.')
    .positive()
    .max(AMOUNT_MAX_CENTS, POS_MESSAGES.amountMax),
  paymentIntentId: stripeId('Payment'),
});
export type SaveUserPaymentDetail = z.input<typeof saveUserPaymentDetailSchema>;
export const savedPaymentDetailSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  readerId: z.string(),
  amount: cents,
  paymentIntentId: z.string(),
  created: z.string(),
  /** The payment's receipt, made at once (null if it could not be: the shop's tax rate changed meanwhile). */
  receipt: z.object({ receipt_id: z.number().int(), receipt_number: z.number().int() }).nullable(),
});
export type SavedPaymentDetail = z.infer<typeof savedPaymentDetailSchema>;
