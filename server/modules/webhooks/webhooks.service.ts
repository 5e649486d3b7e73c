/**
 * The card processor's webhook (POST api/stripe/webhook; issue "Going live with Stripe"): what the
 * shop learns from the processor rather than from the browser that paid. Each delivery's signature
 * is checked against the endpoint's secret; each event is processed once (its id stored in
 * stripe_events: a redelivery answers at once and changes nothing); what an event changes in the
 * shop's own tables is written in one transaction with the event's "processed" mark. An event whose
 * processing failed is answered 500 and left unprocessed, so the processor delivers it again.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  DISPUTE_CLOSED_OUTCOMES,
  DISPUTE_CLOSED_STATUSES,
  type DisputeClosedStatus,
  isOpenInquiry,
} from '../../../domain/admin/orders.ts';
import { formatMoney } from '../../../domain/money.ts';
import type { Database, Tx } from '../../db/database.ts';
import { stripeEvents } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { errorMessage } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import type { PaymentGateway } from '../../providers/payments/gateway.ts';
import {
  type GatewayEvent,
  verifyWebhook,
  WebhookSignatureError,
} from '../../providers/payments/webhook-events.ts';
import { forgetCartHold } from '../checkout/checkout.queries.ts';
import {
  authorizationCanceled,
  disputeClosed,
  mailStore,
  paymentDisputed,
  refundedByProcessor,
  refundMadeOutside,
  registerRefundReported,
} from '../orders/order-payment-events.ts';
import type { OrderRefunds } from '../orders/order-refunds.service.ts';
import { POS_SOURCE, type PosService } from '../pos/pos.service.ts';
import type { PosCheckoutService } from '../pos/pos-checkout.service.ts';
import { type ReceivedEvent, receivePaymentCaptured } from './webhooks.queries.ts';

export interface WebhooksDeps {
  db: Database;
  payments: PaymentGateway;
  /** The endpoint's signing secret; without one every delivery is refused (503, retried later). */
  secret: string | undefined;
  clock: Clock;
  posCheckout: Pick<PosCheckoutService, 'completeFromWebhook' | 'markExpired'>;
  pos: Pick<PosService, 'recordReaderPayment'>;
  orderRefunds: Pick<OrderRefunds, 'settleFromProcessor'>;
}

export interface WebhookReceipt {
  received: true;
  /** True for a redelivery of an event already processed. */
  duplicate: boolean;
  /** What the shop did, in words. */
  outcome: string;
}

// The parts of each event's object the shop reads (the signature vouches for the rest).
const withId = z.looseObject({ id: z.string() });
const metadata = z.record(z.string(), z.string()).catch({});
const refundObject = z.looseObject({
  id: z.string(),
  status: z.string(),
  amount: z.number().int(),
  payment_intent: z.string().nullable().catch(null),
  failure_reason: z.string().nullable().catch(null),
  metadata,
});
const disputeObject = z.looseObject({
  id: z.string(),
  amount: z.number().int(),
  reason: z.string().catch('general'),
  charge: z.string().nullable().catch(null),
  payment_intent: z.string().nullable().catch(null),
  /** A chargeback (needs_response...) unless it says it is an inquiry (warning_...). */
  status: z.string().catch('needs_response'),
});
const closedDisputeObject = disputeObject.extend({ status: z.string() });
const sessionObject = z.looseObject({ id: z.string(), metadata });
const intentObject = z.looseObject({ id: z.string(), metadata });
const readerObject = z.looseObject({
  id: z.string(),
  action: z
    .looseObject({
      type: z.string(),
      status: z.string(),
      failure_message: z.string().nullable().catch(null),
      process_payment_intent: z.looseObject({ payment_intent: z.string() }).optional(),
    })
    .nullable()
    .catch(null),
});

function objectOf<T extends z.ZodType>(event: GatewayEvent, schema: T): z.output<T> {
  const parsed = schema.safeParse(event.data.object);
  if (!parsed.success) {
    throw new AppError(
      'invalid_event',
      `The ${event.type} event's object is not one the shop can read.`,
      400,
    );
  }
  return parsed.data;
}

/**
 * The id a metadata value names (an order refund, a register refund's cashier, a web payment's
 * client), when it names one: metadata is text, and can be written in the processor's dashboard.
 */
