/**
 * The POS back-office contract (spec pos.md §3 entities, §5 validation, §7 calls, §8 messages,
 * §9 constants; DESIGN.md "POS" and decisions). Money is integer cents on the wire; only the
 * web's forms take dollars as typed, and the helpers below turn them into cents the same way the
 * server computes (tax rounded per line with the store's rate, from the provinces table).
 *
 * Paths (all need the POS role; 401 visitor, 403 client):
 * - POST api/pos/get_reader (reader_id header) -> PosReader; no or unknown reader -> 404
 *   `reader_not_present`; a reader not assigned to the caller -> 403.
 * - POST api/pos/list_reader -> ReaderSummary[]; POST api/pos/showreaders -> ReaderWithStatus[].
 * - POST api/pos/GetUserReader { user_id } -> ReaderSummary | null (the caller's own).
 * - POST api/pos/update_user_reader { user_id, reader_id } -> ReaderSummary.
 * - POST api/pos/create_payment_intent { amount (cents as text), receiptEmail? } -> { id }.
 * - POST api/pos/process_payment { readerId, paymentIntentId, userId } -> PosReader.
 * - POST api/pos/simulate_payment and api/pos/simulate_interac_payment (test mode only; reader_id
 *   header optional, default the caller's reader; body optional { number? }) -> PosReader.
 * - POST api/pos/cancel_payment { id } where id is the READER's id (Stripe's cancel_action is a
 *   reader call; a reader action has no id of its own) -> PosReader.
 * - POST api/pos/save_user_payment_detail { userId, readerId, amount (cents), paymentIntentId }.
 * - POST api/pos/list_products, api/pos/list_prices, api/pos/create-checkout-session.
 * - GET/POST api/pos/sandbox-checkout/{id}: the sandbox's hosted payment page.
 * - POST api/pos/search-charge; api/pos/refund-interac and api/pos/refund with an Idempotency-Key
 *   header (8 to 255 characters, one per refund attempt: a retry never refunds twice).
 * - POST api/pos/receipts, GET api/pos/receipts/{id}, POST api/pos/receipts/{id}/send,
 *   GET api/pos/receipts/{id}/pdf.
 * - GET api/pos/tax-rate -> { province, tax_rate, tax_rate_ppm }.
 * - GET api/pos/seller -> Seller (the company, address, e-mail and GST/HST number printed).
 * - POST api/invoice/CreateInvoice, api/invoice/SendInvoice, GET api/invoice/{id},
 *   GET api/invoice/{id}/pdf. (api/invoice/UpdateInvoice is unused by the spec: left out.)
 *
 * Errors use the one error body `{ error: { code, message } }`: the spec's reader error object
 * `{ type, message }` is carried as code (= type) and message; show it with `readerErrorText`.
 */
import { z } from 'zod';
import { isCalendarDay, usDateToIso } from './dates.ts';
import { formatDollars, PPM, taxOn, toCents } from './money.ts';
import { sandboxCardSchema } from './orders.ts';
import { AMOUNT_MAX_CENTS, EMAIL_MAX, PG_INTEGER_MAX } from './validation.ts';

// ---------------------------------------------------------------- constants (spec §9)

/** The spec's rate; the web and server use the store province's rate (ON 13%) from the table. */
export const POS_TAX_RATE_FALLBACK = 0.13;
export const POS_TAX_RATE_FALLBACK_PPM = 130_000;
export const READER_POLL_MS = 1000;
export const POS_TOAST_MS = 5000;
export const REFUND_PAGE_SIZES = [5, 10, 25, 100] as const;
export const REFUND_PAGE_SIZE_START = 10;
export const DEFAULT_PAGE_SIZE = 50;
export const CHECKOUT_FORM_MAX_WIDTH_PX = 800;
export const CHECKOUT_QUANTITY_MIN = 0;
export const CHECKOUT_QUANTITY_MAX = 9999;
/** Invoice and receipt PDFs: A5 portrait (148 x 210 mm), an image 130 mm wide. */
export const PDF_PAGE_SIZE = 'A5';
export const A5_WIDTH_MM = 148;
export const A5_HEIGHT_MM = 210;
export const INVOICE_IMAGE_WIDTH_MM = 130;

