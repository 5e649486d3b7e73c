/**
 * The sandbox's webhook events: the events Stripe sends for what the gateway just did (a payment
 * authorized, captured, failed or released; a refund; a dispute of the dispute test card; a reader's
 * action; a hosted checkout paid, or expired unpaid),
 * with Stripe's types and objects, signed with the endpoint's secret as Stripe signs them and
 * delivered to the shop's own POST api/stripe/webhook, so that the live path runs with the sandbox
 * too. Deliveries are queued (the call that made the event does not wait for them) and retried
 * a few times when the endpoint does not answer 2xx, as Stripe retries.
 */
import type { Clock } from '../../../lib/clock.ts';
import type {
  ChargeSummary,
  PaymentGateway,
  PaymentIntent,
  Reader,
  Refund,
  SandboxOperations,
} from '../gateway.ts';
import { isPaymentError } from '../gateway.ts';
import { stripeSdk } from '../stripe-sdk.ts';
import { type GatewayEvent, HANDLED_EVENT_TYPES, signWebhook } from '../webhook-events.ts';
import { newId } from './rows.ts';

/** Sends one signed body to the endpoint; answers its HTTP status. */
export type WebhookDelivery = (body: string, signatureHeader: string) => Promise<number>;

export interface SandboxEventsOptions {
  secret: string;
  deliver: WebhookDelivery;
  clock: Clock;
  log: (message: string, error?: unknown) => void;
  /** Waits before each retry of a failed delivery (Stripe waits hours; the sandbox seconds). */
  retryDelaysMs?: readonly number[];
  /** How often sessions past their expiry are expired (checkout.session.expired); default a minute. */
  expiryIntervalMs?: number;
}

export interface SandboxEvents {
  /** The gateway, sending an event for each change it makes. */
  gateway: PaymentGateway;
  /** Resolves once every event made so far was delivered (or given up on): for tests. */
  idle(): Promise<void>;
  /** The app is closing: events not delivered yet are dropped, those being delivered finish. */
  close(): Promise<void>;
}

const DEFAULT_RETRY_DELAYS_MS = [200, 1_000, 5_000];
/**
 * Deliveries in flight at once at most. One at a time fell minutes behind a busy shop (about 15 a
 * second delivered against 100 orders a second made), its queue growing in memory.
 */
const DELIVERIES_AT_ONCE = 8;
const DEFAULT_EXPIRY_INTERVAL_MS = 60_000;
const HANDLED: ReadonlySet<string> = new Set(HANDLED_EVENT_TYPES);

/** Stripe's Charge, from what the gateway knows of it (its refund search row). */
function chargeObject(summary: ChargeSummary): Record<string, unknown> {
  return {
    id: summary.chargeId,
    object: 'charge',
    amount: summary.amount,
    amount_captured: summary.amountCaptured,
    amount_refunded: summary.amountRefunded,
    captured: summary.captured,
    refunded: summary.refunded,
    currency: 'cad',
    payment_intent: summary.paymentIntentId,
    status: summary.status,
    created: summary.created,
    livemode: false,
  };
}

/**
 * The payment an event's object belongs to (an intent's id; a charge's, refund's, dispute's or
 * session's intent; a reader's action's), or the object's own id: a payment's events are delivered in
 * the order they were made, different payments' side by side.
 */
function laneOf(object: object): string {
  const named = object as {
    id?: unknown;
    payment_intent?: unknown;
    action?: Reader['action'];
  };
  const intent =
    named.payment_intent ??
    named.action?.process_payment_intent?.payment_intent ??
    named.action?.refund_payment?.payment_intent;
  if (typeof intent === 'string') return intent;
  return typeof named.id === 'string' ? named.id : '';
}

