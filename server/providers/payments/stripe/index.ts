/**
 * The PaymentGateway on Stripe's official SDK, chosen when STRIPE_SECRET_KEY is set. SDK errors
 * become PaymentErrors with Stripe's type, code and text. The few rules Stripe leaves to us are
 * checked here as the sandbox checks them: Interac refunds only through a reader, card refunds
 * online, and cancelling a reader's action cancels the intent when nothing was taken.
 */
import type Stripe from 'stripe';
import {
  cardRefundsOnline,
  interacRefundsInPerson,
  terminalLocationMissing,
  testModeOnly,
} from '../errors.ts';
import {
  type ChargeSummary,
  type CreatedWindow,
  type CreatePaymentIntentParams,
  PAYMENT_ERROR_TYPES,
  PaymentError,
  type PaymentErrorType,
  type PaymentGateway,
  type PaymentIntentWithMethod,
  type Price,
  type Product,
  type Reader,
  STORE_CURRENCY,
} from '../gateway.ts';
import { stripeSdk } from '../stripe-sdk.ts';
import {
  compact,
  idOf,
  isKnown,
  matches,
  present,
  seconds,
  toCharge,
  toDispute,
  toPaymentIntent,
  toPaymentMethod,
  toReader,
  toRefund,
  toSession,
  toSummary,
} from './sdk-objects.ts';

/** Stripe's `created` range of a window: from (included) to (excluded), in Unix seconds. */
function createdIn(window: CreatedWindow): { gte: number; lt: number } {
  return { gte: seconds(window.from), lt: seconds(window.to) };
}

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
/** A day's activity is read whole: a shop of this size makes far fewer than 100 pages of it a day. */
const ACTIVITY_PAGES = 100;
const PAYABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture'];

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
  if (!(error instanceof stripeSdk().errors.StripeError)) return error;
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

/** An intent Stripe answered with its payment method expanded. */
function withMethod(pi: Stripe.PaymentIntent): PaymentIntentWithMethod {
  const method = pi.payment_method;
  return {
    intent: toPaymentIntent(pi),
    paymentMethod: method && typeof method === 'object' ? toPaymentMethod(method) : null,
  };
}

// ---------------------------------------------------------------- the gateway