/** Headers of the POS calls. */
export const READER_ID_HEADER = 'reader_id';
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Stripe's minimum charge for CAD, and a ceiling no sock sale reaches ($100,000.00). */
export const POS_AMOUNT_MIN_CENTS = 50;
export const POS_AMOUNT_MAX_CENTS = 10_000_000;

export const READER_ACTION_TYPES = ['process_payment_intent', 'refund_payment'] as const;
export const READER_ACTION_STATUSES = ['in_progress', 'succeeded', 'failed'] as const;
export type ReaderActionType = (typeof READER_ACTION_TYPES)[number];
export type ReaderActionStatus = (typeof READER_ACTION_STATUSES)[number];

/** Refund search choices (spec §9): 0 means no filter. */
export const CHARGE_STATUS_OPTIONS = [
  { value: 0, label: 'Select' },
  { value: 1, label: 'succeeded' },
  { value: 2, label: 'failed' },
] as const;
export const CARD_TYPE_OPTIONS = [
  { value: 0, label: 'Select' },
  { value: 1, label: 'Debit' },
  { value: 2, label: 'Credit' },
  { value: 3, label: 'Web' },
] as const;
export const CHARGE_SEARCH_LIMIT_DEFAULT = 100;
export const CHARGE_SEARCH_LIMIT_MAX = 100;
/** The refund search starts with the last 30 days. */
export const CHARGE_SEARCH_DEFAULT_DAYS = 30;

/** Receipt generator products when the list is empty (spec §2). */
export const RECEIPT_FALLBACK_PRODUCTS = ['Novelty Socks', 'iPhone Case'] as const;
export const DEFAULT_RECEIPT_PRODUCT = 'Novelty Socks';
export const RECEIPT_LINES_MAX = 100;
export const INVOICE_LINES_MAX = 100;
export const INVOICE_QUANTITY_MAX = 9999;

// ---------------------------------------------------------------- messages (spec §5, §8; spelling fixed)

export const POS_MESSAGES = {
  amountRequired: 'Amount is required',
  amountNumeric: 'Amount must be a number',
  amountMin: 'Amount must be at least CDN$0.50.',
  amountMax: 'Amount cannot be more than CDN$100,000.00.',
  emailInvalid: 'Please enter a valid email address',
  emailRequired: 'Email is required',
  productNameRequired: 'Product Name is required',
  paymentCreationError: 'There is an error when creating payment, please refresh page and try again.',
  readerOffline:
    'Card Reader is not online, please turn on your card reader and connect to internet, or go to Card Checkout.',
  readerNotPresent: 'Card Reader does not present, please go to Card Checkout.',
  readerNotAssigned: 'This card reader is not assigned to you, please select your card reader.',
  readerBusy: 'The card reader is busy with another action, please wait or cancel it.',
  selectReader: 'Please select your card reader',
  readerDialogTitle: 'Please Select a card reader below:',
  paidSuccessfully: 'Paid successfully.',
  payPrompt: 'Please pay on card reader',
  refundTapPrompt: 'Please tap on card reader',
  refundFailed: 'Refund failed, please try again later.',
  refundCallError: 'There is an error when refunding, please refresh page and try again.',
  refundSuccess: 'Refund successfully.',
  alreadyRefunded: 'This payment was already fully refunded.',
  nothingToRefund: 'This payment has no successful charge to refund.',
  interacRefundThroughReader: 'Interac payments are refunded in person: use the card reader.',
  cardRefundOnline: 'Only Interac payments are refunded through the card reader.',
  paymentNotSucceeded: 'This payment has not succeeded on this card reader.',
  paymentAmountMismatch: 'The amount does not match the payment.',
  invoiceSendError: 'There is an error when sending invoice email, please try again',
  invoiceSendHttpError: 'There is an error when sending invoice email, please try again.',
  invoiceSent: 'Invoice was sent successfully.',
  receiptSent: 'Receipt was sent successfully.',
  receiptSendError: 'There is an error when sending receipt email, please try again.',
  checkoutNoItems: 'Please tick at least one price with a quantity above 0.',
  checkoutSuccessTitle: 'We appreciate your business!',
  last4Length: 'Please enter 4 digits.',
  last4Digits: 'Only digits are allowed.',
  limitDigits: 'Limit must be digits only.',
  limitMax: `Limit cannot be more than ${CHARGE_SEARCH_LIMIT_MAX}.`,
  fromAmountInvalid: 'From Amount must be a number.',
  toAmountInvalid: 'To Amount must be a number.',
  amountRange: 'To Amount must be at least From Amount.',
  dateInvalid: 'Please enter a valid date.',
  dateRange: 'To Date must be on or after From Date.',
  invoiceNoProducts: 'Please add at least one product.',
  deleteProductConfirm: 'Do you really want to delete this product?',
  testModeOnly: 'Only available in test mode.',
} as const;

