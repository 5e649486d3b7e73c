/**
 * The Stripe gateway against a local fake of api.stripe.com (these machines cannot reach Stripe):
 * the fake answers recorded Stripe-shaped JSON, and the tests check what the official SDK sent —
 * method, path, form fields, query and Idempotency-Key — and how its answers and errors are mapped.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentError, type PaymentGateway } from './gateway.ts';
import { createStripeGateway } from './stripe/index.ts';

interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  headers: IncomingMessage['headers'];
}

type Answer = [status: number, body: unknown];

let server: Server;
let port: number;
let requests: Recorded[] = [];
let routes: Record<string, Answer | ((request: Recorded) => Answer)> = {};
let gateway: PaymentGateway;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const recorded: Recorded = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      form: new URLSearchParams(await readBody(request)),
      headers: request.headers,
    };
    requests.push(recorded);
    const route = routes[`${recorded.method} ${recorded.path}`];
    const [status, body] = typeof route === 'function' ? route(recorded) : (route ?? notFound(recorded.path));
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  gateway = stripeAt(port, true);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = [];
  routes = {};
});

function stripeAt(portNumber: number, testMode: boolean): PaymentGateway {
  return createStripeGateway({
    secretKey: 'sk_test_fake',
    testMode,
    host: '127.0.0.1',
    port: portNumber,
    protocol: 'http',
    maxNetworkRetries: 0,
    timeoutMs: 5000,
  });
}

function notFound(path: string): Answer {
  return [
    404,
    { error: { type: 'invalid_request_error', message: `Unrecognized request URL (GET: ${path}).` } },
  ];
}

/** The one request the call made (or the nth). */
function sent(index = 0): Recorded {
  const request = requests[index];
  if (!request) throw new Error(`no request #${index}; got ${requests.length}`);
  return request;
}

const form = (request: Recorded) => Object.fromEntries(request.form);
const query = (request: Recorded) => Object.fromEntries(request.query);

// ---------------------------------------------------------------- recorded Stripe objects

const paymentIntent = (fields: Record<string, unknown> = {}) => ({
  id: 'pi_3QfakeA1',
  object: 'payment_intent',
  amount: 4599,
  amount_capturable: 4599,
  amount_received: 0,
  capture_method: 'manual',
  canceled_at: null,
  cancellation_reason: null,
  created: 1_795_400_000,
  currency: 'cad',
  last_payment_error: null,
  latest_charge: 'ch_3QfakeA1',
  livemode: false,
  metadata: { cart: '7' },
  payment_method: 'pm_1Qfake',
  payment_method_types: ['card'],
  receipt_email: null,
  status: 'requires_capture',
  ...fields,
});

const charge = (fields: Record<string, unknown> = {}) => ({
  id: 'ch_3QfakeA1',
  object: 'charge',
  amount: 4599,
  amount_captured: 4599,
  amount_refunded: 0,
  captured: true,
  created: 1_795_400_000,
  currency: 'cad',
  failure_code: null,
  failure_message: null,
  payment_intent: 'pi_3QfakeA1',
  payment_method: 'pm_1Qfake',
  payment_method_details: {
    type: 'card',
    card: { brand: 'visa', country: 'US', exp_month: 12, exp_year: 2030, funding: 'credit', last4: '4242' },
  },
  refunded: false,
  status: 'succeeded',
  ...fields,
});

const interacCharge = (fields: Record<string, unknown> = {}) =>
  charge({
    id: 'ch_3QfakeI1',
    payment_intent: 'pi_3QfakeI1',
    amount: 5650,
    amount_captured: 5650,
    payment_method_details: {
      type: 'interac_present',
      interac_present: {
        brand: 'interac',
        country: 'CA',
        exp_month: 12,
        exp_year: 2030,
        funding: 'debit',
        last4: '1933',
        network: 'interac',
      },
    },
    ...fields,
  });

const reader = (action: unknown = null, fields: Record<string, unknown> = {}) => ({
  id: 'tmr_FakeReader1',
  object: 'terminal.reader',
  action,
  device_sw_version: '2.30.2.0',
  device_type: 'bbpos_wisepos_e',
  ip_address: '192.168.2.2',
  label: 'Front Counter WisePOS E',
  last_seen_at: 1_795_400_000_000,
  livemode: false,
  location: 'tml_Fake',
  metadata: {},
  serial_number: 'WSC513105011295',
  status: 'online',
  ...fields,
});