export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const StripeClient = stripeSdk();
  const stripe = new StripeClient(
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

  /**
   * An intent and its latest charge (undefined while it has none), in one request: a refund tells an
   * Interac payment from a card payment by it, a register sale records the card.
   */
  async function withLatestCharge(
    paymentIntentId: string,
  ): Promise<{ pi: Stripe.PaymentIntent; charge: Stripe.Charge | undefined }> {
    const pi = await call(() =>
      stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] }),
    );
    const charge = typeof pi.latest_charge === 'object' && pi.latest_charge ? pi.latest_charge : undefined;
    return { pi, charge };
  }

  /** Creates (and, as asked, confirms) an intent; `expand` names objects answered whole. */
  function createIntent(params: CreatePaymentIntentParams, expand?: string[]): Promise<Stripe.PaymentIntent> {
    return call(() =>
      stripe.paymentIntents.create(
        compact({
          amount: params.amount,
          currency: params.currency ?? STORE_CURRENCY,
          payment_method_types: params.paymentMethodTypes ?? ['card'],
          capture_method: params.captureMethod,
          payment_method: params.paymentMethodId,
          confirm: params.confirm,
          // A card asking for 3-D Secure answers requires_action with a next action that
          // Stripe.js's handleNextAction completes in the buyer's browser.
          use_stripe_sdk: params.confirm ? true : undefined,
          metadata: params.metadata,
          receipt_email: params.receiptEmail,
          expand,
        }),
        withKey(params.idempotencyKey),
      ),
    );
  }

  async function retrieveReader(id: string): Promise<Reader> {
    return toReader(present(id, await call(() => stripe.terminal.readers.retrieve(id))));
  }

  async function listAll<T>(
    page: (startingAfter: string | undefined) => Promise<{ data: T[]; has_more: boolean }>,
    idOfItem: (item: T) => string,
    pages = SEARCH_PAGES,
  ): Promise<T[]> {
    const all: T[] = [];
    let startingAfter: string | undefined;
    for (let i = 0; i < pages; i += 1) {
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
      return toPaymentIntent(await createIntent(params));
    },

    async createPaymentIntentWithMethod(params) {
      return withMethod(await createIntent(params, ['payment_method']));
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

    async retrievePaymentIntentWithMethod(id) {
      return withMethod(await call(() => stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] })));
    },

    async retrievePaymentIntentWithCharge(id) {
      const { pi, charge } = await withLatestCharge(id);
      return { intent: toPaymentIntent(pi), charge: charge ? toSummary(toCharge(charge)) : null };
    },

    async createRefund(params) {
      const { charge } = await withLatestCharge(params.paymentIntentId);
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

    async retrieveRefund(id) {
      return toRefund(await call(() => stripe.refunds.retrieve(id)));
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

    async listCharges(window) {
      const charges = await listAll(
        (startingAfter) =>
          stripe.charges.list(
            compact({ limit: 100, created: createdIn(window), starting_after: startingAfter }),
          ),
        (charge) => charge.id,
        ACTIVITY_PAGES,
      );
      return charges.map((charge) => toSummary(toCharge(charge)));
    },

    async listRefunds(window) {
      const refunds = await listAll(
        (startingAfter) =>
          stripe.refunds.list(
            compact({ limit: 100, created: createdIn(window), starting_after: startingAfter }),
          ),
        (refund) => refund.id,
        ACTIVITY_PAGES,
      );
      return refunds.map(toRefund);
    },

    async listDisputes(filter) {
      const disputes = await listAll(
        (startingAfter) =>
          stripe.disputes.list(
            compact({
              limit: 100,
              created: filter.created ? createdIn(filter.created) : undefined,
              payment_intent: filter.paymentIntentId,
              starting_after: startingAfter,
            }),
          ),
        (dispute) => dispute.id,
        ACTIVITY_PAGES,
      );
      return disputes.map(toDispute);
    },

    // ---------------------------------------------------------- readers

    async listWebhookEndpoints() {
      const endpoints = await listAll(
        (startingAfter) =>
          stripe.webhookEndpoints.list(compact({ limit: 100, starting_after: startingAfter })),
        (endpoint) => endpoint.id,
      );
      return endpoints.map(({ url, status, enabled_events }) => ({ url, status, enabled_events }));
    },

    async listReaders() {
      const readers = await listAll(
        (startingAfter) =>
          stripe.terminal.readers.list(compact({ limit: 100, starting_after: startingAfter })),
        (reader) => reader.id,
      );
      return readers.map(toReader);
    },

    retrieveReader,

    async createReader({ registration_code, label, location }) {
      const where = location ?? (await call(() => stripe.terminal.locations.list({ limit: 1 }))).data[0]?.id;
      if (!where) throw terminalLocationMissing();
      const reader = await call(() =>
        stripe.terminal.readers.create({ registration_code, label, location: where }),
      );
      return toReader(reader);
    },

    async updateReader(id, { label }) {
      const reader = await call(() => stripe.terminal.readers.update(id, { label }));
      return toReader(present(id, reader));
    },

    async processPaymentIntent(readerId, paymentIntentId) {
      const reader = await call(() =>
        stripe.terminal.readers.processPaymentIntent(readerId, { payment_intent: paymentIntentId }),
      );
      return toReader(reader);
    },

    async refundPayment(readerId, params) {
      const { charge } = await withLatestCharge(params.paymentIntentId);
      if (charge && charge.payment_method_details?.type !== 'interac_present') throw cardRefundsOnline();
      const reader = await call(() =>
        stripe.terminal.readers.refundPayment(
          readerId,
          compact({
            payment_intent: params.paymentIntentId,
            amount: params.amount,
            metadata: params.metadata,
          }),
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
            line_items: params.lineItems.map((item) =>
              'priceData' in item
                ? {
                    price_data: {
                      currency: STORE_CURRENCY,
                      unit_amount: item.priceData.unitAmount,
                      product_data: { name: item.priceData.name },
                    },
                    quantity: item.quantity,
                  }
                : { price: item.priceId, quantity: item.quantity },
            ),
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
