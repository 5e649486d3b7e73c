import { eq, sql } from 'drizzle-orm';
import { textArray } from '../../../db/arrays.ts';
import { rowsOf, type Tx } from '../../../db/database.ts';
import { sandboxCharges, sandboxPaymentIntents } from '../../../db/schema.ts';
import { CANCELABLE_STATUSES, cannotCapture } from '../errors.ts';
import {
  type CapturePaymentIntentParams,
  type CreatePaymentIntentParams,
  PaymentError,
  STORE_CURRENCY,
} from '../gateway.ts';
import type { SandboxContext } from './context.ts';
import type { Ledger } from './ledger.ts';
import {
  COMMITTED_LIKE_THE_PROCESSOR,
  INTENT_COLUMNS,
  type IntentRow,
  intentRow,
  METHOD_COLUMNS,
  type MethodRow,
  methodRow,
  newId,
  type RawIntentRow,
  type RawMethodRow,
} from './rows.ts';

/**
 * The storefront's hot path, one statement each (docs/decisions/002): authorize a card that pays,
 * capture, cancel; the locked transaction of the ledger answers whatever one statement cannot.
 */
export function createFastPaths({ db, clock, openedDisputes }: SandboxContext, ledger: Ledger) {
  const { lockIntent, lockCharge } = ledger;

  /*
   * The storefront pays with these (card form, authorize, look up, capture; cancel when stock ran
   * out): each is one statement, without BEGIN and COMMIT, on a server whose CPU goes into round
   * trips. A state change is an UPDATE whose WHERE names the state it leaves, so of two racing
   * requests the second finds nothing to change. When a statement changes nothing (a refusal, a
   * replay, a race) the locked transaction (createIntent, captureLocked, cancelLocked) runs and
   * answers as before.
   */

  /**
   * The intent's latest charge, if any, is visible to this statement. An UPDATE that waited for the
   * intent's row re-reads that row only: a charge committed meanwhile (a reader's) is not in the
   * statement's snapshot, so the statement leaves such an intent to the locked transaction.
   * A scalar subquery, which PostgreSQL runs as a lookup by the charge's key: `EXISTS` was planned
   * on a new shop's few charges as a hash of every charge, built again for each capture and cancel
   * as the charges grew (docs/decisions/025).
   */
  const chargeInSnapshot = sql`(latest_charge_id IS NULL
    OR (SELECT c.id FROM sandbox_charges c WHERE c.id = latest_charge_id) IS NOT NULL)`;

  /**
   * Creates and confirms an intent with a card that pays: the intent is written in its final state
   * with its succeeded charge, as charge() leaves them, and answered with its payment method (what
   * the payment step keeps of the card). Writes nothing and answers undefined when the card
   * declines, asks for 3-D Secure, is a dispute test card, is unknown or does not fit the intent, or
   * the idempotency key was used (ON CONFLICT waits for a request using it at this moment):
   * createIntent and replayIntent answer those.
   */
  async function createApprovedIntent(
    params: CreatePaymentIntentParams,
    paymentMethodId: string,
  ): Promise<{ intent: IntentRow; method: MethodRow } | undefined> {
    const types = params.paymentMethodTypes ?? ['card'];
    const captureMethod = params.captureMethod ?? 'automatic';
    const currency = (params.currency ?? STORE_CURRENCY).toLowerCase();
    const amount = params.amount;
    const chargeId = newId('ch');
    const now = clock.now().toISOString();
    const [row] = await rowsOf<RawIntentRow & { method: RawMethodRow }>(
      db,
      sql`WITH m AS (
            SELECT id, type, brand, last4, funding, network, country,
              (${captureMethod} = 'automatic' OR type = 'interac_present') AS captured
            FROM sandbox_payment_methods
            WHERE id = ${paymentMethodId} AND test_outcome IS NULL AND NOT requires_authentication
              AND dispute_reason IS NULL
              AND type = ANY(${textArray(types)})
          ), pi AS (
            INSERT INTO sandbox_payment_intents (id, amount, amount_capturable, amount_received, currency,
              status, capture_method, payment_method_types, payment_method_id, latest_charge_id, metadata,
              receipt_email, idempotency_key, created_at)
            SELECT ${newId('pi')}, ${amount}::integer,
              CASE WHEN m.captured THEN 0 ELSE ${amount}::integer END,
              CASE WHEN m.captured THEN ${amount}::integer ELSE 0 END,
              ${currency}, CASE WHEN m.captured THEN 'succeeded' ELSE 'requires_capture' END,
              ${captureMethod}, ${textArray(types)}, m.id, ${chargeId},
              ${JSON.stringify(params.metadata ?? {})}::jsonb, ${params.receiptEmail ?? null},
              ${params.idempotencyKey ?? null}, ${now}::timestamptz
            FROM m
            ON CONFLICT (idempotency_key) DO NOTHING
            RETURNING *
          ), charged AS (
            INSERT INTO sandbox_charges (id, payment_intent_id, amount, currency, payment_method_id,
              payment_method_type, brand, last4, funding, network, country, status, captured,
              amount_captured, created_at)
            SELECT ${chargeId}, pi.id, pi.amount, pi.currency, m.id, m.type, m.brand, m.last4, m.funding,
              m.network, m.country, 'succeeded', m.captured, pi.amount_received, ${now}::timestamptz
            FROM pi, m
          )
          SELECT ${INTENT_COLUMNS},
            (SELECT row_to_json(method) FROM (SELECT ${METHOD_COLUMNS} FROM sandbox_payment_methods
              WHERE id = pi.payment_method_id) method) AS method
          FROM pi, ${COMMITTED_LIKE_THE_PROCESSOR}`,
    );
    if (!row) return undefined;
    const { method, ...intent } = row;
    return { intent: intentRow(intent), method: methodRow(method) };
  }

  /**
   * Captures an authorization and marks its charge captured, the rest released (shown refunded, as
   * Stripe does); a dispute test card's charge is disputed (Stripe does it shortly after). Undefined when the intent is not requires_capture (a replay included) or the
   * amount is too large: captureLocked answers those.
   */
  async function captureAtOnce(
    id: string,
    params: CapturePaymentIntentParams,
  ): Promise<IntentRow | undefined> {
    const amount = sql`coalesce(${params.amountToCapture ?? null}::integer, amount_capturable)`;
    const [row] = await rowsOf<RawIntentRow & { disputed: boolean }>(
      db,
      sql`WITH pi AS (
            UPDATE sandbox_payment_intents
            SET status = 'succeeded', amount_received = ${amount}, amount_capturable = 0,
              capture_idempotency_key = ${params.idempotencyKey ?? null}
            WHERE id = ${id} AND status = 'requires_capture' AND ${amount} <= amount_capturable
              AND ${chargeInSnapshot}
            RETURNING *
          ), held AS (
            UPDATE sandbox_charges c
            SET captured = true, amount_captured = pi.amount_received,
              amount_refunded = c.amount - pi.amount_received
            FROM pi WHERE c.id = pi.latest_charge_id
          ), disputed AS (
            INSERT INTO sandbox_disputes (id, charge_id, payment_intent_id, amount, currency, reason, status,
              created_at)
            SELECT ${newId('dp')}, c.id, pi.id, pi.amount_received, pi.currency, m.dispute_reason,
              'needs_response', ${clock.now().toISOString()}::timestamptz
            FROM pi JOIN sandbox_charges c ON c.id = pi.latest_charge_id
              JOIN sandbox_payment_methods m ON m.id = c.payment_method_id
            WHERE m.dispute_reason IS NOT NULL
            ON CONFLICT (charge_id) DO NOTHING
            RETURNING id
          )
          SELECT ${INTENT_COLUMNS}, EXISTS (SELECT 1 FROM disputed) AS disputed
          FROM pi, ${COMMITTED_LIKE_THE_PROCESSOR}`,
    );
    if (!row) return undefined;
    const { disputed, ...intent } = row;
    if (disputed) openedDisputes.add(intent.id);
    return intentRow(intent);
  }

  /**
   * Cancels an intent in a cancelable state; an authorization's charge is released. Its charge is
   * the latest one when it is succeeded and not captured: only requires_capture has such a charge
   * among the cancelable states. Undefined when the intent is not cancelable, or when a charge was
   * taken on it after this statement's snapshot (a reader, while this waited for the row): that
   * charge is not visible here, chargeInSnapshot refuses, and the locked transaction cancels.
   */
  async function cancelAtOnce(id: string, reason: string | null): Promise<IntentRow | undefined> {
    const [row] = await rowsOf<RawIntentRow>(
      db,
      sql`WITH pi AS (
            UPDATE sandbox_payment_intents
            SET status = 'canceled', amount_capturable = 0, cancellation_reason = ${reason},
              canceled_at = ${clock.now().toISOString()}::timestamptz
            WHERE id = ${id} AND status = ANY(${textArray(CANCELABLE_STATUSES)}) AND ${chargeInSnapshot}
            RETURNING *
          ), released AS (
            UPDATE sandbox_charges c SET amount_refunded = c.amount
            FROM pi WHERE c.id = pi.latest_charge_id AND c.status = 'succeeded' AND NOT c.captured
          )
          SELECT ${INTENT_COLUMNS} FROM pi`,
    );
    return row && intentRow(row);
  }

  /** Capture with the intent and its charge locked: answers a replay, words a refusal. */
  async function captureLocked(tx: Tx, id: string, params: CapturePaymentIntentParams): Promise<IntentRow> {
    const intent = await lockIntent(tx, id);
    const key = params.idempotencyKey;
    if (key && intent.status === 'succeeded' && intent.captureIdempotencyKey === key) return intent;
    if (intent.status !== 'requires_capture') throw cannotCapture(intent.status);
    const amount = params.amountToCapture ?? intent.amountCapturable;
    if (amount > intent.amountCapturable) {
      throw new PaymentError({
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount_to_capture',
        message: `Amount to capture (${amount}) is greater than the amount capturable (${intent.amountCapturable}).`,
      });
    }
    const held = await lockCharge(tx, intent.latestChargeId);
    if (held) {
      // The part not captured is released, and shown as refunded on the charge (as Stripe does).
      await tx
        .update(sandboxCharges)
        .set({ captured: true, amountCaptured: amount, amountRefunded: held.amount - amount })
        .where(eq(sandboxCharges.id, held.id));
      await ledger.openTestDispute(tx, held.id);
    }
    const [updated] = await tx
      .update(sandboxPaymentIntents)
      .set({
        status: 'succeeded',
        amountReceived: amount,
        amountCapturable: 0,
        captureIdempotencyKey: key ?? null,
      })
      .where(eq(sandboxPaymentIntents.id, id))
      .returning();
    return updated ?? intent;
  }

  return { createApprovedIntent, captureAtOnce, cancelAtOnce, captureLocked };
}

export type FastPaths = ReturnType<typeof createFastPaths>;
