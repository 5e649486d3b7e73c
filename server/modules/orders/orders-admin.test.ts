import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminOrder,
  ORDER_DISPUTED_MESSAGE,
  SHIPPING_DISPUTED_MESSAGE,
} from '../../../domain/admin/orders.ts';
import type { LoginRecord } from '../../../domain/auth.ts';
import type { Order } from '../../../domain/orders.ts';
import { orderRefunds, orders, outbox, sandboxCharges } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.ts';
import {
  bearer,
  createTestApp,
  expectAdminOnly,
  logIn,
  stockOf,
  type TestApp,
  TORONTO_ADDRESS,
} from '../../test/app.ts';
import { parsePdf } from '../../test/pdf.ts';
import { placeWebOrder, stockedProducts } from './orders-test-kit.ts';

/** Stripe's test card whose payment its owner disputes once captured. */
const DISPUTED_CARD = '4000000000000259';

let t: TestApp;
let admin: LoginRecord;
let items: { id: number; name: string; pricing: number }[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
  items = await stockedProducts(t.db, 2);
});
afterAll(() => t.close());

const first = () => items[0] as (typeof items)[number];
const second = () => items[1] as (typeof items)[number];

async function orderOf(orderNumber: number): Promise<AdminOrder> {
  const response = await t.app.inject({ url: `/api/admin/orders/${orderNumber}`, headers: bearer(admin) });
  expect(response.statusCode).toBe(200);
  return response.json<AdminOrder>();
}