const list = (data: unknown[], url: string, hasMore = false) => ({
  object: 'list',
  data,
  has_more: hasMore,
  url,
});

// ---------------------------------------------------------------- payment intents

describe('payment intents', () => {
  it('authorizes: POST /v1/payment_intents with the form fields and the Idempotency-Key', async () => {
    routes['POST /v1/payment_intents'] = [200, paymentIntent()];
    const intent = await gateway.createPaymentIntent({
      amount: 4599,
      paymentMethodId: 'pm_1Qfake',
      captureMethod: 'manual',
      confirm: true,
      metadata: { cart: '7' },
      idempotencyKey: 'pay-cart-7-4599',
    });
    const request = sent();
    expect(request.method).toBe('POST');
    expect(request.headers.authorization).toBe('Bearer sk_test_fake');
    expect(request.headers['idempotency-key']).toBe('pay-cart-7-4599');
    expect(form(request)).toEqual({
      amount: '4599',
      currency: 'cad',
      'payment_method_types[0]': 'card',
      capture_method: 'manual',
      payment_method: 'pm_1Qfake',
      confirm: 'true',
      'metadata[cart]': '7',
    });
    expect(intent).toEqual({
      id: 'pi_3QfakeA1',
      object: 'payment_intent',
      amount: 4599,
      amount_capturable: 4599,
      amount_received: 0,
      currency: 'cad',
      status: 'requires_capture',
      capture_method: 'manual',
      payment_method_types: ['card'],
      payment_method: 'pm_1Qfake',
      latest_charge: 'ch_3QfakeA1',
      last_payment_error: null,
      metadata: { cart: '7' },
      receipt_email: null,
      cancellation_reason: null,
      canceled_at: null,
      created: 1_795_400_000,
      livemode: false,
    });
  });

  it('creates a POS intent for a reader: card_present and interac_present, automatic capture', async () => {
    routes['POST /v1/payment_intents'] = [
      200,
      paymentIntent({
        status: 'requires_payment_method',
        capture_method: 'automatic',
        payment_method: null,
        latest_charge: null,
        payment_method_types: ['card_present', 'interac_present'],
        receipt_email: 'buyer@example.ca',
      }),
    ];
    const intent = await gateway.createPaymentIntent({
      amount: 2260,
      paymentMethodTypes: ['card_present', 'interac_present'],
      captureMethod: 'automatic',
      receiptEmail: 'buyer@example.ca',
    });
    expect(form(sent())).toEqual({
      amount: '2260',
      currency: 'cad',
      'payment_method_types[0]': 'card_present',
      'payment_method_types[1]': 'interac_present',
      capture_method: 'automatic',
      receipt_email: 'buyer@example.ca',
    });
    expect(intent).toMatchObject({ status: 'requires_payment_method', payment_method: null });
  });

  it('a decline becomes a PaymentError with Stripe’s type, code, decline code and text', async () => {
    routes['POST /v1/payment_intents'] = [
      402,
      {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
          charge: 'ch_3QfakeD1',
          doc_url: 'https://stripe.com/docs/error-codes/card-declined',
          payment_intent: paymentIntent({
            id: 'pi_3QfakeD1',
            status: 'requires_payment_method',
            last_payment_error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'insufficient_funds',
              message: 'Your card has insufficient funds.',
            },
          }),
          request_log_url: 'https://dashboard.stripe.com/test/logs/req_fake',
        },
      },
    ];
    const error = await gateway
      .createPaymentIntent({
        amount: 2500,
        paymentMethodId: 'pm_1Qfake',
        confirm: true,
        captureMethod: 'manual',
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentError);
    expect(error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      paymentIntentId: 'pi_3QfakeD1',
      statusCode: 402,
    });
  });

  it('captures (amount_to_capture, Idempotency-Key), cancels and retrieves', async () => {
    routes['POST /v1/payment_intents/pi_3QfakeA1/capture'] = [
      200,
      paymentIntent({ status: 'succeeded', amount_capturable: 0, amount_received: 4000 }),
    ];
    const captured = await gateway.capturePaymentIntent('pi_3QfakeA1', {
      amountToCapture: 4000,
      idempotencyKey: 'capture-order-100001',
    });
    expect(form(sent())).toEqual({ amount_to_capture: '4000' });
    expect(sent().headers['idempotency-key']).toBe('capture-order-100001');
    expect(captured).toMatchObject({ status: 'succeeded', amount_received: 4000 });

    routes['POST /v1/payment_intents/pi_3QfakeA1/cancel'] = [
      200,
      paymentIntent({ status: 'canceled', cancellation_reason: 'abandoned', canceled_at: 1_795_400_100 }),
    ];
    const canceled = await gateway.cancelPaymentIntent('pi_3QfakeA1', { cancellationReason: 'abandoned' });
    expect(sent(1)).toMatchObject({ method: 'POST', path: '/v1/payment_intents/pi_3QfakeA1/cancel' });
    expect(form(sent(1))).toEqual({ cancellation_reason: 'abandoned' });
    expect(canceled).toMatchObject({ status: 'canceled', canceled_at: 1_795_400_100 });

    routes['GET /v1/payment_intents/pi_3QfakeA1'] = [200, paymentIntent({ latest_charge: charge() })];
    expect(await gateway.retrievePaymentIntent('pi_3QfakeA1')).toMatchObject({
      latest_charge: 'ch_3QfakeA1',
    });
  });

  it('checks the values of Stripe’s open enums: a status it does not know is an api_error, not a cast', async () => {
    routes['GET /v1/payment_intents/pi_3QfakeA1'] = [
      200,
      paymentIntent({ status: 'requires_reauthorization', payment_method_types: ['card', 'link'] }),
    ];
    await expect(gateway.retrievePaymentIntent('pi_3QfakeA1')).rejects.toMatchObject({
      type: 'api_error',
      message: 'Stripe answered an unknown payment intent status: requires_reauthorization',
    });
    routes['GET /v1/payment_intents/pi_3QfakeA1'] = [
      200,
      paymentIntent({ payment_method_types: ['card', 'link'] }),
    ];
    expect((await gateway.retrievePaymentIntent('pi_3QfakeA1')).payment_method_types).toEqual(['card']);
  });

  it('maps Stripe’s refusal of a capture', async () => {
    routes['POST /v1/payment_intents/pi_3QfakeA1/capture'] = [
      400,
      {
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message:
            'This PaymentIntent could not be captured because it has a status of canceled. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.',
        },
      },
    ];
    await expect(gateway.capturePaymentIntent('pi_3QfakeA1')).rejects.toMatchObject({
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      statusCode: 400,
    });
    expect(form(sent())).toEqual({});
  });

  it('retrieves a payment method with its card and billing details', async () => {
    routes['GET /v1/payment_methods/pm_1Qfake'] = [
      200,
      {
        id: 'pm_1Qfake',
        object: 'payment_method',
        type: 'card',
        created: 1_795_400_000,
        billing_details: {
          name: 'Avery Lachance',
          email: 'avery@example.ca',
          phone: null,
          address: {
            line1: '25 King St W',
            line2: null,
            city: 'Toronto',
            state: 'ON',
            postal_code: 'M5L 1A1',
            country: 'CA',
          },
        },
        card: {
          brand: 'visa',
          country: 'US',
          exp_month: 12,
          exp_year: 2030,
          funding: 'credit',
          last4: '4242',
          networks: { available: ['visa'], preferred: null },
        },
      },
    ];
    expect(await gateway.retrievePaymentMethod('pm_1Qfake')).toEqual({
      id: 'pm_1Qfake',
      object: 'payment_method',
      type: 'card',
      card: {
        brand: 'visa',
        last4: '4242',
        network: 'visa',
        country: 'US',
        funding: 'credit',
        exp_month: 12,
        exp_year: 2030,
      },
      billing_details: {
        name: 'Avery Lachance',
        email: 'avery@example.ca',
        phone: null,
        address: {
          line1: '25 King St W',
          line2: null,
          city: 'Toronto',
          state: 'ON',
          postal_code: 'M5L 1A1',
          country: 'CA',
        },
      },
      created: 1_795_400_000,
    });
  });

  it('has no sandbox operations; a network failure is an api_connection_error', async () => {
    expect(gateway).toMatchObject({ provider: 'stripe', testMode: true, sandbox: undefined });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(stripeAt(closedPort, true).retrievePaymentIntent('pi_x')).rejects.toMatchObject({
      type: 'api_connection_error',
      statusCode: 502,
    });
  });
});

