/** The sandbox's rows and Stripe's objects made of them: ids, row types, the mapping, raw rows. */
import { createHash, randomBytes } from 'node:crypto';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { COMMIT_WITHOUT_WAITING } from '../../../db/database.ts';
import {
  type sandboxCharges,
  type sandboxCheckoutSessions,
  type sandboxDisputes,
  sandboxPaymentIntents,
  sandboxPaymentMethods,
  type sandboxReaders,
  type sandboxRefunds,
} from '../../../db/schema.ts';
import type {
  BillingDetails,
  CardInput,
  ChargeSummary,
  Dispute,
  PaymentError,
  PaymentIntent,
  PaymentMethod,
  Reader,
  ReaderAction,
  Refund,
} from '../gateway.ts';

export type IntentRow = typeof sandboxPaymentIntents.$inferSelect;
export type ChargeRow = typeof sandboxCharges.$inferSelect;
export type MethodRow = typeof sandboxPaymentMethods.$inferSelect;
export type ReaderRow = typeof sandboxReaders.$inferSelect;
export type SessionRow = typeof sandboxCheckoutSessions.$inferSelect;
export type DisputeRow = typeof sandboxDisputes.$inferSelect;

/** Where the sandbox's hosted checkout page lives (a web route, built by the POS developers). */
export const SANDBOX_CHECKOUT_PATH = '/#/sandbox-checkout/';
export const SESSION_LIFETIME_MS = 24 * 3_600_000;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function newId(prefix: string): string {
  const bytes = randomBytes(24);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${id}`;
}

export const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Stripe's `pi_..._secret_...`. The sandbox's is derived from the id (test mode: nothing to guard);
 * its challenge checks who asks through the intent's owner, not through this secret.
 */
export function clientSecretOf(intentId: string): string {
  return `${intentId}_secret_${createHash('sha256').update(intentId).digest('hex').slice(0, 24)}`;
}

// ---------------------------------------------------------------- rows to Stripe's objects

export function toPaymentIntent(row: IntentRow): PaymentIntent {
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
    next_action: row.status === 'requires_action' ? { type: 'use_stripe_sdk' } : null,
    client_secret: clientSecretOf(row.id),
    metadata: row.metadata,
    receipt_email: row.receiptEmail,
    cancellation_reason: row.cancellationReason,
    canceled_at: row.canceledAt ? seconds(row.canceledAt) : null,
    created: seconds(row.createdAt),
    livemode: false,
  };
}

export function toPaymentMethod(row: MethodRow): PaymentMethod {
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

export function toRefund(row: typeof sandboxRefunds.$inferSelect): Refund {
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

export function toDispute(row: DisputeRow): Dispute {
  return {
    id: row.id,
    object: 'dispute',
    amount: row.amount,
    charge: row.chargeId,
    payment_intent: row.paymentIntentId,
    currency: row.currency,
    reason: row.reason,
    status: row.status,
    created: seconds(row.createdAt),
  };
}

export function toReader(row: ReaderRow): Reader {
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

const AUTH_CODE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * The network's authorization code of a succeeded in-person charge, as a reader prints it: six
 * uppercase letters and digits. Derived from the charge's id, so it never changes and needs no column.
 */
export function authorizationCode(row: ChargeRow): string | null {
  if (row.status !== 'succeeded' || row.paymentMethodType === 'card') return null;
  const digest = createHash('sha256').update(row.id).digest();
  let code = '';
  for (const byte of digest.subarray(0, 6)) code += AUTH_CODE_CHARS[byte % AUTH_CODE_CHARS.length];
  return code;
}

export function toSummary(row: ChargeRow): ChargeSummary {
  return {
    chargeId: row.id,
    paymentIntentId: row.paymentIntentId,
    amount: row.amount,
    amountCaptured: row.amountCaptured,
    amountRefunded: row.amountRefunded,
    refunded: row.amountRefunded >= row.amount,
    captured: row.captured,
    brand: row.brand,
    network: row.network,
    source: row.paymentMethodType,
    country: row.country,
    last4: row.last4,
    authorizationCode: authorizationCode(row),
    created: seconds(row.createdAt),
    status: row.status,
  };
}

export function billingDetails(input: CardInput['billing_details']): BillingDetails {
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

export function failedAction(action: ReaderAction, error: PaymentError): ReaderAction {
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

export const INTENT_COLUMNS = columnsOf(sandboxPaymentIntents);
export const METHOD_COLUMNS = columnsOf(sandboxPaymentMethods);

/**
 * Joined to a statement the sandbox runs on its own: its commit does not wait for the disk
 * (docs/decisions/031). The sandbox's writes are the processor's, and the shop records them after:
 * the shop's next write (the cart's hold after an authorization, the paid mark after a capture)
 * waits for the disk and, the log being written in order, puts the sandbox's write there first.
 * Not a cancel's: no write of the shop's follows it.
 */
export const COMMITTED_LIKE_THE_PROCESSOR = sql`(SELECT ${COMMIT_WITHOUT_WAITING}) committed_without_waiting`;

// Raw statements answer timestamptz as PostgreSQL's text on both drivers (Drizzle turns their
// parsing off and parses in the query builder instead).
export type RawIntentRow = Omit<IntentRow, 'createdAt' | 'canceledAt'> & {
  createdAt: string;
  canceledAt: string | null;
};
export type RawMethodRow = Omit<MethodRow, 'createdAt'> & { createdAt: string };

export function intentRow(raw: RawIntentRow): IntentRow {
  return {
    ...raw,
    createdAt: new Date(raw.createdAt),
    canceledAt: raw.canceledAt === null ? null : new Date(raw.canceledAt),
  };
}

export function methodRow(raw: RawMethodRow): MethodRow {
  return { ...raw, createdAt: new Date(raw.createdAt) };
}
