/** Browser storage keys the specs name. Kept apart from the schemas so the web can import them without zod. */
export const LOGGED_CLIENT_KEY = 'LoggedClient';
export const POS_PAID_DETAILS_KEY = 'POS_PaidDetails';
export const POS_INVOICE_DETAILS_KEY = 'POS_InvoiceDetails';
/** A register sale whose card part is paid and which is not recorded yet (web/features/pos/pending-sale.ts). */
export const POS_PENDING_SALE_KEY = 'POS_PendingSale';
/** A checkout's authorized payment, kept for its tab until the order is placed (web/features/checkout/kept-payment.ts). */
export const CHECKOUT_PAYMENT_KEY = 'Checkout_Payment';
/** A register return whose Interac part is refunded and which is not recorded yet (web/features/pos/pending-return.ts). */
export const POS_PENDING_RETURN_KEY = 'POS_PendingReturn';