/** 'Refund Amount can't be more than {max}.' with max in dollars (two decimals). */
export function refundMaxMessage(maxCents: number): string {
  return `Refund Amount can't be more than ${formatDollars(maxCents)}.`;
}

/** '{type}: {message}' of spec §8, from the error body's code (= Stripe's type or code) and message. */
export function readerErrorText(error: { code: string; message: string }): string {
  return `${error.code}: ${error.message}`;
}

/** '{failureCode}: {failureMessage}' when a reader action failed. */
export function readerFailureText(action: {
  failure_code: string | null;
  failure_message: string | null;
}): string {
  return `${action.failure_code ?? 'failed'}: ${action.failure_message ?? ''}`;
}

// ---------------------------------------------------------------- shared pieces

const stripeId = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(255, `${label} cannot be more than 255 characters long.`);
const clientId = z
  .number({ error: 'userId is required.' })
  .int()
  .positive()
  .max(PG_INTEGER_MAX, 'userId is not a valid id.');

/** A receipt or invoice id in a path: a positive whole number (unknown ids are a 404). */
export const posIdParamsSchema = z.strictObject({
  id: z.coerce
    .number({ error: 'Must be a number.' })
    .int('Must be a whole number.')
    .positive('Must be positive.')
    .max(PG_INTEGER_MAX, 'Must be a valid id.'),
});
const cents = z.number().int();
/** An amount the spec's forms send and the server recomputes: still a sensible amount. */
const ignoredAmount = z.number().min(0).max(AMOUNT_MAX_CENTS).optional();

/** An optional e-mail: blank means none. */
const optionalPosEmail = z
  .string()
  .trim()
  .max(EMAIL_MAX, POS_MESSAGES.emailInvalid)
  .pipe(z.union([z.literal(''), z.email({ error: POS_MESSAGES.emailInvalid })]))
  .nullish()
  .transform((value) => value || undefined);

/** A required e-mail for the send forms: 'Email is required', 'Please enter a valid email address'. */
export const posEmailSchema = z
  .string({ error: POS_MESSAGES.emailRequired })
  .trim()
  .min(1, POS_MESSAGES.emailRequired)
  .max(EMAIL_MAX, POS_MESSAGES.emailInvalid)
  .pipe(z.email({ error: POS_MESSAGES.emailInvalid }));

