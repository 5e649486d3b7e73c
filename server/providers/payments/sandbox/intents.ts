import { and, asc, desc, eq, gte, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/database.ts';
import {
  sandboxCharges,
  sandboxDisputes,
  sandboxPaymentIntents,
  sandboxPaymentMethods,
  sandboxRefunds,
} from '../../../db/schema.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import {
  alreadyRefunded,
  checkAmount,
  checkPositiveAmount,
  idempotencyMismatch,
  interacRefundsInPerson,
  refundTooLarge,
  resourceMissing,
} from '../errors.ts';
import {
  type ChargeSearch,
  type CreatePaymentIntentParams,
  PaymentError,
  type PaymentGateway,
  type PaymentIntent,
  type PaymentMethodType,
  STORE_CURRENCY,
} from '../gateway.ts';
import type { SandboxContext } from './context.ts';
import type { FastPaths } from './fast-paths.ts';
import type { Ledger } from './ledger.ts';
import {
  INTENT_COLUMNS,
  type IntentRow,
  intentRow,
  METHOD_COLUMNS,
  type MethodRow,
  methodRow,
  newId,
  type RawIntentRow,
  type RawMethodRow,
  toDispute,
  toPaymentIntent,
  toPaymentMethod,
  toRefund,
  toSummary,
} from './rows.ts';

type IntentOperations = Pick<
  PaymentGateway,
  | 'createPaymentIntent'
  | 'createPaymentIntentWithMethod'
  | 'retrievePaymentIntent'
  | 'capturePaymentIntent'
  | 'cancelPaymentIntent'
  | 'retrievePaymentIntentWithMethod'
  | 'retrievePaymentIntentWithCharge'
  | 'createRefund'
  | 'retrieveRefund'
  | 'retrieveCharge'
  | 'searchCharges'
  | 'listCharges'
  | 'listRefunds'
  | 'listDisputes'
>;

/** Payment intents, payment methods, refunds and charges, as Stripe's API answers them. */
export function createIntentOperations(
  { db, clock }: SandboxContext,
  ledger: Ledger,
  fast: FastPaths,
): IntentOperations {
  const { lockIntent, charge, cancelLocked, refundableCharge, insertRefund, replayRefund, refundByKey } =
    ledger;
  const { createApprovedIntent, captureAtOnce, cancelAtOnce, captureLocked } = fast;

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

  /**
   * Creates an intent: a card that pays in one statement (createApprovedIntent, which answers its
   * method too), anything else in createIntent's transaction, or the key's earlier answer.
   */
  async function createOrReplay(
    params: CreatePaymentIntentParams,
  ): Promise<PaymentIntent | { intent: IntentRow; method: MethodRow }> {
    checkIntentParams(params);
    if (params.confirm && params.paymentMethodId) {
      const approved = await createApprovedIntent(params, params.paymentMethodId);
      if (approved) return approved;
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
  }

  const operations: IntentOperations = {
    async createPaymentIntent(params) {
      const created = await createOrReplay(params);
      return 'method' in created ? toPaymentIntent(created.intent) : created;
    },

    async createPaymentIntentWithMethod(params) {
      const created = await createOrReplay(params);
      if ('method' in created) {
        return { intent: toPaymentIntent(created.intent), paymentMethod: toPaymentMethod(created.method) };
      }
      // Declined, waiting for 3-D Secure, replayed: not the storefront's usual path, asked again.
      return operations.retrievePaymentIntentWithMethod(created.id);
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

    async retrievePaymentIntentWithMethod(id) {
      const [row] = await rowsOf<RawIntentRow & { method: RawMethodRow | null }>(
        db,
        sql`SELECT ${INTENT_COLUMNS},
              (SELECT row_to_json(m) FROM (SELECT ${METHOD_COLUMNS} FROM sandbox_payment_methods
                WHERE id = pi.payment_method_id) m) AS method
            FROM sandbox_payment_intents pi WHERE pi.id = ${id}`,
      );
      if (!row) throw resourceMissing('payment_intent', id);
      const { method, ...intent } = row;
      return {
        intent: toPaymentIntent(intentRow(intent)),
        paymentMethod: method ? toPaymentMethod(methodRow(method)) : null,
      };
    },

    async retrievePaymentIntentWithCharge(id) {
      const [row] = await db
        .select({ intent: sandboxPaymentIntents, charge: sandboxCharges })
        .from(sandboxPaymentIntents)
        .leftJoin(sandboxCharges, eq(sandboxCharges.id, sandboxPaymentIntents.latestChargeId))
        .where(eq(sandboxPaymentIntents.id, id));
      if (!row) throw resourceMissing('payment_intent', id);
      return { intent: toPaymentIntent(row.intent), charge: row.charge ? toSummary(row.charge) : null };
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

    async retrieveRefund(id) {
      const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.id, id));
      if (!row) throw resourceMissing('refund', id);
      return toRefund(row);
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

    async listCharges({ from, to }) {
      const rows = await db
        .select()
        .from(sandboxCharges)
        .where(and(gte(sandboxCharges.createdAt, from), lt(sandboxCharges.createdAt, to)))
        .orderBy(asc(sandboxCharges.createdAt), asc(sandboxCharges.id));
      return rows.map(toSummary);
    },

    async listRefunds({ from, to }) {
      const rows = await db
        .select()
        .from(sandboxRefunds)
        .where(and(gte(sandboxRefunds.createdAt, from), lt(sandboxRefunds.createdAt, to)))
        .orderBy(asc(sandboxRefunds.createdAt), asc(sandboxRefunds.id));
      return rows.map(toRefund);
    },

    async listDisputes({ created, paymentIntentId }) {
      const conditions: SQL[] = [];
      if (created) {
        conditions.push(
          gte(sandboxDisputes.createdAt, created.from),
          lt(sandboxDisputes.createdAt, created.to),
        );
      }
      if (paymentIntentId) conditions.push(eq(sandboxDisputes.paymentIntentId, paymentIntentId));
      const rows = await db
        .select()
        .from(sandboxDisputes)
        .where(and(...conditions))
        .orderBy(asc(sandboxDisputes.createdAt), asc(sandboxDisputes.id));
      return rows.map(toDispute);
    },
  };
  return operations;
}