function idIn(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** A change the processor reported that the shop answers with its own conclusion (no retry helps). */
function isSettledRefusal(error: unknown): error is AppError {
  return error instanceof AppError && error.statusCode >= 400 && error.statusCode < 500;
}

export function createWebhooksService(deps: WebhooksDeps) {
  const { db, payments, secret, clock, posCheckout, pos, orderRefunds } = deps;

  /** Marks the event processed, in the transaction that made its changes; false when it already was. */
  async function markProcessed(conn: Database | Tx, id: string, outcome: string): Promise<boolean> {
    const marked = await conn
      .update(stripeEvents)
      .set({ processedAt: sql`now()`, outcome })
      .where(and(eq(stripeEvents.id, id), isNull(stripeEvents.processedAt)))
      .returning({ id: stripeEvents.id });
    return marked.length > 0;
  }

  /** Changes to the shop's own tables, written with the "processed" mark or not at all. */
  async function inTransaction(event: GatewayEvent, change: (tx: Tx) => Promise<string>): Promise<string> {
    return db.transaction(async (tx) => {
      const outcome = await change(tx);
      // Another delivery of this event got here first: roll this one's changes back.
      if (!(await markProcessed(tx, event.id, outcome))) throw new AlreadyProcessed();
      return outcome;
    });
  }

  /** A dispute about a payment that paid no web order (the register's): the owner is e-mailed. */
  async function disputeAtTheCounter(
    tx: Tx,
    paymentIntentId: string,
    news: { what: string; subject: string; lines: string[] },
  ) {
    if (!(await mailStore(tx, news.subject, news.lines))) {
      return `payment ${paymentIntentId} ${news.what} (no web order)`;
    }
    return `payment ${paymentIntentId} ${news.what} (no web order); the owner e-mailed`;
  }

  /** The payment a dispute is about: named on it, or on its charge. */
  async function disputedPayment(dispute: z.output<typeof disputeObject>): Promise<string | null> {
    if (dispute.payment_intent) return dispute.payment_intent;
    return dispute.charge ? (await payments.retrieveCharge(dispute.charge)).paymentIntentId : null;
  }

  /**
   * An event whose processing failed stays unprocessed (the processor delivers it again), with the
   * error for the back office; stored now when its processing was to store it.
   */
  async function recordFailure(event: ReceivedEvent, error: unknown): Promise<void> {
    const outcome = `failed: ${errorMessage(error)}`.slice(0, 1000);
    await db
      .insert(stripeEvents)
      .values({ ...eventRow(event), outcome })
      .onConflictDoUpdate({
        target: stripeEvents.id,
        set: { outcome },
        setWhere: isNull(stripeEvents.processedAt),
      });
  }

  /** What one event does; answers its outcome once it is marked processed. */
  async function process(event: GatewayEvent): Promise<string> {
    const finish = async (outcome: string) => {
      await markProcessed(db, event.id, outcome);
      return outcome;
    };
    switch (event.type) {
      case 'payment_intent.succeeded': {
        // The register records the payment from the processor's whole intent, as it is now (a web
        // order's is received by receivePaymentCaptured).
        const paid = await payments.retrievePaymentIntentWithCharge(objectOf(event, intentObject).id);
        return finish(await pos.recordReaderPayment(paid, null));
      }
      case 'payment_intent.canceled': {
        const intent = objectOf(event, intentObject);
        const clientId = idIn(intent.metadata.client_id);
        return inTransaction(event, async (tx) => {
          // Released in the processor's dashboard, say: the client's cart places no order from it.
          if (clientId !== undefined) await forgetCartHold(tx, intent.id, clientId);
          return authorizationCanceled(tx, intent.id);
        });
      }
      case 'payment_intent.payment_failed': {
        const intent = await payments.retrievePaymentIntent(objectOf(event, withId).id);
        return finish(
          `payment ${intent.id} failed: ${intent.last_payment_error?.message ?? 'no reason given'}`,
        );
      }
      case 'charge.refunded': {
        const charge = await payments.retrieveCharge(objectOf(event, withId).id);
        const intentId = charge.paymentIntentId;
        if (!intentId) return finish(`charge ${charge.chargeId} has no payment`);
        return inTransaction(event, (tx) =>
          refundedByProcessor(tx, intentId, charge.chargeId, charge.amountRefunded),
        );
      }
      case 'refund.created':
      case 'refund.updated': {
        const refund = objectOf(event, refundObject);
        const orderRefundId = idIn(refund.metadata.order_refund);
        if (orderRefundId !== undefined) {
          return finish(
            await orderRefunds.settleFromProcessor(
              orderRefundId,
              refund.id,
              refund.status,
              refund.failure_reason,
            ),
          );
        }
        const paymentIntentId = refund.payment_intent;
        if (refund.metadata.source === POS_SOURCE) {
          if (!paymentIntentId) return finish(`refund ${refund.id} made by the register names no payment`);
          return inTransaction(event, (tx) =>
            registerRefundReported(tx, {
              id: refund.id,
              amount: refund.amount,
              paymentIntentId,
              status: refund.status,
              failureReason: refund.failure_reason,
              forReturn: refund.metadata.pos_return !== undefined,
              madeBy: idIn(refund.metadata.pos_user),
            }),
          );
        }
        if (!paymentIntentId) return finish(`refund ${refund.id} made outside the shop names no payment`);
        return inTransaction(event, (tx) =>
          refundMadeOutside(tx, {
            id: refund.id,
            amount: refund.amount,
            paymentIntentId,
            status: refund.status,
            failureReason: refund.failure_reason,
          }),
        );
      }
      case 'charge.dispute.created':
      case 'charge.dispute.funds_withdrawn': {
        const dispute = objectOf(event, disputeObject);
        const intentId = await disputedPayment(dispute);
        if (!intentId) return finish(`dispute ${dispute.id} names no payment`);
        return inTransaction(event, async (tx) => {
          const outcome = await paymentDisputed(tx, intentId, dispute);
          if (outcome !== 'no web order') return outcome;
          // A register payment's dispute is told to the owner once, when it opens: the shop keeps no
          // state of it to tell a chargeback's own withdrawal from an inquiry's escalation.
          if (event.type === 'charge.dispute.funds_withdrawn') {
            return `payment ${intentId}: money withdrawn for dispute ${dispute.id} (no web order)`;
          }
          const inquiry = isOpenInquiry(dispute.status);
          const amount = formatMoney(dispute.amount);
          const reason = dispute.reason.replaceAll('_', ' ');
          return disputeAtTheCounter(tx, intentId, {
            what: inquiry ? 'asked about by the bank' : 'disputed',
            subject: inquiry ? "The client's bank asked about a card payment" : 'A card payment was disputed',
            lines: [
              inquiry
                ? `The client's bank asked about the card payment ${intentId} (${amount}): ${reason}. No money was taken back yet.`
                : `The card payment ${intentId} (${amount}) was disputed: ${reason}.`,
              "Answer it with your evidence in the card processor's dashboard before the deadline it gives.",
            ],
          });
        });
      }
      case 'charge.dispute.closed': {
        const dispute = objectOf(event, closedDisputeObject);
        if (!isClosedStatus(dispute.status)) {
          return finish(`dispute ${dispute.id} is ${dispute.status}, not closed`);
        }
        const status = dispute.status;
        const intentId = await disputedPayment(dispute);
        if (!intentId) return finish(`dispute ${dispute.id} names no payment`);
        return inTransaction(event, async (tx) => {
          const outcome = await disputeClosed(tx, intentId, { ...dispute, status });
          if (outcome !== 'no web order') return outcome;
          const ended = DISPUTE_CLOSED_OUTCOMES[status];
          return disputeAtTheCounter(tx, intentId, {
            what: `dispute ${ended}`,
            subject: `A card payment's dispute was ${ended}`,
            lines: [
              `The dispute ${dispute.id} of the card payment ${intentId} (${formatMoney(dispute.amount)}) was ${ended}.`,
            ],
          });
        });
      }
      case 'checkout.session.completed': {
        const session = objectOf(event, sessionObject);
        if (session.metadata.source !== POS_SOURCE)
          return finish(`session ${session.id} is not a POS checkout`);
        try {
          const sale = await posCheckout.completeFromWebhook(session.id);
          return finish(
            sale ? `POS sale ${sale.id} recorded` : `session ${session.id} is not one of this shop's`,
          );
        } catch (error) {
          if (isSettledRefusal(error)) return finish(`session ${session.id}: ${error.message}`);
          throw error;
        }
      }
      case 'checkout.session.expired': {
        const session = objectOf(event, sessionObject);
        const ours = await posCheckout.markExpired(session.id);
        return finish(
          ours ? `session ${session.id} expired unpaid` : `session ${session.id} is not one of this shop's`,
        );
      }
      case 'terminal.reader.action_succeeded': {
        const reader = objectOf(event, readerObject);
        const intentId = reader.action?.process_payment_intent?.payment_intent;
        if (!intentId) return finish(`reader ${reader.id}: ${reader.action?.type ?? 'action'} succeeded`);
        const paid = await payments.retrievePaymentIntentWithCharge(intentId);
        return finish(await pos.recordReaderPayment(paid, reader.id));
      }
      case 'terminal.reader.action_failed': {
        const reader = objectOf(event, readerObject);
        return finish(
          `reader ${reader.id}: ${reader.action?.type ?? 'action'} failed: ${reader.action?.failure_message ?? 'no reason given'}`,
        );
      }
      default:
        return finish(`${event.type} is not an event the shop acts on`);
    }
  }

  return {
    /** One delivery: its signature checked, the event stored once and processed. */
    async receive(rawBody: Buffer, signatureHeader: string | undefined): Promise<WebhookReceipt> {
      if (!secret) {
        throw new AppError(
          'webhook_not_configured',
          'STRIPE_WEBHOOK_SECRET is not set: the shop cannot check who sent this event.',
          503,
        );
      }
      let event: GatewayEvent;
      try {
        event = verifyWebhook(rawBody, signatureHeader, secret, clock.now());
      } catch (error) {
        if (error instanceof WebhookSignatureError)
          throw new AppError('invalid_signature', error.message, 400);
        throw error;
      }
      const received = receivedEvent(event);
      const webOrderPayment = webOrderPaymentOf(event);
      if (webOrderPayment) {
        try {
          const [captured] = await receivePaymentCaptured(db, received, webOrderPayment);
          if (!captured) throw new Error('the event was not stored');
          return { received: true, duplicate: !captured.marked, outcome: captured.outcome };
        } catch (error) {
          await recordFailure(received, error);
          throw error;
        }
      }
      const [stored] = await db
        .insert(stripeEvents)
        .values(eventRow(received))
        .onConflictDoUpdate({
          target: stripeEvents.id,
          set: { deliveries: sql`${stripeEvents.deliveries} + 1` },
        })
        .returning({ processedAt: stripeEvents.processedAt, outcome: stripeEvents.outcome });
      if (stored?.processedAt) return { received: true, duplicate: true, outcome: stored.outcome ?? '' };
      try {
        return { received: true, duplicate: false, outcome: await process(event) };
      } catch (error) {
        if (error instanceof AlreadyProcessed)
          return { received: true, duplicate: true, outcome: 'processed by another delivery' };
        await recordFailure(received, error);
        throw error;
      }
    },
  };
}

function receivedEvent(event: GatewayEvent): ReceivedEvent {
  return { id: event.id, type: event.type, livemode: event.livemode, created: event.created, payload: event };
}

function eventRow(event: ReceivedEvent) {
  return {
    id: event.id,
    type: event.type,
    livemode: event.livemode,
    eventCreatedAt: new Date(event.created * 1000),
    payload: event.payload as Record<string, unknown>,
  };
}

/**
 * The payment a payment_intent.succeeded is about when it is a web order's (not the register's):
 * stored and processed in one statement. Undefined for any other event, or an object the shop cannot
 * read (the general path words that).
 */
function webOrderPaymentOf(event: GatewayEvent): string | undefined {
  if (event.type !== 'payment_intent.succeeded') return undefined;
  const intent = intentObject.safeParse(event.data.object);
  return intent.success && intent.data.metadata.source !== POS_SOURCE ? intent.data.id : undefined;
}

function isClosedStatus(status: string): status is DisputeClosedStatus {
  return (DISPUTE_CLOSED_STATUSES as readonly string[]).includes(status);
}

class AlreadyProcessed extends Error {
  constructor() {
    super('the event was processed by another delivery');
  }
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
