/**
 * The PaymentGateway on Stripe's official SDK, chosen when STRIPE_SECRET_KEY is set. SDK errors
 * become PaymentErrors with Stripe's type, code and text. The few rules Stripe leaves to us are
 * checked here as the sandbox checks them: Interac refunds only through a reader, card refunds
 * online, and cancelling a reader's action cancels the intent when nothing was taken.
 */
import Stripe from 'stripe';
import { cardRefundsOnline, interacRefundsInPerson, testModeOnly } from './errors.ts';
import {
  type BillingDetails,
  type CardDetails,
  CHARGE_STATUSES,
  CHECKOUT_PAYMENT_STATUSES,
  CHECKOUT_SESSION_STATUSES,
  type Charge,
  type ChargeSearch,
  type ChargeSummary,
  type CheckoutSession,
  type LastPaymentError,
  PAYMENT_ERROR_TYPES,
  PAYMENT_INTENT_STATUSES,
  PAYMENT_METHOD_TYPES,
  PaymentError,
  type PaymentErrorType,
  type PaymentGateway,
  type PaymentIntent,
  type PaymentMethod,
  type PaymentMethodDetails,
  type Price,
  type Product,
  READER_ACTION_STATUSES,
  READER_ACTION_TYPES,
  REFUND_STATUSES,
  type Reader,
  type ReaderAction,
  type Refund,
  STORE_CURRENCY,
} from './gateway.ts';

export interface StripeGatewayOptions {
  secretKey: string;
  testMode: boolean;
  /** For tests against a local fake endpoint: the SDK takes a host, port and protocol. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** The SDK retries network failures with an idempotency key; default 2. */
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

/** How many pages of 100 charges a search reads at most before it stops looking. */
const SEARCH_PAGES = 10;
const PAYABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture'];

type Expandable = string | { id: string } | null | undefined;
const idOf = (value: Expandable): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/** Drops undefined values, so that the SDK sends only what was given. */
function compact<T extends object>(value: T): T {
  // Object.fromEntries types its result as a plain record; dropping keys keeps it a T.
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function isKnown<T extends string>(values: readonly T[], value: string): value is T {
  return values.some((known) => known === value);
}

/**
 * A value of one of the SDK's open enums (typed `string` beside the known ones), checked against
 * the values this shop knows: an unknown one is Stripe answering something we do not handle.
 */
function knownValue<T extends string>(values: readonly T[], value: string, what: string): T {
  if (isKnown(values, value)) return value;
  throw new PaymentError({ type: 'api_error', message: `Stripe answered an unknown ${what}: ${value}` });
}

const ERROR_TYPES: Record<string, PaymentErrorType> = {
  StripeCardError: 'card_error',
  StripeInvalidRequestError: 'invalid_request_error',
  StripeIdempotencyError: 'idempotency_error',
  StripeAPIError: 'api_error',
  StripeAuthenticationError: 'authentication_error',
  StripePermissionError: 'authentication_error',
  StripeRateLimitError: 'rate_limit_error',
  StripeConnectionError: 'api_connection_error',
};

export function toPaymentError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const rawType = error.rawType;
  const type =
    rawType && isKnown(PAYMENT_ERROR_TYPES, rawType) ? rawType : (ERROR_TYPES[error.type] ?? 'api_error');
  return new PaymentError({
    type,
    message: error.message,
    code: error.code,
    decline_code: error.decline_code,
    param: error.param,
    paymentIntentId: error.payment_intent?.id,
    statusCode: type === 'api_connection_error' ? 502 : error.statusCode,
  });
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw toPaymentError(error);
  }
}

// ---------------------------------------------------------------- SDK objects to ours