// ---------------------------------------------------------------- refunds and search

describe('refunds', () => {
  it('refunds a card payment online: POST /v1/refunds with the Idempotency-Key', async () => {
    routes['GET /v1/payment_intents/pi_3QfakeA1'] = [
      200,
      paymentIntent({ status: 'succeeded', latest_charge: charge() }),
    ];
    routes['POST /v1/refunds'] = [
      200,
      {
        id: 're_3QfakeR1',
        object: 'refund',
        amount: 500,
        charge: 'ch_3QfakeA1',
        created: 1_795_400_200,
        currency: 'cad',
        metadata: { staff: '7' },
        payment_intent: 'pi_3QfakeA1',
        reason: 'requested_by_customer',
        status: 'succeeded',
      },
    ];
    const refund = await gateway.createRefund({
      paymentIntentId: 'pi_3QfakeA1',
      amount: 500,
      reason: 'requested_by_customer',
      metadata: { staff: '7' },
      idempotencyKey: 'refund-req-1',
    });
    expect(sent(0)).toMatchObject({ method: 'GET', path: '/v1/payment_intents/pi_3QfakeA1' });
    expect(query(sent(0))).toEqual({ 'expand[0]': 'latest_charge' });
    expect(sent(1)).toMatchObject({ method: 'POST', path: '/v1/refunds' });
    expect(sent(1).headers['idempotency-key']).toBe('refund-req-1');
    expect(form(sent(1))).toEqual({
      payment_intent: 'pi_3QfakeA1',
      amount: '500',
      reason: 'requested_by_customer',
      'metadata[staff]': '7',
    });
    expect(refund).toEqual({
      id: 're_3QfakeR1',
      object: 'refund',
      amount: 500,
      charge: 'ch_3QfakeA1',
      payment_intent: 'pi_3QfakeA1',
      currency: 'cad',
      status: 'succeeded',
      reason: 'requested_by_customer',
      metadata: { staff: '7' },
      created: 1_795_400_200,
    });
  });

  it('passes on Stripe’s over-refund refusal', async () => {
    routes['GET /v1/payment_intents/pi_3QfakeA1'] = [
      200,
      paymentIntent({ status: 'succeeded', latest_charge: charge() }),
    ];
    routes['POST /v1/refunds'] = [
      400,
      {
        error: {
          type: 'invalid_request_error',
          param: 'amount',
          message: 'Refund amount ($50.00) is greater than unrefunded amount on charge ($45.99)',
        },
      },
    ];
    await expect(
      gateway.createRefund({ paymentIntentId: 'pi_3QfakeA1', amount: 5000, idempotencyKey: 'refund-req-2' }),
    ).rejects.toMatchObject({
      type: 'invalid_request_error',
      param: 'amount',
      message: 'Refund amount ($50.00) is greater than unrefunded amount on charge ($45.99)',
    });
  });

  it('never refunds an Interac payment online: nothing is posted', async () => {
    routes['GET /v1/payment_intents/pi_3QfakeI1'] = [
      200,
      paymentIntent({ id: 'pi_3QfakeI1', status: 'succeeded', latest_charge: interacCharge() }),
    ];
    await expect(
      gateway.createRefund({ paymentIntentId: 'pi_3QfakeI1', idempotencyKey: 'refund-req-3' }),
    ).rejects.toMatchObject({ code: 'charge_not_refundable' });
    expect(requests.map((request) => request.method)).toEqual(['GET']);
  });
});