function refund(orderNumber: number, key: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderNumber}/refund`,
    headers: { ...bearer(admin), 'idempotency-key': key },
    payload,
  });
}

async function chargeRefunded(paymentIntentId: string): Promise<number> {
  const [charge] = await t.db
    .select({ refunded: sandboxCharges.amountRefunded })
    .from(sandboxCharges)
    .where(eq(sandboxCharges.paymentIntentId, paymentIntentId));
  return charge?.refunded ?? -1;
}

async function yourOrder(client: LoginRecord, orderNumber: number): Promise<Order | undefined> {
  const list = await t.app.inject({ url: '/api/orders', headers: bearer(client) });
  return list.json<Order[]>().find((order) => order.orderNumber === orderNumber);
}

/** A label prints its tracking number in groups: the text without spaces. */
const compact = (text: string) => text.replace(/\s+/g, '');

async function mailsTo(email: string) {
  return t.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(asc(outbox.id));
}

describe('the back office’s orders: who may call them', () => {
  it('answers admins only, every call', async () => {
    const calls = [
      { method: 'GET', url: '/api/admin/orders' },
      { method: 'GET', url: '/api/admin/orders/100001' },
      { method: 'GET', url: '/api/admin/orders/documents?orders=100001&kind=slips' },
      { method: 'POST', url: '/api/admin/orders/ship', payload: { orderNumbers: [100001] } },
      { method: 'POST', url: '/api/admin/orders/100001/ship', payload: {} },
      { method: 'POST', url: '/api/admin/orders/100001/deliver' },
      { method: 'POST', url: '/api/admin/orders/100001/cancel', payload: {} },
      {
        method: 'POST',
        url: '/api/admin/orders/100001/refund',
        headers: { 'idempotency-key': 'role-check-key' },
        payload: {},
      },
      { method: 'POST', url: '/api/shipping/createorder', payload: { apiToken: '', orderNo: '100001' } },
      { method: 'POST', url: '/api/shipping/saveorder', payload: { apiToken: '', orderNo: '100001' } },
      { method: 'POST', url: '/api/shipping/getshippinglist' },
      { method: 'POST', url: '/api/shipping/OrderInfo', payload: { apiToken: '', orderNo: '100001' } },
      { method: 'GET', url: '/api/shipping/accountInfo' },
      { method: 'POST', url: '/api/shipping/label', payload: { apiToken: '', orderNo: '100001' } },
    ] as const;
    for (const call of calls) await expectAdminOnly(t.app, call);
  });
});

describe('finding and reading an order', () => {
  it('finds an order by number, name and e-mail, filters by status and province, newest first', async () => {
    const placed = await placeWebOrder(t.app, [{ productId: first().id, quantity: 1 }]);
    const detail = await orderOf(placed.orderNumber);
    const find = async (query: string) =>
      (await t.app.inject({ url: `/api/admin/orders?${query}`, headers: bearer(admin) })).json();
    expect((await find(`q=${placed.orderNumber}`)).orders.map((o: AdminOrder) => o.orderNumber)).toEqual([
      placed.orderNumber,
    ]);
    expect((await find(`q=${encodeURIComponent(detail.email)}`)).orders).toHaveLength(1);
    expect((await find(`q=${encodeURIComponent(detail.clientName)}`)).total).toBeGreaterThanOrEqual(1);
    const paid = await find('status=paid&province=ON');
    expect(paid.orders.map((o: AdminOrder) => o.orderNumber)).toContain(placed.orderNumber);
    expect((await find('province=QC')).orders.map((o: AdminOrder) => o.orderNumber)).not.toContain(
      placed.orderNumber,
    );
    const all = await find('');
    expect(all.orders[0].orderNumber).toBe(Math.max(...all.orders.map((o: AdminOrder) => o.orderNumber)));
    expect(
      (await t.app.inject({ url: '/api/admin/orders?status=lost', headers: bearer(admin) })).statusCode,
    ).toBe(400);
  });

  it('shows the lines, the card, the tax in its parts and the timeline', async () => {
    const placed = await placeWebOrder(t.app, [{ productId: first().id, quantity: 2 }]);
    const order = await orderOf(placed.orderNumber);
    expect(order).toMatchObject({
      status: 'paid',
      province: 'ON',
      payment: { brand: 'visa', last4: '4242', paymentIntentId: placed.paymentIntentId },
      amountRefunded: 0,
      refundable: order.total,
    });
    expect(order.lines).toEqual([
      expect.objectContaining({ name: first().name, quantity: 2, quantityRefunded: 0 }),
    ]);
    expect(order.taxParts).toEqual([{ name: 'HST', ratePpm: 130000, amount: order.tax }]);
    expect(order.events[0]).toMatchObject({ type: 'placed' });
    expect((await t.app.inject({ url: '/api/admin/orders/999999', headers: bearer(admin) })).statusCode).toBe(
      404,
    );
  });
});

describe('shipping an order', () => {
  it('books the parcel, marks it shipped, e-mails the tracking number; the client sees it; labels print', async () => {
    const placed = await placeWebOrder(t.app, [{ productId: first().id, quantity: 1 }]);
    const shipped = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${placed.orderNumber}/ship`,
      headers: bearer(admin),
      payload: {},
    });
    expect(shipped.statusCode).toBe(200);
    const order = shipped.json<AdminOrder>();
    expect(order.status).toBe('shipped');
    expect(order.trackingNumber).toMatch(/\w{10,}/);
    expect(order.events.at(-1)).toMatchObject({ type: 'shipped', actor: expect.any(String) });
    const mails = await mailsTo(order.email);
    expect(
      mails.some(
        (mail) => mail.subject.includes('has shipped') && mail.text.includes(order.trackingNumber ?? '?'),
      ),
    ).toBe(true);
    expect(await yourOrder(placed.client, placed.orderNumber)).toMatchObject({
      status: 'shipped',
      tracking_number: order.trackingNumber,
      carrier: order.carrier,
    });

    const labels = await t.app.inject({
      url: `/api/admin/orders/documents?orders=${placed.orderNumber}&kind=labels`,
      headers: bearer(admin),
    });
    expect(labels.statusCode).toBe(200);
    expect(labels.headers['content-type']).toBe('application/pdf');
    expect(compact((await parsePdf(labels.rawPayload)).text)).toContain(order.trackingNumber);
    const slips = await t.app.inject({
      url: `/api/admin/orders/documents?orders=${placed.orderNumber}&kind=slips`,
      headers: bearer(admin),
    });
    expect((await parsePdf(slips.rawPayload)).text).toContain(String(placed.orderNumber));

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${placed.orderNumber}/ship`,
      headers: bearer(admin),
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    const delivered = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${placed.orderNumber}/deliver`,
      headers: bearer(admin),
    });
    expect(delivered.json()).toMatchObject({ status: 'delivered' });
  });

  it('takes a tracking number typed by hand, with its carrier', async () => {
    const placed = await placeWebOrder(t.app, [{ productId: first().id, quantity: 1 }]);
    const url = `/api/admin/orders/${placed.orderNumber}/ship`;
    const noCarrier = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(admin),
      payload: { trackingNumber: '7316 5412 0098' },
    });
    expect(noCarrier.statusCode).toBe(400);
    expect((await orderOf(placed.orderNumber)).status).toBe('paid');
    const shipped = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(admin),
      payload: { trackingNumber: '7316 5412 0098', carrier: 'FedEx' },
    });
    expect(shipped.json()).toMatchObject({
      status: 'shipped',
      carrier: 'FedEx',
      trackingNumber: '7316 5412 0098',
    });
  });

  it('ships several orders in one go and prints their labels in one PDF', async () => {
    const a = await placeWebOrder(t.app, [{ productId: first().id, quantity: 1 }]);
    const b = await placeWebOrder(t.app, [{ productId: second().id, quantity: 1 }]);
    const result = await t.app.inject({
      method: 'POST',
      url: '/api/admin/orders/ship',
      headers: bearer(admin),
      payload: { orderNumbers: [a.orderNumber, b.orderNumber, 999999] },
    });
    expect(result.statusCode).toBe(200);
    const results = result.json().results;
    expect(results.map((r: { shipped: boolean }) => r.shipped)).toEqual([true, true, false]);
    const labels = await t.app.inject({
      url: `/api/admin/orders/documents?orders=${a.orderNumber},${b.orderNumber}&kind=labels`,
      headers: bearer(admin),
    });
    const pdf = await parsePdf(labels.rawPayload);
    expect(pdf.info.total).toBe(2);
    for (const row of results.slice(0, 2)) expect(compact(pdf.text)).toContain(row.trackingNumber);
  });

  it('serves the spec’s shipping calls on the carrier', async () => {
    const placed = await placeWebOrder(t.app, [{ productId: first().id, quantity: 1 }]);
    const body = { apiToken: '', orderNo: String(placed.orderNumber) };
    const post = (url: string, payload?: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, headers: bearer(admin), ...(payload ? { payload } : {}) });
    expect((await post('/api/shipping/OrderInfo', body)).statusCode).toBe(404);
    const booked = await post('/api/shipping/createorder', body);
    expect(booked.statusCode).toBe(200);
    const { result } = booked.json();
    expect(result).toMatchObject({ orderNo: String(placed.orderNumber), status: 'created' });
    expect((await orderOf(placed.orderNumber)).status).toBe('paid');
    expect((await post('/api/shipping/OrderInfo', body)).json().result.trackingNumber).toBe(
      result.trackingNumber,
    );
    const saved = await post('/api/shipping/saveorder', body);
    expect(saved.json().result.status).toBe('saved');
    expect(await orderOf(placed.orderNumber)).toMatchObject({
      status: 'shipped',
      trackingNumber: result.trackingNumber,
    });
    const list = await post('/api/shipping/getshippinglist');
    expect(list.json().result.map((s: { orderNo: string }) => s.orderNo)).toContain(
      String(placed.orderNumber),
    );
    const account = await t.app.inject({ url: '/api/shipping/accountInfo', headers: bearer(admin) });
    expect(account.json()).toMatchObject({ success: true, result: { customerNo: expect.any(String) } });
    const label = await post('/api/shipping/label', body);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(compact((await parsePdf(label.rawPayload)).text)).toContain(result.trackingNumber);
  });
});