function toPaymentIntent(pi: Stripe.PaymentIntent): PaymentIntent {
  const error = pi.last_payment_error;
  const lastPaymentError: LastPaymentError | null = error
    ? {
        type: isKnown(PAYMENT_ERROR_TYPES, error.type) ? error.type : 'card_error',
        code: error.code ?? null,
        decline_code: error.decline_code ?? null,
        message: error.message ?? '',
      }
    : null;
  return {
    id: pi.id,
    object: 'payment_intent',
    amount: pi.amount,
    amount_capturable: pi.amount_capturable,
    amount_received: pi.amount_received,
    currency: pi.currency,
    status: knownValue(PAYMENT_INTENT_STATUSES, pi.status, 'payment intent status'),
    capture_method: pi.capture_method === 'manual' ? 'manual' : 'automatic',
    // Methods the shop does not take (Link, wallets...) are not its concern.
    payment_method_types: pi.payment_method_types.filter((type) => isKnown(PAYMENT_METHOD_TYPES, type)),
    payment_method: idOf(pi.payment_method),
    latest_charge: idOf(pi.latest_charge),
    last_payment_error: lastPaymentError,
    metadata: pi.metadata ?? {},
    receipt_email: pi.receipt_email,
    cancellation_reason: pi.cancellation_reason,
    canceled_at: pi.canceled_at,
    created: pi.created,
    livemode: pi.livemode,
  };
}

interface SdkCardDetails {
  brand?: string | null;
  last4?: string | null;
  network?: string | null;
  country?: string | null;
  funding?: string | null;
  exp_month?: number | null;
  exp_year?: number | null;
}

function cardDetails(details: SdkCardDetails | null | undefined): CardDetails | undefined {
  if (!details) return undefined;
  return {
    brand: details.brand ?? null,
    last4: details.last4 ?? null,
    network: details.network ?? null,
    country: details.country ?? null,
    funding: details.funding ?? null,
    exp_month: details.exp_month ?? null,
    exp_year: details.exp_year ?? null,
  };
}

function methodDetails(charge: Stripe.Charge): PaymentMethodDetails | null {
  const details = charge.payment_method_details;
  if (!details) return null;
  const type = knownValue(PAYMENT_METHOD_TYPES, details.type, 'payment method type');
  const card = details.card
    ? cardDetails({ ...details.card, network: details.card.network ?? details.card.brand })
    : undefined;
  return compact({
    type,
    card,
    card_present: cardDetails(details.card_present),
    interac_present: cardDetails(details.interac_present),
  });
}

function toCharge(charge: Stripe.Charge): Charge {
  return {
    id: charge.id,
    object: 'charge',
    amount: charge.amount,
    amount_captured: charge.amount_captured,
    amount_refunded: charge.amount_refunded,
    captured: charge.captured,
    refunded: charge.refunded,
    status: knownValue(CHARGE_STATUSES, charge.status, 'charge status'),
    currency: charge.currency,
    payment_intent: idOf(charge.payment_intent),
    payment_method: charge.payment_method,
    payment_method_details: methodDetails(charge),
    failure_code: charge.failure_code,
    failure_message: charge.failure_message,
    created: charge.created,
  };
}

function toSummary(charge: Charge): ChargeSummary {
  const details = charge.payment_method_details;
  const card = details ? details[details.type] : undefined;
  return {
    chargeId: charge.id,
    paymentIntentId: charge.payment_intent,
    amount: charge.amount,
    amountRefunded: charge.amount_refunded,
    refunded: charge.refunded,
    captured: charge.captured,
    brand: card?.brand ?? null,
    network: card?.network ?? null,
    source: details?.type ?? null,
    country: card?.country ?? null,
    last4: card?.last4 ?? null,
    created: charge.created,
    status: charge.status,
  };
}

/** The search filters Stripe's charge list cannot apply; funding tells debit (Interac is debit) from credit. */
function matches(summary: ChargeSummary, funding: string | null, filter: ChargeSearch): boolean {
  if (filter.fromAmount !== undefined && summary.amount < filter.fromAmount) return false;
  if (filter.toAmount !== undefined && summary.amount > filter.toAmount) return false;
  if (filter.status && summary.status !== filter.status) return false;
  if (filter.last4 && summary.last4 !== filter.last4) return false;
  const inPerson = summary.source === 'card_present' || summary.source === 'interac_present';
  if (filter.cardType === 'web') return summary.source === 'card';
  if (filter.cardType === 'debit') return inPerson && funding === 'debit';
  if (filter.cardType === 'credit') return inPerson && funding !== 'debit';
  return true;
}

