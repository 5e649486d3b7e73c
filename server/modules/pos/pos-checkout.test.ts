/**
 * The card checkout without a reader (spec pos.md §2 Card checkout, §4, §5; issue "The POS as a real
 * register"): the catalogue's products and prices, the hosted payment session priced from it with the
 * store's tax, the register sale its payment becomes, and the sandbox's own hosted page that stands
 * in for Stripe Checkout.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginRecord } from '../../../domain/auth.ts';
import type { PosPrice, PosProduct, SandboxCheckout } from '../../../domain/pos/checkout.ts';
import { POS_MESSAGES } from '../../../domain/pos/messages.ts';
import type { Sale } from '../../../domain/pos/register.ts';
import { countRows } from '../../db/database.ts';
import {
  outbox,
  packages,
  posCheckouts,
  posSales,
  products,
  receipts,
  sandboxCheckoutSessions,
  sandboxRefunds,
  sizes,
  stock,
} from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.ts';
import { CARD_EXPIRY_YEAR, createTestApp, logIn, stockOf, type TestApp } from '../../test/app.ts';
import { newCashier, posCall } from './pos-test-helpers.ts';

let t: TestApp;
let cashier: LoginRecord;
/** A sized sock (its size M), a product without sizes and a package, priced and stocked by the tests. */
let sock: { id: number; name: string; sizeM: number; sizeL: number };
let bag: { id: number; name: string };
let box: { id: number; name: string };

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.ca' } });
  cashier = await logIn(t.app, DEMO_ACCOUNTS.pos.user_name, DEMO_ACCOUNTS.pos.password);
  const [sockRow] = await t.db
    .select({ id: products.id, name: products.name, sizeTypeId: products.sizeTypeId })
    .from(products)
    .where(eq(products.code, 'MS-CRW-001'));
  const sizeRows = await t.db
    .select({ id: sizes.id, name: sizes.name })
    .from(sizes)
    .where(eq(sizes.typeId, sockRow?.sizeTypeId ?? 0));
  const [bagRow] = await t.db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.code, 'AC-BAG-001'));
  const [boxRow] = await t.db
    .select({ id: packages.id, name: packages.name })
    .from(packages)
    .where(eq(packages.code, 'GP-BOX-001-WHITE'));
  const sizeM = sizeRows.find((size) => size.name === 'M')?.id;
  const sizeL = sizeRows.find((size) => size.name === 'L')?.id;
  if (!sockRow || !sizeM || !sizeL || !bagRow || !boxRow) throw new Error('the demo catalogue changed');
  sock = { id: sockRow.id, name: sockRow.name, sizeM, sizeL };
  bag = bagRow;
  box = boxRow;
  // CDN$15.00 less CDN$2.00 off for the sock, CDN$20.00 for the bag, CDN$45.00 for the box.
  await t.db.update(products).set({ pricing: 1500, priceDiscount: 200 }).where(eq(products.id, sock.id));
  await t.db.update(products).set({ pricing: 2000, priceDiscount: 0 }).where(eq(products.id, bag.id));
  await t.db.update(packages).set({ pricing: 4500, instock: 10 }).where(eq(packages.id, box.id));
  await setSockStock(sizeM, 10);
  await setSockStock(sizeL, 0);
  await t.db.update(stock).set({ instock: 10 }).where(eq(stock.productId, bag.id));
});
afterAll(() => t.close());

async function setSockStock(sizeId: number, instock: number) {
  await t.db
    .update(stock)
    .set({ instock })
    .where(and(eq(stock.productId, sock.id), eq(stock.sizeId, sizeId)));
}

const GOOD_CARD = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: CARD_EXPIRY_YEAR, cvc: '123' };
const sockM = () => `price_${sock.id}_${sock.sizeM}`;
const bagPrice = () => `price_${bag.id}`;
const boxPrice = () => `price_pkg_${box.id}`;

async function createSession(body: Record<string, unknown>, who = cashier) {
  return posCall(t, who, '/api/pos/create-checkout-session', body);
}

