/**
 * The webhook's statements on its hot path (docs/decisions/002: raw SQL where it was measured to
 * pay). webhooks.queries.test.ts checks every shape on PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { typedQuery } from '../../db/typed-query.ts';

/**
 * payment_intent.succeeded for a web order, with the event's processed mark, in one statement (one
 * for every order paid by card, so without BEGIN and COMMIT): a placed order whose capture the shop
 * did not see succeed is paid (as the shop's own capture makes it; either may come first). The
 * order's row is locked first, so a capture writing it at this moment finishes before. The order
 * changes only when this delivery marks the event (`marked`); another delivery that marked it
 * first leaves the order to its own change. `paid` is not read: a data-modifying WITH runs whole.
 */
export const markPaymentCaptured = typedQuery(
  z.object({ outcome: z.string(), marked: z.boolean() }),
  (paymentIntentId: string, eventId: string) =>
    sql`WITH current AS (
          SELECT id, order_number, status FROM orders WHERE payment_intent_id = ${paymentIntentId} FOR UPDATE
        ),
        outcome AS (
          SELECT CASE WHEN c.id IS NULL THEN 'no web order'
                      WHEN c.status = 'placed' THEN 'order ' || c.order_number || ' paid'
                      ELSE 'order ' || c.order_number || ' already ' || c.status END AS text
          FROM (SELECT 1) one LEFT JOIN current c ON true
        ),
        marked AS (
          UPDATE stripe_events SET processed_at = now(), outcome = (SELECT text FROM outcome)
          WHERE id = ${eventId} AND processed_at IS NULL
          RETURNING id
        ),
        paid AS (
          UPDATE orders o SET status = 'paid' FROM current c
          WHERE o.id = c.id AND c.status = 'placed' AND EXISTS (SELECT 1 FROM marked)
          RETURNING o.id
        )
        SELECT (SELECT text FROM outcome) AS outcome, EXISTS (SELECT 1 FROM marked) AS marked`,
);
