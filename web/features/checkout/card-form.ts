import type { PaymentMethod } from '../../../domain/orders.ts';
import type { billingDetailsOf } from './checkout-rules.ts';

export type BillingDetails = ReturnType<typeof billingDetailsOf>;

/** What the payment step gives either card form (our sandbox form, or Stripe Elements). */
export interface CardFormProps {
  billingDetails: BillingDetails;
  /** Checks what must hold before a card is tried (a Canadian shipping address); false stops. */
  beforeSubmit: () => boolean;
  /** The card became a payment method: authorize the order's total with it. */
  onPaymentMethod: (method: PaymentMethod) => Promise<void>;
  /** A message to show under the form (the provider's, or the invalid-form text); undefined clears it. */
  onError: (message: string | undefined) => void;
}

export const PAY_BUTTON_TEXT = 'Review Order';