/** The session id at the end of the hosted page's URL. */
function sessionIdOf(url: string): string {
  const id = /(cs_[A-Za-z0-9_]+)$/.exec(url)?.[1];
  if (!id) throw new Error(`no session in ${url}`);
  return id;
}

/** A session made and answered 200: its id. */
async function newSession(body: Record<string, unknown>, who = cashier): Promise<string> {
  const response = await createSession(body, who);
  expect(response.statusCode, response.body).toBe(200);
  return sessionIdOf(response.json<{ url: string }>().url);
}

const readSession = (id: string) =>
  t.app.inject({
    url: `/api/pos/sandbox-checkout/${id}`,
    headers: { authorization: `Bearer ${cashier.token}` },
  });

const pay = (id: string, card = GOOD_CARD) => posCall(t, cashier, `/api/pos/sandbox-checkout/${id}`, card);
const complete = (id: string, who = cashier) => posCall(t, who, `/api/pos/checkout-sessions/${id}/complete`);

async function sockMStock(): Promise<number> {
  const [row] = await t.db
    .select({ instock: stock.instock })
    .from(stock)
    .where(and(eq(stock.productId, sock.id), eq(stock.sizeId, sock.sizeM)));
  return row?.instock ?? -1;
}

describe('POST api/pos/list_products and list_prices', () => {
  it('answers the catalogue’s products and packages in stock, and a price per size, product or package', async () => {
    const products = await posCall(t, cashier, '/api/pos/list_products');
    expect(products.statusCode).toBe(200);
    const productList = products.json<PosProduct[]>();
    expect(productList).toContainEqual({ id: `prod_${sock.id}`, name: sock.name, code: 'MS-CRW-001' });
    expect(productList).toContainEqual({ id: `prod_${bag.id}`, name: bag.name, code: 'AC-BAG-001' });
    expect(productList).toContainEqual({ id: `pkg_${box.id}`, name: box.name, code: 'GP-BOX-001-WHITE' });
    // The sandbox's own products are not the shop's.
    expect(productList.map((product) => product.name)).not.toContain('Novelty Socks');
    for (const product of productList) expect(Object.keys(product)).toEqual(['id', 'name', 'code']);

    const prices = await posCall(t, cashier, '/api/pos/list_prices');
    expect(prices.statusCode).toBe(200);
    const priceList = prices.json<PosPrice[]>();
    expect(priceList).toContainEqual({
      id: sockM(),
      productId: `prod_${sock.id}`,
      unitAmount: 1300,
      label: 'M',
    });
    expect(priceList).toContainEqual({ id: bagPrice(), productId: `prod_${bag.id}`, unitAmount: 2000 });
    expect(priceList).toContainEqual({ id: boxPrice(), productId: `pkg_${box.id}`, unitAmount: 4500 });
    // A size with nothing in stock is not offered.
    expect(priceList.map((price) => price.id)).not.toContain(`price_${sock.id}_${sock.sizeL}`);
    const productIds = new Set(productList.map((product) => product.id));
    for (const price of priceList) expect(productIds.has(price.productId)).toBe(true);
  });

  it('leaves out an inactive product and one with nothing in stock', async () => {
    await t.db.update(products).set({ active: false }).where(eq(products.id, bag.id));
    try {
      const list = (await posCall(t, cashier, '/api/pos/list_products')).json<PosProduct[]>();
      expect(list.map((product) => product.id)).not.toContain(`prod_${bag.id}`);
    } finally {
      await t.db.update(products).set({ active: true }).where(eq(products.id, bag.id));
    }
    await t.db.update(packages).set({ instock: 0 }).where(eq(packages.id, box.id));
    try {
      const list = (await posCall(t, cashier, '/api/pos/list_products')).json<PosProduct[]>();
      expect(list.map((product) => product.id)).not.toContain(`pkg_${box.id}`);
      const prices = (await posCall(t, cashier, '/api/pos/list_prices')).json<PosPrice[]>();
      expect(prices.map((price) => price.id)).not.toContain(boxPrice());
    } finally {
      await t.db.update(packages).set({ instock: 10 }).where(eq(packages.id, box.id));
    }
  });
});