describe('charge search', () => {
  const online = charge({ id: 'ch_web', payment_intent: 'pi_web', amount: 2000, amount_refunded: 700 });
  const credit = charge({
    id: 'ch_credit',
    payment_intent: 'pi_credit',
    amount: 3000,
    payment_method_details: {
      type: 'card_present',
      card_present: {
        brand: 'visa',
        country: 'US',
        exp_month: 12,
        exp_year: 2030,
        funding: 'credit',
        last4: '4242',
        network: 'visa',
      },
    },
  });
  const failed = charge({
    id: 'ch_failed',
    payment_intent: 'pi_failed',
    amount: 1000,
    status: 'failed',
    captured: false,
    failure_code: 'card_declined',
  });
  const interac = interacCharge();

  it('lists charges of the period (created[gte], created[lte]) and filters the rest', async () => {
    routes['GET /v1/charges'] = (request) =>
      request.query.get('starting_after') === 'ch_credit'
        ? [200, list([online], '/v1/charges')]
        : [200, list([failed, interac, credit], '/v1/charges', true)];
    const rows = await gateway.searchCharges({
      fromDate: new Date('2031-01-01T00:00:00Z'),
      toDate: new Date('2031-01-31T23:59:59Z'),
    });
    expect(query(sent(0))).toEqual({
      limit: '100',
      'created[gte]': String(Date.UTC(2031, 0, 1) / 1000),
      'created[lte]': String(Date.UTC(2031, 0, 31, 23, 59, 59) / 1000),
    });
    expect(query(sent(1))).toMatchObject({ starting_after: 'ch_credit' });
    expect(rows.map((row) => row.chargeId)).toEqual(['ch_failed', 'ch_3QfakeI1', 'ch_credit', 'ch_web']);
    expect(rows[3]).toEqual({
      chargeId: 'ch_web',
      paymentIntentId: 'pi_web',
      amount: 2000,
      amountRefunded: 700,
      refunded: false,
      captured: true,
      brand: 'visa',
      network: 'visa',
      source: 'card',
      country: 'US',
      last4: '4242',
      created: 1_795_400_000,
      status: 'succeeded',
    });
    expect(rows[1]).toMatchObject({ source: 'interac_present', brand: 'interac', network: 'interac' });
  });

  it('applies amount, status, card type, last 4 and limit', async () => {
    routes['GET /v1/charges'] = [200, list([failed, interac, credit, online], '/v1/charges')];
    const ids = async (filter: Parameters<PaymentGateway['searchCharges']>[0]) =>
      (await gateway.searchCharges(filter)).map((row) => row.chargeId);
    expect(await ids({ fromAmount: 2000, toAmount: 3000 })).toEqual(['ch_credit', 'ch_web']);
    expect(await ids({ status: 'failed' })).toEqual(['ch_failed']);
    expect(await ids({ cardType: 'web', status: 'succeeded' })).toEqual(['ch_web']);
    expect(await ids({ cardType: 'debit' })).toEqual(['ch_3QfakeI1']);
    expect(await ids({ cardType: 'credit', last4: '4242' })).toEqual(['ch_credit']);
    expect(await ids({ limit: 2 })).toEqual(['ch_failed', 'ch_3QfakeI1']);
    expect(query(sent(0))).toEqual({ limit: '100' });
  });
});

