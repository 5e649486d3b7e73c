/**
 * The shop as it starts with SEED_DEMO_DATA=false: no catalogue and no accounts, only the reference
 * data installed on every start (DESIGN.md "Reference data"). It answers its taxes, messages and
 * settings, sells once a product exists, and stops a sale, writing nothing, where a province has
 * no tax rate: never 0%.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginRecord } from '../domain/auth.ts';
import { messageSchema, publicConfigSchema } from '../domain/config.ts';
import { estimatedTax } from '../domain/shipping.ts';
import { countRows } from './db/database.ts';
import {
  cartLines,
  carts,
  categories,
  clients,
  dimensions,
  invoices,
  orders,
  products,
  receipts,
  sandboxPaymentIntents,
  sandboxReaders,
  stock,
  taxComponents,
} from './db/schema.ts';
import { MESSAGES } from './db/seed/reference-data.ts';
import { notifyCatalogChanged } from './modules/catalog/catalog-cache.ts';
import { assignReader, newCashier, newStaff, payOnReader, posCall } from './modules/pos/pos-test-helpers.ts';
import {
  bearer,
  CARD_EXPIRY_YEAR,
  createTestApp,
  signUp,
  stockOf,
  type TestApp,
  TORONTO_ADDRESS,
} from './test/app.ts';

const VISA = '4242424242424242';
const PRICE = 2500;
const ONTARIO = TORONTO_ADDRESS;
const ALBERTA = {
  ...ONTARIO,
  address: '10180 101 St NW',
  city: 'Edmonton',
  province: 'AB',
  postalcode: 'T5J 3S4',
};
const TAX_MISSING = {
  code: 'tax_rate_missing',
  message: 'There is no tax rate for province ON; the sale cannot be completed.',
};

let t: TestApp;
let productId: number;

beforeAll(async () => {
  t = await createTestApp({ data: 'empty' });
});
afterAll(() => t.close());

function call(client: LoginRecord, url: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url, headers: bearer(client), payload });
}

/** A new client with three of the product in the cart and both addresses saved. */
async function readyToPay(address = ONTARIO): Promise<LoginRecord> {
  const client = await signUp(t.app);
  const added = await call(client, '/api/addcart', { userId: client.client_id, productId, quantity: 3 });
  expect(added.statusCode, added.body).toBe(200);
  expect((await call(client, '/api/Address', { ...address, address_type_id: 1 })).statusCode).toBe(200);
  expect(
    (await call(client, '/api/Address', { address_type_id: 2, same_as_shipping: true })).statusCode,
  ).toBe(200);
  return client;
}

async function pay(client: LoginRecord) {
  const method = await call(client, '/api/Payment/sandbox/paymentmethod', {
    number: VISA,
    exp_month: 12,
    exp_year: CARD_EXPIRY_YEAR,
    cvc: '123',
    billing_details: { name: 'Jamie Tremblay' },
  });
  expect(method.statusCode, method.body).toBe(200);
  return call(client, '/api/Payment', { userId: client.client_id, paymentMethodId: method.json().id });
}

function confirm(client: LoginRecord, paymentIntentId: string) {
  return call(client, '/api/Payment/confirm', {
    userId: client.client_id,
    paymentIntentId,
    orderRequest: {},
  });
}