describe('POST api/pos/create-checkout-session', () => {
  it('prices the lines from the catalogue, adds the store’s tax as one line, and keeps the checkout', async () => {
    const id = await newSession({
      lineItems: [
        { priceId: sockM(), quantity: 1 },
        { priceId: bagPrice(), quantity: 0 },
        { priceId: boxPrice(), quantity: 1 },
        { priceId: sockM(), quantity: 1 },
      ],
    });
    const session = await readSession(id);
    expect(session.statusCode).toBe(200);
    // Tax per line at Ontario's 13%, as a register sale: 338 on the socks, 585 on the box.
    expect(session.json<SandboxCheckout>()).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 2600 + 4500 + 338 + 585,
      currency: 'cad',
      success_url: `https://shop.example.ca/#/checkout-success?session_id=${id}`,
      cancel_url: 'https://shop.example.ca/#/pos-checkout',
      lines: [
        { description: `${sock.name} (M)`, quantity: 2, unitAmount: 1300, amountTotal: 2600 },
        { description: box.name, quantity: 1, unitAmount: 4500, amountTotal: 4500 },
        { description: 'HST 13%', quantity: 1, unitAmount: 923, amountTotal: 923 },
      ],
    });
    const [sandboxRow] = await t.db
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.id, id));
    expect(sandboxRow?.metadata).toMatchObject({ source: 'pos', pos_user: String(cashier.client_id) });
    const [row] = await t.db.select().from(posCheckouts).where(eq(posCheckouts.sessionId, id));
    expect(row).toMatchObject({
      cashierId: cashier.client_id,
      addTax: true,
      taxRatePpm: 130_000,
      total: 8023,
      email: null,
      saleId: null,
    });
    expect(row?.lines.map((line) => [line.name, line.sizeName, line.unitPrice, line.quantity])).toEqual([
      [sock.name, 'M', 1300, 2],
      [box.name, '', 4500, 1],
    ]);
  });

  it('adds no tax line without Add tax', async () => {
    const id = await newSession({ lineItems: [{ priceId: bagPrice(), quantity: 2 }], addTax: false });
    expect((await readSession(id)).json<SandboxCheckout>()).toMatchObject({
      amount_total: 4000,
      lines: [{ description: bag.name, quantity: 2, unitAmount: 2000, amountTotal: 4000 }],
    });
    const [row] = await t.db.select().from(posCheckouts).where(eq(posCheckouts.sessionId, id));
    expect(row).toMatchObject({ addTax: false, taxRatePpm: 0, total: 4000 });
  });

  it('refuses no quantity above 0, prices not for sale, bad quantities and missing stock, and makes nothing', async () => {
    const before = await countRows(t.db, sandboxCheckoutSessions);
    for (const lineItems of [[], [{ priceId: bagPrice(), quantity: 0 }]]) {
      const response = await createSession({ lineItems });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.lineItems).toBe(POS_MESSAGES.checkoutNoItems);
    }
    for (const priceId of [
      'price_DoesNotExist',
      'price_SbxNovelty1299',
      'price_999999',
      'price_99999999999',
      'price_pkg_999999',
      `price_${sock.id}`,
      `price_${bag.id}_${sock.sizeM}`,
    ]) {
      const unknown = await createSession({ lineItems: [{ priceId, quantity: 1 }] });
      expect(unknown.statusCode, priceId).toBe(400);
      expect(unknown.json().error.fields.lineItems).toBe('This price is not for sale.');
    }
    for (const quantity of [-1, 1.5, '2', 10_000]) {
      const response = await createSession({ lineItems: [{ priceId: bagPrice(), quantity }] });
      expect(response.statusCode, String(quantity)).toBe(400);
    }
    expect((await createSession({ lineItems: [{ priceId: '', quantity: 1 }] })).statusCode).toBe(400);
    expect(
      (await createSession({ lineItems: [{ priceId: bagPrice(), quantity: 1, unitAmount: 1 }] })).statusCode,
    ).toBe(400);
    expect(
      (await createSession({ lineItems: [{ priceId: bagPrice(), quantity: 1 }], addTax: 'yes' })).statusCode,
    ).toBe(400);
    expect((await createSession({})).statusCode).toBe(400);

    const short = await createSession({ lineItems: [{ priceId: sockM(), quantity: 11 }] });
    expect(short.statusCode).toBe(409);
    expect(short.json().error).toEqual({
      code: 'not_enough_stock',
      message: `Not enough stock of ${sock.name} (M) for this sale.`,
    });
    expect(await countRows(t.db, sandboxCheckoutSessions)).toBe(before);
  });
});