export function withSandboxEvents(inner: PaymentGateway, options: SandboxEventsOptions): SandboxEvents {
  const { secret, deliver, clock, log } = options;
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  /** Each payment's queue of deliveries and work, the last one queued; gone once it has run. */
  const lanes = new Map<string, Promise<void>>();
  let closed = false;
  /** End the waits before a retry at once (the app is closing). */
  const wakeUps = new Set<() => void>();
  let delivering = 0;
  const waitingToDeliver: (() => void)[] = [];

  /**
   * One request to the endpoint, at most DELIVERIES_AT_ONCE at once; undefined when the app closed
   * while it waited for its turn (it is dropped, as the events not sent yet are).
   */
  async function deliverOnce(body: string, header: string): Promise<number | undefined> {
    while (delivering >= DELIVERIES_AT_ONCE) {
      await new Promise<void>((resolve) => waitingToDeliver.push(resolve));
    }
    if (closed) {
      waitingToDeliver.shift()?.();
      return undefined;
    }
    delivering++;
    try {
      return await deliver(body, header);
    } finally {
      delivering--;
      waitingToDeliver.shift()?.();
    }
  }

  async function deliverWithRetries(event: GatewayEvent): Promise<void> {
    const body = JSON.stringify(event, null, 2);
    for (let attempt = 0; !closed; attempt++) {
      try {
        const header = signWebhook(body, secret, Math.floor(clock.now().getTime() / 1000));
        const status = await deliverOnce(body, header);
        if (status === undefined || (status >= 200 && status < 300)) return;
        if (attempt >= retryDelays.length) {
          log(`webhook ${event.type} ${event.id}: the endpoint answered ${status}; given up`);
          return;
        }
      } catch (error) {
        if (attempt >= retryDelays.length) {
          log(`webhook ${event.type} ${event.id} could not be delivered; given up`, error);
          return;
        }
      }
      await new Promise<void>((resolve) => {
        const wakeUp = () => {
          clearTimeout(timer);
          wakeUps.delete(wakeUp);
          resolve();
        };
        const timer = setTimeout(wakeUp, retryDelays[attempt]);
        wakeUps.add(wakeUp);
      });
    }
  }

  /** Runs a task after everything queued before it in its lane; a failure is logged. */
  function enqueue(lane: string, task: () => Promise<void>): void {
    const queued = (lanes.get(lane) ?? Promise.resolve())
      .then(task)
      .catch((error: unknown) => log('a sandbox event could not be made', error))
      .finally(() => {
        if (lanes.get(lane) === queued) lanes.delete(lane);
      });
    lanes.set(lane, queued);
  }

  /**
   * Queues an event: a payment's events go in the order its changes were made, different payments'
   * side by side, as Stripe sends them. Only the events the endpoint is registered for are sent
   * (HANDLED_EVENT_TYPES, as the README registers them with Stripe).
   */
  function send(type: string, object: object): void {
    if (!HANDLED.has(type)) return;
    const event: GatewayEvent = {
      id: newId('evt'),
      object: 'event',
      type,
      created: Math.floor(clock.now().getTime() / 1000),
      livemode: false,
      api_version: stripeSdk().API_VERSION,
      data: { object: { ...object } },
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    enqueue(laneOf(object), () => deliverWithRetries(event));
  }

  /**
   * A payment taken with the dispute test card was disputed (the sandbox opens it at the capture):
   * charge.dispute.created and charge.dispute.funds_withdrawn, as Stripe sends them. Looked up only
   * when this capture opened one, so a replayed capture announces nothing again.
   */
  function disputeEvents(paymentIntentId: string): void {
    if (!inner.sandbox?.takeOpenedDispute(paymentIntentId)) return;
    // Queued behind the payment's own events: the call that made the change does not wait for it.
    enqueue(paymentIntentId, async () => {
      // A chargeback (the sandbox opens no inquiries): opened, and the money taken from the shop.
      for (const dispute of await inner.listDisputes({ paymentIntentId })) {
        send('charge.dispute.created', dispute);
        send('charge.dispute.funds_withdrawn', dispute);
      }
    });
  }

  /** An event about an intent as it is now (the sandbox's own state, not the caller's copy). */
  async function sendIntent(type: string, id: string): Promise<PaymentIntent | undefined> {
    const intent = await inner.retrievePaymentIntent(id).catch(() => undefined);
    if (intent) send(type, intent);
    return intent;
  }

  function intentEvents(intent: PaymentIntent): void {
    if (intent.status === 'succeeded') {
      send('payment_intent.succeeded', intent);
      disputeEvents(intent.id);
    } else if (intent.status === 'requires_capture') send('payment_intent.amount_capturable_updated', intent);
    else if (intent.status === 'canceled') send('payment_intent.canceled', intent);
  }

  async function refundEvents(refund: Refund): Promise<void> {
    send('refund.created', refund);
    if (!refund.charge) return;
    const charge = await inner.retrieveCharge(refund.charge).catch(() => undefined);
    if (charge) send('charge.refunded', chargeObject(charge));
  }

  /** A reader's action finished: its event, and the events of the payment or refund it made. */
  async function readerEvents(reader: Reader): Promise<void> {
    const action = reader.action;
    if (!action || action.status === 'in_progress') return;
    send(
      action.status === 'succeeded' ? 'terminal.reader.action_succeeded' : 'terminal.reader.action_failed',
      reader,
    );
    const intentId = action.process_payment_intent?.payment_intent;
    if (intentId) {
      const intent = await inner.retrievePaymentIntent(intentId).catch(() => undefined);
      if (!intent) return;
      if (action.status === 'failed') send('payment_intent.payment_failed', intent);
      else intentEvents(intent);
    }
    const refundId = action.refund_payment?.refund;
    if (refundId && action.status === 'succeeded') {
      const refund = await inner.retrieveRefund(refundId).catch(() => undefined);
      if (refund) await refundEvents(refund);
    }
  }

  /** A card error on an intent: payment_intent.payment_failed, as Stripe sends it. */
  async function failed(error: unknown): Promise<never> {
    if (isPaymentError(error) && error.type === 'card_error' && error.paymentIntentId) {
      await sendIntent('payment_intent.payment_failed', error.paymentIntentId);
    }
    throw error;
  }

  const innerSandbox = inner.sandbox;
  const sandbox: SandboxOperations | undefined = innerSandbox && {
    createPaymentMethod: (card, options) => innerSandbox.createPaymentMethod(card, options),
    takeOpenedDispute: (paymentIntentId) => innerSandbox.takeOpenedDispute(paymentIntentId),
    async completeCheckoutSession(id, card) {
      const session = await innerSandbox.completeCheckoutSession(id, card);
      if (session.status === 'complete') {
        if (session.payment_intent) {
          await sendIntent('payment_intent.succeeded', session.payment_intent);
          disputeEvents(session.payment_intent);
        }
        send('checkout.session.completed', session);
      }
      return session;
    },
    async expireCheckoutSessions() {
      const expired = await innerSandbox.expireCheckoutSessions();
      for (const session of expired) send('checkout.session.expired', session);
      return expired;
    },
    async authenticatePaymentIntent(id, outcome) {
      const intent = await innerSandbox.authenticatePaymentIntent(id, outcome);
      if (intent.status === 'requires_payment_method') send('payment_intent.payment_failed', intent);
      else intentEvents(intent);
      return intent;
    },
  };

  const gateway: PaymentGateway = {
    ...inner,
    sandbox,
    async createPaymentIntent(params) {
      const intent = await inner.createPaymentIntent(params).catch(failed);
      if (params.confirm) intentEvents(intent);
      return intent;
    },
    async createPaymentIntentWithMethod(params) {
      const created = await inner.createPaymentIntentWithMethod(params).catch(failed);
      if (params.confirm) intentEvents(created.intent);
      return created;
    },
    async capturePaymentIntent(id, params) {
      const intent = await inner.capturePaymentIntent(id, params);
      intentEvents(intent);
      return intent;
    },
    async cancelPaymentIntent(id, params) {
      const intent = await inner.cancelPaymentIntent(id, params);
      send('payment_intent.canceled', intent);
      return intent;
    },
    async createRefund(params) {
      const refund = await inner.createRefund(params);
      await refundEvents(refund);
      return refund;
    },
    async presentPaymentMethod(readerId, params) {
      const reader = await inner.presentPaymentMethod(readerId, params);
      await readerEvents(reader);
      return reader;
    },
    async cancelReaderAction(readerId) {
      const before = await inner.retrieveReader(readerId).catch(() => undefined);
      const reader = await inner.cancelReaderAction(readerId);
      const intentId = before?.action?.process_payment_intent?.payment_intent;
      if (intentId) {
        const intent = await inner.retrievePaymentIntent(intentId).catch(() => undefined);
        if (intent?.status === 'canceled') send('payment_intent.canceled', intent);
      }
      return reader;
    },
  };

  // Stripe expires a hosted checkout at its time and says so; the sandbox looks every minute.
  const expiry = setInterval(() => {
    sandbox
      ?.expireCheckoutSessions()
      .catch((error: unknown) => log('expiring checkout sessions failed', error));
  }, options.expiryIntervalMs ?? DEFAULT_EXPIRY_INTERVAL_MS);
  expiry.unref();

  return {
    gateway,
    async idle() {
      while (lanes.size > 0) await Promise.all(lanes.values());
    },
    async close() {
      closed = true;
      clearInterval(expiry);
      for (const wakeUp of wakeUps) wakeUp();
      await Promise.all(lanes.values());
    },
  };
}