describe('cancelling an order', () => {
  it('refunds the payment, puts every line back in stock and e-mails the client', async () => {
    const before = await stockOf(t.db, first().id);
    const placed = await placeWebOrder(t.app, [{ productId: first().id, quantity: 3 }]);
    expect(await stockOf(t.db, first().id)).toBe(before - 3);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${placed.orderNumber}/cancel`,
      headers: bearer(admin),
      payload: {},
    });
    expect(cancelled.statusCode).toBe(200);
    const order = cancelled.json<AdminOrder>();
    expect(order).toMatchObject({ status: 'cancelled', amountRefunded: order.total, refundable: 0 });
    expect(await stockOf(t.db, first().id)).toBe(before);
    expect(await chargeRefunded(placed.paymentIntentId)).toBe(order.total);
    expect((await mailsTo(order.email)).some((mail) => mail.subject.includes('is cancelled'))).toBe(true);
    expect(await yourOrder(placed.client, placed.orderNumber)).toMatchObject({ status: 'cancelled' });
    // A second click answers the cancelled order and gives back nothing more.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${placed.orderNumber}/cancel`,
      headers: bearer(admin),
      payload: {},
    });
    expect(again.json()).toMatchObject({ status: 'cancelled', amountRefunded: order.total });
    expect(again.json().refunds).toHaveLength(1);
    expect(await chargeRefunded(placed.paymentIntentId)).toBe(order.total);
  });

  it('refuses a shipped order: it is refunded instead', async () => {
    const placed = await placeWebOrder(t.app, [{ productId: first().id, quantity: 1 }]);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${placed.orderNumber}/ship`,
      headers: bearer(admin),
      payload: { trackingNumber: 'ABC123', carrier: 'Canpar' },
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${placed.orderNumber}/cancel`,
      headers: bearer(admin),
      payload: {},
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('This order has shipped: refund it instead.');
  });
});

