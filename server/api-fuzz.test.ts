/**
 * Bad input for every route of the API (issue "Hardening"): fast-check breaks a valid call of each
 * route listed in the OpenAPI document in one place at a time, from the route's own schema (see
 * server/test/fuzz.ts). Every answer must be a 4xx with the one error body, never a 5xx; the
 * database must hold exactly what it held before the route's bad requests; and the shop must answer
 * a normal request right after each one. Fixed seed, bounded runs; the count is printed.
 */
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { addressSchema } from '../domain/address.ts';
import type { LoginRecord } from '../domain/auth.ts';
import { errorBodySchema } from '../domain/errors.ts';
import { type DbOrTx, rowsOf } from './db/database.ts';
import { categories, packages, products, settings, sizes, specialOffers } from './db/schema.ts';
import { DEMO_ACCOUNTS } from './db/seed/demo-data.ts';
import {
  assignReader,
  createIntent,
  FRONT_COUNTER,
  newCashier,
  payOnReader,
  posCall,
  processOn,
} from './modules/pos/pos-test-helpers.ts';
import {
  bearer,
  CARD_EXPIRY_YEAR,
  createTestApp,
  logIn,
  newClient,
  signUp,
  type TestApp,
  TORONTO_ADDRESS,
} from './test/app.ts';
import {
  badRequests,
  type CallExample,
  type FuzzRequest,
  type JsonSchema,
  jsonText,
  type OperationParameter,
} from './test/fuzz.ts';

const SEED = 20_261_123;
/** Random bad requests per route, after every boundary case. */
const RANDOM_RUNS = 12;
const kind = inject('databases').kind;

let t: TestApp;
/** Every request sent (each one's address is new); the bad ones are counted apart. */
let requestsSent = 0;
let badRequestsSent = 0;

type Caller = 'visitor' | 'client' | 'cashier' | 'admin';

