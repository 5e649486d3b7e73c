/**
 * A local fake of api.stripe.com for the Stripe gateway's tests (these machines cannot reach
 * Stripe): it answers recorded Stripe-shaped JSON, and records what the official SDK sent. A test
 * file calls startFakeStripe() once; `routes` and `requests` are emptied before each test.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { PaymentGateway } from './gateway.ts';
import { createStripeGateway } from './stripe/index.ts';

export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  headers: IncomingMessage['headers'];
}

export type Answer = [status: number, body: unknown];

let server: Server;
export let port: number;
export const requests: Recorded[] = [];
export const routes: Record<string, Answer | ((request: Recorded) => Answer)> = {};
export let gateway: PaymentGateway;

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

/** Starts the fake for the file's tests and points `gateway` at it, in test mode. */
export function startFakeStripe(): void {
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
      const [status, body] =
        typeof route === 'function' ? route(recorded) : (route ?? notFound(recorded.path));
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
      response.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    gateway = stripeAt(port, true);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    requests.length = 0;
    for (const route of Object.keys(routes)) delete routes[route];
  });
}

export function stripeAt(portNumber: number, testMode: boolean): PaymentGateway {
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

export function notFound(path: string): Answer {
  return [
    404,
    { error: { type: 'invalid_request_error', message: `Unrecognized request URL (GET: ${path}).` } },
  ];
}

/** The one request the call made (or the nth). */
export function sent(index = 0): Recorded {
  const request = requests[index];
  if (!request) throw new Error(`no request #${index}; got ${requests.length}`);
  return request;
}

export const form = (request: Recorded) => Object.fromEntries(request.form);
export const query = (request: Recorded) => Object.fromEntries(request.query);

// ---------------------------------------------------------------- recorded Stripe objects

export const paymentIntent = (fields: Record<string, unknown> = {}) => ({
  id: 'pi_3QfakeA1',
  object: 'payment_intent',
  amount: 4599,
  amount_capturable: 4599,
  amount_received: 0,
  capture_method: 'manual',
  canceled_at: null,
  cancellation_reason: null,
  client_secret: 'pi_3QfakeA1_secret_fake',
  created: 1_795_400_000,
  currency: 'cad',
  last_payment_error: null,
  latest_charge: 'ch_3QfakeA1',
  livemode: false,
  metadata: { cart: '7' },
  next_action: null,
  payment_method: 'pm_1Qfake',
  payment_method_types: ['card'],
  receipt_email: null,
  status: 'requires_capture',
  ...fields,
});

export const charge = (fields: Record<string, unknown> = {}) => ({
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

/** Stripe's test Visa as a card's details describe it, online or on a reader. */
export const TEST_VISA = {
  brand: 'visa',
  country: 'US',
  exp_month: 12,
  exp_year: 2030,
  funding: 'credit',
  last4: '4242',
} as const;

/** Taken on a reader: the receipt has the network's authorization code (an online card has no receipt). */
export const cardPresentCharge = (fields: Record<string, unknown> = {}) =>
  charge({
    id: 'ch_3QfakeP1',
    payment_intent: 'pi_3QfakeP1',
    amount: 3000,
    amount_captured: 3000,
    payment_method_details: {
      type: 'card_present',
      card_present: {
        ...TEST_VISA,
        network: 'visa',
        receipt: {
          account_type: 'credit',
          application_preferred_name: 'Visa Credit',
          authorization_code: 'A1B2C3',
          authorization_response_code: '3030',
          cardholder_verification_method: 'signature',
        },
      },
    },
    ...fields,
  });

export const interacCharge = (fields: Record<string, unknown> = {}) =>
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
        receipt: {
          account_type: 'checking',
          application_preferred_name: 'Interac',
          authorization_code: '7Q4K9Z',
          authorization_response_code: '3030',
          cardholder_verification_method: 'online_pin',
        },
      },
    },
    ...fields,
  });

export const reader = (action: unknown = null, fields: Record<string, unknown> = {}) => ({
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

export const list = (data: unknown[], url: string, hasMore = false) => ({
  object: 'list',
  data,
  has_more: hasMore,
  url,
});

// ---------------------------------------------------------------- payment intents
