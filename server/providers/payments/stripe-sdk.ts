import { createRequire } from 'node:module';
import type Stripe from 'stripe';

const require = createRequire(import.meta.url);
let sdk: typeof Stripe | undefined;

/**
 * Stripe's official SDK, loaded the first time it is needed rather than when the server starts:
 * its ESM build is 218 modules, about 120 ms of a start and 4 MB, and a sandbox shop uses it only
 * when it signs or checks a webhook event. Loaded with require (the SDK's CommonJS build, one copy
 * for the whole server), so that the code using it stays synchronous.
 */
export function stripeSdk(): typeof Stripe {
  sdk ??= require('stripe') as typeof Stripe;
  return sdk;
}