describe('a shop started without demo data', () => {
  it("has no catalogue, no accounts and no card reader (the demo cashier's readers are demo data)", async () => {
    expect(await countRows(t.db, products)).toBe(0);
    expect(await countRows(t.db, clients)).toBe(0);
    expect(await countRows(t.db, sandboxReaders)).toBe(0);
  });

  it('answers the tax of every province: 13% in Ontario', async () => {
    expect((await t.app.inject({ url: '/api/Tax/ON' })).json()).toEqual({ province: 'ON', tax_rate: 0.13 });
    expect((await t.app.inject({ url: '/api/Tax/qc' })).json()).toEqual({
      province: 'QC',
      tax_rate: 0.14975,
    });
    expect((await t.app.inject({ url: '/api/Tax/ZZ' })).statusCode).toBe(404);
  });

  it('answers the whole message catalogue', async () => {
    const response = await t.app.inject({ url: '/api/message' });
    expect(response.statusCode).toBe(200);
    const catalogue = messageSchema.array().parse(response.json());
    expect(catalogue).toHaveLength(MESSAGES.length);
    expect(catalogue).toEqual(expect.arrayContaining([...MESSAGES]));
  });

  it('answers its settings, with the store’s rate', async () => {
    const response = await t.app.inject({ url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(publicConfigSchema.strict().parse(response.json())).toMatchObject({
      showPrices: true,
      storeProvince: 'ON',
      storeTaxRate: 0.13,
    });
  });

  it('answers the countries and provinces an address names', async () => {
    const countries = await t.app.inject({ url: '/api/Address/countries' });
    expect(countries.json()).toEqual([
      { code: 'CA', name: 'Canada' },
      { code: 'US', name: 'United States' },
    ]);
    expect((await t.app.inject({ url: '/api/Address/CA/province' })).json()).toHaveLength(13);
  });
});

describe('once the owner has added a product', () => {
  beforeAll(async () => {
    // What the back office will do (it has no products API yet): a category, a product, its stock
    // and its box, then the catalogue told of the change.
    const [category] = await t.db
      .insert(categories)
      .values({ name: 'Socks', sortOrder: 1 })
      .returning({ id: categories.id });
    if (!category) throw new Error('no category');
    const [product] = await t.db
      .insert(products)
      .values({ categoryId: category.id, code: 'MS-CRW-100', name: 'Merino Crew', pricing: PRICE })
      .returning({ id: products.id });
    if (!product) throw new Error('no product');
    productId = product.id;
    await t.db.insert(stock).values({ productId, instock: 40 });
    await t.db
      .insert(dimensions)
      .values({ productId, lengthMm: 250, widthMm: 100, heightMm: 20, weightG: 80 });
    await notifyCatalogChanged(t.db, [productId]);
  });

  it('sells it: the order’s tax is 13% of cart and shipping in Ontario', async () => {
    const client = await readyToPay();
    const fee = (await call(client, '/api/Payment/shippingfee', { address: ONTARIO })).json();
    expect(fee).toMatchObject({ free: false, cartTotal: 3 * PRICE });
    expect(fee.shipping_fee).toBeGreaterThan(0);
    const tax = estimatedTax(3 * PRICE, fee.shipping_fee, 130_000);
    expect(tax).toBe(Math.round((3 * PRICE + fee.shipping_fee) * 0.13));

    const paid = await pay(client);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'succeeded', amount: 3 * PRICE + fee.shipping_fee + tax });
    const placed = await confirm(client, paid.json().paymentIntentId);
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderNumber } = placed.json();

    const [order] = await t.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(order).toMatchObject({
      status: 'paid',
      subtotal: 3 * PRICE,
      shippingFee: fee.shipping_fee,
      taxRatePpm: 130_000,
      tax,
      total: 3 * PRICE + fee.shipping_fee + tax,
    });
    expect(await stockOf(t.db, productId)).toBe(37);
    const list = (await t.app.inject({ url: '/api/orders', headers: bearer(client) })).json();
    expect(list[0]).toMatchObject({ orderNumber, tax, tax_rate: 0.13 });
  });
});

