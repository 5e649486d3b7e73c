/** The POS's constants (spec pos.md §9). */
export const READER_POLL_MS = 1000;
export const REFUND_PAGE_SIZES = [5, 10, 25, 100] as const;
export const REFUND_PAGE_SIZE_START = 10;
export const CHECKOUT_FORM_MAX_WIDTH_PX = 800;
export const CHECKOUT_QUANTITY_MIN = 0;
export const CHECKOUT_QUANTITY_MAX = 9999;
/** Invoice and receipt PDFs: A5 portrait, 148 mm wide. */
export const PDF_PAGE_SIZE = 'A5';
export const A5_WIDTH_MM = 148;

/** Headers of the POS calls. */
export const READER_ID_HEADER = 'reader_id';
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Stripe's minimum charge for CAD, and a ceiling no sock sale reaches ($100,000.00). */
export const POS_AMOUNT_MIN_CENTS = 50;
export const POS_AMOUNT_MAX_CENTS = 10_000_000;

export const READER_ACTION_TYPES = ['process_payment_intent', 'refund_payment'] as const;
export const READER_ACTION_STATUSES = ['in_progress', 'succeeded', 'failed'] as const;
export type ReaderActionType = (typeof READER_ACTION_TYPES)[number];

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