describe('POST api/pos/checkout-sessions/{id}/complete', () => {
  it('makes the paid session a sale once: its stock taken, a card tender, one receipt e-mailed', async () => {
    const id = await newSession({
      lineItems: [
        { priceId: sockM(), quantity: 2 },
        { priceId: bagPrice(), quantity: 1 },
      ],
      email: 'robin@example.ca',
    });
    const sockBefore = await sockMStock();
    const bagBefore = await stockOf(t.db, bag.id);
    const receiptsBefore = await countRows(t.db, receipts);
    expect((await pay(id)).statusCode).toBe(200);

    const first = await complete(id);
    expect(first.statusCode, first.body).toBe(200);
    const sale = first.json<Sale>();
    expect(sale).toMatchObject({
      subtotal: 4600,
      taxRatePpm: 130_000,
      tax: 338 + 260,
      total: 5198,
      paid: 5198,
      lines: [
        { productId: sock.id, size_id: sock.sizeM, sizeName: 'M', unitPrice: 1300, quantity: 2 },
        { productId: bag.id, size_id: null, unitPrice: 2000, quantity: 1 },
      ],
    });
    expect(sale.tenders).toEqual([
      expect.objectContaining({ type: 'card', amount: 5198, brand: 'visa', last4: '4242' }),
    ]);
    expect(await sockMStock()).toBe(sockBefore - 2);
    expect(await stockOf(t.db, bag.id)).toBe(bagBefore - 1);
    expect(await countRows(t.db, receipts)).toBe(receiptsBefore + 1);
    const receipt = await t.app.inject({
      url: `/api/pos/receipts/${sale.receipt.receipt_id}`,
      headers: { authorization: `Bearer ${cashier.token}` },
    });
    expect(receipt.json()).toMatchObject({ receipt_number: sale.receipt.receipt_number, total: 5198 });
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, 'robin@example.ca'));
    expect(mails).toHaveLength(1);

    // Asked again (the success page reloaded): the same sale, nothing taken twice.
    const again = await complete(id);
    expect(again.statusCode).toBe(200);
    expect(again.json<Sale>().id).toBe(sale.id);
    expect(await sockMStock()).toBe(sockBefore - 2);
    expect(await countRows(t.db, receipts)).toBe(receiptsBefore + 1);
    expect(
      await t.db
        .select()
        .from(posSales)
        .where(eq(posSales.idempotencyKey, `checkout:${id}`)),
    ).toHaveLength(1);
    const [row] = await t.db.select().from(posCheckouts).where(eq(posCheckouts.sessionId, id));
    expect(row?.saleId).toBe(sale.id);
  });

  it('refuses a session not paid, unknown, another cashier’s, or not a session id', async () => {
    const id = await newSession({ lineItems: [{ priceId: bagPrice(), quantity: 1 }] });
    const unpaid = await complete(id);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error).toEqual({
      code: 'checkout_not_paid',
      message: 'This checkout has not been paid yet.',
    });
    const declined = await pay(id, { ...GOOD_CARD, number: '4000000000000002' });
    expect(declined.statusCode).toBe(402);
    expect((await complete(id)).json().error.code).toBe('checkout_not_paid');

    expect((await complete('cs_test_DoesNotExist')).statusCode).toBe(404);
    expect((await complete('pi_123')).statusCode).toBe(400);
    const other = await newCashier(t);
    expect((await pay(id)).statusCode).toBe(200);
    expect((await complete(id, other)).statusCode).toBe(404);
    expect(
      await t.db
        .select()
        .from(posSales)
        .where(eq(posSales.idempotencyKey, `checkout:${id}`)),
    ).toEqual([]);
    expect((await complete(id)).statusCode).toBe(200);
  });

  it('refunds the card when the stock went between the session and its completion', async () => {
    await t.db.update(stock).set({ instock: 3 }).where(eq(stock.productId, bag.id));
    const id = await newSession({ lineItems: [{ priceId: bagPrice(), quantity: 3 }], addTax: false });
    expect((await pay(id)).statusCode).toBe(200);
    // Sold meanwhile at the register or on the web.
    await t.db.update(stock).set({ instock: 2 }).where(eq(stock.productId, bag.id));

    const short = await complete(id);
    expect(short.statusCode).toBe(409);
    expect(short.json().error).toEqual({
      code: 'not_enough_stock',
      message: `Not enough stock of ${bag.name} for this sale. The card payment was refunded.`,
    });
    const [session] = await t.db
      .select({ paymentIntentId: sandboxCheckoutSessions.paymentIntentId })
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.id, id));
    const refunds = await t.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentIntentId, session?.paymentIntentId ?? ''));
    expect(refunds.map((refund) => [refund.amount, refund.status])).toEqual([[6000, 'succeeded']]);
    expect(await stockOf(t.db, bag.id)).toBe(2);

    // Restocked later: the refunded payment still never becomes a sale.
    await t.db.update(stock).set({ instock: 10 }).where(eq(stock.productId, bag.id));
    const again = await complete(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('checkout_refunded');
    expect(
      await t.db
        .select()
        .from(posSales)
        .where(eq(posSales.idempotencyKey, `checkout:${id}`)),
    ).toEqual([]);
    expect(await stockOf(t.db, bag.id)).toBe(10);
  });
});

