/**
 * The API fuzz's table (server/api-fuzz.test.ts): a valid call of every route that takes input, who
 * makes it, and what state it needs first. The fuzz breaks each call one place at a time.
 */
import { eq, isNotNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { LoginRecord } from '../../domain/auth.ts';
import { calendarDayOf, DEFAULT_STORE_TIME_ZONE } from '../../domain/dates.ts';
import { posSales, products, receipts, wishRequests } from '../db/schema.ts';
import { DEMO_ACCOUNTS } from '../db/seed/demo-data.ts';
import { placeWebOrder } from '../modules/orders/orders-test-kit.ts';
import {
  createIntent,
  FRONT_COUNTER,
  payOnReader,
  posCall,
  processOn,
} from '../modules/pos/pos-test-helpers.ts';
import { enqueueMail } from '../providers/mail/outbox.ts';
import { signWebhook } from '../providers/payments/webhook-events.ts';
import {
  bearer,
  CARD_EXPIRY_YEAR,
  newClient,
  TEST_WEBHOOK_SECRET,
  type TestApp,
  TORONTO_ADDRESS,
} from './app.ts';
import type { CallExample, FuzzRequest, JsonSchema } from './fuzz.ts';

export type Caller = 'visitor' | 'client' | 'cashier' | 'admin';

export interface World {
  client: LoginRecord;
  other: LoginRecord;
  cashier: LoginRecord;
  admin: LoginRecord;
  sized: { id: number; categoryId: number; sizeId: number };
  unsized: { id: number };
  box: { id: number; productId: number };
  rootCategoryId: number;
  offer: { id: number; productId: number };
  addressId: number;
  othersAddressId: number;
  paymentMethodId: string;
  receiptId: number;
  invoiceId: number;
  cardPayment: string;
  interacPayment: string;
  checkoutSession: string;
  /** Set by an example's prepare step for the call that needs it. */
  latest: string;
}

export interface Example {
  caller: Caller;
  call: (w: World) => CallExample;
  /** Makes the state the call needs (a cart, a payment in progress), before its control call. */
  prepare?: (w: World) => Promise<void>;
  /** What the example itself answers; a 2xx unless said. */
  control?: number;
  /** Leaves shared things as they were (a reader idle), after the route's bad requests. */
  cleanup?: (w: World) => Promise<void>;
  /** The body's schema where the route parses its body itself (it declares only an object). */
  bodySchema?: JsonSchema;
  /** Path parameters naming another client's things: refused as bad values are. */
  othersParams?: (w: World) => Record<string, string | number>;
}

/** What the examples need of the fuzz: its app, and its way of calling a route as someone. */
export interface FuzzHarness {
  t: TestApp;
  call(
    caller: Caller,
    method: string,
    template: string,
    request: CallExample | FuzzRequest,
  ): Promise<LightMyRequestResponse>;
}

export const SHIPPING = { ...TORONTO_ADDRESS, address_type_id: 1 };
export const CARD = { number: '4242424242424242', exp_month: 12, exp_year: CARD_EXPIRY_YEAR, cvc: '123' };
/** Stripe's test card that asks for 3-D Secure on every payment. */
export const THREE_D_SECURE_CARD = '4000002760003184';
const toCashier = (w: World) => ({ userId: w.cashier.client_id, readerId: FRONT_COUNTER });

/** The spec's shipping calls name an order by its number, with the spec's empty apiToken. */
const shippingCall = (w: World) => ({ body: { apiToken: '', orderNo: w.latest } });

/** Every example, keyed as the OpenAPI document names the route. */
export function fuzzExamples(harness: FuzzHarness): Record<string, Example> {
  // The harness's app exists only once the tests start: read it when an example runs.
  const call: FuzzHarness['call'] = (...args) => harness.call(...args);
  async function readerIdle(w: World): Promise<void> {
    const response = await posCall(harness.t, w.cashier, '/api/pos/cancel_payment', { id: FRONT_COUNTER });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** A paid web order of its own for a call that ships, cancels or refunds one (w.latest is its number). */
  async function webOrder(w: World): Promise<void> {
    const placed = await placeWebOrder(harness.t.app, [{ productId: w.unsized.id, quantity: 4 }]);
    w.latest = String(placed.orderNumber);
  }

  /** A web order of its own whose parcel the carrier booked (api/shipping/createorder). */
  async function bookedWebOrder(w: World): Promise<void> {
    await webOrder(w);
    const booked = await call('admin', 'POST', '/api/shipping/createorder', { body: shippingCall(w).body });
    expect(booked.statusCode, booked.body).toBe(200);
  }

  /** A new client of its own for a call that changes an account (w.latest is its id). */
  async function freshAccount(w: World): Promise<void> {
    const signUp = await call('visitor', 'POST', '/api/client', { body: newClient() });
    expect(signUp.statusCode, signUp.body).toBe(201);
    w.latest = String(signUp.json<LoginRecord>().client_id);
  }

  /** An e-mail with an attachment waiting in the outbox (w.latest is its id). */
  async function queuedMail(w: World): Promise<void> {
    const id = await enqueueMail(harness.t.db, {
      to: 'fuzz@example.ca',
      subject: 'Fuzz',
      text: 'Fuzz.',
      attachments: [{ filename: 'a.txt', contentType: 'text/plain', contentBase64: 'RnV6eg==' }],
    });
    w.latest = String(id);
  }
  const mailParams = (w: World) => ({ params: { id: w.latest } });

  /** A contact message sent through the storefront's form (w.latest is its id). */
  async function contactRequest(w: World): Promise<void> {
    const sent = await call('visitor', 'POST', '/api/contactus', {
      body: { name: 'Fuzz Contact', email: 'fuzz.contact@example.ca', message: 'Hello.' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    w.latest = String(sent.json<{ id: number }>().id);
  }

  async function cartReady(w: World): Promise<void> {
    const add = await call('client', 'POST', '/api/addcart', {
      body: { userId: w.client.client_id, productId: w.unsized.id, quantity: 1 },
    });
    expect(add.statusCode, add.body).toBe(200);
  }

  /** A payment waiting for 3-D Secure (w.latest is its intent), paid with Stripe's 3184 test card. */
  async function threeDSecureAsked(w: World): Promise<void> {
    await cartReady(w);
    const method = await call('client', 'POST', '/api/Payment/sandbox/paymentmethod', {
      body: { ...CARD, number: THREE_D_SECURE_CARD },
    });
    const paid = await call('client', 'POST', '/api/Payment', {
      body: { userId: w.client.client_id, paymentMethodId: method.json().id },
    });
    expect(paid.json().status, paid.body).toBe('requires_action');
    w.latest = paid.json().paymentIntentId;
  }

  /** The cashier's register shift open (w.latest is its id), for the calls that need one. */
  async function shiftOpen(w: World): Promise<void> {
    const opened = await call('cashier', 'POST', '/api/pos/shifts/open', { body: { float: 10000 } });
    if (opened.statusCode !== 409) expect(opened.statusCode, opened.body).toBe(200);
    const current = await call('cashier', 'GET', '/api/pos/shifts/current', {});
    expect(current.statusCode, current.body).toBe(200);
    w.latest = String(current.json<{ id: number }>().id);
  }

  /** The bag (a product without sizes) at today's price, paid on the reader: a sale's card tender. */
  async function bagPaidOnReader(w: World): Promise<{ paymentIntentId: string; amount: number }> {
    const [bag] = await harness.t.db
      .select({ pricing: products.pricing, discount: products.priceDiscount })
      .from(products)
      .where(eq(products.id, w.unsized.id));
    const amount = (bag?.pricing ?? 0) - Math.min(bag?.discount ?? 0, bag?.pricing ?? 0);
    const { paymentIntentId } = await payOnReader(harness.t, w.cashier, FRONT_COUNTER, amount);
    return { paymentIntentId, amount };
  }

  /** No register shift open for the cashier, for the call that opens one. */
  async function shiftClosed(): Promise<void> {
    const closed = await call('cashier', 'POST', '/api/pos/shifts/close', { body: { counted: 10000 } });
    if (closed.statusCode !== 409) expect(closed.statusCode, closed.body).toBe(200);
  }

  return {
    'GET /api/Address/client/{client_id}': {
      caller: 'client',
      call: (w) => ({ params: { client_id: w.client.client_id } }),
    },
    'GET /api/Address/{country}/province': { caller: 'visitor', call: () => ({ params: { country: 'CA' } }) },
    'GET /api/Address/{id}': {
      caller: 'client',
      call: (w) => ({ params: { id: w.addressId } }),
      othersParams: (w) => ({ id: w.othersAddressId }),
    },
    'GET /api/Tax/{province}': { caller: 'visitor', call: () => ({ params: { province: 'ON' } }) },
    'GET /api/admin/outbox': { caller: 'admin', call: () => ({ query: { status: 'pending' } }) },
    'GET /api/admin/outbox/{id}': { caller: 'admin', prepare: queuedMail, call: mailParams },
    'GET /api/admin/outbox/{id}/attachments/{index}': {
      caller: 'admin',
      prepare: queuedMail,
      call: (w) => ({ params: { id: w.latest, index: 1 } }),
    },
    'POST /api/admin/outbox/{id}/resend': { caller: 'admin', prepare: queuedMail, call: mailParams },
    'GET /api/admin/requests': {
      caller: 'admin',
      call: () => ({ query: { kind: 'contact', status: 'new', q: 'fuzz', page: 1 } }),
    },
    'GET /api/admin/requests/{kind}/{id}': {
      caller: 'admin',
      prepare: contactRequest,
      call: (w) => ({ params: { kind: 'contact', id: w.latest } }),
    },
    'PUT /api/admin/requests/{kind}/{id}/status': {
      caller: 'admin',
      prepare: contactRequest,
      call: (w) => ({ params: { kind: 'contact', id: w.latest }, body: { status: 'in_progress' } }),
    },
    'POST /api/admin/requests/{kind}/{id}/reply': {
      caller: 'admin',
      prepare: contactRequest,
      call: (w) => ({ params: { kind: 'contact', id: w.latest }, body: { text: 'We ship there, yes.' } }),
    },
    'GET /api/admin/requests/wish/{id}/invoice-draft': {
      caller: 'admin',
      prepare: async (w) => {
        const [row] = await harness.t.db
          .insert(wishRequests)
          .values({
            clientId: w.client.client_id,
            customerName: 'Fuzz Wish',
            email: 'fuzz.wish@example.ca',
            cart: [
              {
                product_id: w.unsized.id,
                package_id: null,
                code: 'AC-BAG-001',
                name: 'Bag',
                size_id: null,
                size_name: null,
                quantity: 1,
              },
            ],
          })
          .returning({ id: wishRequests.id });
        w.latest = String(row?.id);
      },
      call: (w) => ({ params: { id: w.latest } }),
    },
    'GET /api/admin/stock': {
      caller: 'admin',
      call: () => ({ query: { q: 'crew', low: 'false', page: 1 } }),
    },
    'GET /api/admin/stock/history': {
      caller: 'admin',
      call: (w) => ({ query: { productId: w.sized.id, page: 1 } }),
    },
    'GET /api/admin/reports/sales': {
      caller: 'admin',
      call: () => ({ query: { from: '2026-03-01', to: '2026-03-31', by: 'week' } }),
    },
    'GET /api/admin/reports/sales.csv': {
      caller: 'admin',
      call: () => ({ query: { from: '2026-03-01', to: '2026-03-31', by: 'month' } }),
    },
    'GET /api/admin/reports/tax': {
      caller: 'admin',
      call: () => ({ query: { from: '2026-03-01', to: '2026-03-31' } }),
    },
    'GET /api/admin/reports/tax.csv': {
      caller: 'admin',
      call: () => ({ query: { from: '2026-03-01', to: '2026-03-31' } }),
    },
    'GET /api/admin/reports/top-products': {
      caller: 'admin',
      call: () => ({ query: { from: '2026-03-01', to: '2026-03-31', limit: 5, sort: 'revenue' } }),
    },
    'GET /api/admin/reports/top-products.csv': {
      caller: 'admin',
      call: () => ({ query: { from: '2026-03-01', to: '2026-03-31', limit: 5, sort: 'quantity' } }),
    },
    'GET /api/admin/shifts': {
      caller: 'admin',
      call: () => ({ query: { from: '2026-03-01', to: '2026-03-31', page: 1 } }),
    },
    'GET /api/admin/day-report': {
      caller: 'admin',
      call: () => ({ query: { day: '2026-03-14' } }),
    },
    'GET /api/admin/day-report.pdf': {
      caller: 'admin',
      call: () => ({ query: { day: '2026-03-14' } }),
    },
    'GET /api/categories/{id}/products': {
      caller: 'client',
      call: (w) => ({ params: { id: w.sized.categoryId }, query: { offset: 0, limit: 24 } }),
    },
    'GET /api/client/{id}': {
      caller: 'client',
      call: (w) => ({ params: { id: w.client.client_id } }),
      othersParams: (w) => ({ id: w.other.client_id }),
    },
    'GET /api/inventory/category/{id}': {
      caller: 'client',
      call: (w) => ({ params: { id: w.rootCategoryId } }),
    },
    'GET /api/inventory/package/{id}': { caller: 'client', call: (w) => ({ params: { id: w.box.id } }) },
    'GET /api/inventory/product/{id}': { caller: 'client', call: (w) => ({ params: { id: w.sized.id } }) },
    'GET /api/inventory/product/{id}/{sizeId}': {
      caller: 'client',
      call: (w) => ({ params: { id: w.sized.id, sizeId: w.sized.sizeId } }),
    },
    'GET /api/invoice/{id}': { caller: 'cashier', call: (w) => ({ params: { id: w.invoiceId } }) },
    'GET /api/invoice/{id}/pdf': { caller: 'cashier', call: (w) => ({ params: { id: w.invoiceId } }) },
    'GET /api/orders': { caller: 'client', call: () => ({ query: { offset: 0, limit: 20 } }) },
    'GET /api/orders/{orderNumber}': {
      caller: 'client',
      // Not the world's client's order: the thank-you page's question is answered 404.
      control: 404,
      call: () => ({ params: { orderNumber: 999999 } }),
    },
    'GET /api/package/{id}/visit': { caller: 'visitor', call: (w) => ({ params: { id: w.box.id } }) },
    'GET /api/package/{productId}/{packageId}': {
      caller: 'visitor',
      call: (w) => ({ params: { productId: w.box.productId, packageId: w.box.id } }),
    },
    'GET /api/phasebycategory/{categoryId}': {
      caller: 'client',
      call: (w) => ({ params: { categoryId: w.rootCategoryId } }),
    },
    'GET /api/pos/receipts/{id}': { caller: 'cashier', call: (w) => ({ params: { id: w.receiptId } }) },
    'GET /api/pos/receipts/{id}/pdf': { caller: 'cashier', call: (w) => ({ params: { id: w.receiptId } }) },
    'GET /api/pos/sandbox-checkout/{id}': {
      caller: 'cashier',
      call: (w) => ({ params: { id: w.checkoutSession } }),
    },
    'GET /api/product': { caller: 'client', call: () => ({ query: { term: 'sock', offset: 0, limit: 24 } }) },
    'GET /api/product/{ctid}/{id}': {
      caller: 'client',
      call: (w) => ({ params: { ctid: w.sized.categoryId, id: w.sized.id } }),
    },
    'GET /api/product/{id}': { caller: 'client', call: (w) => ({ params: { id: w.sized.id } }) },
    'GET /api/product/{id}/visit': { caller: 'visitor', call: (w) => ({ params: { id: w.sized.id } }) },
    'GET /api/specialoffer/product/{productId}': {
      caller: 'visitor',
      call: (w) => ({ params: { productId: w.offer.productId } }),
    },
    'GET /api/specialoffer/{id}': { caller: 'visitor', call: (w) => ({ params: { id: w.offer.id } }) },
    'GET /api/specialofferrule/{id}': { caller: 'visitor', call: (w) => ({ params: { id: w.offer.id } }) },
    'POST /api/Address': {
      caller: 'client',
      call: () => ({ body: SHIPPING }),
    },
    'POST /api/Dimension/byproductid': {
      caller: 'visitor',
      call: (w) => ({ body: { product_id: w.sized.id, size_id: w.sized.sizeId } }),
    },
    'POST /api/Logger': {
      caller: 'visitor',
      call: () => ({
        body: { level: 'warn', message: 'fuzz', url: 'http://127.0.0.1/#/', stack: 'at fuzz' },
      }),
    },
    'POST /api/stripe/webhook': {
      caller: 'visitor',
      // Signed over the example's exact bytes: any change to the body breaks the signature (400).
      call: () => {
        const body = {
          id: 'evt_fuzz_example',
          object: 'event',
          type: 'customer.created',
          created: Math.floor(Date.now() / 1000),
          livemode: false,
          data: { object: { id: 'cus_fuzz', object: 'customer' } },
        };
        const signature = signWebhook(JSON.stringify(body), TEST_WEBHOOK_SECRET, body.created);
        return { headers: { 'stripe-signature': signature }, body };
      },
      bodySchema: {
        type: 'object',
        required: ['id', 'object', 'type', 'created', 'data'],
        properties: {
          id: { type: 'string' },
          object: { type: 'string', enum: ['event'] },
          type: { type: 'string' },
          created: { type: 'integer' },
          livemode: { type: 'boolean' },
          data: { type: 'object', required: ['object'], properties: { object: { type: 'object' } } },
        },
      },
    },
    // Before POST api/Payment, whose bad requests use up the client's card attempts.
    'POST /api/Payment/sandbox/authenticate': {
      caller: 'client',
      prepare: threeDSecureAsked,
      call: (w) => ({ body: { paymentIntentId: w.latest, outcome: 'complete' } }),
    },
    'POST /api/Payment/authentication': {
      caller: 'client',
      prepare: threeDSecureAsked,
      call: (w) => ({ body: { userId: w.client.client_id, paymentIntentId: w.latest } }),
    },
    'POST /api/Payment/confirm': {
      caller: 'client',
      async prepare(w) {
        await cartReady(w);
        const paid = await call('client', 'POST', '/api/Payment', {
          body: { userId: w.client.client_id, paymentMethodId: w.paymentMethodId },
        });
        expect(paid.json().status, paid.body).toBe('succeeded');
        w.latest = paid.json().paymentIntentId;
      },
      call: (w) => ({ body: { userId: w.client.client_id, paymentIntentId: w.latest, orderRequest: {} } }),
    },
    'POST /api/Payment': {
      caller: 'client',
      prepare: cartReady,
      call: (w) => ({ body: { userId: w.client.client_id, paymentMethodId: w.paymentMethodId } }),
    },
    'POST /api/Payment/sandbox/paymentmethod': {
      caller: 'client',
      call: () => ({
        body: {
          ...CARD,
          billing_details: { name: 'Jamie Tremblay', email: 'jamie@example.ca', address: { country: 'CA' } },
        },
      }),
    },
    'POST /api/Payment/shippingfee': {
      caller: 'client',
      prepare: cartReady,
      call: () => ({ body: { address: { province: 'ON', postalcode: 'M5B 2H1', country_code: 'CA' } } }),
    },
    'POST /api/addcart': {
      caller: 'client',
      call: (w) => ({
        body: {
          cartId: 0,
          userId: w.client.client_id,
          productId: w.sized.id,
          quantity: 1,
          size_id: w.sized.sizeId,
          isPackage: false,
        },
      }),
    },
    'POST /api/updatecart': {
      caller: 'client',
      call: (w) => ({
        body: {
          cartId: 0,
          userId: w.client.client_id,
          productId: w.sized.id,
          quantity: 2,
          size_id: w.sized.sizeId,
          isPackage: false,
        },
      }),
    },
    'POST /api/getcart': { caller: 'client', call: (w) => ({ body: { userId: w.client.client_id } }) },
    'POST /api/emptycart': { caller: 'client', call: (w) => ({ body: { userId: w.client.client_id } }) },
    'POST /api/auth/login': {
      caller: 'visitor',
      call: () => ({
        body: { user_name: DEMO_ACCOUNTS.client.user_name, password: DEMO_ACCOUNTS.client.password },
      }),
    },
    'POST /api/client': { caller: 'visitor', call: () => ({ body: newClient() }) },
    'PUT /api/client/{client_id}': {
      caller: 'client',
      call: (w) => {
        const { password: _password, ...profile } = newClient({
          user_name: w.client.user_name,
          email: w.client.email,
        });
        return { params: { client_id: w.client.client_id }, body: profile };
      },
    },
    'POST /api/contactus': {
      caller: 'visitor',
      call: () => ({
        body: {
          name: 'Robin Okafor',
          email: 'robin@example.ca',
          phone: '613-555-0100',
          address: '1 Main St',
          message: 'Hello',
        },
      }),
    },
    'POST /api/setCustomRequest': {
      caller: 'visitor',
      call: () => ({
        body: {
          name: 'Robin Okafor',
          email: 'robin@example.ca',
          type: 'Crew',
          size: 'M',
          color: 'Red',
          stripes: 2,
          stripe_color: 'White',
          text: 'GO TEAM',
          text_location: 1,
          text_alignment: 2,
          text_size: 'M',
          text_color: 'Black',
          logo: '',
          logo_location: '',
          message: 'For our team',
          quantity: 200,
        },
      }),
    },
    'POST /api/setOrder': {
      caller: 'client',
      // Prices are shown in this shop: a wish list is refused, and its bad forms before that.
      control: 409,
      call: (w) => ({
        body: {
          userId: w.client.client_id,
          customer_name: 'Jamie Tremblay',
          email: 'jamie@example.ca',
          message: 'Hi',
        },
      }),
    },
    'POST /api/inventory/products': {
      caller: 'client',
      call: (w) => ({
        body: { lines: [{ productId: w.sized.id, size_id: w.sized.sizeId, packageId: null, quantity: 1 }] },
      }),
    },
    'POST /api/shipping/calculate': {
      caller: 'client',
      call: () => ({
        body: {
          customerNo: 'MSC000001',
          orderWeight: 500,
          consigneeShipper: { countryCode: 'CA', stateOrProvince: 'ON', postCode: 'M5B 2H1' },
          boxList: [{ boxLength: 250, boxWidth: 100, boxHeight: 20, boxWeight: 80, quantity: 2 }],
        },
      }),
    },
    'POST /api/upload': {
      caller: 'visitor',
      // The route reads one multipart file; any JSON body is wrong.
      control: 415,
      bodySchema: { type: 'object' },
      call: () => ({ body: { file: 'logo.png' } }),
    },
    'POST /api/admin/stock/import': {
      caller: 'admin',
      call: () => ({ body: { csv: 'kind,code,size,instock\nproduct,AC-BAG-001,,80', apply: false } }),
    },
    'GET /api/admin/staff': {
      caller: 'admin',
      call: () => ({ query: { q: 'lee', staff: 'true', page: 1 } }),
    },
    'GET /api/admin/audit': {
      caller: 'admin',
      call: () => ({ query: { entity: 'settings', entityId: '1', page: 1 } }),
    },
    'POST /api/admin/staff': {
      caller: 'admin',
      call: () => ({
        body: {
          user_name: `cashier${Date.now()}`,
          first_name: 'Riley',
          last_name: 'Chen',
          email: `cashier${Date.now()}@example.ca`,
          roles: ['POS'],
          password: 'Register2026!',
        },
      }),
    },
    'PUT /api/admin/staff/{id}/roles': {
      caller: 'admin',
      prepare: freshAccount,
      call: (w) => ({ params: { id: Number(w.latest) }, body: { roles: ['POS'] } }),
    },
    'POST /api/admin/staff/{id}/disable': {
      caller: 'admin',
      prepare: freshAccount,
      call: (w) => ({ params: { id: Number(w.latest) } }),
    },
    'POST /api/admin/staff/{id}/enable': {
      caller: 'admin',
      prepare: freshAccount,
      call: (w) => ({ params: { id: Number(w.latest) } }),
    },
    'POST /api/admin/staff/{id}/password-reset': {
      caller: 'admin',
      prepare: freshAccount,
      call: (w) => ({ params: { id: Number(w.latest) } }),
    },
    'POST /api/auth/forgot-password': {
      caller: 'visitor',
      call: () => ({ body: { email: 'fuzz-nobody@example.ca' } }),
    },
    'POST /api/auth/change-password': {
      caller: 'client',
      // The world's client keeps its password: the current one given is not it.
      control: 400,
      call: () => ({ body: { current_password: 'not-the-password', password: 'Chosen2026!' } }),
    },
    'POST /api/auth/reset-password': {
      caller: 'visitor',
      prepare: async (w) => {
        await freshAccount(w);
        const reset = await call('admin', 'POST', '/api/admin/staff/{id}/password-reset', {
          params: { id: Number(w.latest) },
        });
        expect(reset.statusCode, reset.body).toBe(200);
        w.latest = reset.json<{ link: string }>().link.split('/').pop() ?? '';
      },
      call: (w) => ({ body: { token: w.latest, password: 'Chosen2026!' } }),
    },
    'GET /api/setup/{token}': {
      caller: 'visitor',
      // The demo shop has an admin: no setup link works, whatever it says.
      control: 404,
      call: () => ({ params: { token: 'a-setup-token' } }),
    },
    'POST /api/setup': {
      caller: 'visitor',
      control: 404,
      call: () => ({
        body: {
          token: 'a-setup-token',
          owner: {
            user_name: 'jo.owner',
            first_name: 'Jo',
            last_name: 'Bouchard',
            email: 'jo@example.ca',
            password: 'Northern2026!',
          },
          store: {
            store_name: 'Northern Socks',
            seller_company_name: 'Northern Socks Ltd.',
            store_address: '12 Water St, Halifax, NS B3J 1A1',
            store_email: 'hello@example.ca',
            store_phone: '902-555-0147',
            store_province: 'NS',
            gst_hst_number: '123456789 RT0001',
          },
        },
      }),
    },
    'POST /api/admin/categories': {
      caller: 'admin',
      call: (w) => ({ body: { parent_id: w.rootCategoryId, name: `Group ${Date.now()}`, hidden: true } }),
    },
    'PATCH /api/admin/categories/{id}': {
      caller: 'admin',
      prepare: async (w) => {
        const created = await call('admin', 'POST', '/api/admin/categories', {
          body: { name: `Tab ${Date.now()}`, hidden: true },
        });
        expect(created.statusCode, created.body).toBe(201);
        const tree = created.json<{ id: number; name: string }[]>();
        w.latest = String(Math.max(...tree.map((tab) => tab.id)));
      },
      call: (w) => ({
        params: { id: Number(w.latest) },
        body: { version: 1, name: 'Renamed tab', sort_order: 90 },
      }),
    },
    'POST /api/admin/size-types': {
      caller: 'admin',
      call: () => ({ body: { name: 'Kids', sizes: ['XS', 'S'] } }),
    },
    'GET /api/admin/products': {
      caller: 'admin',
      call: (w) => ({ query: { q: 'crew', category_id: w.sized.categoryId, archived: 'false', page: 1 } }),
    },
    'POST /api/admin/products': {
      caller: 'admin',
      call: (w) => ({
        body: {
          code: `FZ-${Date.now()}`,
          name: 'Fuzz Sock',
          short_description: 'A sock.',
          long_description: '',
          price: 1200,
          sale_price: 1000,
          category_id: w.sized.categoryId,
          is_new: false,
          size_type_id: null,
          family: null,
          color: 'Red',
          images: [],
          box: { length_mm: 250, width_mm: 100, height_mm: 20, weight_g: 80 },
          active: false,
        },
      }),
    },
    'GET /api/admin/products/{id}': { caller: 'admin', call: (w) => ({ params: { id: w.unsized.id } }) },
    'PATCH /api/admin/products/{id}': {
      caller: 'admin',
      prepare: async (w) => {
        const read = await call('admin', 'GET', '/api/admin/products/{id}', { params: { id: w.unsized.id } });
        expect(read.statusCode, read.body).toBe(200);
        w.latest = String(read.json<{ version: number }>().version);
      },
      call: (w) => ({ params: { id: w.unsized.id }, body: { version: Number(w.latest), is_new: false } }),
    },
    'POST /api/admin/packages': {
      caller: 'admin',
      call: (w) => ({
        body: {
          product_id: w.box.productId,
          code: `FZ-BOX-${Date.now()}`,
          name: 'Fuzz Box',
          long_description: '',
          price: 4500,
          icon: '',
          color: 'Blue',
          active: false,
        },
      }),
    },
    'PATCH /api/admin/packages/{id}': {
      caller: 'admin',
      prepare: async (w) => {
        const read = await call('admin', 'GET', '/api/admin/products/{id}', {
          params: { id: w.box.productId },
        });
        expect(read.statusCode, read.body).toBe(200);
        const sets = read.json<{ packages: { id: number; version: number }[] }>().packages;
        w.latest = String(sets.find((set) => set.id === w.box.id)?.version ?? 1);
      },
      call: (w) => ({ params: { id: w.box.id }, body: { version: Number(w.latest), color: 'Red' } }),
    },
    'POST /api/admin/images': {
      caller: 'admin',
      // The route reads one multipart file; any JSON body is wrong.
      control: 415,
      bodySchema: { type: 'object' },
      call: () => ({ body: { file: 'photo.png' } }),
    },
    'GET /api/admin/orders': {
      caller: 'admin',
      call: () => ({ query: { q: 'Tremblay', status: 'paid', province: 'ON', from: '2026-01-01', page: 1 } }),
    },
    'POST /api/admin/reconciliation/{day}': {
      caller: 'admin',
      call: () => ({ params: { day: calendarDayOf(new Date(), DEFAULT_STORE_TIME_ZONE) } }),
    },
    'GET /api/admin/reconciliation/{day}': {
      caller: 'admin',
      async prepare() {
        const day = calendarDayOf(new Date(), DEFAULT_STORE_TIME_ZONE);
        const ran = await call('admin', 'POST', '/api/admin/reconciliation/{day}', { params: { day } });
        expect(ran.statusCode, ran.body).toBe(200);
      },
      call: () => ({ params: { day: calendarDayOf(new Date(), DEFAULT_STORE_TIME_ZONE) } }),
    },
    'GET /api/admin/orders/{orderNumber}': {
      caller: 'admin',
      prepare: webOrder,
      call: (w) => ({ params: { orderNumber: w.latest } }),
    },
    'GET /api/admin/orders/documents': {
      caller: 'admin',
      prepare: webOrder,
      call: (w) => ({ query: { orders: w.latest, kind: 'slips' } }),
    },
    'POST /api/admin/orders/ship': {
      caller: 'admin',
      prepare: webOrder,
      call: (w) => ({ body: { orderNumbers: [Number(w.latest)] } }),
    },
    'POST /api/admin/orders/{orderNumber}/ship': {
      caller: 'admin',
      prepare: webOrder,
      call: (w) => ({
        params: { orderNumber: w.latest },
        body: { trackingNumber: 'FZ123', carrier: 'Canpar' },
      }),
    },
    'POST /api/admin/orders/{orderNumber}/deliver': {
      caller: 'admin',
      async prepare(w) {
        await webOrder(w);
        const shipped = await call('admin', 'POST', '/api/admin/orders/{orderNumber}/ship', {
          params: { orderNumber: w.latest },
          body: {},
        });
        expect(shipped.statusCode, shipped.body).toBe(200);
      },
      call: (w) => ({ params: { orderNumber: w.latest } }),
    },
    'POST /api/admin/orders/{orderNumber}/cancel': {
      caller: 'admin',
      prepare: webOrder,
      call: (w) => ({ params: { orderNumber: w.latest }, body: { reason: 'Asked by the client' } }),
    },
    'POST /api/admin/orders/{orderNumber}/refund': {
      caller: 'admin',
      prepare: webOrder,
      call: (w) => ({
        params: { orderNumber: w.latest },
        headers: { 'idempotency-key': `fuzz-order-refund-${w.latest}` },
        body: { shipping: true, restock: true },
      }),
    },
    'POST /api/shipping/createorder': {
      caller: 'admin',
      prepare: webOrder,
      call: shippingCall,
    },
    'POST /api/shipping/saveorder': {
      caller: 'admin',
      prepare: bookedWebOrder,
      call: shippingCall,
    },
    'POST /api/shipping/OrderInfo': {
      caller: 'admin',
      prepare: bookedWebOrder,
      call: shippingCall,
    },
    'POST /api/shipping/label': {
      caller: 'admin',
      prepare: bookedWebOrder,
      call: shippingCall,
    },
    'POST /api/admin/offers': {
      caller: 'admin',
      call: (w) => ({
        body: {
          product_id: w.offer.productId,
          title: 'Fuzz offer',
          detail: 'Two for one.',
          rules: '',
          active: false,
        },
      }),
    },
    'PATCH /api/admin/offers/{id}': {
      caller: 'admin',
      call: (w) => ({ params: { id: w.offer.id }, body: { rules: 'While stock lasts.', active: true } }),
    },
    'PUT /api/admin/process-steps': {
      caller: 'admin',
      prepare: async (w) => {
        const read = await call('admin', 'GET', '/api/admin/process-steps', {});
        expect(read.statusCode, read.body).toBe(200);
        w.latest = read.body;
      },
      // The demo's own steps again: the storefront's process page stays as it was.
      call: (w) => ({ body: JSON.parse(w.latest) as unknown[] }),
    },
    'POST /api/admin/readers': {
      caller: 'admin',
      call: () => ({ body: { registration_code: 'simulated-wpe', label: 'Market Stall' } }),
    },
    'PATCH /api/admin/readers/{id}': {
      caller: 'admin',
      call: () => ({ params: { id: 'tmr_SbxBackOffice02' }, body: { label: 'Back Office Reader' } }),
    },
    'PUT /api/admin/readers/{id}/assignment': {
      caller: 'admin',
      // The demo cashier keeps the reader the POS examples use.
      call: (w) => ({ params: { id: 'tmr_SbxFrontCounter01' }, body: { staff_id: w.cashier.client_id } }),
    },
    'PUT /api/admin/settings': {
      caller: 'admin',
      call: () => ({ body: { minimum_purchase: 5000, gst_hst_number: '812345678 RT0001' } }),
    },
    'POST /api/admin/tax-rates': {
      caller: 'admin',
      call: () => ({
        body: { province: 'ON', name: 'HST', rate_ppm: 130_000, effective_from: '2099-01-01' },
      }),
    },
    'PUT /api/admin/stock': {
      caller: 'admin',
      call: (w) => ({ body: [{ productId: w.unsized.id, size_id: null, instock: 80, reason: 'counted' }] }),
    },
    'POST /api/invoice/CreateInvoice': {
      caller: 'cashier',
      call: () => ({
        body: {
          client_name: 'Lachance Outfitters',
          address: '25 King St W, Toronto, ON M5L 1A1',
          email: 'billing@example.ca',
          contact_no: '416-555-0134',
          products: [{ product_name: 'Wool crew socks', price: 1250, quantity: 12 }],
          additionalDetails: 'Net 30',
        },
      }),
    },
    'POST /api/invoice/SendInvoice': {
      caller: 'cashier',
      call: (w) => ({ body: { invoice_id: w.invoiceId, email: 'billing@example.ca' } }),
    },
    'POST /api/pos/GetUserReader': {
      caller: 'cashier',
      call: (w) => ({ body: { user_id: w.cashier.client_id } }),
    },
    'POST /api/pos/update_user_reader': {
      caller: 'cashier',
      call: (w) => ({ body: { user_id: w.cashier.client_id, reader_id: FRONT_COUNTER } }),
    },
    'POST /api/pos/get_reader': {
      caller: 'cashier',
      call: () => ({ headers: { reader_id: FRONT_COUNTER } }),
    },
    'POST /api/pos/create_payment_intent': {
      caller: 'cashier',
      call: () => ({ body: { amount: '1250', receiptEmail: 'robin@example.ca' } }),
    },
    'POST /api/pos/process_payment': {
      caller: 'cashier',
      async prepare(w) {
        w.latest = await createIntent(harness.t, w.cashier, 1850);
      },
      call: (w) => ({ body: { ...toCashier(w), paymentIntentId: w.latest } }),
      cleanup: readerIdle,
    },
    'POST /api/pos/simulate_payment': {
      caller: 'cashier',
      async prepare(w) {
        const intent = await createIntent(harness.t, w.cashier, 2150);
        expect((await processOn(harness.t, w.cashier, FRONT_COUNTER, intent)).statusCode).toBe(200);
      },
      call: () => ({ headers: { reader_id: FRONT_COUNTER }, body: { number: '4242424242424242' } }),
    },
    'POST /api/pos/simulate_interac_payment': {
      caller: 'cashier',
      async prepare(w) {
        const intent = await createIntent(harness.t, w.cashier, 2250);
        expect((await processOn(harness.t, w.cashier, FRONT_COUNTER, intent)).statusCode).toBe(200);
      },
      call: () => ({ headers: { reader_id: FRONT_COUNTER }, body: { number: '4506445006931933' } }),
    },
    'POST /api/pos/cancel_payment': { caller: 'cashier', call: () => ({ body: { id: FRONT_COUNTER } }) },
    'POST /api/pos/save_user_payment_detail': {
      caller: 'cashier',
      call: (w) => ({ body: { ...toCashier(w), amount: 5000, paymentIntentId: w.cardPayment } }),
    },
    'POST /api/pos/create-checkout-session': {
      caller: 'cashier',
      call: (w) => ({
        body: {
          lineItems: [{ priceId: `price_${w.unsized.id}`, quantity: 2 }],
          addTax: true,
          email: 'robin@example.ca',
        },
      }),
    },
    'POST /api/pos/checkout-sessions/{id}/complete': {
      caller: 'cashier',
      async prepare(w) {
        // A Card Checkout of the bag, paid on the sandbox's hosted page.
        const created = await posCall(harness.t, w.cashier, '/api/pos/create-checkout-session', {
          lineItems: [{ priceId: `price_${w.unsized.id}`, quantity: 1 }],
        });
        w.latest = /cs_[A-Za-z0-9_]+/.exec(created.json<{ url: string }>().url)?.[0] ?? '';
        const paid = await posCall(harness.t, w.cashier, `/api/pos/sandbox-checkout/${w.latest}`, CARD);
        expect(paid.statusCode, paid.body).toBe(200);
      },
      call: (w) => ({ params: { id: w.latest } }),
    },
    'POST /api/pos/sandbox-checkout/{id}': {
      caller: 'cashier',
      call: (w) => ({ params: { id: w.checkoutSession }, body: CARD }),
    },
    'POST /api/pos/search-charge': {
      caller: 'cashier',
      call: () => ({
        body: {
          fromAmount: 1,
          toAmount: 500,
          fromDate: '2026-01-01',
          toDate: '12/31/2030',
          status: 1,
          cardType: 2,
          last4: '4242',
          limit: 50,
        },
      }),
    },
    'POST /api/pos/sales': {
      caller: 'cashier',
      async prepare(w) {
        w.latest = JSON.stringify(await bagPaidOnReader(w));
      },
      call: (w) => ({
        headers: { 'idempotency-key': `fuzz-sale-${w.latest}` },
        body: {
          lines: [{ productId: w.unsized.id, size_id: null, packageId: null, quantity: 1 }],
          addTax: false,
          tenders: [{ type: 'card', ...JSON.parse(w.latest) }],
          email: 'robin@example.ca',
        },
      }),
    },
    'GET /api/pos/catalogue': {
      caller: 'cashier',
      call: () => ({ query: { q: 'crew' } }),
    },
    'GET /api/pos/sales/{id}': {
      caller: 'cashier',
      async prepare(w) {
        const [sale] = await harness.t.db.select({ id: posSales.id }).from(posSales).limit(1);
        w.latest = String(sale?.id ?? 0);
      },
      call: (w) => ({ params: { id: w.latest } }),
    },
    'GET /api/pos/sales/by-receipt/{receiptNumber}': {
      caller: 'cashier',
      async prepare(w) {
        const [receipt] = await harness.t.db
          .select({ receiptNumber: receipts.receiptNumber })
          .from(receipts)
          .where(isNotNull(receipts.saleId))
          .limit(1);
        w.latest = String(receipt?.receiptNumber ?? 0);
      },
      call: (w) => ({ params: { receiptNumber: w.latest } }),
    },
    'POST /api/pos/sales/{id}/returns': {
      caller: 'cashier',
      async prepare(w) {
        // A card sale of the bag to return: its card is refunded online (no shift needed).
        const { paymentIntentId, amount } = await bagPaidOnReader(w);
        const sold = await harness.t.app.inject({
          method: 'POST',
          url: '/api/pos/sales',
          headers: { ...bearer(w.cashier), 'idempotency-key': `fuzz-return-sale-${paymentIntentId}` },
          payload: {
            lines: [{ productId: w.unsized.id, size_id: null, packageId: null, quantity: 1 }],
            addTax: false,
            tenders: [{ type: 'card', amount, paymentIntentId }],
          },
        });
        w.latest = String(sold.json<{ id: number }>().id);
      },
      call: (w) => ({
        params: { id: w.latest },
        headers: { 'idempotency-key': `fuzz-return-${w.latest}` },
        body: { lines: [{ line: 0, quantity: 1 }], restock: true, email: 'robin@example.ca' },
      }),
    },
    'POST /api/pos/refund': {
      caller: 'cashier',
      call: (w) => ({
        headers: { 'idempotency-key': `fuzz-refund-${w.cardPayment}`, reader_id: FRONT_COUNTER },
        body: { paymentIntentId: w.cardPayment, amount: 100 },
      }),
    },
    'POST /api/pos/refund-interac': {
      caller: 'cashier',
      call: (w) => ({
        headers: { 'idempotency-key': `fuzz-interac-${w.interacPayment}`, reader_id: FRONT_COUNTER },
        body: { paymentIntentId: w.interacPayment, amount: 100 },
      }),
      cleanup: readerIdle,
    },
    'POST /api/pos/receipts': {
      caller: 'cashier',
      call: () => ({
        body: {
          lines: [{ product_name: 'Wool crew socks', amount: 1500, addTax: true }],
          email: 'robin@example.ca',
        },
      }),
    },
    'POST /api/pos/receipts/{id}/send': {
      caller: 'cashier',
      call: (w) => ({ params: { id: w.receiptId }, body: { email: 'robin@example.ca' } }),
    },
    'POST /api/pos/shifts/open': {
      caller: 'cashier',
      prepare: shiftClosed,
      call: () => ({ body: { float: 10000 } }),
    },
    'POST /api/pos/shifts/cash': {
      caller: 'cashier',
      prepare: shiftOpen,
      call: () => ({ body: { amount: 2000, reason: 'Rolls of coins from the bank' } }),
    },
    'POST /api/pos/shifts/close': {
      caller: 'cashier',
      prepare: shiftOpen,
      call: () => ({ body: { counted: 12000 } }),
    },
    'GET /api/pos/shifts/{id}/report': {
      caller: 'cashier',
      prepare: shiftOpen,
      call: (w) => ({ params: { id: w.latest } }),
    },
    'GET /api/pos/shifts/{id}/report.pdf': {
      caller: 'cashier',
      prepare: shiftOpen,
      call: (w) => ({ params: { id: w.latest } }),
    },
  };
}

/** Routes that take nothing to break: no parameters, no query and no body. */
export const NO_INPUT = new Set([
  'GET /api/Address/countries',
  'GET /api/admin/categories',
  'GET /api/admin/offers',
  'GET /api/shipping/accountInfo',
  'POST /api/shipping/getshippinglist',
  'GET /api/admin/outbox/health',
  'GET /api/admin/process-steps',
  'GET /api/admin/readers',
  'GET /api/admin/settings',
  'GET /api/admin/size-types',
  'GET /api/admin/stock/export',
  'GET /api/admin/stripe-check',
  'GET /api/admin/reconciliation',
  'GET /api/admin/tax-rates',
  'GET /api/Dimension/all',
  'GET /api/Payment/publickey',
  'GET /api/Shipping/shippingcarriers',
  'GET /api/allspecialoffers',
  'GET /api/auth/me',
  'GET /api/categories/counts',
  'GET /api/categories/root',
  'GET /api/categories/top',
  'GET /api/config',
  'GET /api/getShowRoomProducts',
  'GET /api/message',
  'GET /api/phaseproduct',
  'GET /api/pos/seller',
  'GET /api/pos/shifts/current',
  'GET /api/pos/tax-rate',
  'GET /api/process',
  'GET /api/products/home',
  'GET /api/products/teaser',
  'POST /api/auth/logout',
  'POST /api/pos/list_prices',
  'POST /api/pos/list_products',
  'POST /api/pos/list_reader',
  'POST /api/pos/showreaders',
]);
