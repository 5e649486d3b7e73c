/**
 * The built-in payment provider: Stripe's objects, states and test-mode behaviour, kept in our
 * database (tables sandbox_* in server/db/schema.ts) so that several instances share them. Every
 * change that two requests could race on (capture and cancel, two refunds, a reader's action) runs
 * in one transaction with the rows it changes locked (SELECT ... FOR UPDATE), or, on the
 * storefront's hot path, as one statement whose WHERE names the state it leaves (fast-paths.ts).
 * Its parts: rows.ts (ids, rows, Stripe's objects), ledger.ts (locked reads, the charge itself,
 * refunds), fast-paths.ts, intents.ts (intents, methods, refunds, charges), terminal.ts (readers),
 * checkout-sessions.ts (hosted checkout, products, prices), authentication.ts (3-D Secure), seed.ts.
 */ import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { PaymentGateway } from '../gateway.ts';
import { createAuthentication } from './authentication.ts';
import { createCheckoutOperations } from './checkout-sessions.ts';
import type { SandboxContext } from './context.ts';
import { createFastPaths } from './fast-paths.ts';
import { createIntentOperations } from './intents.ts';
import { createLedger } from './ledger.ts';
import { SANDBOX_CHECKOUT_PATH, toPaymentMethod } from './rows.ts';
import { seed } from './seed.ts';
import { createTerminalOperations } from './terminal.ts';

export interface SandboxGatewayOptions {
  /** The hosted checkout page of a session; default SANDBOX_CHECKOUT_PATH + id. */
  checkoutUrl?: (sessionId: string) => string;
}

export function createSandboxGateway(
  db: Database,
  clock: Clock,
  options: SandboxGatewayOptions = {},
): PaymentGateway {
  let setup: Promise<void> | undefined;
  const context: SandboxContext = {
    db,
    clock,
    checkoutUrl: options.checkoutUrl ?? ((id: string) => `${SANDBOX_CHECKOUT_PATH}${id}`),
    openedDisputes: new Set(),
    /** Seeds the products and prices once per process; harmless when another instance did. */
    ready() {
      setup ??= seed(db).catch((error: unknown) => {
        setup = undefined;
        throw error;
      });
      return setup;
    },
  };
  const ledger = createLedger(context);
  const { completeCheckoutSession, expireCheckoutSessions, ...checkout } = createCheckoutOperations(
    context,
    ledger,
  );
  return {
    provider: 'sandbox',
    testMode: true,
    sandbox: {
      async createPaymentMethod(card, options) {
        return toPaymentMethod(
          await ledger.insertCardMethod(db, card, { ownerClientId: options?.ownerClientId, alone: true }),
        );
      },
      completeCheckoutSession,
      expireCheckoutSessions,
      authenticatePaymentIntent: createAuthentication(context, ledger),
      takeOpenedDispute: (paymentIntentId) => context.openedDisputes.delete(paymentIntentId),
    },
    ...createIntentOperations(context, ledger, createFastPaths(context, ledger)),
    ...createTerminalOperations(context, ledger),
    ...checkout,
  };
}
