/**
 * The webhook's statements on its hot path (docs/decisions/002: raw SQL where it was measured to
 * pay). webhooks.queries.test.ts checks every shape on PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { compiledQuery } from '../../db/typed-query.ts';

/** What stripe_events keeps of a delivered event. */
export interface ReceivedEvent {
  id: string;
  type: string;
  livemode: boolean;
  /** The processor's `created`, in seconds. */
  created: number;
  payload: unknown;
}

/**
 * payment_intent.succeeded for a web order, stored and processed in one statement (one for every
 * order paid by card, so without BEGIN and COMMIT): a placed order whose capture the shop did not
 * see succeed is paid (as the shop's own capture makes it; either may come first). The order's row
 * is locked first, so a capture writing it at this moment finishes before. The event is stored
 * processed, or, delivered before, counted and marked processed if an earlier delivery failed;
 * `marked` says this delivery marked it (its processed_at is this statement's stamp). The order
 * changes only then: a delivery of an event processed already changes nothing. `paid` is not read:
 * a data-modifying WITH runs whole.
 */
export const receivePaymentCaptured = compiledQuery(
  z.object({ outcome: z.string(), marked: z.boolean() }),
  (event: ReceivedEvent, paymentIntentId: string) => ({
    variant: 'payment captured',
    values: {
      eventId: event.id,
      type: event.type,
      livemode: event.livemode,
      created: event.created,
      payload: JSON.stringify(event.payload),
      paymentIntentId,
    },
  }),
  (_variant, v) =>
    sql`WITH current AS (
          SELECT id, order_number, status FROM orders WHERE payment_intent_id = ${v.paymentIntentId}::text FOR UPDATE
        ),
        outcome AS (
          SELECT CASE WHEN c.id IS NULL THEN 'no web order'
                      WHEN c.status = 'placed' THEN 'order ' || c.order_number || ' paid'
                      ELSE 'order ' || c.order_number || ' already ' || c.status END AS text
          FROM (SELECT 1) one LEFT JOIN current c ON true
        ),
        stamp AS (SELECT clock_timestamp() AS at),
        stored AS (
          INSERT INTO stripe_events (id, type, livemode, event_created_at, payload, processed_at, outcome)
          SELECT ${v.eventId}::text, ${v.type}::text, ${v.livemode}::boolean,
            to_timestamp(${v.created}::double precision), ${v.payload}::jsonb, stamp.at, outcome.text
          FROM stamp, outcome
          ON CONFLICT (id) DO UPDATE SET deliveries = stripe_events.deliveries + 1,
            processed_at = coalesce(stripe_events.processed_at, excluded.processed_at),
            outcome = CASE WHEN stripe_events.processed_at IS NULL THEN excluded.outcome
                           ELSE stripe_events.outcome END
          RETURNING outcome, processed_at = (SELECT at FROM stamp) AS marked
        ),
        paid AS (
          UPDATE orders o SET status = 'paid' FROM current c
          WHERE o.id = c.id AND c.status = 'placed' AND EXISTS (SELECT 1 FROM stored WHERE marked)
          RETURNING o.id
        )
        SELECT outcome, marked FROM stored`,
);