/** Dollars as a person types them (number, or text from an input) for the web's forms. */
const dollarsInput = (required: string, numeric: string) =>
  z.union([z.number(), z.string()], { error: required }).transform((value, context) => {
    const text = String(value).trim();
    if (text === '') {
      context.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    const number = Number(text);
    if (!Number.isFinite(number)) {
      context.addIssue({ code: 'custom', message: numeric });
      return z.NEVER;
    }
    return number;
  });

// ---------------------------------------------------------------- readers

export const readerActionSchema = z.object({
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
export const readerWithStatusSchema = readerSummarySchema.extend({ status: z.enum(['online', 'offline']) });
export type ReaderWithStatus = z.infer<typeof readerWithStatusSchema>;
export const readerStatusListSchema = z.array(readerWithStatusSchema);

/** POST api/pos/GetUserReader: the caller's own assignment (null when none). */
export const getUserReaderSchema = z.strictObject({ user_id: clientId });
export type GetUserReader = z.input<typeof getUserReaderSchema>;
export const userReaderSchema = readerSummarySchema.nullable();

/** POST api/pos/update_user_reader: any known reader. */
export const updateUserReaderSchema = z.strictObject({
  user_id: clientId,
  reader_id: stripeId('Card Reader'),
});
export type UpdateUserReader = z.input<typeof updateUserReaderSchema>;

// ---------------------------------------------------------------- payments with a reader

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
export type SimulatePayment = z.input<typeof simulatePaymentSchema>;

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
});
export type SavedPaymentDetail = z.infer<typeof savedPaymentDetailSchema>;

// ---------------------------------------------------------------- card checkout (no reader)

export const posProductSchema = z.object({ id: z.string(), name: z.string() });
export type PosProduct = z.infer<typeof posProductSchema>;
export const posProductListSchema = z.array(posProductSchema);
export const posPriceSchema = z.object({ id: z.string(), productId: z.string(), unitAmount: cents });
export type PosPrice = z.infer<typeof posPriceSchema>;
export const posPriceListSchema = z.array(posPriceSchema);

export const checkoutLineItemSchema = z.strictObject({
  priceId: stripeId('Price'),
  quantity: z
    .number({ error: 'Quantity is required.' })
    .int('Only digits are allowed.')
    .min(CHECKOUT_QUANTITY_MIN, `Quantity must be at least ${CHECKOUT_QUANTITY_MIN}.`)
    .max(CHECKOUT_QUANTITY_MAX, `Quantity cannot be more than ${CHECKOUT_QUANTITY_MAX}.`),
});
/** POST api/pos/create-checkout-session: lines with quantity 0 are dropped; none left -> 400. */
export const createCheckoutSessionSchema = z.strictObject({
  lineItems: z.array(checkoutLineItemSchema).max(100, 'Too many prices.'),
});
export type CreateCheckoutSession = z.input<typeof createCheckoutSessionSchema>;
export const checkoutSessionCreatedSchema = z.object({ url: z.string() });

/** GET api/pos/sandbox-checkout/{id}: what the sandbox's hosted page shows. */
export const sandboxCheckoutSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  amount_total: cents,
  currency: z.string(),
  success_url: z.string().nullable(),
  cancel_url: z.string().nullable(),
  lines: z.array(
    z.object({
      priceId: z.string(),
      description: z.string(),
      quantity: z.number().int(),
      unitAmount: cents,
      amountTotal: cents,
    }),
  ),
});
export type SandboxCheckout = z.infer<typeof sandboxCheckoutSchema>;
/** POST api/pos/sandbox-checkout/{id}: the card typed on the sandbox page (the storefront's card schema). */
export const sandboxCheckoutPaySchema = sandboxCardSchema;
export type SandboxCheckoutPay = z.input<typeof sandboxCheckoutPaySchema>;

