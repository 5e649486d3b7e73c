/** The POS's messages (spec pos.md §5, §8; spelling fixed) and the texts built from them. */
import { formatDollars } from '../money.ts';
import { CHARGE_SEARCH_LIMIT_MAX } from './constants.ts';

export const POS_MESSAGES = {
  amountRequired: 'Amount is required',
  amountNumeric: 'Amount must be a number',
  amountMin: 'Amount must be at least CDN$0.50.',
  amountMax: 'Amount cannot be more than CDN$100,000.00.',
  totalMax: 'The total with tax cannot be more than CDN$100,000.00.',
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
