/**
 * The built-in payment provider: Stripe's objects, states and test-mode behaviour, kept in our
 * database (tables sandbox_* in server/db/schema.ts) so that several instances share them. Every
 * change that two requests could race on (capture and cancel, two refunds, a reader's action) runs
 * in one transaction with the rows it changes locked (SELECT ... FOR UPDATE), or, on the
 * storefront's hot path, as one statement whose WHERE names the state it leaves (see "one round
 * trip" below).
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Database, type DbOrTx, rowsOf, type Tx } from '../../db/database.ts';
import {
  sandboxCharges,
  sandboxCheckoutSessions,
  sandboxPaymentIntents,
  sandboxPaymentMethods,
  sandboxPrices,
  sandboxProducts,
  sandboxReaders,
  sandboxRefunds,
} from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import {
  alreadyRefunded,
  CANCELABLE_STATUSES,
  cannotCancel,
  cannotCapture,
  cardRefundsOnline,
  checkAmount,
  checkPositiveAmount,
  idempotencyMismatch,
  interacRefundsInPerson,
  nothingToRefund,
  readerBusy,
  readerOffline,
  refundTooLarge,
  resourceMissing,
} from './errors.ts';
import {
  type BillingDetails,
  type CapturePaymentIntentParams,
  type CardInput,
  type ChargeSearch,
  type ChargeSummary,
  type CheckoutLineItem,
  type CheckoutSession,
  type CheckoutSessionParams,
  type CreatePaymentIntentParams,
  type CreateRefundParams,
  type LastPaymentError,
  type Metadata,
  PaymentError,
  type PaymentGateway,
  type PaymentIntent,
  type PaymentMethod,
  type PaymentMethodType,
  type Price,
  type Product,
  type Reader,
  type ReaderAction,
  type ReaderRefundParams,
  type Refund,
  STORE_CURRENCY,
} from './gateway.ts';
import { checkCard, declineError, presentedCard, terminalAmountOutcome } from './test-cards.ts';

type IntentRow = typeof sandboxPaymentIntents.$inferSelect;
type ChargeRow = typeof sandboxCharges.$inferSelect;
type MethodRow = typeof sandboxPaymentMethods.$inferSelect;
type ReaderRow = typeof sandboxReaders.$inferSelect;
type SessionRow = typeof sandboxCheckoutSessions.$inferSelect;

/** Where the sandbox's hosted checkout page lives (a web route, built by the POS developers). */
export const SANDBOX_CHECKOUT_PATH = '/#/sandbox-checkout/';
const SESSION_LIFETIME_MS = 24 * 3_600_000;

/** The simulated readers: two online, one offline, as Stripe's simulated WisePOS E. */
export const SANDBOX_READERS = [
  { id: 'tmr_SbxFrontCounter01', label: 'Front Counter WisePOS E', status: 'online', serial: 'SBX-WPE-0001' },
  { id: 'tmr_SbxBackOffice02', label: 'Back Office Reader', status: 'offline', serial: 'SBX-WPE-0002' },
  { id: 'tmr_SbxPopUpStand03', label: 'Pop-up Stand Reader', status: 'online', serial: 'SBX-WPE-0003' },
] as const;

