/**
 * Bad input for every route of the API (issue "Hardening"): fast-check breaks a valid call of each
 * route listed in the OpenAPI document in one place at a time, from the route's own schema (see
 * server/test/fuzz.ts). Every answer must be a 4xx with the one error body, never a 5xx; the
 * database must hold exactly what it held before the route's bad requests; and the shop must answer
 * a normal request right after each one. Fixed seed, bounded runs; the count is printed.
 */
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { errorBodySchema } from '../domain/errors.ts';
import { categories, packages, products, settings, sizes, specialOffers } from './db/schema.ts';
import { DEMO_ACCOUNTS } from './db/seed/demo-data.ts';
import { assignReader, FRONT_COUNTER, newCashier, payOnReader } from './modules/pos/pos-test-helpers.ts';
import { bearer, createTestApp, logIn, signUp, type TestApp } from './test/app.ts';
import { changedTables, snapshot } from './test/db-snapshot.ts';
import {
  badRequests,
  type CallExample,
  type FuzzRequest,
  type JsonSchema,
  jsonText,
  type OperationParameter,
} from './test/fuzz.ts';
import { CARD, type Caller, fuzzExamples, NO_INPUT, SHIPPING, type World } from './test/fuzz-examples.ts';

const SEED = 20_261_123;
/** Random bad requests per route, after every boundary case. */
const RANDOM_RUNS = 12;
const kind = inject('databases').kind;

let t: TestApp;
/** Every request sent (each one's address is new); the bad ones are counted apart. */
let requestsSent = 0;
let badRequestsSent = 0;

let world: World;
const EXAMPLES = fuzzExamples({
  get t() {
    return t;
  },
  call,
});
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
    body: { lineItems: [{ priceId: `price_${bag.id}`, quantity: 1 }] },
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
      // What the example's own calls made the sandbox send to the webhook is written first.
      await t.app.sandboxEvents?.idle();
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