describe('the sandbox’s hosted payment page', () => {
  it('takes a card, refuses a declined one, and completes the session once', async () => {
    const id = await newSession({ lineItems: [{ priceId: bagPrice(), quantity: 2 }], addTax: false });

    const declined = await pay(id, { ...GOOD_CARD, number: '4000000000000002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toEqual({ code: 'card_declined', message: 'Your card was declined.' });
    expect((await readSession(id)).json<SandboxCheckout>().status).toBe('open');

    const paid = await pay(id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<SandboxCheckout>()).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      amount_total: 4000,
      success_url: `https://shop.example.ca/#/checkout-success?session_id=${id}`,
    });
    const again = await pay(id);
    expect(again.json<SandboxCheckout>().status).toBe('complete');

    // As on Stripe, the declined attempt left a failed charge beside the succeeded one.
    const search = { cardType: 3, fromAmount: 40, toAmount: 40 };
    const succeeded = await posCall(t, cashier, '/api/pos/search-charge', { ...search, status: 1 });
    expect(succeeded.json()).toMatchObject([
      { status: 'succeeded', captured: true, last4: '4242', source: 'card' },
    ]);
    const failed = await posCall(t, cashier, '/api/pos/search-charge', { ...search, status: 2 });
    expect(failed.json()).toMatchObject([{ status: 'failed', last4: '0002' }]);
  });

  it('answers 404 for an unknown session and 400 for something that is not a session id', async () => {
    expect((await readSession('cs_test_DoesNotExist')).statusCode).toBe(404);
    expect((await readSession('pi_123')).statusCode).toBe(400);
    expect((await pay('cs_test_DoesNotExist')).statusCode).toBe(404);
    const id = await newSession({ lineItems: [{ priceId: bagPrice(), quantity: 1 }] });
    const incomplete = await pay(id, { ...GOOD_CARD, number: '4242' });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().error.fields.number).toBe('Your card number is incomplete.');
  });
});