describe('when a province has no tax rate', () => {
  let authorized: { client: LoginRecord; paymentIntentId: string };
  let cashier: LoginRecord;
  let posPaymentIntentId: string;

  beforeAll(async () => {
    // Paid, in Ontario and at the register, while Ontario still had its rate.
    const client = await readyToPay();
    const paid = await pay(client);
    expect(paid.json().status).toBe('succeeded');
    authorized = { client, paymentIntentId: paid.json().paymentIntentId };
    cashier = await newCashier(t);
    // The owner registers the shop's reader first, as Stripe's test mode asks (a simulated one).
    const owner = await newStaff(t, ['CLIENT', 'POS', 'ADMIN']);
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/admin/readers',
      headers: bearer(owner),
      payload: { registration_code: 'simulated-wpe', label: 'Counter' },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const readerId: string = registered.json().id;
    await assignReader(t, cashier, readerId);
    posPaymentIntentId = (await payOnReader(t, cashier, readerId, 1468)).paymentIntentId;

    await t.db.delete(taxComponents).where(eq(taxComponents.provinceCode, 'ON'));
  });

  /** What a refused sale must leave as it was. */
  async function written() {
    return {
      intents: await countRows(t.db, sandboxPaymentIntents),
      orders: await countRows(t.db, orders),
      receipts: await countRows(t.db, receipts),
      invoices: await countRows(t.db, invoices),
      cartLines: await countRows(t.db, cartLines),
      instock: await stockOf(t.db, productId),
    };
  }

  it('still answers its settings, with no store rate; the province’s tax is not found', async () => {
    const config = await t.app.inject({ url: '/api/config' });
    expect(config.statusCode).toBe(200);
    expect(publicConfigSchema.strict().parse(config.json())).toMatchObject({
      storeProvince: 'ON',
      storeTaxRate: null,
    });
    expect((await t.app.inject({ url: '/api/Tax/ON' })).statusCode).toBe(404);
  });

  it('stops the payment step: no authorization, nothing written', async () => {
    const client = await readyToPay();
    const before = await written();
    const response = await pay(client);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: TAX_MISSING });
    expect(await written()).toEqual(before);
    const [cart] = await t.db
      .select({ paymentIntentId: carts.paymentIntentId })
      .from(carts)
      .where(eq(carts.clientId, client.client_id));
    expect(cart?.paymentIntentId).toBeNull();
  });

  it('stops placing an order authorized before: no order, no stock taken, the cart kept', async () => {
    const before = await written();
    const response = await confirm(authorized.client, authorized.paymentIntentId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: TAX_MISSING });
    expect(await written()).toEqual(before);
  });

  it('sells where the province has its rate', async () => {
    const client = await readyToPay(ALBERTA);
    const fee = (await call(client, '/api/Payment/shippingfee', { address: ALBERTA })).json().shipping_fee;
    const paid = await pay(client);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().amount).toBe(3 * PRICE + fee + estimatedTax(3 * PRICE, fee, 50_000));
    expect((await confirm(client, paid.json().paymentIntentId)).statusCode).toBe(200);
  });

  it('stops the register: no store rate, no payment intent, no receipt, no invoice', async () => {
    const before = await written();
    const refused = [
      await t.app.inject({ url: '/api/pos/tax-rate', headers: bearer(cashier) }),
      await posCall(t, cashier, '/api/pos/create_payment_intent', { amount: '1468' }),
      await posCall(t, cashier, '/api/pos/receipts', {
        lines: [{ product_name: 'Merino Crew', amount: 1299, addTax: true }],
      }),
      await posCall(t, cashier, '/api/pos/receipts', {
        lines: [{ product_name: 'Merino Crew', amount: 1299, addTax: true }],
        paymentIntentId: posPaymentIntentId,
      }),
      await posCall(t, cashier, '/api/invoice/CreateInvoice', {
        client_name: 'Élodie Tremblay',
        address: '350 Bay St, Toronto, ON M5H 2S6',
        email: 'elodie@example.ca',
        contact_no: '416-555-0199',
        products: [{ product_name: 'Merino Crew', price: 1299, quantity: 3 }],
        additionalDetails: '',
      }),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toEqual({ error: TAX_MISSING });
    }
    expect(await written()).toEqual(before);
  });

  it('sells again once the owner has put the rate back, at that rate', async () => {
    await t.db
      .insert(taxComponents)
      .values({ countryCode: 'CA', provinceCode: 'ON', name: 'HST', ratePpm: 130_000 });
    const rate = await t.app.inject({ url: '/api/pos/tax-rate', headers: bearer(cashier) });
    expect(rate.json()).toEqual({ province: 'ON', tax_rate: 0.13, tax_rate_ppm: 130_000 });
    const receipt = await posCall(t, cashier, '/api/pos/receipts', {
      lines: [{ product_name: 'Merino Crew', amount: 1299, addTax: true }],
      paymentIntentId: posPaymentIntentId,
    });
    expect(receipt.json()).toMatchObject({ subtotal: 1299, tax: 169, total: 1468 });
    expect((await confirm(authorized.client, authorized.paymentIntentId)).statusCode).toBe(200);
  });
});