function toRefund(refund: Stripe.Refund): Refund {
  return {
    id: refund.id,
    object: 'refund',
    amount: refund.amount,
    charge: idOf(refund.charge),
    payment_intent: idOf(refund.payment_intent),
    currency: refund.currency,
    status: knownValue(REFUND_STATUSES, refund.status ?? 'pending', 'refund status'),
    reason: refund.reason,
    metadata: refund.metadata ?? {},
    created: refund.created,
  };
}

function toReader(reader: Stripe.Terminal.Reader): Reader {
  const sdk = reader.action;
  let action: ReaderAction | null = null;
  if (sdk) {
    action = {
      type: knownValue(READER_ACTION_TYPES, sdk.type, 'reader action'),
      status: knownValue(READER_ACTION_STATUSES, sdk.status, 'reader action status'),
      failure_code: sdk.failure_code,
      failure_message: sdk.failure_message,
    };
    if (sdk.process_payment_intent) {
      action.process_payment_intent = {
        payment_intent: idOf(sdk.process_payment_intent.payment_intent) ?? '',
      };
    }
    if (sdk.refund_payment) {
      action.refund_payment = {
        payment_intent: idOf(sdk.refund_payment.payment_intent),
        charge: idOf(sdk.refund_payment.charge),
        amount: sdk.refund_payment.amount ?? null,
        refund: idOf(sdk.refund_payment.refund),
      };
    }
  }
  return {
    id: reader.id,
    object: 'terminal.reader',
    label: reader.label,
    status: reader.status === 'online' ? 'online' : 'offline',
    device_type: reader.device_type,
    serial_number: reader.serial_number,
    action,
    livemode: reader.livemode,
  };
}

function toSession(session: Stripe.Checkout.Session): CheckoutSession {
  return {
    id: session.id,
    object: 'checkout.session',
    url: session.url,
    status: knownValue(CHECKOUT_SESSION_STATUSES, session.status ?? 'open', 'checkout session status'),
    payment_status: knownValue(CHECKOUT_PAYMENT_STATUSES, session.payment_status, 'checkout payment status'),
    amount_total: session.amount_total,
    currency: session.currency,
    payment_intent: idOf(session.payment_intent),
    success_url: session.success_url,
    cancel_url: session.cancel_url,
    metadata: session.metadata ?? {},
    line_items: (session.line_items?.data ?? []).map((item) => ({
      price: idOf(item.price) ?? '',
      quantity: item.quantity ?? 0,
      amount_total: item.amount_total,
      description: item.description ?? null,
    })),
    created: session.created,
    expires_at: session.expires_at,
  };
}

function toPaymentMethod(method: Stripe.PaymentMethod): PaymentMethod {
  const billing = method.billing_details;
  const details: BillingDetails = {
    name: billing?.name ?? null,
    email: billing?.email ?? null,
    phone: billing?.phone ?? null,
    address: billing?.address
      ? {
          line1: billing.address.line1 ?? null,
          line2: billing.address.line2 ?? null,
          city: billing.address.city ?? null,
          state: billing.address.state ?? null,
          postal_code: billing.address.postal_code ?? null,
          country: billing.address.country ?? null,
        }
      : null,
  };
  return {
    id: method.id,
    object: 'payment_method',
    type: knownValue(PAYMENT_METHOD_TYPES, method.type, 'payment method type'),
    card: method.card
      ? (cardDetails({ ...method.card, network: method.card.networks?.preferred ?? method.card.brand }) ??
        null)
      : null,
    billing_details: details,
    created: method.created,
  };
}