describe('refunding an order', () => {
  it('refunds chosen lines, restocking one and not the other; the client sees it', async () => {
    const [stockA, stockB] = [await stockOf(t.db, first().id), await stockOf(t.db, second().id)];
    const placed = await placeWebOrder(t.app, [
      { productId: first().id, quantity: 2 },
      { productId: second().id, quantity: 1 },
    ]);
    const order = await orderOf(placed.orderNumber);
    const listed = await t.app.inject({
      url: `/api/admin/orders?q=${placed.orderNumber}`,
      headers: bearer(admin),
    });
    expect(listed.json().orders[0]).toMatchObject({ orderNumber: placed.orderNumber, lineCount: 2 });
    const [lineA, lineB] = order.lines;
    if (!lineA || !lineB) throw new Error('two lines expected');
    const response = await refund(placed.orderNumber, 'refund-lines-0001', {
      lines: [
        { lineId: lineA.id, quantity: 1, restock: true },
        { lineId: lineB.id, quantity: 1, restock: false },
      ],
      shipping: false,
    });
    expect(response.statusCode).toBe(200);
    const after = response.json<AdminOrder>();
    const items = lineA.unitPrice + lineB.unitPrice;
    const expected = items + Math.round((items * order.taxRatePpm) / 1_000_000);
    expect(after).toMatchObject({
      status: 'paid',
      amountRefunded: expected,
      refundable: order.total - expected,
    });
    expect(after.lines.map((line) => line.quantityRefunded)).toEqual([1, 1]);
    expect(await stockOf(t.db, first().id)).toBe(stockA - 1);
    expect(await stockOf(t.db, second().id)).toBe(stockB - 1);
    expect(await chargeRefunded(placed.paymentIntentId)).toBe(expected);
    expect(after.events.at(-1)).toMatchObject({ type: 'refunded' });
    const mail = (await mailsTo(order.email)).find((sent) => sent.subject.includes('A refund on your order'));
    // The card's brand as people write it (Stripe says 'visa').
    expect(mail?.text).toContain('goes back to your Visa card ending in 4242');
    expect(await yourOrder(placed.client, placed.orderNumber)).toMatchObject({
      amount_refunded: expected,
      refunds: [{ amount: expected }],
    });

    // The same request again (a retry) answers the same refund and refunds nothing more; another
    // request under its key is refused.
    const retried = await refund(placed.orderNumber, 'refund-lines-0001', {
      lines: [
        { lineId: lineA.id, quantity: 1, restock: true },
        { lineId: lineB.id, quantity: 1, restock: false },
      ],
      shipping: false,
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json<AdminOrder>().refunds).toHaveLength(1);
    const reused = await refund(placed.orderNumber, 'refund-lines-0001', {
      lines: [{ lineId: lineA.id, quantity: 1, restock: true }],
      shipping: false,
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('idempotency_key_reused');
    expect((await orderOf(placed.orderNumber)).amountRefunded).toBe(expected);
    expect(await chargeRefunded(placed.paymentIntentId)).toBe(expected);

    // The rest: exactly what remains, the order refunded in full.
    const rest = await refund(placed.orderNumber, 'refund-rest-0001', {});
    expect(rest.json()).toMatchObject({ status: 'refunded', amountRefunded: order.total, refundable: 0 });
    expect(await chargeRefunded(placed.paymentIntentId)).toBe(order.total);
    expect(await stockOf(t.db, first().id)).toBe(stockA);
  });

  it('never gives back more than remains, also when two refunds arrive at once', async () => {
    const placed = await placeWebOrder(t.app, [{ productId: first().id, quantity: 2 }]);
    const order = await orderOf(placed.orderNumber);
    const answers = await Promise.all([
      refund(placed.orderNumber, 'race-one-000001', {}),
      refund(placed.orderNumber, 'race-two-000002', {}),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.db
      .select()
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
      .where(eq(orders.orderNumber, placed.orderNumber));
    expect(rows.filter((row) => row.order_refunds.status === 'succeeded')).toHaveLength(1);
    expect(await chargeRefunded(placed.paymentIntentId)).toBe(order.total);
    expect((await orderOf(placed.orderNumber)).amountRefunded).toBe(order.total);
  });

  it('refuses bad refunds and writes nothing', async () => {
    const placed = await placeWebOrder(t.app, [{ productId: first().id, quantity: 1 }]);
    const order = await orderOf(placed.orderNumber);
    const line = order.lines[0];
    if (!line) throw new Error('a line expected');
    const tooMany = await refund(placed.orderNumber, 'too-many-00001', {
      lines: [{ lineId: line.id, quantity: 2, restock: true }],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toBe(`Only 1 of ${line.name} can still be refunded.`);
    expect(
      (await refund(placed.orderNumber, 'other-line-0001', { lines: [{ lineId: 1, quantity: 1 }] }))
        .statusCode,
    ).toBe(400);
    const noKey = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${placed.orderNumber}/refund`,
      headers: bearer(admin),
      payload: {},
    });
    expect(noKey.statusCode).toBe(400);
    expect(await orderOf(placed.orderNumber)).toMatchObject({ amountRefunded: 0, refunds: [] });
    expect(await chargeRefunded(placed.paymentIntentId)).toBe(0);
  });
});

describe('a disputed order', () => {
  it('is neither refunded nor cancelled: the chargeback took the money back already', async () => {
    const placed = await placeWebOrder(
      t.app,
      [{ productId: first().id, quantity: 1 }],
      TORONTO_ADDRESS,
      DISPUTED_CARD,
    );
    await t.app.sandboxEvents?.idle();
    const order = await orderOf(placed.orderNumber);
    expect(order.disputedAt).not.toBeNull();
    // Nothing to refund on its page either.
    expect(order.refundable).toBe(0);
    const line = order.lines[0];
    if (!line) throw new Error('a line expected');
    const refused = await refund(placed.orderNumber, 'disputed-refund-1', {
      lines: [{ lineId: line.id, quantity: 1, restock: true }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'order_disputed', message: ORDER_DISPUTED_MESSAGE });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${placed.orderNumber}/cancel`,
      headers: bearer(admin),
      payload: {},
    });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error.code).toBe('order_disputed');
    expect(await orderOf(placed.orderNumber)).toMatchObject({ amountRefunded: 0, refunds: [] });
    expect(await chargeRefunded(placed.paymentIntentId)).toBe(0);
  });

  it('is shipped only when the owner ships it despite the dispute, one order at a time', async () => {
    const placed = await placeWebOrder(
      t.app,
      [{ productId: first().id, quantity: 1 }],
      TORONTO_ADDRESS,
      DISPUTED_CARD,
    );
    await t.app.sandboxEvents?.idle();
    const post = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, headers: bearer(admin), payload });
    const shipUrl = `/api/admin/orders/${placed.orderNumber}/ship`;
    const refused = await post(shipUrl, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'order_disputed',
      message: `Order ${placed.orderNumber}: ${SHIPPING_DISPUTED_MESSAGE}`,
    });
    const bulk = await post('/api/admin/orders/ship', { orderNumbers: [placed.orderNumber] });
    expect(bulk.json().results).toEqual([
      expect.objectContaining({
        shipped: false,
        error: `Order ${placed.orderNumber}: ${SHIPPING_DISPUTED_MESSAGE}`,
      }),
    ]);
    const booked = await post('/api/shipping/createorder', {
      apiToken: '',
      orderNo: String(placed.orderNumber),
    });
    expect(booked.statusCode).toBe(409);
    expect((await orderOf(placed.orderNumber)).status).toBe('paid');

    const shipped = await post(shipUrl, { despiteDispute: true });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json<AdminOrder>()).toMatchObject({ status: 'shipped', disputedAt: expect.any(String) });
    expect(shipped.json<AdminOrder>().events.at(-1)?.message).toMatch(
      /^Shipped with .+, despite the dispute$/,
    );
  });
});

