/** Browser storage keys the specs name. Kept apart from the schemas so the web can import them without zod. */
export const LOGGED_CLIENT_KEY = 'LoggedClient';
export const POS_PAID_DETAILS_KEY = 'POS_PaidDetails';
export const POS_INVOICE_DETAILS_KEY = 'POS_InvoiceDetails';
