/**
 * npm run stripe:check: whether this shop is ready to take real money with Stripe (see
 * server/providers/payments/go-live-check.ts). Reads the same environment as the shop (and ./.env),
 * asks Stripe for its readers and the running shop's webhook for an answer; changes nothing.
 * Exits 1 when a check failed.
 */
import { loadConfig } from './config.ts';
import { formatGoLiveCheck, goLiveCheck } from './providers/payments/go-live-check.ts';
import { createStripeGateway } from './providers/payments/stripe/index.ts';

const config = loadConfig();
const stripe =
  config.paymentProvider === 'stripe' && config.stripeSecretKey
    ? createStripeGateway({ secretKey: config.stripeSecretKey, testMode: config.testMode })
    : undefined;
const results = await goLiveCheck({
  config,
  listReaders: stripe ? () => stripe.listReaders() : undefined,
  fetch: (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(10_000) }),
});
console.log(formatGoLiveCheck(results));
process.exitCode = results.some((result) => result.status === 'failed') ? 1 : 0;