/** A reader deleted from the account answers as missing. */
function present(
  id: string,
  reader: Stripe.Terminal.Reader | Stripe.Terminal.DeletedReader,
): Stripe.Terminal.Reader {
  if (reader.deleted) {
    throw new PaymentError({
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such terminal.reader: '${id}'`,
    });
  }
  return reader;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

// ---------------------------------------------------------------- the gateway

export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = new Stripe(
    options.secretKey,
    compact({
      host: options.host,
      port: options.port,
      protocol: options.protocol,
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: options.timeoutMs ?? 30_000,
      telemetry: false,
      appInfo: { name: 'maple-sock-shop' },
    }),
  );
  const withKey = (idempotencyKey: string | undefined) => (idempotencyKey ? { idempotencyKey } : undefined);

  /** The charge behind an intent, to tell an Interac payment from a card payment. */
  async function latestCharge(paymentIntentId: string): Promise<Stripe.Charge | undefined> {
    const pi = await call(() =>
      stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] }),
    );
    return typeof pi.latest_charge === 'object' && pi.latest_charge ? pi.latest_charge : undefined;
  }

  async function retrieveReader(id: string): Promise<Reader> {
    return toReader(present(id, await call(() => stripe.terminal.readers.retrieve(id))));
  }

  async function listAll<T>(
    page: (startingAfter: string | undefined) => Promise<{ data: T[]; has_more: boolean }>,
    idOfItem: (item: T) => string,
  ): Promise<T[]> {
    const all: T[] = [];
    let startingAfter: string | undefined;
    for (let i = 0; i < SEARCH_PAGES; i += 1) {
      const list = await call(() => page(startingAfter));
      all.push(...list.data);
      const last = list.data.at(-1);
      if (!list.has_more || !last) break;
      startingAfter = idOfItem(last);
    }
    return all;
  }

  return {
    provider: 'stripe',
    testMode: options.testMode,
    sandbox: undefined,

    async createPaymentIntent(params) {
      const pi = await call(() =>
        stripe.paymentIntents.create(
          compact({
            amount: params.amount,
            currency: params.currency ?? STORE_CURRENCY,
            payment_method_types: params.paymentMethodTypes ?? ['card'],
            capture_method: params.captureMethod,
            payment_method: params.paymentMethodId,
            confirm: params.confirm,
            metadata: params.metadata,
            receipt_email: params.receiptEmail,
          }),
          withKey(params.idempotencyKey),
        ),
      );
      return toPaymentIntent(pi);
    },

    async retrievePaymentIntent(id) {
      return toPaymentIntent(await call(() => stripe.paymentIntents.retrieve(id)));
    },

    async capturePaymentIntent(id, params = {}) {
      const pi = await call(() =>
        stripe.paymentIntents.capture(
          id,
          compact({ amount_to_capture: params.amountToCapture }),
          withKey(params.idempotencyKey),
        ),
      );
      return toPaymentIntent(pi);
    },

    async cancelPaymentIntent(id, params = {}) {
      const pi = await call(() =>
        stripe.paymentIntents.cancel(id, compact({ cancellation_reason: params.cancellationReason })),
      );
      return toPaymentIntent(pi);
    },

    async retrievePaymentMethod(id) {
      return toPaymentMethod(await call(() => stripe.paymentMethods.retrieve(id)));
    },

    async createRefund(params) {
      const charge = await latestCharge(params.paymentIntentId);
      if (charge?.payment_method_details?.type === 'interac_present') throw interacRefundsInPerson();
      const refund = await call(() =>
        stripe.refunds.create(
          compact({
            payment_intent: params.paymentIntentId,
            amount: params.amount,
            reason: params.reason,
            metadata: params.metadata,
          }),
          { idempotencyKey: params.idempotencyKey },
        ),
      );
      return toRefund(refund);
    },

    async retrieveCharge(id) {
      return toSummary(toCharge(await call(() => stripe.charges.retrieve(id))));
    },

    async searchCharges(filter) {
      const limit = Math.min(Math.max(Math.trunc(filter.limit ?? 100), 1), 100);
      const created = compact({
        gte: filter.fromDate ? seconds(filter.fromDate) : undefined,
        lte: filter.toDate ? seconds(filter.toDate) : undefined,
      });
      const found: ChargeSummary[] = [];
      let startingAfter: string | undefined;
      for (let page = 0; page < SEARCH_PAGES && found.length < limit; page += 1) {
        const list = await call(() =>
          stripe.charges.list(
            compact({
              limit: 100,
              created: Object.keys(created).length > 0 ? created : undefined,
              starting_after: startingAfter,
            }),
          ),
        );
        for (const sdkCharge of list.data) {
          const charge = toCharge(sdkCharge);
          const details = charge.payment_method_details;
          const summary = toSummary(charge);
          if (matches(summary, details?.[details.type]?.funding ?? null, filter)) found.push(summary);
          if (found.length >= limit) break;
        }
        const last = list.data.at(-1);
        if (!list.has_more || !last) break;
        startingAfter = last.id;
      }
      return found;
    },

    // ---------------------------------------------------------- readers

    async listReaders() {
      const readers = await listAll(
        (startingAfter) =>
          stripe.terminal.readers.list(compact({ limit: 100, starting_after: startingAfter })),
        (reader) => reader.id,
      );
      return readers.map(toReader);
    },

    retrieveReader,

    async processPaymentIntent(readerId, paymentIntentId) {
      const reader = await call(() =>
        stripe.terminal.readers.processPaymentIntent(readerId, { payment_intent: paymentIntentId }),
      );
      return toReader(reader);
    },

    async refundPayment(readerId, params) {
      const charge = await latestCharge(params.paymentIntentId);
      if (charge && charge.payment_method_details?.type !== 'interac_present') throw cardRefundsOnline();
      const reader = await call(() =>
        stripe.terminal.readers.refundPayment(
          readerId,
          compact({ payment_intent: params.paymentIntentId, amount: params.amount }),
          withKey(params.idempotencyKey),
        ),
      );
      return toReader(reader);
    },

    async cancelReaderAction(readerId) {
      const before = await retrieveReader(readerId);
      if (before.action?.status !== 'in_progress') return before;
      const after = toReader(
        present(readerId, await call(() => stripe.terminal.readers.cancelAction(readerId))),
      );
      const intentId = before.action.process_payment_intent?.payment_intent;
      if (before.action.type === 'process_payment_intent' && intentId) {
        const pi = await call(() => stripe.paymentIntents.retrieve(intentId));
        // Nothing taken: cancel the intent, as the sandbox does. A payment taken stays.
        if (PAYABLE.includes(pi.status)) {
          await call(() => stripe.paymentIntents.cancel(intentId, { cancellation_reason: 'abandoned' }));
        }
      }
      return after;
    },

    async presentPaymentMethod(readerId, params = {}) {
      if (!options.testMode) throw testModeOnly();
      const type = params.type ?? 'card_present';
      const number = params.number ? { number: params.number } : undefined;
      const reader = await call(() =>
        stripe.testHelpers.terminal.readers.presentPaymentMethod(
          readerId,
          compact({
            type,
            card_present: type === 'card_present' ? number : undefined,
            interac_present: type === 'interac_present' ? number : undefined,
          }),
        ),
      );
      return toReader(reader);
    },

    // ---------------------------------------------------------- checkout, products, prices

    async createCheckoutSession(params) {
      const session = await call(() =>
        stripe.checkout.sessions.create(
          compact({
            mode: 'payment' as const,
            line_items: params.lineItems.map((item) => ({ price: item.priceId, quantity: item.quantity })),
            success_url: params.successUrl,
            cancel_url: params.cancelUrl,
            metadata: params.metadata,
            expand: ['line_items'],
          }),
          withKey(params.idempotencyKey),
        ),
      );
      return toSession(session);
    },

    async retrieveCheckoutSession(id) {
      return toSession(await call(() => stripe.checkout.sessions.retrieve(id, { expand: ['line_items'] })));
    },

    async listProducts(): Promise<Product[]> {
      const products = await listAll(
        (startingAfter) =>
          stripe.products.list(compact({ active: true, limit: 100, starting_after: startingAfter })),
        (product) => product.id,
      );
      return products.map((product) => ({
        id: product.id,
        object: 'product',
        name: product.name,
        active: product.active,
      }));
    },

    async listPrices(): Promise<Price[]> {
      const prices = await listAll(
        (startingAfter) =>
          stripe.prices.list(compact({ active: true, limit: 100, starting_after: startingAfter })),
        (price) => price.id,
      );
      return prices.map((price) => ({
        id: price.id,
        object: 'price',
        product: idOf(price.product) ?? '',
        unit_amount: price.unit_amount,
        currency: price.currency,
        active: price.active,
      }));
    },
  };
}
