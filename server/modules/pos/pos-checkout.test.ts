/**
 * The card checkout without a reader (spec pos.md §2 Card checkout, §4, §5): the products and
 * prices, the hosted payment session made of the ticked prices with a quantity above 0, and the
 * sandbox's own hosted page that stands in for Stripe Checkout.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginRecord } from '../../../domain/auth.ts';
import type { PosPrice, PosProduct, SandboxCheckout } from '../../../domain/pos/checkout.ts';
import { POS_MESSAGES } from '../../../domain/pos/messages.ts';
import { countRows } from '../../db/database.ts';
import { sandboxCheckoutSessions } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.ts';
import { CARD_EXPIRY_YEAR, createTestApp, logIn, type TestApp } from '../../test/app.ts';
import { posCall } from './pos-test-helpers.ts';

let t: TestApp;
let cashier: LoginRecord;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.ca' } });
  cashier = await logIn(t.app, DEMO_ACCOUNTS.pos.user_name, DEMO_ACCOUNTS.pos.password);
});
afterAll(() => t.close());

const GOOD_CARD = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: CARD_EXPIRY_YEAR, cvc: '123' };

async function createSession(lineItems: unknown) {
  return posCall(t, cashier, '/api/pos/create-checkout-session', { lineItems });
}

/** The session id at the end of the hosted page's URL. */
function sessionIdOf(url: string): string {
  const id = /(cs_[A-Za-z0-9_]+)$/.exec(url)?.[1];
  if (!id) throw new Error(`no session in ${url}`);
  return id;
}

const readSession = (id: string) =>
  t.app.inject({
    url: `/api/pos/sandbox-checkout/${id}`,
    headers: { authorization: `Bearer ${cashier.token}` },
  });

describe('POST api/pos/list_products and list_prices', () => {
  it('answers the products as { id, name } and their prices as { id, productId, unitAmount } in cents', async () => {
    const products = await posCall(t, cashier, '/api/pos/list_products');
    expect(products.statusCode).toBe(200);
    const productList = products.json<PosProduct[]>();
    expect(productList).toContainEqual({ id: 'prod_SbxNoveltySocks', name: 'Novelty Socks' });
    expect(productList).toContainEqual({ id: 'prod_SbxIphoneCase', name: 'iPhone Case' });
    for (const product of productList) expect(Object.keys(product)).toEqual(['id', 'name']);

    const prices = await posCall(t, cashier, '/api/pos/list_prices');
    expect(prices.statusCode).toBe(200);
    const priceList = prices.json<PosPrice[]>();
    expect(priceList).toContainEqual({
      id: 'price_SbxWoolHiking2499',
      productId: 'prod_SbxWoolHikingSocks',
      unitAmount: 2499,
    });
    const productIds = new Set(productList.map((product) => product.id));
    for (const price of priceList) expect(productIds.has(price.productId)).toBe(true);
  });
});

describe('POST api/pos/create-checkout-session', () => {
  it('makes a session of the prices with a quantity above 0 only, and answers its url', async () => {
    const response = await createSession([
      { priceId: 'price_SbxNovelty1299', quantity: 2 },
      { priceId: 'price_SbxWoolHiking2499', quantity: 0 },
      { priceId: 'price_SbxGiftBox4500', quantity: 1 },
      { priceId: 'price_SbxNovelty1299', quantity: 1 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(/\/#\/sandbox-checkout\/cs_test_/);

    const session = await readSession(sessionIdOf(url));
    expect(session.statusCode).toBe(200);
    expect(session.json<SandboxCheckout>()).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 3 * 1299 + 4500,
      currency: 'cad',
      success_url: 'https://shop.example.ca/#/checkout-success',
      cancel_url: 'https://shop.example.ca/#/pos-checkout',
      lines: [
        {
          priceId: 'price_SbxNovelty1299',
          description: 'Novelty Socks',
          quantity: 3,
          unitAmount: 1299,
          amountTotal: 3897,
        },
        {
          priceId: 'price_SbxGiftBox4500',
          description: 'Gift Box',
          quantity: 1,
          unitAmount: 4500,
          amountTotal: 4500,
        },
      ],
    });
    const [row] = await t.db
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.id, sessionIdOf(url)));
    expect(row?.metadata).toMatchObject({ source: 'pos', pos_user: String(cashier.client_id) });
  });

  it('refuses a list with no quantity above 0, unknown prices and bad quantities, and makes nothing', async () => {
    const before = await countRows(t.db, sandboxCheckoutSessions);
    for (const lineItems of [[], [{ priceId: 'price_SbxNovelty1299', quantity: 0 }]]) {
      const response = await createSession(lineItems);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.lineItems).toBe(POS_MESSAGES.checkoutNoItems);
    }
    const unknown = await createSession([{ priceId: 'price_DoesNotExist', quantity: 1 }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.lineItems).toBe('This price is not for sale.');
    for (const quantity of [-1, 1.5, '2', 10_000]) {
      const response = await createSession([{ priceId: 'price_SbxNovelty1299', quantity }]);
      expect(response.statusCode, String(quantity)).toBe(400);
    }
    expect((await createSession([{ priceId: '', quantity: 1 }])).statusCode).toBe(400);
    expect(
      (await createSession([{ priceId: 'price_SbxNovelty1299', quantity: 1, unitAmount: 1 }])).statusCode,
    ).toBe(400);
    expect((await posCall(t, cashier, '/api/pos/create-checkout-session', {})).statusCode).toBe(400);
    expect(await countRows(t.db, sandboxCheckoutSessions)).toBe(before);
  });
});

describe('the sandbox’s hosted payment page', () => {
  it('takes a card, refuses a declined one, and completes the session once', async () => {
    const created = await createSession([{ priceId: 'price_SbxIphoneCase1999', quantity: 2 }]);
    const id = sessionIdOf(created.json<{ url: string }>().url);

    const declined = await posCall(t, cashier, `/api/pos/sandbox-checkout/${id}`, {
      ...GOOD_CARD,
      number: '4000000000000002',
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toEqual({ code: 'card_declined', message: 'Your card was declined.' });
    expect((await readSession(id)).json<SandboxCheckout>().status).toBe('open');

    const paid = await posCall(t, cashier, `/api/pos/sandbox-checkout/${id}`, GOOD_CARD);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<SandboxCheckout>()).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      amount_total: 3998,
    });
    const again = await posCall(t, cashier, `/api/pos/sandbox-checkout/${id}`, GOOD_CARD);
    expect(again.json<SandboxCheckout>().status).toBe('complete');

    // As on Stripe, the declined attempt left a failed charge beside the succeeded one.
    const search = { cardType: 3, fromAmount: 39.98, toAmount: 39.98 };
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
    const bad = await posCall(t, cashier, '/api/pos/sandbox-checkout/cs_test_DoesNotExist', GOOD_CARD);
    expect(bad.statusCode).toBe(404);
    const created = await createSession([{ priceId: 'price_SbxIphoneCase1999', quantity: 1 }]);
    const id = sessionIdOf(created.json<{ url: string }>().url);
    const incomplete = await posCall(t, cashier, `/api/pos/sandbox-checkout/${id}`, {
      ...GOOD_CARD,
      number: '4242',
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().error.fields.number).toBe('Your card number is incomplete.');
  });
});