describe('one refund path: the POS refund screen', () => {
  it('refunds a web order’s charge through its order: status, amounts, history, e-mail, restock as chosen', async () => {
    const cashier = await logIn(t.app, DEMO_ACCOUNTS.pos.user_name, DEMO_ACCOUNTS.pos.password);
    const before = await stockOf(t.db, second().id);
    const placed = await placeWebOrder(t.app, [{ productId: second().id, quantity: 2 }]);
    const order = await orderOf(placed.orderNumber);
    const pos = (key: string, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/pos/refund',
        headers: { ...bearer(cashier), 'idempotency-key': key },
        payload: { paymentIntentId: placed.paymentIntentId, ...payload },
      });
    // The refund screen's search names the web order a card charge paid.
    const found = await t.app.inject({
      method: 'POST',
      url: '/api/pos/search-charge',
      headers: bearer(cashier),
      payload: { cardType: 3 },
    });
    const charges = found.json<{ paymentIntentId: string; orderNumber: number | null }[]>();
    expect(charges.find((charge) => charge.paymentIntentId === placed.paymentIntentId)?.orderNumber).toBe(
      placed.orderNumber,
    );
    const part = await pos('pos-part-000001', { amount: 500 });
    expect(part.statusCode).toBe(200);
    expect(part.json()).toMatchObject({ status: 'succeeded', amount: 500 });
    expect(await orderOf(placed.orderNumber)).toMatchObject({ status: 'paid', amountRefunded: 500 });
    const tooMuch = await pos('pos-more-000001', { amount: order.total });
    expect(tooMuch.statusCode).toBe(400);
    const rest = await pos('pos-rest-000001', { restock: true });
    expect(rest.json()).toMatchObject({ amount: order.total - 500 });
    const after = await orderOf(placed.orderNumber);
    expect(after).toMatchObject({ status: 'refunded', amountRefunded: order.total });
    expect(after.refunds.map((row) => row.source)).toEqual(['pos', 'pos']);
    // The part refunded first took its share of tax: the rest gives back what remains of each part.
    const refunded = (part: 'itemsAmount' | 'shippingAmount' | 'tax') =>
      after.refunds.reduce((sum, row) => sum + row[part], 0);
    expect(refunded('tax')).toBe(order.tax);
    expect(refunded('shippingAmount')).toBe(order.shippingFee);
    expect(refunded('itemsAmount')).toBe(order.total - order.tax - order.shippingFee);
    expect(after.events.at(-1)?.message).toContain('from the POS refund screen');
    expect(await stockOf(t.db, second().id)).toBe(before);
    expect(await chargeRefunded(placed.paymentIntentId)).toBe(order.total);
    const refundMails = (await mailsTo(order.email)).filter((mail) =>
      mail.subject.includes('A refund on your order'),
    );
    expect(refundMails.map((mail) => mail.text.split('\n')[2])).toEqual([
      `We have refunded part of your order ${placed.orderNumber}.`,
      `We have refunded your order ${placed.orderNumber} in full.`,
    ]);
  });
});
