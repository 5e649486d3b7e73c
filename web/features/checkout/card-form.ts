import type { PaymentMethod } from '../../../domain/orders.ts';
import type { billingDetailsOf } from './checkout-rules.ts';

export type BillingDetails = ReturnType<typeof billingDetailsOf>;

/** A payment waiting for the cardholder's 3-D Secure answer (POST api/Payment's requires_action). */
export interface NextAction {
  paymentIntentId: string;
  clientSecret: string;
  /** In cents. */
  amount: number | null;
}

/**
 * Asks the cardholder to confirm the payment with their bank: Stripe.js's handleNextAction, or the
 * sandbox's challenge. Resolves once they answered (either way): the server then says what it was.
 */
export type Authenticate = (action: NextAction) => Promise<void>;

/** What the payment step gives either card form (our sandbox form, or Stripe Elements). */
export interface CardFormProps {
  billingDetails: BillingDetails;
  /** Checks what must hold before a card is tried (a Canadian shipping address); false stops. */
  beforeSubmit: () => boolean;
  /**
   * The card became a payment method: authorize the order's total with it, asking the cardholder
   * through the form's `authenticate` when the bank wants 3-D Secure.
   */
  onPaymentMethod: (method: PaymentMethod, authenticate: Authenticate) => Promise<void>;
  /** A message to show under the form (the provider's, or the invalid-form text); undefined clears it. */
  onError: (message: string | undefined) => void;
}

export const PAY_BUTTON_TEXT = 'Review Order';
