import { eq, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf, type Tx } from '../../../db/database.ts';
import {
  sandboxCharges,
  sandboxDisputes,
  sandboxPaymentIntents,
  sandboxReaders,
  sandboxRefunds,
} from '../../../db/schema.ts';
import {
  CANCELABLE_STATUSES,
  cannotCancel,
  chargeDisputed,
  idempotencyMismatch,
  nothingToRefund,
  resourceMissing,
} from '../errors.ts';
import {
  type CardInput,
  type CreateRefundParams,
  type LastPaymentError,
  type Metadata,
  PaymentError,
  type ReaderAction,
  type Refund,
} from '../gateway.ts';
import { checkCard, declineError } from '../test-cards.ts';
import type { SandboxContext } from './context.ts';
import {
  billingDetails,
  type ChargeRow,
  COMMITTED_LIKE_THE_PROCESSOR,
  type IntentRow,
  METHOD_COLUMNS,
  type MethodRow,
  methodRow,
  newId,
  type RawMethodRow,
  type ReaderRow,
  toRefund,
} from './rows.ts';

/**
 * The payment itself and the rows it locks: a charge of a payment method for an intent, a cancel,
 * the refundable charge and its refunds, the readers' rows. Every function that changes a row runs
 * in the caller's transaction (tx) with the row locked.
 */
