import { asc, eq } from 'drizzle-orm';
import { sandboxPaymentMethods, sandboxReaders, sandboxRefunds } from '../../../db/schema.ts';
import {
  alreadyRefunded,
  CANCELABLE_STATUSES,
  cardRefundsOnline,
  checkPositiveAmount,
  idempotencyMismatch,
  readerBusy,
  readerOffline,
  refundTooLarge,
  resourceMissing,
} from '../errors.ts';
import { PaymentError, type PaymentGateway, type ReaderAction, type ReaderRefundParams } from '../gateway.ts';
import { presentedCard, terminalAmountOutcome } from '../test-cards.ts';
import type { SandboxContext } from './context.ts';
import type { Ledger } from './ledger.ts';
import { failedAction, newId, toReader } from './rows.ts';

/** Stripe's test-mode registration code for a simulated WisePOS E. */
export const SIMULATED_REGISTRATION_CODE = 'simulated-wpe';

type TerminalOperations = Pick<
  PaymentGateway,
  | 'listReaders'
  | 'retrieveReader'
  | 'createReader'
  | 'updateReader'
  | 'processPaymentIntent'
  | 'refundPayment'
  | 'cancelReaderAction'
  | 'presentPaymentMethod'
>;

/** The simulated Terminal readers: their actions, kept in their rows, and a card presented to them. */
export function createTerminalOperations(
  { db, clock, ready }: SandboxContext,
  ledger: Ledger,
): TerminalOperations {
  const { lockIntent, lockReader, updateReader, charge, cancelLocked, refundableCharge, insertRefund } =
    ledger;
  return {
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

    /** Stripe's test registration codes make simulated readers; anything else is refused as Stripe does. */
    async createReader({ registration_code, label }) {
      await ready();
      if (registration_code !== SIMULATED_REGISTRATION_CODE) {
        throw new PaymentError({
          type: 'invalid_request_error',
          param: 'registration_code',
          message: `The registration code ${registration_code} is invalid. In test mode, use ${SIMULATED_REGISTRATION_CODE} for a simulated reader.`,
        });
      }
      const [row] = await db
        .insert(sandboxReaders)
        .values({
          id: newId('tmr'),
          label,
          deviceType: 'simulated_wisepos_e',
          serialNumber: `SBX-WPE-${Date.now().toString(36).toUpperCase()}`,
          status: 'online',
        })
        .returning();
      if (!row) throw new Error('insert returned no reader');
      return toReader(row);
    },

    async updateReader(id, { label }) {
      await ready();
      const [row] = await db
        .update(sandboxReaders)
        .set({ label, updatedAt: clock.now() })
        .where(eq(sandboxReaders.id, id))
        .returning();
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
              metadata: params.metadata ?? {},
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
            const refund = await insertRefund(tx, charged, amount, {
              idempotencyKey: key,
              metadata: refundAction?.metadata,
            });
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
  };
}