/** The POS card checkout's catalogue (pos.md: 'Novelty Socks' and 'iPhone Case' are the spec's own). */
export const SANDBOX_PRODUCTS = [
  {
    id: 'prod_SbxNoveltySocks',
    name: 'Novelty Socks',
    prices: [{ id: 'price_SbxNovelty1299', amount: 1299 }],
  },
  {
    id: 'prod_SbxWoolHikingSocks',
    name: 'Wool Hiking Socks',
    prices: [
      { id: 'price_SbxWoolHiking2499', amount: 2499 },
      { id: 'price_SbxWoolHiking2999', amount: 2999 },
    ],
  },
  {
    id: 'prod_SbxIphoneCase',
    name: 'iPhone Case',
    prices: [{ id: 'price_SbxIphoneCase1999', amount: 1999 }],
  },
  { id: 'prod_SbxGiftBox', name: 'Gift Box', prices: [{ id: 'price_SbxGiftBox4500', amount: 4500 }] },
] as const;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function newId(prefix: string): string {
  const bytes = randomBytes(24);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${id}`;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

// ---------------------------------------------------------------- rows to Stripe's objects

function toPaymentIntent(row: IntentRow): PaymentIntent {
  return {
    id: row.id,
    object: 'payment_intent',
    amount: row.amount,
    amount_capturable: row.amountCapturable,
    amount_received: row.amountReceived,
    currency: row.currency,
    status: row.status,
    capture_method: row.captureMethod,
    payment_method_types: row.paymentMethodTypes,
    payment_method: row.paymentMethodId,
    latest_charge: row.latestChargeId,
    last_payment_error: row.lastPaymentError ?? null,
    metadata: row.metadata,
    receipt_email: row.receiptEmail,
    cancellation_reason: row.cancellationReason,
    canceled_at: row.canceledAt ? seconds(row.canceledAt) : null,
    created: seconds(row.createdAt),
    livemode: false,
  };
}

function toPaymentMethod(row: MethodRow): PaymentMethod {
  return {
    id: row.id,
    object: 'payment_method',
    type: row.type,
    card:
      row.type === 'card'
        ? {
            brand: row.brand,
            last4: row.last4,
            network: row.network,
            country: row.country,
            funding: row.funding,
            exp_month: row.expMonth,
            exp_year: row.expYear,
          }
        : null,
    billing_details: row.billingDetails,
    created: seconds(row.createdAt),
  };
}

function toRefund(row: typeof sandboxRefunds.$inferSelect): Refund {
  return {
    id: row.id,
    object: 'refund',
    amount: row.amount,
    charge: row.chargeId,
    payment_intent: row.paymentIntentId,
    currency: row.currency,
    status: row.status,
    reason: row.reason,
    metadata: row.metadata,
    created: seconds(row.createdAt),
  };
}

function toReader(row: ReaderRow): Reader {
  return {
    id: row.id,
    object: 'terminal.reader',
    label: row.label,
    status: row.status,
    device_type: row.deviceType,
    serial_number: row.serialNumber,
    action: row.action ?? null,
    livemode: false,
  };
}

function toSummary(row: ChargeRow): ChargeSummary {
  return {
    chargeId: row.id,
    paymentIntentId: row.paymentIntentId,
    amount: row.amount,
    amountRefunded: row.amountRefunded,
    refunded: row.amountRefunded >= row.amount,
    captured: row.captured,
    brand: row.brand,
    network: row.network,
    source: row.paymentMethodType,
    country: row.country,
    last4: row.last4,
    created: seconds(row.createdAt),
    status: row.status,
  };
}

function billingDetails(input: CardInput['billing_details']): BillingDetails {
  const address = input?.address;
  return {
    name: input?.name ?? null,
    email: input?.email ?? null,
    phone: input?.phone ?? null,
    address: address
      ? {
          line1: address.line1 ?? null,
          line2: address.line2 ?? null,
          city: address.city ?? null,
          state: address.state ?? null,
          postal_code: address.postal_code ?? null,
          country: address.country ?? null,
        }
      : null,
  };
}

function failedAction(action: ReaderAction, error: PaymentError): ReaderAction {
  return {
    ...action,
    status: 'failed',
    failure_code: error.code ?? error.type,
    failure_message: error.message,
  };
}

// ---------------------------------------------------------------- raw rows

/** `"column" AS "field"` for every column, so a raw statement answers the shape of $inferSelect. */
function columnsOf(table: PgTable): SQL {
  const columns = Object.entries(getTableColumns(table));
  return sql.raw(columns.map(([field, column]) => `"${column.name}" AS "${field}"`).join(', '));
}

const INTENT_COLUMNS = columnsOf(sandboxPaymentIntents);
const METHOD_COLUMNS = columnsOf(sandboxPaymentMethods);

// Raw statements answer timestamptz as PostgreSQL's text on both drivers (Drizzle turns their
// parsing off and parses in the query builder instead).
type RawIntentRow = Omit<IntentRow, 'createdAt' | 'canceledAt'> & {
  createdAt: string;
  canceledAt: string | null;
};
type RawMethodRow = Omit<MethodRow, 'createdAt'> & { createdAt: string };

function intentRow(raw: RawIntentRow): IntentRow {
  return {
    ...raw,
    createdAt: new Date(raw.createdAt),
    canceledAt: raw.canceledAt === null ? null : new Date(raw.canceledAt),
  };
}

function methodRow(raw: RawMethodRow): MethodRow {
  return { ...raw, createdAt: new Date(raw.createdAt) };
}

/**
 * A text[] parameter (Drizzle would spread a JS array into one parameter per value). The values are
 * our own words, checked before: statuses and payment method types, no quote, comma or brace.
 */
function textArray(values: readonly string[]): SQL {
  return sql`${`{${values.join(',')}}`}::text[]`;
}

// ---------------------------------------------------------------- the gateway

export interface SandboxGatewayOptions {
  /** The hosted checkout page of a session; default SANDBOX_CHECKOUT_PATH + id. */
  checkoutUrl?: (sessionId: string) => string;
}

export function createSandboxGateway(
  db: Database,
  clock: Clock,
  options: SandboxGatewayOptions = {},
): PaymentGateway {
  const checkoutUrl = options.checkoutUrl ?? ((id: string) => `${SANDBOX_CHECKOUT_PATH}${id}`);
  let setup: Promise<void> | undefined;

  /** Seeds the readers, products and prices once per process; harmless when another instance did. */
  function ready(): Promise<void> {
    setup ??= seed(db).catch((error: unknown) => {
      setup = undefined;
      throw error;
    });
    return setup;
  }

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
   * (manual capture) or succeeded. Interac is always captured at once, as on Stripe.
   */
  async function charge(
    tx: Tx,
    intent: IntentRow,
    method: MethodRow,
  ): Promise<{ intent: IntentRow; error?: PaymentError }> {
    if (!intent.paymentMethodTypes.includes(method.type)) {
      throw new PaymentError({
        type: 'invalid_request_error',
        code: 'payment_intent_incompatible_payment_method',
        param: 'payment_method',
        message: `The PaymentMethod provided (${method.type}) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: ${intent.paymentMethodTypes.join(', ')}.`,
      });
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

  // ------------------------------------------------------------ intents

  async function replayIntent(row: IntentRow, params: CreatePaymentIntentParams, key: string) {
    // After a decline the intent no longer names the card: its failed charge does.
    let paymentMethodId = row.paymentMethodId;
    if (!paymentMethodId && row.latestChargeId) {
      const [failed] = await db
        .select({ paymentMethodId: sandboxCharges.paymentMethodId })
        .from(sandboxCharges)
        .where(eq(sandboxCharges.id, row.latestChargeId));
      paymentMethodId = failed?.paymentMethodId ?? null;
    }
    const same =
      row.amount === params.amount &&
      row.currency === (params.currency ?? STORE_CURRENCY).toLowerCase() &&
      row.captureMethod === (params.captureMethod ?? 'automatic') &&
      (params.paymentMethodId === undefined || paymentMethodId === params.paymentMethodId);
    if (!same) throw idempotencyMismatch(key);
    // The first answer was a decline: answer it again, as Stripe replays a response.
    const last = row.lastPaymentError;
    if (params.confirm && row.status === 'requires_payment_method' && last) {
      throw new PaymentError({
        type: last.type,
        code: last.code ?? undefined,
        decline_code: last.decline_code ?? undefined,
        message: last.message,
        paymentIntentId: row.id,
      });
    }
    return toPaymentIntent(row);
  }

  async function intentByKey(key: string) {
    const [row] = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.idempotencyKey, key));
    return row;
  }

  async function createIntent(params: CreatePaymentIntentParams): Promise<PaymentIntent> {
    const result = await db.transaction(async (tx) => {
      const types = params.paymentMethodTypes ?? ['card'];
      let method: MethodRow | undefined;
      if (params.paymentMethodId) {
        [method] = await tx
          .select()
          .from(sandboxPaymentMethods)
          .where(eq(sandboxPaymentMethods.id, params.paymentMethodId));
        if (!method) throw resourceMissing('payment_method', params.paymentMethodId, 'payment_method');
      }
      const [intent] = await tx
        .insert(sandboxPaymentIntents)
        .values({
          id: newId('pi'),
          amount: params.amount,
          currency: (params.currency ?? STORE_CURRENCY).toLowerCase(),
          status: method ? 'requires_confirmation' : 'requires_payment_method',
          captureMethod: params.captureMethod ?? 'automatic',
          paymentMethodTypes: types,
          paymentMethodId: method?.id ?? null,
          metadata: params.metadata ?? {},
          receiptEmail: params.receiptEmail ?? null,
          idempotencyKey: params.idempotencyKey ?? null,
          createdAt: clock.now(),
        })
        .returning();
      if (!intent) throw new Error('payment intent insert returned nothing');
      if (params.confirm && method) return charge(tx, intent, method);
      return { intent };
    });
    if (result.error) throw result.error;
    return toPaymentIntent(result.intent);
  }

  function checkIntentParams(params: CreatePaymentIntentParams): void {
    checkAmount(params.amount);
    const currency = (params.currency ?? STORE_CURRENCY).toLowerCase();
    if (currency !== STORE_CURRENCY) {
      throw new PaymentError({
        type: 'invalid_request_error',
        param: 'currency',
        message: `Invalid currency: ${currency}. The sandbox takes ${STORE_CURRENCY} only.`,
      });
    }
    const types = params.paymentMethodTypes ?? ['card'];
    const known: PaymentMethodType[] = ['card', 'card_present', 'interac_present'];
    if (types.length === 0 || types.some((type) => !known.includes(type))) {
      throw new PaymentError({
        type: 'invalid_request_error',
        param: 'payment_method_types',
        message: `Invalid payment_method_types: ${types.join(', ')}`,
      });
    }
    if (params.confirm && !params.paymentMethodId) {
      throw new PaymentError({
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        param: 'payment_method',
        message:
          "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent, you must provide a payment_method.",
      });
    }
  }

  // ------------------------------------------------------------ checkout sessions

  function toSession(row: SessionRow): CheckoutSession {
    const expired = row.status === 'open' && clock.now() > row.expiresAt;
    const status = expired ? 'expired' : row.status;
    return {
      id: row.id,
      object: 'checkout.session',
      url: status === 'open' ? checkoutUrl(row.id) : null,
      status,
      payment_status: row.paymentStatus,
      amount_total: row.amountTotal,
      currency: row.currency,
      payment_intent: row.paymentIntentId,
      success_url: row.successUrl,
      cancel_url: row.cancelUrl,
      metadata: row.metadata,
      line_items: row.lineItems,
      created: seconds(row.createdAt),
      expires_at: seconds(row.expiresAt),
    };
  }

  async function sessionByKey(key: string) {
    const [row] = await db
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.idempotencyKey, key));
    return row;
  }

  async function insertCardMethod(tx: DbOrTx, card: CardInput): Promise<MethodRow> {
    const checked = checkCard(card, clock.now());
    const billing = JSON.stringify(billingDetails(card.billing_details));
    const [row] = await rowsOf<RawMethodRow>(
      tx,
      sql`INSERT INTO sandbox_payment_methods (id, type, brand, last4, exp_month, exp_year, funding,
            network, country, test_outcome, billing_details, created_at)
          VALUES (${newId('pm')}, 'card', ${checked.brand}, ${checked.last4}, ${checked.expMonth}::integer,
            ${checked.expYear}::integer, ${checked.funding}, ${checked.brand}, ${checked.country},
            ${checked.outcome}, ${billing}::jsonb, ${clock.now().toISOString()}::timestamptz)
          RETURNING ${METHOD_COLUMNS}`,
    );
    if (!row) throw new Error('payment method insert returned nothing');
    return methodRow(row);
  }

  // ------------------------------------------------------------ one round trip

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
   */
  const chargeInSnapshot = sql`(latest_charge_id IS NULL
    OR EXISTS (SELECT 1 FROM sandbox_charges c WHERE c.id = latest_charge_id))`;

  /**
   * Creates and confirms an intent with a card that pays: the intent is written in its final state
   * with its succeeded charge, as charge() leaves them. Writes nothing and answers undefined when the
   * card declines, is unknown or does not fit the intent, or the idempotency key was used (ON
   * CONFLICT waits for a request using it at this moment): createIntent and replayIntent answer those.
   */
  async function createApprovedIntent(
    params: CreatePaymentIntentParams,
    paymentMethodId: string,
  ): Promise<IntentRow | undefined> {
    const types = params.paymentMethodTypes ?? ['card'];
    const captureMethod = params.captureMethod ?? 'automatic';
    const currency = (params.currency ?? STORE_CURRENCY).toLowerCase();
    const amount = params.amount;
    const chargeId = newId('ch');
    const now = clock.now().toISOString();
    const [row] = await rowsOf<RawIntentRow>(
      db,
      sql`WITH m AS (
            SELECT id, type, brand, last4, funding, network, country,
              (${captureMethod} = 'automatic' OR type = 'interac_present') AS captured
            FROM sandbox_payment_methods
            WHERE id = ${paymentMethodId} AND test_outcome IS NULL AND type = ANY(${textArray(types)})
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
          SELECT ${INTENT_COLUMNS} FROM pi`,
    );
    return row && intentRow(row);
  }

  /**
   * Captures an authorization and marks its charge captured, the rest released (shown refunded, as
   * Stripe does). Undefined when the intent is not requires_capture (a replay included) or the
   * amount is too large: captureLocked answers those.
   */
  async function captureAtOnce(
    id: string,
    params: CapturePaymentIntentParams,
  ): Promise<IntentRow | undefined> {
    const amount = sql`coalesce(${params.amountToCapture ?? null}::integer, amount_capturable)`;
    const [row] = await rowsOf<RawIntentRow>(
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
          )
          SELECT ${INTENT_COLUMNS} FROM pi`,
    );
    return row && intentRow(row);
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

  // ------------------------------------------------------------ the interface

  return {
    provider: 'sandbox',
    testMode: true,

    sandbox: {
      async createPaymentMethod(card) {
        return toPaymentMethod(await insertCardMethod(db, card));
      },

      async completeCheckoutSession(id, card) {
        checkCard(card, clock.now());
        const result = await db.transaction(async (tx) => {
          const [session] = await tx
            .select()
            .from(sandboxCheckoutSessions)
            .where(eq(sandboxCheckoutSessions.id, id))
            .for('update');
          if (!session) throw resourceMissing('checkout.session', id);
          if (session.status === 'complete') return { session };
          if (toSession(session).status === 'expired') {
            throw new PaymentError({
              type: 'invalid_request_error',
              code: 'checkout_session_expired',
              message: 'This Checkout Session is no longer active.',
            });
          }
          const method = await insertCardMethod(tx, card);
          let intent = session.paymentIntentId ? await lockIntent(tx, session.paymentIntentId) : undefined;
          if (intent?.status === 'succeeded') {
            const [paid] = await tx
              .update(sandboxCheckoutSessions)
              .set({ status: 'complete', paymentStatus: 'paid' })
              .where(eq(sandboxCheckoutSessions.id, id))
              .returning();
            return { session: paid ?? session };
          }
          if (intent?.status !== 'requires_payment_method') {
            [intent] = await tx
              .insert(sandboxPaymentIntents)
              .values({
                id: newId('pi'),
                amount: session.amountTotal,
                currency: session.currency,
                status: 'requires_payment_method',
                captureMethod: 'automatic',
                paymentMethodTypes: ['card'],
                metadata: { checkout_session: session.id },
                createdAt: clock.now(),
              })
              .returning();
            if (!intent) throw new Error('payment intent insert returned nothing');
          }
          const paid = await charge(tx, intent, method);
          const [updated] = await tx
            .update(sandboxCheckoutSessions)
            .set(
              paid.error
                ? { paymentIntentId: intent.id }
                : { paymentIntentId: intent.id, status: 'complete', paymentStatus: 'paid' },
            )
            .where(eq(sandboxCheckoutSessions.id, id))
            .returning();
          return { session: updated ?? session, error: paid.error };
        });
        if (result.error) throw result.error;
        return toSession(result.session);
      },
    },

    async createPaymentIntent(params) {
      checkIntentParams(params);
      if (params.confirm && params.paymentMethodId) {
        const approved = await createApprovedIntent(params, params.paymentMethodId);
        if (approved) return toPaymentIntent(approved);
      }
      const key = params.idempotencyKey;
      if (key) {
        const existing = await intentByKey(key);
        if (existing) return replayIntent(existing, params, key);
      }
      try {
        return await createIntent(params);
      } catch (error) {
        // Two requests with one key at once: the second answers what the first made.
        const existing = key && isUniqueViolation(error) ? await intentByKey(key) : undefined;
        if (existing && key) return replayIntent(existing, params, key);
        throw error;
      }
    },

    async retrievePaymentIntent(id) {
      const [row] = await rowsOf<RawIntentRow>(
        db,
        sql`SELECT ${INTENT_COLUMNS} FROM sandbox_payment_intents WHERE id = ${id}`,
      );
      if (!row) throw resourceMissing('payment_intent', id);
      return toPaymentIntent(intentRow(row));
    },

    async capturePaymentIntent(id, params = {}) {
      if (params.amountToCapture !== undefined)
        checkPositiveAmount(params.amountToCapture, 'amount_to_capture');
      const row =
        (await captureAtOnce(id, params)) ?? (await db.transaction((tx) => captureLocked(tx, id, params)));
      return toPaymentIntent(row);
    },

    async cancelPaymentIntent(id, params = {}) {
      const reason = params.cancellationReason ?? null;
      const row =
        (await cancelAtOnce(id, reason)) ??
        (await db.transaction(async (tx) => cancelLocked(tx, await lockIntent(tx, id), reason)));
      return toPaymentIntent(row);
    },

    async retrievePaymentMethod(id) {
      const [row] = await rowsOf<RawMethodRow>(
        db,
        sql`SELECT ${METHOD_COLUMNS} FROM sandbox_payment_methods WHERE id = ${id}`,
      );
      if (!row) throw resourceMissing('payment_method', id);
      return toPaymentMethod(methodRow(row));
    },

    async createRefund(params) {
      if (!params.idempotencyKey) {
        throw new PaymentError({
          type: 'invalid_request_error',
          param: 'idempotency_key',
          message: 'A refund needs an idempotency key.',
        });
      }
      if (params.amount !== undefined) checkPositiveAmount(params.amount);
      try {
        return await db.transaction(async (tx) => {
          const row = await refundableCharge(tx, params.paymentIntentId);
          // Looked up after the charge is locked: a concurrent retry waits here and finds the refund.
          const [existing] = await tx
            .select()
            .from(sandboxRefunds)
            .where(eq(sandboxRefunds.idempotencyKey, params.idempotencyKey));
          if (existing) return replayRefund(existing, params);
          if (row.paymentMethodType === 'interac_present') throw interacRefundsInPerson();
          const remaining = row.amount - row.amountRefunded;
          if (remaining <= 0) throw alreadyRefunded(row.id);
          const amount = params.amount ?? remaining;
          if (amount > remaining) throw refundTooLarge(amount, remaining);
          return insertRefund(tx, row, amount, params);
        });
      } catch (error) {
        // The key was used at the same moment for another payment: answer what that request made.
        const existing = isUniqueViolation(error) ? await refundByKey(params.idempotencyKey) : undefined;
        if (existing) return replayRefund(existing, params);
        throw error;
      }
    },

    async retrieveCharge(id) {
      const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, id));
      if (!row) throw resourceMissing('charge', id);
      return toSummary(row);
    },

    async searchCharges(filter: ChargeSearch) {
      const conditions: SQL[] = [];
      if (filter.fromAmount !== undefined) conditions.push(gte(sandboxCharges.amount, filter.fromAmount));
      if (filter.toAmount !== undefined) conditions.push(lte(sandboxCharges.amount, filter.toAmount));
      if (filter.fromDate) conditions.push(gte(sandboxCharges.createdAt, filter.fromDate));
      if (filter.toDate) conditions.push(lte(sandboxCharges.createdAt, filter.toDate));
      if (filter.status) conditions.push(eq(sandboxCharges.status, filter.status));
      if (filter.last4) conditions.push(eq(sandboxCharges.last4, filter.last4));
      if (filter.cardType === 'web') conditions.push(eq(sandboxCharges.paymentMethodType, 'card'));
      if (filter.cardType === 'debit') {
        conditions.push(ne(sandboxCharges.paymentMethodType, 'card'), eq(sandboxCharges.funding, 'debit'));
      }
      if (filter.cardType === 'credit') {
        conditions.push(
          ne(sandboxCharges.paymentMethodType, 'card'),
          sql`coalesce(${sandboxCharges.funding}, '') <> 'debit'`,
        );
      }
      const limit = Math.min(Math.max(Math.trunc(filter.limit ?? 100), 1), 100);
      const rows = await db
        .select()
        .from(sandboxCharges)
        .where(and(...conditions))
        .orderBy(desc(sandboxCharges.createdAt), desc(sandboxCharges.id))
        .limit(limit);
      return rows.map(toSummary);
    },

    // ---------------------------------------------------------- readers

    async listReaders() {
      await ready();
      const rows = await db.select().from(sandboxReaders).orderBy(asc(sandboxReaders.id));
      return rows.map(toReader);
    },

    async retrieveReader(id) {
      await ready();
      const [row] = await db.select().from(sandboxReaders).where(eq(sandboxReaders.id, id));
      if (!row) throw resourceMissing('terminal.reader', id);
      return toReader(row);
    },

    async processPaymentIntent(readerId, paymentIntentId) {
      await ready();
      const row = await db.transaction(async (tx) => {
        const reader = await lockReader(tx, readerId);
        if (reader.status !== 'online') throw readerOffline();
        if (reader.action?.status === 'in_progress') throw readerBusy();
        const intent = await lockIntent(tx, paymentIntentId);
        if (!intent.paymentMethodTypes.some((type) => type !== 'card')) {
          throw new PaymentError({
            type: 'invalid_request_error',
            param: 'payment_intent',
            message: 'A reader processes a PaymentIntent whose payment_method_types include card_present.',
          });
        }
        if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
          throw new PaymentError({
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            param: 'payment_intent',
            message: `This PaymentIntent could not be processed because it has a status of ${intent.status}.`,
          });
        }
        return updateReader(tx, readerId, {
          type: 'process_payment_intent',
          status: 'in_progress',
          failure_code: null,
          failure_message: null,
          process_payment_intent: { payment_intent: paymentIntentId },
        });
      });
      return toReader(row);
    },

    async refundPayment(readerId, params: ReaderRefundParams) {
      await ready();
      if (params.amount !== undefined) checkPositiveAmount(params.amount);
      const row = await db.transaction(async (tx) => {
        const reader = await lockReader(tx, readerId);
        if (reader.status !== 'online') throw readerOffline();
        const key = params.idempotencyKey ?? null;
        const current = reader.action;
        // A retried request: the action it started, or the refund it already made.
        if (key && reader.actionIdempotencyKey === key) return reader;
        if (current?.status === 'in_progress') throw readerBusy();
        const charged = await refundableCharge(tx, params.paymentIntentId);
        if (key) {
          const [made] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, key));
          if (made) {
            if (made.paymentIntentId !== params.paymentIntentId) throw idempotencyMismatch(key);
            return reader;
          }
        }
        if (charged.paymentMethodType !== 'interac_present') throw cardRefundsOnline();
        const remaining = charged.amount - charged.amountRefunded;
        if (remaining <= 0) throw alreadyRefunded(charged.id);
        if (params.amount !== undefined && params.amount > remaining)
          throw refundTooLarge(params.amount, remaining);
        return updateReader(
          tx,
          readerId,
          {
            type: 'refund_payment',
            status: 'in_progress',
            failure_code: null,
            failure_message: null,
            refund_payment: {
              payment_intent: params.paymentIntentId,
              charge: charged.id,
              amount: params.amount ?? null,
              refund: null,
            },
          },
          key ?? newId('rdrrefund'),
        );
      });
      return toReader(row);
    },

    async cancelReaderAction(readerId) {
      await ready();
      const row = await db.transaction(async (tx) => {
        const reader = await lockReader(tx, readerId);
        if (reader.status !== 'online') throw readerOffline();
        const action = reader.action;
        // Nothing in progress: a finished action (a payment taken, a refund made) stays as it is.
        if (action?.status !== 'in_progress') return reader;
        const intentId = action.process_payment_intent?.payment_intent;
        if (action.type === 'process_payment_intent' && intentId) {
          const intent = await lockIntent(tx, intentId);
          // Nothing was taken yet: the intent is cancelled. A succeeded one is never touched.
          if (CANCELABLE_STATUSES.includes(intent.status)) await cancelLocked(tx, intent, 'abandoned');
        }
        return updateReader(tx, readerId, null);
      });
      return toReader(row);
    },

    async presentPaymentMethod(readerId, params = {}) {
      await ready();
      const type = params.type ?? 'card_present';
      const row = await db.transaction(async (tx) => {
        const reader = await lockReader(tx, readerId);
        if (reader.status !== 'online') throw readerOffline();
        const action = reader.action;
        if (action?.status !== 'in_progress') {
          throw new PaymentError({
            type: 'invalid_request_error',
            message: 'This reader has no action in progress to present a payment method to.',
          });
        }
        const card = presentedCard(type, params.number);

        if (action.type === 'refund_payment') {
          if (type !== 'interac_present') {
            throw new PaymentError({
              type: 'invalid_request_error',
              param: 'type',
              message: 'An in-person refund takes the Interac card that paid (interac_present).',
            });
          }
          const refundAction = action.refund_payment;
          const charged = await refundableCharge(tx, refundAction?.payment_intent ?? '');
          const key = reader.actionIdempotencyKey;
          const [made] = key
            ? await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, key))
            : [];
          const remaining = charged.amount - charged.amountRefunded;
          const amount = refundAction?.amount ?? remaining;
          let done: ReaderAction;
          if (made) {
            done = { ...action, status: 'succeeded', refund_payment: { ...refundAction!, refund: made.id } };
          } else if (remaining <= 0 || amount > remaining) {
            const error = remaining <= 0 ? alreadyRefunded(charged.id) : refundTooLarge(amount, remaining);
            done = failedAction(action, error);
          } else {
            const refund = await insertRefund(tx, charged, amount, { idempotencyKey: key });
            done = {
              ...action,
              status: 'succeeded',
              refund_payment: { ...refundAction!, refund: refund.id },
            };
          }
          return updateReader(tx, readerId, done, key);
        }

        const intent = await lockIntent(tx, action.process_payment_intent?.payment_intent ?? '');
        if (!intent.paymentMethodTypes.includes(type)) {
          throw new PaymentError({
            type: 'invalid_request_error',
            param: 'type',
            message: `This PaymentIntent does not accept ${type} payments.`,
          });
        }
        if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
          const error = new PaymentError({
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `This PaymentIntent could not be processed because it has a status of ${intent.status}.`,
          });
          return updateReader(tx, readerId, failedAction(action, error));
        }
        const [method] = await tx
          .insert(sandboxPaymentMethods)
          .values({
            id: newId('pm'),
            type: card.type,
            brand: card.brand,
            last4: card.last4,
            funding: card.funding,
            network: card.network,
            country: card.country,
            testOutcome: card.outcome ?? terminalAmountOutcome(intent.amount),
            createdAt: clock.now(),
          })
          .returning();
        if (!method) throw new Error('payment method insert returned nothing');
        const paid = await charge(tx, intent, method);
        const done: ReaderAction = paid.error
          ? failedAction(action, paid.error)
          : { ...action, status: 'succeeded', failure_code: null, failure_message: null };
        return updateReader(tx, readerId, done);
      });
      return toReader(row);
    },

    // ---------------------------------------------------------- checkout, products, prices

    async createCheckoutSession(params: CheckoutSessionParams) {
      await ready();
      if (params.lineItems.length === 0) {
        throw new PaymentError({
          type: 'invalid_request_error',
          param: 'line_items',
          message: 'A checkout session needs at least one line item.',
        });
      }
      params.lineItems.forEach((item, index) => {
        if (!Number.isSafeInteger(item.quantity) || item.quantity < 1 || item.quantity > 999_999) {
          throw new PaymentError({
            type: 'invalid_request_error',
            code: 'parameter_invalid_integer',
            param: `line_items[${index}][quantity]`,
            message: 'This value must be greater than or equal to 1.',
          });
        }
      });
      if (!params.successUrl) {
        throw new PaymentError({
          type: 'invalid_request_error',
          param: 'success_url',
          message: 'Missing required param: success_url.',
        });
      }
      const key = params.idempotencyKey;
      if (key) {
        const existing = await sessionByKey(key);
        if (existing) return toSession(existing);
      }
      const ids = [...new Set(params.lineItems.map((item) => item.priceId))];
      const prices = await db
        .select({
          id: sandboxPrices.id,
          unitAmount: sandboxPrices.unitAmount,
          currency: sandboxPrices.currency,
          name: sandboxProducts.name,
        })
        .from(sandboxPrices)
        .innerJoin(sandboxProducts, eq(sandboxProducts.id, sandboxPrices.productId))
        .where(and(inArray(sandboxPrices.id, ids), eq(sandboxPrices.active, true)));
      const lineItems: CheckoutLineItem[] = params.lineItems.map((item, index) => {
        const price = prices.find((candidate) => candidate.id === item.priceId);
        if (!price) throw resourceMissing('price', item.priceId, `line_items[${index}][price]`);
        return {
          price: price.id,
          quantity: item.quantity,
          amount_total: price.unitAmount * item.quantity,
          description: price.name,
        };
      });
      const amountTotal = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
      checkAmount(amountTotal, 'line_items');
      const now = clock.now();
      try {
        const [row] = await db
          .insert(sandboxCheckoutSessions)
          .values({
            id: newId('cs_test'),
            status: 'open',
            paymentStatus: 'unpaid',
            amountTotal,
            currency: STORE_CURRENCY,
            lineItems,
            successUrl: params.successUrl,
            cancelUrl: params.cancelUrl ?? null,
            metadata: params.metadata ?? {},
            idempotencyKey: key ?? null,
            expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
            createdAt: now,
          })
          .returning();
        if (!row) throw new Error('checkout session insert returned nothing');
        return toSession(row);
      } catch (error) {
        const existing = key && isUniqueViolation(error) ? await sessionByKey(key) : undefined;
        if (existing) return toSession(existing);
        throw error;
      }
    },

    async retrieveCheckoutSession(id) {
      const [row] = await db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, id));
      if (!row) throw resourceMissing('checkout.session', id);
      return toSession(row);
    },

    async listProducts(): Promise<Product[]> {
      await ready();
      const rows = await db
        .select()
        .from(sandboxProducts)
        .where(eq(sandboxProducts.active, true))
        .orderBy(sql`lower(${sandboxProducts.name})`);
      return rows.map((row) => ({ id: row.id, object: 'product', name: row.name, active: row.active }));
    },

    async listPrices(): Promise<Price[]> {
      await ready();
      const rows = await db
        .select()
        .from(sandboxPrices)
        .where(eq(sandboxPrices.active, true))
        .orderBy(asc(sandboxPrices.productId), asc(sandboxPrices.unitAmount));
      return rows.map((row) => ({
        id: row.id,
        object: 'price',
        product: row.productId,
        unit_amount: row.unitAmount,
        currency: row.currency,
        active: row.active,
      }));
    },
  };
}

/** Readers, products and prices with fixed ids: inserting them twice changes nothing. */
async function seed(db: Database): Promise<void> {
  await db
    .insert(sandboxReaders)
    .values(
      SANDBOX_READERS.map((reader) => ({
        id: reader.id,
        label: reader.label,
        deviceType: 'simulated_wisepos_e',
        serialNumber: reader.serial,
        status: reader.status,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(sandboxProducts)
    .values(SANDBOX_PRODUCTS.map((product) => ({ id: product.id, name: product.name })))
    .onConflictDoNothing();
  await db
    .insert(sandboxPrices)
    .values(
      SANDBOX_PRODUCTS.flatMap((product) =>
        product.prices.map((price) => ({
          id: price.id,
          productId: product.id,
          unitAmount: price.amount,
          currency: STORE_CURRENCY,
        })),
      ),
    )
    .onConflictDoNothing();
}
