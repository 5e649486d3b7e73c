/**
 * Card holds that never go stale (issue "Going live with Stripe"): a card authorized at the payment
 * step and never placed as an order is released after the shop's setting (authorization_hold_hours,
 * 24 by default), by a job that runs on a schedule inside the shop, one runner at a time across
 * instances (a PostgreSQL advisory lock); and an order is never placed on an authorization that has
 * ended or is about to (checkout.service.ts asks the client to pay again).
 */
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { isPaymentError, type PaymentGateway } from '../../providers/payments/gateway.ts';
import { readSettings } from '../settings/settings.service.ts';
import { takeStaleHolds } from './checkout.queries.ts';

/** The card networks end an online card authorization after 7 days (Stripe cancels it then). */
export const AUTHORIZATION_LIFETIME_MS = 7 * 24 * 3_600_000;
/** An authorization closer than this to its end is not used for an order: the client pays again. */
export const AUTHORIZATION_SAFETY_MARGIN_MS = 12 * 3_600_000;
/** How often the job looks for holds to release. */
export const RELEASE_INTERVAL_MS = 10 * 60_000;

/** Whether an authorization made at `created` (Unix seconds) may still pay for an order at `now`. */
export function authorizationUsable(created: number, now: Date): boolean {
  return now.getTime() - created * 1000 < AUTHORIZATION_LIFETIME_MS - AUTHORIZATION_SAFETY_MARGIN_MS;
}

export interface AuthorizationReleaseDeps {
  db: Database;
  payments: PaymentGateway;
  clock: Clock;
  log: (message: string, error?: unknown) => void;
}

export function createAuthorizationRelease({ db, payments, clock, log }: AuthorizationReleaseDeps) {
  return {
    /** One pass of the job: the holds it released (none when another instance runs it now). */
    async releaseStaleHolds(): Promise<string[]> {
      const { authorization_hold_hours: hours } = await readSettings(db);
      const cutoff = new Date(clock.now().getTime() - hours * 3_600_000);
      const taken = await db.transaction((tx) => takeStaleHolds(tx, cutoff));
      const released: string[] = [];
      for (const { payment_intent_id: id } of taken) {
        try {
          await payments.cancelPaymentIntent(id, { cancellationReason: 'abandoned' });
          released.push(id);
        } catch (error) {
          // Placed, captured or released already: nothing is held any more.
          if (isPaymentError(error) && error.code === 'payment_intent_unexpected_state') continue;
          log(`the card hold ${id} could not be released`, error);
        }
      }
      return released;
    },
  };
}

export type AuthorizationRelease = ReturnType<typeof createAuthorizationRelease>;
