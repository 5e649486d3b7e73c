import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PaymentGateway } from './gateway.ts';
import { createSandboxGateway } from './sandbox/index.ts';
import { createStripeGateway } from './stripe/index.ts';

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the built-in sandbox (config.paymentProvider). */
export function createPaymentGateway(
  config: Pick<Config, 'paymentProvider' | 'stripeSecretKey' | 'testMode'>,
  db: Database,
  clock: Clock,
): PaymentGateway {
  if (config.paymentProvider === 'stripe' && config.stripeSecretKey) {
    return createStripeGateway({ secretKey: config.stripeSecretKey, testMode: config.testMode });
  }
  return createSandboxGateway(db, clock);
}