export function createLedger({ db, clock, openedDisputes }: SandboxContext) {
  // ------------------------------------------------------------ locked reads

  async function lockIntent(tx: Tx, id: string): Promise<IntentRow> {
    const [row] = await tx
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, id))
      .for('update');
    if (!row) throw resourceMissing('payment_intent', id, 'payment_intent');
    return row;
  }

  async function lockCharge(tx: Tx, id: string | null): Promise<ChargeRow | undefined> {
    if (!id) return undefined;
    const [row] = await tx.select().from(sandboxCharges).where(eq(sandboxCharges.id, id)).for('update');
    return row;
  }

  async function lockReader(tx: Tx, id: string): Promise<ReaderRow> {
    const [row] = await tx.select().from(sandboxReaders).where(eq(sandboxReaders.id, id)).for('update');
    if (!row) throw resourceMissing('terminal.reader', id);
    return row;
  }

  async function updateReader(
    tx: Tx,
    id: string,
    action: ReaderAction | null,
    idempotencyKey: string | null = null,
  ): Promise<ReaderRow> {
    const [row] = await tx
      .update(sandboxReaders)
      .set({ action, actionIdempotencyKey: idempotencyKey, updatedAt: clock.now() })
      .where(eq(sandboxReaders.id, id))
      .returning();
    if (!row) throw resourceMissing('terminal.reader', id);
    return row;
  }

  // ------------------------------------------------------------ the payment itself

  /**
   * Charges a payment method for an intent (locked, or new in this transaction): a failed charge and
   * the intent back to requires_payment_method, or a succeeded charge and the intent authorized
   * (manual capture) or succeeded. Interac is always captured at once, as on Stripe. A 3-D Secure
   * card not `authenticated` yet charges nothing: the intent waits in requires_action.
   */
  async function charge(
    tx: Tx,
    intent: IntentRow,
    method: MethodRow,
    { authenticated = false }: { authenticated?: boolean } = {},
  ): Promise<{ intent: IntentRow; error?: PaymentError }> {
    if (!intent.paymentMethodTypes.includes(method.type)) {
      throw new PaymentError({
        type: 'invalid_request_error',
        code: 'payment_intent_incompatible_payment_method',
        param: 'payment_method',
        message: `The PaymentMethod provided (${method.type}) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: ${intent.paymentMethodTypes.join(', ')}.`,
      });
    }
    if (method.requiresAuthentication && method.type === 'card' && !authenticated) {
      const [waiting] = await tx
        .update(sandboxPaymentIntents)
        .set({ status: 'requires_action', paymentMethodId: method.id, lastPaymentError: null })
        .where(eq(sandboxPaymentIntents.id, intent.id))
        .returning();
      return { intent: waiting ?? intent };
    }
    const now = clock.now();
    const chargeId = newId('ch');
    const common = {
      id: chargeId,
      paymentIntentId: intent.id,
      amount: intent.amount,
      currency: intent.currency,
      paymentMethodId: method.id,
      paymentMethodType: method.type,
      brand: method.brand,
      last4: method.last4,
      funding: method.funding,
      network: method.network,
      country: method.country,
      createdAt: now,
    };
    if (method.testOutcome) {
      const error = declineError(method.testOutcome, intent.id);
      await tx.insert(sandboxCharges).values({
        ...common,
        status: 'failed',
        failureCode: error.code ?? null,
        failureMessage: error.message,
      });
      const lastPaymentError: LastPaymentError = {
        type: error.type,
        code: error.code ?? null,
        decline_code: error.decline_code ?? null,
        message: error.message,
      };
      const [updated] = await tx
        .update(sandboxPaymentIntents)
        .set({
          status: 'requires_payment_method',
          paymentMethodId: null,
          latestChargeId: chargeId,
          lastPaymentError,
        })
        .where(eq(sandboxPaymentIntents.id, intent.id))
        .returning();
      return { intent: updated ?? intent, error };
    }
    const capturedNow = intent.captureMethod === 'automatic' || method.type === 'interac_present';
    await tx.insert(sandboxCharges).values({
      ...common,
      status: 'succeeded',
      captured: capturedNow,
      amountCaptured: capturedNow ? intent.amount : 0,
    });
    if (capturedNow) await openTestDispute(tx, chargeId);
    const [updated] = await tx
      .update(sandboxPaymentIntents)
      .set({
        status: capturedNow ? 'succeeded' : 'requires_capture',
        amountReceived: capturedNow ? intent.amount : 0,
        amountCapturable: capturedNow ? 0 : intent.amount,
        paymentMethodId: method.id,
        latestChargeId: chargeId,
        lastPaymentError: null,
      })
      .where(eq(sandboxPaymentIntents.id, intent.id))
      .returning();
    return { intent: updated ?? intent };
  }

  /**
   * A captured charge of a dispute test card (0259) is disputed, as Stripe does shortly after; the
   * charge's own row (captured in this transaction) gives the amount. Nothing for any other card.
   */
  async function openTestDispute(tx: Tx, chargeId: string): Promise<void> {
    const opened = await rowsOf<{ paymentIntentId: string }>(
      tx,
      sql`INSERT INTO sandbox_disputes (id, charge_id, payment_intent_id, amount, currency, reason, status,
            created_at)
          SELECT ${newId('dp')}, c.id, c.payment_intent_id, c.amount_captured, c.currency, m.dispute_reason,
            'needs_response', ${clock.now().toISOString()}::timestamptz
          FROM sandbox_charges c JOIN sandbox_payment_methods m ON m.id = c.payment_method_id
          WHERE c.id = ${chargeId} AND c.captured AND m.dispute_reason IS NOT NULL
          ON CONFLICT (charge_id) DO NOTHING
          RETURNING payment_intent_id AS "paymentIntentId"`,
    );
    for (const { paymentIntentId } of opened) openedDisputes.add(paymentIntentId);
  }

  /** Cancels a locked intent; an authorization's charge is released (shown refunded, as Stripe does). */
  async function cancelLocked(tx: Tx, intent: IntentRow, reason: string | null): Promise<IntentRow> {
    if (!CANCELABLE_STATUSES.includes(intent.status)) throw cannotCancel(intent.status);
    if (intent.status === 'requires_capture') {
      const held = await lockCharge(tx, intent.latestChargeId);
      if (held && !held.captured) {
        await tx
          .update(sandboxCharges)
          .set({ amountRefunded: held.amount })
          .where(eq(sandboxCharges.id, held.id));
      }
    }
    const [updated] = await tx
      .update(sandboxPaymentIntents)
      .set({ status: 'canceled', amountCapturable: 0, cancellationReason: reason, canceledAt: clock.now() })
      .where(eq(sandboxPaymentIntents.id, intent.id))
      .returning();
    return updated ?? intent;
  }

  /** The captured, succeeded charge a refund draws on, locked; refusals as Stripe words them. */
  async function refundableCharge(tx: Tx, paymentIntentId: string): Promise<ChargeRow> {
    const [intent] = await tx
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, paymentIntentId));
    if (!intent) throw resourceMissing('payment_intent', paymentIntentId, 'payment_intent');
    const row = intent.status === 'succeeded' ? await lockCharge(tx, intent.latestChargeId) : undefined;
    if (row?.status !== 'succeeded' || !row.captured) throw nothingToRefund();
    const [dispute] = await tx
      .select({ id: sandboxDisputes.id })
      .from(sandboxDisputes)
      .where(eq(sandboxDisputes.chargeId, row.id));
    if (dispute) throw chargeDisputed(row.id);
    return row;
  }

  async function insertRefund(
    tx: Tx,
    row: ChargeRow,
    amount: number,
    fields: { idempotencyKey: string | null; reason?: string | undefined; metadata?: Metadata | undefined },
  ): Promise<Refund> {
    const [refund] = await tx
      .insert(sandboxRefunds)
      .values({
        id: newId('re'),
        chargeId: row.id,
        paymentIntentId: row.paymentIntentId,
        amount,
        currency: row.currency,
        status: 'succeeded',
        reason: fields.reason ?? null,
        idempotencyKey: fields.idempotencyKey,
        metadata: fields.metadata ?? {},
        createdAt: clock.now(),
      })
      .returning();
    await tx
      .update(sandboxCharges)
      .set({ amountRefunded: row.amountRefunded + amount })
      .where(eq(sandboxCharges.id, row.id));
    if (!refund) throw new Error('refund insert returned nothing');
    return toRefund(refund);
  }

  function replayRefund(row: typeof sandboxRefunds.$inferSelect, params: CreateRefundParams): Refund {
    const same =
      row.paymentIntentId === params.paymentIntentId &&
      (params.amount === undefined || params.amount === row.amount);
    if (!same) throw idempotencyMismatch(params.idempotencyKey);
    return toRefund(row);
  }

  async function refundByKey(key: string) {
    const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, key));
    return row;
  }

  /**
   * A card's payment method, and with `ownerClientId` its owner (payment_method_owners) in the same
   * statement: the storefront's card form makes one an order, and the owner's row was a second
   * round trip. The card form's statement (`alone`: its own transaction) commits without waiting
   * for the disk: a card a crash loses is entered again, and the payment step's hold is written
   * after it, waiting (COMMITTED_LIKE_THE_PROCESSOR).
   */
  async function insertCardMethod(
    tx: DbOrTx,
    card: CardInput,
    { ownerClientId = null, alone = false }: { ownerClientId?: number | null; alone?: boolean } = {},
  ): Promise<MethodRow> {
    const checked = checkCard(card, clock.now());
    const billing = JSON.stringify(billingDetails(card.billing_details));
    const [row] = await rowsOf<RawMethodRow>(
      tx,
      sql`WITH method AS (
            INSERT INTO sandbox_payment_methods (id, type, brand, last4, exp_month, exp_year, funding,
              network, country, test_outcome, requires_authentication, dispute_reason, billing_details,
              created_at)
            VALUES (${newId('pm')}, 'card', ${checked.brand}, ${checked.last4}, ${checked.expMonth}::integer,
              ${checked.expYear}::integer, ${checked.funding}, ${checked.brand}, ${checked.country},
              ${checked.outcome}, ${checked.requiresAuthentication}, ${checked.disputeReason}, ${billing}::jsonb, ${clock.now().toISOString()}::timestamptz)
            RETURNING ${METHOD_COLUMNS}
          ), owner AS (
            INSERT INTO payment_method_owners (payment_method_id, client_id)
            SELECT id, ${ownerClientId}::int FROM method WHERE ${ownerClientId}::int IS NOT NULL
          )
          SELECT method.* FROM method${alone ? sql`, ${COMMITTED_LIKE_THE_PROCESSOR}` : sql``}`,
    );
    if (!row) throw new Error('payment method insert returned nothing');
    return methodRow(row);
  }

  return {
    lockIntent,
    lockCharge,
    lockReader,
    updateReader,
    charge,
    openTestDispute,
    cancelLocked,
    refundableCharge,
    insertRefund,
    replayRefund,
    refundByKey,
    insertCardMethod,
  };
}

export type Ledger = ReturnType<typeof createLedger>;