interface World {
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

interface Example {
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

const SHIPPING = { ...TORONTO_ADDRESS, address_type_id: 1 };
const CARD = { number: '4242424242424242', exp_month: 12, exp_year: CARD_EXPIRY_YEAR, cvc: '123' };
const toCashier = (w: World) => ({ userId: w.cashier.client_id, readerId: FRONT_COUNTER });

async function readerIdle(): Promise<void> {
  const response = await posCall(t, world.cashier, '/api/pos/cancel_payment', { id: FRONT_COUNTER });
  expect(response.statusCode, response.body).toBe(200);
}

async function cartReady(w: World): Promise<void> {
  const add = await call('client', 'POST', '/api/addcart', {
    body: { userId: w.client.client_id, productId: w.unsized.id, quantity: 1 },
  });
  expect(add.statusCode, add.body).toBe(200);
}

/** A valid call of every route that takes input, keyed as the OpenAPI document names the route. */
const EXAMPLES: Record<string, Example> = {
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
    bodySchema: z.toJSONSchema(addressSchema, { io: 'input', target: 'openapi-3.0' }) as JsonSchema,
  },
  'POST /api/Dimension/byproductid': {
    caller: 'visitor',
    call: (w) => ({ body: { product_id: w.sized.id, size_id: w.sized.sizeId } }),
  },
  'POST /api/Logger': {
    caller: 'visitor',
    call: () => ({ body: { level: 'warn', message: 'fuzz', url: 'http://127.0.0.1/#/', stack: 'at fuzz' } }),
  },
  // Before POST api/Payment, whose bad requests use up the client's card attempts.
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
  'POST /api/pos/get_reader': { caller: 'cashier', call: () => ({ headers: { reader_id: FRONT_COUNTER } }) },
  'POST /api/pos/create_payment_intent': {
    caller: 'cashier',
    call: () => ({ body: { amount: '1250', receiptEmail: 'robin@example.ca' } }),
  },
  'POST /api/pos/process_payment': {
    caller: 'cashier',
    async prepare(w) {
      w.latest = await createIntent(t, w.cashier, 1850);
    },
    call: (w) => ({ body: { ...toCashier(w), paymentIntentId: w.latest } }),
    cleanup: readerIdle,
  },
  'POST /api/pos/simulate_payment': {
    caller: 'cashier',
    async prepare(w) {
      const intent = await createIntent(t, w.cashier, 2150);
      expect((await processOn(t, w.cashier, FRONT_COUNTER, intent)).statusCode).toBe(200);
    },
    call: () => ({ headers: { reader_id: FRONT_COUNTER }, body: { number: '4242424242424242' } }),
  },
  'POST /api/pos/simulate_interac_payment': {
    caller: 'cashier',
    async prepare(w) {
      const intent = await createIntent(t, w.cashier, 2250);
      expect((await processOn(t, w.cashier, FRONT_COUNTER, intent)).statusCode).toBe(200);
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
    call: () => ({ body: { lineItems: [{ priceId: 'price_SbxNovelty1299', quantity: 2 }] } }),
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
};

/** Routes that take nothing to break: no parameters, no query and no body. */
const NO_INPUT = new Set([
  'GET /api/Address/countries',
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
  'GET /api/pos/tax-rate',
  'GET /api/process',
  'GET /api/products/teaser',
  'POST /api/auth/logout',
  'POST /api/pos/list_prices',
  'POST /api/pos/list_products',
  'POST /api/pos/list_reader',
  'POST /api/pos/showreaders',
]);

let world: World;
let openApi: { paths: Record<string, Record<string, OpenApiOperation>> };

interface OpenApiOperation {
  parameters?: OperationParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
}

function tokenOf(caller: Caller): Record<string, string> {
  if (caller === 'visitor') return {};
  return bearer(world[caller]);
}

/** A different address for every request: the per-address rate limits of the forms stay out of it. */
function remoteAddress(): string {
  requestsSent += 1;
  return `10.${(requestsSent >> 16) & 255}.${(requestsSent >> 8) & 255}.${requestsSent & 255}`;
}

function call(caller: Caller, method: string, template: string, request: CallExample | FuzzRequest) {
  const params = request.params ?? {};
  const url = template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(params[name] ?? '')),
  );
  const query = new URLSearchParams(
    Object.entries(request.query ?? {}).map(([key, value]) => [key, String(value)]),
  ).toString();
  const headers: Record<string, string> = { ...tokenOf(caller), ...request.headers };
  let payload: string | undefined;
  const body =
    'what' in request ? request.body : request.body === undefined ? undefined : { json: request.body };
  if (body && 'json' in body) {
    payload = jsonText(body.json);
    headers['content-type'] = 'application/json';
  } else if (body) {
    payload = body.raw;
    headers['content-type'] = body.contentType;
  }
  return t.app.inject({
    method: method as 'GET',
    url: query ? `${url}?${query}` : url,
    headers,
    remoteAddress: remoteAddress(),
    ...(payload === undefined ? {} : { payload }),
  });
}

/** A digest of every table's rows (but the visit counters, which reads move on purpose). */
async function snapshot(db: DbOrTx): Promise<Map<string, string>> {
  const columns = await rowsOf<{ table_name: string; column_name: string }>(
    db,
    sql`SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name <> 'visits'
        ORDER BY table_name, ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name, column_name } of columns) {
    byTable.set(table_name, [...(byTable.get(table_name) ?? []), `"${column_name}"`]);
  }
  const selects = [...byTable].map(
    ([table, names]) =>
      `SELECT '${table}' AS name, md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) AS digest
       FROM (SELECT ${names.join(', ')} FROM "${table}") r`,
  );
  const rows = await rowsOf<{ name: string; digest: string }>(db, sql.raw(selects.join(' UNION ALL ')));
  return new Map(rows.map((row) => [row.name, row.digest]));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([name, digest]) => before.get(name) !== digest).map(([name]) => name);
}

async function lookUp<T>(rows: Promise<T[]>, what: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error(`the demo data has no ${what}`);
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  // One bag reaches the minimum purchase, so the payment examples need little stock.
  await t.db.update(settings).set({ value: 100 }).where(eq(settings.key, 'minimum_purchase'));
  openApi = (await t.app.inject({ url: '/api/openapi.json' })).json();
  const client = await signUp(t.app);
  const other = await signUp(t.app);
  const cashier = await newCashier(t);
  await assignReader(t, cashier, FRONT_COUNTER);
  const admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);

  const sock = await lookUp(
    t.db
      .select({ id: products.id, categoryId: products.categoryId, sizeTypeId: products.sizeTypeId })
      .from(products)
      .where(eq(products.code, 'MS-CRW-001')),
    'MS-CRW-001',
  );
  const size = await lookUp(
    t.db
      .select({ id: sizes.id })
      .from(sizes)
      .where(and(eq(sizes.typeId, sock.sizeTypeId ?? 0), eq(sizes.name, 'M'))),
    'size M',
  );
  const bag = await lookUp(
    t.db.select({ id: products.id }).from(products).where(eq(products.code, 'AC-BAG-001')),
    'bag',
  );
  const box = await lookUp(
    t.db
      .select({ id: packages.id, productId: packages.productId })
      .from(packages)
      .where(eq(packages.code, 'GP-BOX-001-WHITE')),
    'gift box',
  );
  const root = await lookUp(
    t.db.select({ id: categories.id }).from(categories).where(eq(categories.id, 1)),
    'category 1',
  );
  const offer = await lookUp(
    t.db.select({ id: specialOffers.id, productId: specialOffers.productId }).from(specialOffers).limit(1),
    'special offer',
  );

  world = {
    client,
    other,
    cashier,
    admin,
    sized: { id: sock.id, categoryId: sock.categoryId, sizeId: size.id },
    unsized: bag,
    box,
    rootCategoryId: root.id,
    offer: { id: offer.id, productId: offer.productId ?? sock.id },
    addressId: 0,
    othersAddressId: 0,
    paymentMethodId: '',
    receiptId: 0,
    invoiceId: 0,
    cardPayment: '',
    interacPayment: '',
    checkoutSession: '',
    latest: '',
  };
  const saved = async (caller: Caller, method: string, url: string, request: CallExample) => {
    const response = await call(caller, method, url, request);
    expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
    return response.json();
  };
  world.addressId = (await saved('client', 'POST', '/api/Address', { body: SHIPPING })).id;
  await saved('client', 'POST', '/api/Address', { body: { address_type_id: 2, same_as_shipping: true } });
  world.othersAddressId = (
    await call('visitor', 'POST', '/api/Address', { headers: bearer(other), body: SHIPPING })
  ).json().id;
  world.paymentMethodId = (
    await saved('client', 'POST', '/api/Payment/sandbox/paymentmethod', { body: CARD })
  ).id;
  world.receiptId = (
    await saved('cashier', 'POST', '/api/pos/receipts', EXAMPLES['POST /api/pos/receipts']!.call(world))
  ).receipt_id;
  world.invoiceId = (
    await saved(
      'cashier',
      'POST',
      '/api/invoice/CreateInvoice',
      EXAMPLES['POST /api/invoice/CreateInvoice']!.call(world),
    )
  ).invoice_id;
  world.cardPayment = (await payOnReader(t, cashier, FRONT_COUNTER, 5000)).paymentIntentId;
  world.interacPayment = (
    await payOnReader(t, cashier, FRONT_COUNTER, 4000, { interac: true })
  ).paymentIntentId;
  const session = await saved('cashier', 'POST', '/api/pos/create-checkout-session', {
    body: { lineItems: [{ priceId: 'price_SbxNovelty1299', quantity: 1 }] },
  });
  world.checkoutSession = /cs_[A-Za-z0-9_]+/.exec(session.url)?.[0] ?? '';
}, 120_000);

afterAll(async () => {
  console.log(
    `API fuzz on ${kind}: ${badRequestsSent} bad requests to ${Object.keys(EXAMPLES).length} routes ` +
      `(${requestsSent} requests in all, with the controls and the checks after each), seed ${SEED}`,
  );
  await t?.close();
});

function routesOf(document: typeof openApi): string[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

describe(`the API under bad input (${kind})`, () => {
  it('has an example of every route that takes input, and no example of a route that is gone', () => {
    const routes = routesOf(openApi);
    expect(routes.filter((route) => !EXAMPLES[route] && !NO_INPUT.has(route))).toEqual([]);
    expect([...Object.keys(EXAMPLES), ...NO_INPUT].filter((route) => !routes.includes(route))).toEqual([]);
  });

  it.each(Object.keys(EXAMPLES).map((route, index) => [route, index] as const))(
    '%s',
    async (route, index) => {
      const example = EXAMPLES[route];
      if (!example) throw new Error(`no example of ${route}`);
      const [method = 'GET', path = ''] = route.split(' ');
      const operation = openApi.paths[path]?.[method.toLowerCase()];
      if (!operation) throw new Error(`${route} is not in the OpenAPI document`);
      const declared = operation.requestBody?.content['application/json']?.schema;
      const bodySchema = example.bodySchema ?? declared;

      await example.prepare?.(world);
      const good = example.call(world);
      const control = await call(example.caller, method, path, good);
      if (example.control) expect(control.statusCode, control.body).toBe(example.control);
      else expect(control.statusCode, control.body).toBeLessThan(300);

      const input = {
        parameters: operation.parameters ?? [],
        bodySchema,
        bodyRequired: Boolean(bodySchema) && !bodySchema?.nullable,
        example: good,
        otherUserId: world.other.client_id,
        othersParams: example.othersParams?.(world),
      };
      const before = await snapshot(t.db);
      const check = async (bad: FuzzRequest) => {
        badRequestsSent += 1;
        const response = await call(example.caller, method, path, bad);
        const said = `${bad.what} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
        expect(response.statusCode, said).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, said).toBeLessThan(500);
        expect(errorBodySchema.strict().safeParse(response.json()).success, said).toBe(true);
        const after = await t.app.inject({ url: '/api/config', remoteAddress: remoteAddress() });
        expect(after.statusCode, `the shop after ${bad.what}`).toBe(200);
      };
      const cases = badRequests(input);
      for (const bad of cases.boundary) await check(bad);
      if (cases.random) {
        await fc.assert(fc.asyncProperty(cases.random, check), {
          seed: SEED + index,
          numRuns: RANDOM_RUNS,
          endOnFailure: true,
        });
      }
      expect(
        changedTables(before, await snapshot(t.db)),
        `tables written by bad requests to ${route}`,
      ).toEqual([]);
      await example.cleanup?.(world);
    },
    120_000,
  );
});