describe('retrieveCharge', () => {
  it('answers one charge as the search shows it (GET /v1/charges/{id}), and 404 for an unknown one', async () => {
    routes['GET /v1/charges/ch_3QfakeI1'] = [200, interacCharge({ amount_refunded: 650 })];
    expect(await gateway.retrieveCharge('ch_3QfakeI1')).toMatchObject({
      chargeId: 'ch_3QfakeI1',
      paymentIntentId: 'pi_3QfakeI1',
      amount: 5650,
      amountRefunded: 650,
      source: 'interac_present',
      last4: '1933',
    });
    expect(sent(0)).toMatchObject({ method: 'GET', path: '/v1/charges/ch_3QfakeI1' });
    routes['GET /v1/charges/ch_missing'] = [
      404,
      {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: "No such charge: 'ch_missing'",
        },
      },
    ];
    await expect(gateway.retrieveCharge('ch_missing')).rejects.toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
    });
  });
});

// ---------------------------------------------------------------- readers

describe('readers', () => {
  const processing = {
    type: 'process_payment_intent',
    status: 'in_progress',
    failure_code: null,
    failure_message: null,
    process_payment_intent: { payment_intent: 'pi_3QfakeP1' },
  };

  it('lists and retrieves readers', async () => {
    routes['GET /v1/terminal/readers'] = [
      200,
      list(
        [reader(), reader(null, { id: 'tmr_Off', label: 'Back Office Reader', status: 'offline' })],
        '/v1/terminal/readers',
      ),
    ];
    const readers = await gateway.listReaders();
    expect(query(sent())).toEqual({ limit: '100' });
    expect(readers).toEqual([
      {
        id: 'tmr_FakeReader1',
        object: 'terminal.reader',
        label: 'Front Counter WisePOS E',
        status: 'online',
        device_type: 'bbpos_wisepos_e',
        serial_number: 'WSC513105011295',
        action: null,
        livemode: false,
      },
      expect.objectContaining({ id: 'tmr_Off', status: 'offline' }),
    ]);
    routes['GET /v1/terminal/readers/tmr_FakeReader1'] = [200, reader(processing)];
    expect((await gateway.retrieveReader('tmr_FakeReader1')).action).toEqual(processing);
  });

  it('hands an intent to a reader: POST process_payment_intent', async () => {
    routes['POST /v1/terminal/readers/tmr_FakeReader1/process_payment_intent'] = [200, reader(processing)];
    const result = await gateway.processPaymentIntent('tmr_FakeReader1', 'pi_3QfakeP1');
    expect(form(sent())).toEqual({ payment_intent: 'pi_3QfakeP1' });
    expect(result.action).toEqual(processing);
  });

  it('maps an offline reader’s refusal', async () => {
    routes['POST /v1/terminal/readers/tmr_FakeReader1/process_payment_intent'] = [
      400,
      {
        error: {
          type: 'invalid_request_error',
          code: 'terminal_reader_offline',
          message:
            'Reader is currently offline, please ensure the reader is powered on and connected to the internet before retrying your request.',
        },
      },
    ];
    await expect(gateway.processPaymentIntent('tmr_FakeReader1', 'pi_3QfakeP1')).rejects.toMatchObject({
      type: 'invalid_request_error',
      code: 'terminal_reader_offline',
    });
  });

  it('presents a test card (test helper) in test mode only', async () => {
    routes['POST /v1/test_helpers/terminal/readers/tmr_FakeReader1/present_payment_method'] = [
      200,
      reader({ ...processing, status: 'succeeded' }),
    ];
    const done = await gateway.presentPaymentMethod('tmr_FakeReader1', {
      type: 'interac_present',
      number: '4506445006931933',
    });
    expect(form(sent())).toEqual({ type: 'interac_present', 'interac_present[number]': '4506445006931933' });
    expect(done.action?.status).toBe('succeeded');
    await gateway.presentPaymentMethod('tmr_FakeReader1');
    expect(form(sent(1))).toEqual({ type: 'card_present' });

    const live = createStripeGateway({ secretKey: 'sk_live_fake', testMode: false, host: '127.0.0.1', port });
    await expect(live.presentPaymentMethod('tmr_FakeReader1')).rejects.toMatchObject({
      type: 'invalid_request_error',
    });
    expect(requests).toHaveLength(2);
  });

  it('cancels the action and the intent nothing was taken on', async () => {
    routes['GET /v1/terminal/readers/tmr_FakeReader1'] = [200, reader(processing)];
    routes['POST /v1/terminal/readers/tmr_FakeReader1/cancel_action'] = [200, reader(null)];
    routes['GET /v1/payment_intents/pi_3QfakeP1'] = [
      200,
      paymentIntent({ id: 'pi_3QfakeP1', status: 'requires_payment_method', latest_charge: null }),
    ];
    routes['POST /v1/payment_intents/pi_3QfakeP1/cancel'] = [
      200,
      paymentIntent({ id: 'pi_3QfakeP1', status: 'canceled', cancellation_reason: 'abandoned' }),
    ];
    const result = await gateway.cancelReaderAction('tmr_FakeReader1');
    expect(result.action).toBeNull();
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/terminal/readers/tmr_FakeReader1',
      'POST /v1/terminal/readers/tmr_FakeReader1/cancel_action',
      'GET /v1/payment_intents/pi_3QfakeP1',
      'POST /v1/payment_intents/pi_3QfakeP1/cancel',
    ]);
    expect(form(sent(3))).toEqual({ cancellation_reason: 'abandoned' });
  });

  it('never cancels a payment already taken, nor an action already finished', async () => {
    routes['GET /v1/terminal/readers/tmr_FakeReader1'] = [200, reader(processing)];
    routes['POST /v1/terminal/readers/tmr_FakeReader1/cancel_action'] = [200, reader(null)];
    routes['GET /v1/payment_intents/pi_3QfakeP1'] = [
      200,
      paymentIntent({ id: 'pi_3QfakeP1', status: 'succeeded', payment_method_types: ['interac_present'] }),
    ];
    await gateway.cancelReaderAction('tmr_FakeReader1');
    expect(requests.map((request) => request.path)).not.toContain('/v1/payment_intents/pi_3QfakeP1/cancel');

    requests = [];
    routes['GET /v1/terminal/readers/tmr_FakeReader1'] = [
      200,
      reader({ ...processing, status: 'succeeded' }),
    ];
    const finished = await gateway.cancelReaderAction('tmr_FakeReader1');
    expect(finished.action?.status).toBe('succeeded');
    expect(requests.map((request) => request.method)).toEqual(['GET']);
  });

  it('refunds Interac through the reader: POST refund_payment with the Idempotency-Key', async () => {
    routes['GET /v1/payment_intents/pi_3QfakeI1'] = [
      200,
      paymentIntent({ id: 'pi_3QfakeI1', status: 'succeeded', latest_charge: interacCharge() }),
    ];
    const refunding = {
      type: 'refund_payment',
      status: 'in_progress',
      failure_code: null,
      failure_message: null,
      refund_payment: { payment_intent: 'pi_3QfakeI1', amount: 1650 },
    };
    routes['POST /v1/terminal/readers/tmr_FakeReader1/refund_payment'] = [200, reader(refunding)];
    const result = await gateway.refundPayment('tmr_FakeReader1', {
      paymentIntentId: 'pi_3QfakeI1',
      amount: 1650,
      idempotencyKey: 'interac-refund-1',
    });
    expect(sent(1).headers['idempotency-key']).toBe('interac-refund-1');
    expect(form(sent(1))).toEqual({ payment_intent: 'pi_3QfakeI1', amount: '1650' });
    expect(result.action).toEqual({
      type: 'refund_payment',
      status: 'in_progress',
      failure_code: null,
      failure_message: null,
      refund_payment: { payment_intent: 'pi_3QfakeI1', charge: null, amount: 1650, refund: null },
    });
  });

  it('refuses to refund a card payment through the reader', async () => {
    routes['GET /v1/payment_intents/pi_3QfakeA1'] = [
      200,
      paymentIntent({ status: 'succeeded', latest_charge: charge() }),
    ];
    await expect(
      gateway.refundPayment('tmr_FakeReader1', { paymentIntentId: 'pi_3QfakeA1', idempotencyKey: 'x' }),
    ).rejects.toMatchObject({ code: 'charge_not_refundable' });
    expect(requests).toHaveLength(1);
  });
});

