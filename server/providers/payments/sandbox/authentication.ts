import { eq } from 'drizzle-orm';
import { sandboxPaymentIntents, sandboxPaymentMethods } from '../../../db/schema.ts';
import { resourceMissing } from '../errors.ts';
import {
  type AuthenticationOutcome,
  type LastPaymentError,
  PaymentError,
  type PaymentIntent,
} from '../gateway.ts';
import { AUTHENTICATION_FAILED_MESSAGE } from '../test-cards.ts';
import type { SandboxContext } from './context.ts';
import type { Ledger } from './ledger.ts';
import { toPaymentIntent } from './rows.ts';

/** Stripe's last_payment_error when the cardholder fails (or closes) the 3-D Secure challenge. */
const AUTHENTICATION_FAILURE: LastPaymentError = {
  type: 'invalid_request_error',
  code: 'payment_intent_authentication_failure',
  decline_code: null,
  message: AUTHENTICATION_FAILED_MESSAGE,
};

/** The sandbox's 3-D Secure: the cardholder's answer to the challenge of an intent in requires_action. */
export function createAuthentication({ db }: SandboxContext, ledger: Ledger) {
  return async function authenticatePaymentIntent(
    id: string,
    outcome: AuthenticationOutcome,
  ): Promise<PaymentIntent> {
    const row = await db.transaction(async (tx) => {
      const intent = await ledger.lockIntent(tx, id);
      if (intent.status !== 'requires_action' || !intent.paymentMethodId) {
        throw new PaymentError({
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `This PaymentIntent's status is ${intent.status}: it has no authentication to complete.`,
        });
      }
      if (outcome === 'fail') {
        const [failed] = await tx
          .update(sandboxPaymentIntents)
          .set({
            status: 'requires_payment_method',
            paymentMethodId: null,
            lastPaymentError: AUTHENTICATION_FAILURE,
          })
          .where(eq(sandboxPaymentIntents.id, id))
          .returning();
        return failed ?? intent;
      }
      const [method] = await tx
        .select()
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.id, intent.paymentMethodId));
      if (!method) throw resourceMissing('payment_method', intent.paymentMethodId, 'payment_method');
      // A decline after the challenge (3178 insufficient funds, 1629 declined) is the intent's
      // last_payment_error, as Stripe.js reports it after handleNextAction.
      return (await ledger.charge(tx, intent, method, { authenticated: true })).intent;
    });
    return toPaymentIntent(row);
  };
}