// ---------------------------------------------------------------- refunds

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
export const posChargeSchema = z.object({
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
export type RefundForm = z.input<ReturnType<typeof refundFormSchema>>;

/** The refund request from the panel: the amount only when partial and above 0 (spec §5). */
export function toRefundRequest(paymentIntentId: string, form: RefundForm): RefundRequest {
  const dollars = Number(String(form.amount ?? '').trim());
  if (form.refundPartially && Number.isFinite(dollars) && dollars > 0) {
    return { paymentIntentId, amount: toCents(dollars) };
  }
  return { paymentIntentId };
}

// ---------------------------------------------------------------- POS form and tax

/** The POS payment form (web): dollars as typed. */
export const posFormSchema = z.object({
  addTax: z.boolean(),
  showEmail: z.boolean(),
  amount: dollarsInput(POS_MESSAGES.amountRequired, POS_MESSAGES.amountNumeric).pipe(
    z
      .number()
      .min(POS_AMOUNT_MIN_CENTS / 100, POS_MESSAGES.amountMin)
      .max(POS_AMOUNT_MAX_CENTS / 100, POS_MESSAGES.amountMax),
  ),
  receiptEmail: optionalPosEmail,
});
export type PosForm = z.input<typeof posFormSchema>;

export interface PosTotals {
  amount: number;
  tax: number;
  total: number;
}

/** Amount, tax and total in cents, as the server computes them: tax = round(amount x rate), per line. */
export function posTotals(amountCents: number, addTax: boolean, taxRatePpm: number): PosTotals {
  const amount = Math.round(amountCents);
  const tax = addTax ? taxOn(amount, taxRatePpm) : 0;
  return { amount, tax, total: amount + tax };
}

/** The spec's paid details (POS_PaidDetails): dollars with two decimals. */
export function paidDetails(totals: PosTotals): { amount: string; total: string; tax: string } {
  return {
    amount: formatDollars(totals.amount),
    total: formatDollars(totals.total),
    tax: formatDollars(totals.tax),
  };
}

/** '13%' for 130000 ppm. */
export function taxRateLabel(ratePpm: number): string {
  return `${Number(((ratePpm / PPM) * 100).toFixed(3))}%`;
}

/** GET api/pos/tax-rate: the store province's rate. */
export const posTaxRateSchema = z.object({
  province: z.string(),
  /** 0.13 */
  tax_rate: z.number(),
  tax_rate_ppm: z.number().int(),
});
export type PosTaxRate = z.infer<typeof posTaxRateSchema>;

// ---------------------------------------------------------------- receipts

/** One receipt line as sent: amount in cents; tax and total are recomputed by the server. */
export const receiptLineInputSchema = z.strictObject({
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
});
export type Seller = z.infer<typeof sellerSchema>;

export const receiptLineSchema = z.object({
  product_name: z.string(),
  amount: cents,
  tax: cents,
  total: cents,
  addTax: z.boolean(),
});
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

/** GET api/pos/receipts/{id}. */
export const receiptSchema = z.object({
  receipt_id: z.number().int(),
  receipt_number: z.number().int(),
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

// ---------------------------------------------------------------- invoices

const invoiceText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} cannot be more than ${max} characters long.`);

/** One invoice line as sent: price in CENTS (use `toInvoiceRequest` from the form's dollars). */
export const invoiceProductSchema = z.strictObject({
  product_name: invoiceText('Product', 200),
  price: z
    .number({ error: 'Price is required.' })
    .int('Price must be a whole number of cents.')
    .min(0, 'Price cannot be negative.')
    .max(POS_AMOUNT_MAX_CENTS, 'Price is too large.'),
  quantity: z
    .number({ error: 'Quantity is required.' })
    .int('Quantity must be a whole number.')
    .min(1, 'Quantity must be at least 1.')
    .max(INVOICE_QUANTITY_MAX, `Quantity cannot be more than ${INVOICE_QUANTITY_MAX}.`),
});
export type InvoiceProduct = z.input<typeof invoiceProductSchema>;

/** POST api/invoice/CreateInvoice: the server computes subtotal, tax (store rate) and total. */
export const createInvoiceSchema = z.strictObject({
  client_name: invoiceText('Customer Name', 100),
  address: invoiceText('Address', 300),
  email: posEmailSchema,
  contact_no: invoiceText('Contact No.', 50),
  products: z
    .array(invoiceProductSchema, { error: POS_MESSAGES.invoiceNoProducts })
    .min(1, POS_MESSAGES.invoiceNoProducts)
    .max(INVOICE_LINES_MAX, `An invoice cannot have more than ${INVOICE_LINES_MAX} products.`),
  additionalDetails: z
    .string()
    .trim()
    .max(2000, 'Additional Details cannot be more than 2000 characters long.')
    .nullish()
    .transform((value) => value ?? ''),
  /** The spec's form sends them; ignored, the server computes its own. */
  tax: ignoredAmount,
  total: ignoredAmount,
});
export type CreateInvoice = z.input<typeof createInvoiceSchema>;

export const invoiceCreatedSchema = z.object({
  invoice_id: z.number().int(),
  invoice_number: z.number().int(),
  subtotal: cents,
  tax: cents,
  total: cents,
  tax_rate: z.number(),
  created: z.string(),
});
export type InvoiceCreated = z.infer<typeof invoiceCreatedSchema>;

/** GET api/invoice/{id}: the stored invoice (prices in cents). */
export const invoiceSchema = z.object({
  id: z.number().int(),
  invoice_number: z.number().int(),
  client_name: z.string(),
  address: z.string(),
  email: z.string(),
  contact_no: z.string(),
  products: z.array(
    z.object({ product_name: z.string(), price: cents, quantity: z.number().int(), amount: cents }),
  ),
  additionalDetails: z.string(),
  subtotal: cents,
  tax: cents,
  tax_rate: z.number(),
  total: cents,
  created: z.string(),
  seller: sellerSchema,
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** POST api/invoice/SendInvoice: the server renders the A5 PDF; answers true or false. */
export const sendInvoiceSchema = z.strictObject({
  invoice_id: z
    .number({ error: 'Invoice is required.' })
    .int()
    .positive()
    .max(PG_INTEGER_MAX, 'Invoice was not found.'),
  email: posEmailSchema,
});
export type SendInvoice = z.input<typeof sendInvoiceSchema>;
export const sendResultSchema = z.boolean();

/** The Generate Invoice form (web): prices in dollars as typed. */
export const invoiceFormSchema = z.object({
  client_name: invoiceText('Customer Name', 100),
  address: invoiceText('Address', 300),
  email: posEmailSchema,
  contact_no: invoiceText('Contact No.', 50),
  products: z
    .array(
      z.object({
        product_name: invoiceText('Product', 200),
        price: dollarsInput('Price is required.', 'Price must be a number.').pipe(
          z
            .number()
            .min(0, 'Price cannot be negative.')
            .max(POS_AMOUNT_MAX_CENTS / 100, 'Price is too large.'),
        ),
        quantity: dollarsInput('Quantity is required.', 'Quantity must be a number.').pipe(
          z
            .number()
            .int('Quantity must be a whole number.')
            .min(1, 'Quantity must be at least 1.')
            .max(INVOICE_QUANTITY_MAX, `Quantity cannot be more than ${INVOICE_QUANTITY_MAX}.`),
        ),
      }),
    )
    .min(1, POS_MESSAGES.invoiceNoProducts)
    .max(INVOICE_LINES_MAX),
  additionalDetails: z.string().max(2000).optional(),
});
export type InvoiceFormInput = z.input<typeof invoiceFormSchema>;
export type InvoiceFormValues = z.output<typeof invoiceFormSchema>;

/** The parsed form to the CreateInvoice body: dollars to cents. */
export function toInvoiceRequest(form: InvoiceFormValues): CreateInvoice {
  return {
    client_name: form.client_name,
    address: form.address,
    email: form.email,
    contact_no: form.contact_no,
    products: form.products.map((line) => ({
      product_name: line.product_name,
      price: toCents(line.price),
      quantity: line.quantity,
    })),
    additionalDetails: form.additionalDetails ?? '',
  };
}

export interface InvoiceTotals {
  subtotal: number;
  tax: number;
  total: number;
}

/** Subtotal of price x quantity, tax = round(subtotal x rate) on the whole invoice, in cents. */
export function invoiceTotals(
  products: { price: number; quantity: number }[],
  taxRatePpm: number,
): InvoiceTotals {
  const subtotal = products.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const tax = taxOn(subtotal, taxRatePpm);
  return { subtotal, tax, total: subtotal + tax };
}

/** Receipt lines with their tax (per line) and totals, in cents. */
export function receiptTotals(
  lines: { product_name: string; amount: number; addTax: boolean }[],
  taxRatePpm: number,
): { lines: ReceiptLine[] } & InvoiceTotals {
  const computed = lines.map((line) => {
    const totals = posTotals(line.amount, line.addTax, taxRatePpm);
    return {
      product_name: line.product_name,
      amount: totals.amount,
      tax: totals.tax,
      total: totals.total,
      addTax: line.addTax,
    };
  });
  const subtotal = computed.reduce((sum, line) => sum + line.amount, 0);
  const tax = computed.reduce((sum, line) => sum + line.tax, 0);
  return { lines: computed, subtotal, tax, total: subtotal + tax };
}