// ---------------------------------------------------------------- checkout, products, prices

describe('checkout sessions, products and prices', () => {
  const session = {
    id: 'cs_test_a1Fake',
    object: 'checkout.session',
    amount_total: 7098,
    cancel_url: null,
    created: 1_795_400_000,
    currency: 'cad',
    expires_at: 1_795_486_400,
    line_items: {
      object: 'list',
      data: [
        {
          id: 'li_1',
          object: 'item',
          amount_total: 2598,
          description: 'Novelty Socks',
          price: { id: 'price_1Novelty', object: 'price', product: 'prod_Novelty', unit_amount: 1299 },
          quantity: 2,
        },
        {
          id: 'li_2',
          object: 'item',
          amount_total: 4500,
          description: 'Gift Box',
          price: { id: 'price_1GiftBox', object: 'price', product: 'prod_GiftBox', unit_amount: 4500 },
          quantity: 1,
        },
      ],
      has_more: false,
      url: '/v1/checkout/sessions/cs_test_a1Fake/line_items',
    },
    metadata: {},
    mode: 'payment',
    payment_intent: null,
    payment_status: 'unpaid',
    status: 'open',
    success_url: 'https://shop.example.ca/#/checkout-success',
    url: 'https://checkout.stripe.com/c/pay/cs_test_a1Fake',
  };

  it('creates a hosted checkout session from prices and quantities', async () => {
    routes['POST /v1/checkout/sessions'] = [200, session];
    const created = await gateway.createCheckoutSession({
      lineItems: [
        { priceId: 'price_1Novelty', quantity: 2 },
        { priceId: 'price_1GiftBox', quantity: 1 },
      ],
      successUrl: 'https://shop.example.ca/#/checkout-success',
      idempotencyKey: 'checkout-1',
    });
    expect(sent().headers['idempotency-key']).toBe('checkout-1');
    expect(form(sent())).toEqual({
      mode: 'payment',
      'line_items[0][price]': 'price_1Novelty',
      'line_items[0][quantity]': '2',
      'line_items[1][price]': 'price_1GiftBox',
      'line_items[1][quantity]': '1',
      success_url: 'https://shop.example.ca/#/checkout-success',
      'expand[0]': 'line_items',
    });
    expect(created).toEqual({
      id: 'cs_test_a1Fake',
      object: 'checkout.session',
      url: 'https://checkout.stripe.com/c/pay/cs_test_a1Fake',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 7098,
      currency: 'cad',
      payment_intent: null,
      success_url: 'https://shop.example.ca/#/checkout-success',
      cancel_url: null,
      metadata: {},
      line_items: [
        { price: 'price_1Novelty', quantity: 2, amount_total: 2598, description: 'Novelty Socks' },
        { price: 'price_1GiftBox', quantity: 1, amount_total: 4500, description: 'Gift Box' },
      ],
      created: 1_795_400_000,
      expires_at: 1_795_486_400,
    });
    routes['GET /v1/checkout/sessions/cs_test_a1Fake'] = [
      200,
      { ...session, status: 'complete', payment_status: 'paid', payment_intent: 'pi_3QfakeC1', url: null },
    ];
    const retrieved = await gateway.retrieveCheckoutSession('cs_test_a1Fake');
    expect(query(sent(1))).toEqual({ 'expand[0]': 'line_items' });
    expect(retrieved).toMatchObject({ status: 'complete', payment_intent: 'pi_3QfakeC1', url: null });
  });

  it('lists active products and prices, page by page', async () => {
    routes['GET /v1/products'] = (request) =>
      request.query.get('starting_after')
        ? [
            200,
            list([{ id: 'prod_GiftBox', object: 'product', name: 'Gift Box', active: true }], '/v1/products'),
          ]
        : [
            200,
            list(
              [{ id: 'prod_Novelty', object: 'product', name: 'Novelty Socks', active: true }],
              '/v1/products',
              true,
            ),
          ];
    expect(await gateway.listProducts()).toEqual([
      { id: 'prod_Novelty', object: 'product', name: 'Novelty Socks', active: true },
      { id: 'prod_GiftBox', object: 'product', name: 'Gift Box', active: true },
    ]);
    expect(query(sent(0))).toEqual({ active: 'true', limit: '100' });
    expect(query(sent(1))).toEqual({ active: 'true', limit: '100', starting_after: 'prod_Novelty' });

    routes['GET /v1/prices'] = [
      200,
      list(
        [
          {
            id: 'price_1Novelty',
            object: 'price',
            active: true,
            currency: 'cad',
            product: 'prod_Novelty',
            unit_amount: 1299,
          },
        ],
        '/v1/prices',
      ),
    ];
    expect(await gateway.listPrices()).toEqual([
      {
        id: 'price_1Novelty',
        object: 'price',
        product: 'prod_Novelty',
        unit_amount: 1299,
        currency: 'cad',
        active: true,
      },
    ]);
    expect(query(sent(2))).toEqual({ active: 'true', limit: '100' });
  });
});
