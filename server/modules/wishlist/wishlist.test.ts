import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginRecord } from '../../../domain/auth.ts';
import { countRows } from '../../db/database.ts';
import { outbox, products, settings, stock, wishRequests } from '../../db/schema.ts';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/app.ts';

let t: TestApp;
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.update(settings).set({ value: false }).where(eq(settings.key, 'show_prices'));
  const [row] = await t.db
    .select({ id: products.id })
    .from(products)
    .innerJoin(stock, eq(stock.productId, products.id))
    .where(and(isNull(products.sizeTypeId), gt(stock.instock, 0)))
    .limit(1);
  productId = row?.id ?? 0;
});
afterAll(() => t.close());

const details = {
  customer_name: 'Jamie Tremblay',
  email: 'jamie@example.ca',
  phone: '416-555-0100',
  address: '220 Yonge St, Toronto, ON',
  message: 'For our spring fund-raiser.',
  source: 'web',
};

async function listWith(client: LoginRecord, quantity: number) {
  await t.app.inject({
    method: 'POST',
    url: '/api/addcart',
    headers: bearer(client),
    payload: { userId: client.client_id, productId, quantity },
  });
}

const send = (client: LoginRecord, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/setOrder',
    headers: bearer(client),
    payload: { userId: client.client_id, ...payload },
  });

describe('POST api/setOrder in wish-list mode', () => {
  it('stores the request with the list, e-mails the shop and the client, and empties the list', async () => {
    const client = await signUp(t.app);
    await listWith(client, 12);
    const response = await send(client, { ...details, cart: { ignored: true } });
    expect(response.statusCode).toBe(200);
    const { wishRequestId } = response.json();
    const [stored] = await t.db.select().from(wishRequests).where(eq(wishRequests.id, wishRequestId));
    expect(stored).toMatchObject({
      clientId: client.client_id,
      customerName: 'Jamie Tremblay',
      source: 'web',
    });
    expect(stored?.cart).toEqual([expect.objectContaining({ product_id: productId, quantity: 12 })]);
    const mails = await t.db.select().from(outbox).orderBy(desc(outbox.id)).limit(2);
    expect(mails.map((m) => m.to).sort()).toEqual(['hello@maplesock.ca', 'jamie@example.ca']);
    expect(mails.every((m) => m.text.includes('12 x'))).toBe(true);
    const cart = await t.app.inject({
      method: 'POST',
      url: '/api/getcart',
      headers: bearer(client),
      payload: { userId: client.client_id },
    });
    expect(cart.json().products).toEqual([]);
  });

  it('sends a double click once', async () => {
    const client = await signUp(t.app);
    await listWith(client, 2);
    const before = await countRows(t.db, wishRequests);
    const [a, b] = await Promise.all([send(client, details), send(client, details)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect(await countRows(t.db, wishRequests)).toBe(before + 1);
  });

  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['a missing name', { customer_name: '' }, 'customer_name', 'Name is required.'],
    ['a short name', { customer_name: 'Jo' }, 'customer_name', 'Name must be at least 3 characters long.'],
    ['a missing email', { email: '' }, 'email', 'Email is required.'],
    ['an invalid email', { email: 'jamie' }, 'email', 'Email address is invalid.'],
    [
      'a long message',
      { message: 'm'.repeat(2001) },
      'message',
      'Message cannot be more than 2000 characters long.',
    ],
  ];
  it.each(cases)('refuses %s and writes nothing', async (_name, change, field, message) => {
    const client = await signUp(t.app);
    await listWith(client, 1);
    const [requestsBefore, mailsBefore] = [
      await countRows(t.db, wishRequests),
      await countRows(t.db, outbox),
    ];
    const response = await send(client, { ...details, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
    expect([await countRows(t.db, wishRequests), await countRows(t.db, outbox)]).toEqual([
      requestsBefore,
      mailsBefore,
    ]);
  });

  it('refuses an empty list, a visitor and another client’s id', async () => {
    const client = await signUp(t.app);
    expect((await send(client, details)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/setOrder', payload: details })).statusCode).toBe(
      401,
    );
    const other = await signUp(t.app);
    expect((await send(client, { ...details, userId: other.client_id })).statusCode).toBe(403);
  });
});

describe('POST api/setOrder in shop mode', () => {
  it('answers 409: with prices shown, a client checks out instead', async () => {
    const shop = await createTestApp();
    try {
      const client = await signUp(shop.app);
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/setOrder',
        headers: bearer(client),
        payload: { userId: client.client_id, ...details },
      });
      expect(response.statusCode).toBe(409);
    } finally {
      await shop.close();
    }
  });
});
