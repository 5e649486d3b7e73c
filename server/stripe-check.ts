/**
 * npm run stripe:check: whether this shop is ready to take real money with Stripe (see
 * server/providers/payments/go-live-check.ts). Reads the same environment as the shop (and ./.env),
 * asks Stripe for its readers and the running shop's webhook for an answer; changes nothing.
 * Exits 1 when a check failed.
 */
import { loadConfig } from './config.ts';
import { formatGoLiveCheck, goLiveDeps, goLiveReport } from './providers/payments/go-live-check.ts';
import { createStripeGateway } from './providers/payments/stripe/index.ts';

const config = loadConfig();
const stripe =
  config.paymentProvider === 'stripe' && config.stripeSecretKey
    ? createStripeGateway({ secretKey: config.stripeSecretKey, testMode: config.testMode })
    : undefined;
const report = await goLiveReport(goLiveDeps(config, stripe));
console.log(formatGoLiveCheck(report.results));
process.exitCode = report.ready ? 0 : 1;
