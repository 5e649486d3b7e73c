import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '../../../domain/orders.ts';
import { orderLines, orders } from '../../db/schema.ts';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const address = {
  first_name: 'Jamie',
  middle_initial: '',
  last_name: 'Tremblay',
  address: '220 Yonge St',
  address2: '',
  city: 'Toronto',
  province: 'ON',
  postalcode: 'M5B 2H1',
  country_code: 'CA',
  country: 'Canada',
  email: 'jamie@example.ca',
  phone: '416-555-0100',
};

async function placeDirectly(clientId: number, createdAt: Date, lines: number) {
  const [order] = await t.db
    .insert(orders)
    .values({
      clientId,
      clientName: 'Jamie Tremblay',
      email: 'jamie@example.ca',
      subtotal: 2598 * lines,
      shippingFee: 1099,
      taxRatePpm: 130000,
      tax: Math.round((2598 * lines + 1099) * 0.13),
      total: 2598 * lines + 1099 + Math.round((2598 * lines + 1099) * 0.13),
      shippingAddress: address,
      billingAddress: address,
      paymentMethod: { brand: 'visa', last4: '4242' },
      createdAt,
    })
    .returning();
  if (!order) throw new Error('no order');
  for (let i = 0; i < lines; i++) {
    await t.db.insert(orderLines).values({
      orderId: order.id,
      code: `MS-${i}`,
      name: `Sock ${i}`,
      sizeName: 'M',
      unitPrice: 1299,
      quantity: 2,
      lineTotal: 2598,
    });
  }
  return order.orderNumber;
}

describe('GET api/orders', () => {
  it('lists the client’s own orders, newest first, with lines, totals and addresses', async () => {
    const client = await signUp(t.app);
    const other = await signUp(t.app);
    const older = await placeDirectly(client.client_id, new Date('2026-10-01T10:00:00Z'), 1);
    const newer = await placeDirectly(client.client_id, new Date('2026-11-01T10:00:00Z'), 2);
    await placeDirectly(other.client_id, new Date('2026-11-02T10:00:00Z'), 1);

    const response = await t.app.inject({ url: '/api/orders', headers: bearer(client) });
    expect(response.statusCode).toBe(200);
    const list = orderSchema.array().parse(response.json());
    expect(list.map((o) => o.orderNumber)).toEqual([newer, older]);
    expect(list[0]).toMatchObject({
      status: 'placed',
      subtotal: 5196,
      shipping_fee: 1099,
      tax_rate: 0.13,
      shipping_address: 'Jamie Tremblay, 220 Yonge St, Toronto, ON M5B 2H1, Canada',
      payment: 'visa ending in 4242',
    });
    expect(list[0]?.lines).toHaveLength(2);
  });

  it('pages with offset and limit, newest first', async () => {
    const client = await signUp(t.app);
    const numbers = [];
    for (const day of ['01', '02', '03']) {
      numbers.push(await placeDirectly(client.client_id, new Date(`2026-09-${day}T10:00:00Z`), 1));
    }
    const page = async (query: string) =>
      (await t.app.inject({ url: `/api/orders?${query}`, headers: bearer(client) }))
        .json()
        .map((o: { orderNumber: number }) => o.orderNumber);
    expect(await page('limit=2')).toEqual([numbers[2], numbers[1]]);
    expect(await page('offset=2&limit=2')).toEqual([numbers[0]]);
    expect(await page('offset=3')).toEqual([]);
    for (const bad of ['limit=0', 'limit=51', 'offset=-1', 'limit=two', 'page=2']) {
      const response = await t.app.inject({ url: `/api/orders?${bad}`, headers: bearer(client) });
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it('is empty for a new client and refused to a visitor', async () => {
    const client = await signUp(t.app);
    expect((await t.app.inject({ url: '/api/orders', headers: bearer(client) })).json()).toEqual([]);
    expect((await t.app.inject({ url: '/api/orders' })).statusCode).toBe(401);
  });
});

describe('GET api/orders/{orderNumber}', () => {
  it('answers the caller’s own order, and no one else’s', async () => {
    const client = await signUp(t.app);
    const number = await placeDirectly(client.client_id, new Date('2026-11-20T15:00:00Z'), 2);
    const own = await t.app.inject({ url: `/api/orders/${number}`, headers: bearer(client) });
    expect(own.statusCode, own.body).toBe(200);
    expect(orderSchema.parse(own.json())).toMatchObject({ orderNumber: number, lines: [{}, {}] });

    const other = await signUp(t.app);
    const notTheirs = await t.app.inject({ url: `/api/orders/${number}`, headers: bearer(other) });
    expect(notTheirs.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/orders/999999', headers: bearer(client) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/orders/abc', headers: bearer(client) })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/orders/${number}` })).statusCode).toBe(401);
  });
});
