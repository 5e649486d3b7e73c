/**
 * POST api/stripe/webhook (issue "Going live with Stripe"): signed deliveries only, each event once,
 * and what each event changes: a hosted checkout completed by its event alone, a reader's payment
 * recorded without the POS page, a capture the shop did not see, a refund made in the processor's
 * dashboard, a dispute, an authorization released. The sandbox sends its events to the same route.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPING_DISPUTE_LOST_MESSAGE, SHIPPING_INQUIRY_MESSAGE } from '../../../domain/admin/orders.ts';
import type { LoginRecord } from '../../../domain/auth.ts';
import { formatMoney } from '../../../domain/money.ts';
import { countRows } from '../../db/database.ts';
import {
  orderEvents,
  orderRefunds,
  orders,
  outbox,
  outsideRefunds,
  posCheckouts,
  posPayments,
  posReturns,
  posReturnTenders,
  posSales,
  products,
  sandboxCharges,
  sandboxCheckoutSessions,
  sandboxRefunds,
  settings,
  stock,
  stripeEvents,
} from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.ts';
import { systemClock } from '../../lib/clock.ts';
import { createSandboxGateway } from '../../providers/payments/sandbox/index.ts';
import { type GatewayEvent, signWebhook } from '../../providers/payments/webhook-events.ts';
import {
  bearer,
  CARD_EXPIRY_YEAR,
  createTestApp,
  logIn,
  stockOf,
  TEST_WEBHOOK_SECRET,
  type TestApp,
} from '../../test/app.ts';
import { placeWebOrder, stockedProducts } from '../orders/orders-test-kit.ts';
import {
  assignReader,
  FRONT_COUNTER,
  payOnReader,
  posCall,
  refundOnScreen,
} from '../pos/pos-test-helpers.ts';

let t: TestApp;
let cashier: LoginRecord;
let item: { id: number };
/** A product of the register's tests, priced CDN$10.00. */
let counterItem: { id: number };
let eventCount = 0;

beforeAll(async () => {
  t = await createTestApp();
  cashier = await logIn(t.app, DEMO_ACCOUNTS.pos.user_name, DEMO_ACCOUNTS.pos.password);
  const [first, second] = await stockedProducts(t.db, 2);
  if (!first || !second) throw new Error('the demo data has products in stock');
  item = first;
  counterItem = second;
  await t.db.update(products).set({ pricing: 1000 }).where(eq(products.id, second.id));
});
afterAll(() => t.close());

const now = () => Math.floor(Date.now() / 1000);

/** A Stripe-shaped event about `object`, with an id of its own. */
function event(type: string, object: Record<string, unknown>): GatewayEvent {
  eventCount++;
  return {
    id: `evt_test_${Date.now()}_${eventCount}`,
    object: 'event',
    type,
    created: now(),
    livemode: false,
    api_version: '2025-01-01',
    data: { object },
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}

function deliver(body: string, signature?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload: body,
  });
}

/** One signed delivery of the event, as Stripe sends it. */
async function send(sent: GatewayEvent, secret = TEST_WEBHOOK_SECRET, at = now()) {
  const body = JSON.stringify(sent);
  return deliver(body, signWebhook(body, secret, at));
}

async function sendOk(sent: GatewayEvent): Promise<{ duplicate: boolean; outcome: string }> {
  const response = await send(sent);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A Card Checkout of two of the item, paid on the sandbox's hosted page: its session's id. */
async function paidCheckout(extra: Record<string, unknown>): Promise<string> {
  const created = await posCall(t, cashier, '/api/pos/create-checkout-session', {
    lineItems: [{ priceId: `price_${item.id}`, quantity: 2 }],
    ...extra,
  });
  expect(created.statusCode, created.body).toBe(200);
  const sessionId = /(cs_[A-Za-z0-9_]+)$/.exec(created.json<{ url: string }>().url)?.[1] ?? '';
  const paid = await posCall(t, cashier, `/api/pos/sandbox-checkout/${sessionId}`, {
    number: '4242 4242 4242 4242',
    exp_month: 12,
    exp_year: CARD_EXPIRY_YEAR,
    cvc: '123',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return sessionId;
}

async function storedEvent(id: string) {
  const [row] = await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, id));
  return row;
}

/** Waits until the sandbox delivered the events of what the test did so far. */
async function eventsDelivered(): Promise<void> {
  await t.app.sandboxEvents?.idle();
}

async function orderOf(paymentIntentId: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.paymentIntentId, paymentIntentId));
  if (!row) throw new Error(`no order paid by ${paymentIntentId}`);
  return row;
}

async function historyOf(orderId: number) {
  return t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
}

describe('a delivery', () => {
  it('is refused (400) unsigned, wrongly signed, signed too long ago, or changed after signing, and stores nothing', async () => {
    const sent = event('customer.created', { id: 'cus_1', object: 'customer' });
    const body = JSON.stringify(sent);
    const refusals = [
      await deliver(body),
      await send(sent, 'whsec_someone_else'),
      await send(sent, TEST_WEBHOOK_SECRET, now() - 600),
      await deliver(body.replace('cus_1', 'cus_2'), signWebhook(body, TEST_WEBHOOK_SECRET, now())),
      await deliver(body, 't=1,v1=0000'),
    ];
    for (const response of refusals) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.code).toBe('invalid_signature');
    }
    expect(await storedEvent(sent.id)).toBeUndefined();
  });

  it('is processed once: a redelivery answers 200, says it is a duplicate and changes nothing', async () => {
    const sent = event('customer.created', { id: 'cus_3', object: 'customer' });
    expect(await sendOk(sent)).toEqual({
      received: true,
      duplicate: false,
      outcome: 'customer.created is not an event the shop acts on',
    });
    const again = await sendOk(sent);
    expect(again).toMatchObject({ duplicate: true });
    expect(await storedEvent(sent.id)).toMatchObject({
      type: 'customer.created',
      deliveries: 2,
      livemode: false,
    });
  });

  it('is answered 503 by a shop on Stripe without STRIPE_WEBHOOK_SECRET, so that Stripe delivers it again', async () => {
    const unset = await createTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_unset', STRIPE_WEBHOOK_SECRET: '' },
    });
    try {
      const body = JSON.stringify(event('customer.created', { id: 'cus_4' }));
      const response = await unset.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signWebhook(body, TEST_WEBHOOK_SECRET, now()),
        },
        payload: body,
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('webhook_not_configured');
      expect(await countRows(unset.db, stripeEvents)).toBe(0);
    } finally {
      await unset.close();
    }
  });
});

describe('the sandbox’s own events', () => {
  it('complete a hosted POS checkout with no browser coming back: the sale, its stock and receipt', async () => {
    await t.db.update(products).set({ pricing: 2000, priceDiscount: 0 }).where(eq(products.id, item.id));
    const stockBefore = await stockOf(t.db, item.id);
    const sessionId = await paidCheckout({ email: 'counter@example.ca' });

    // Nobody calls .../complete: the checkout.session.completed event makes the sale (awaited, not
    // polled for a while: a loaded machine delivers it later than any fixed wait).
    await eventsDelivered();
    const [checkout] = await t.db.select().from(posCheckouts).where(eq(posCheckouts.sessionId, sessionId));
    expect(checkout?.saleId).toEqual(expect.any(Number));
    const [sale] = await t.db
      .select()
      .from(posSales)
      .where(eq(posSales.idempotencyKey, `checkout:${sessionId}`));
    expect(sale).toMatchObject({ cashierId: cashier.client_id, subtotal: 4000 });
    expect(await stockOf(t.db, item.id)).toBe(stockBefore - 2);
    expect(await t.db.select().from(outbox).where(eq(outbox.to, 'counter@example.ca'))).toHaveLength(1);

    // The cashier's page coming back later finds the same sale.
    const completed = await posCall(t, cashier, `/api/pos/checkout-sessions/${sessionId}/complete`);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json().id).toBe(sale?.id);
    expect(await stockOf(t.db, item.id)).toBe(stockBefore - 2);
  });

  it('and the cashier’s page completing the same checkout at once make one sale, the card kept', async () => {
    await t.db.update(products).set({ pricing: 2000, priceDiscount: 0 }).where(eq(products.id, item.id));
    // Exactly the stock the sale takes: a second taking would find none and refund the card.
    await t.db.update(stock).set({ instock: 2 }).where(eq(stock.productId, item.id));
    const sessionId = await paidCheckout({});
    const completed = { id: sessionId, object: 'checkout.session', metadata: { source: 'pos' } };
    const answers = await Promise.all([
      posCall(t, cashier, `/api/pos/checkout-sessions/${sessionId}/complete`),
      send(event('checkout.session.completed', completed)),
      posCall(t, cashier, `/api/pos/checkout-sessions/${sessionId}/complete`),
    ]);
    await eventsDelivered();
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const sales = await t.db
      .select()
      .from(posSales)
      .where(eq(posSales.idempotencyKey, `checkout:${sessionId}`));
    expect(sales).toHaveLength(1);
    expect(await stockOf(t.db, item.id)).toBe(0);
    const [session] = await t.db
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.id, sessionId));
    expect(
      await t.db
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.paymentIntentId, session?.paymentIntentId ?? '')),
    ).toEqual([]);
    await t.db.update(stock).set({ instock: 100 }).where(eq(stock.productId, item.id));
  });

  it('expire a hosted POS checkout left unpaid past its time: the checkout says so', async () => {
    const created = await posCall(t, cashier, '/api/pos/create-checkout-session', {
      lineItems: [{ priceId: `price_${item.id}`, quantity: 1 }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const sessionId = /(cs_[A-Za-z0-9_]+)$/.exec(created.json<{ url: string }>().url)?.[1] ?? '';
    const sandbox = t.app.sandboxEvents?.gateway.sandbox;
    expect(await sandbox?.expireCheckoutSessions()).toEqual([]);
    // A day later (Stripe's lifetime of a session), unpaid.
    await t.db
      .update(sandboxCheckoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sandboxCheckoutSessions.id, sessionId));
    const expired = await sandbox?.expireCheckoutSessions();
    expect(expired?.map((session) => [session.id, session.status, session.url])).toEqual([
      [sessionId, 'expired', null],
    ]);
    await eventsDelivered();
    const [checkout] = await t.db.select().from(posCheckouts).where(eq(posCheckouts.sessionId, sessionId));
    expect(checkout?.expiredAt).toBeInstanceOf(Date);
    expect(checkout?.saleId).toBeNull();
  });

  it('record a reader’s payment as the cashier’s POS payment though the POS page never saved it', async () => {
    await assignReader(t, cashier, FRONT_COUNTER);
    const { paymentIntentId } = await payOnReader(t, cashier, FRONT_COUNTER, 1234);
    await expect
      .poll(async () =>
        t.db.select().from(posPayments).where(eq(posPayments.paymentIntentId, paymentIntentId)),
      )
      .toEqual([
        expect.objectContaining({ clientId: cashier.client_id, readerId: FRONT_COUNTER, amount: 1234 }),
      ]);
  });
});

describe('the processor’s events about a web order', () => {
  it('make a placed order paid when its capture succeeded unseen by the shop', async () => {
    const placed = await placeWebOrder(t.app, [{ productId: item.id, quantity: 1 }]);
    await eventsDelivered();
    const order = await orderOf(placed.paymentIntentId);
    // As if the shop had stopped between the capture and writing it down.
    await t.db.update(orders).set({ status: 'placed' }).where(eq(orders.id, order.id));
    const answer = await sendOk(
      event('payment_intent.succeeded', { id: placed.paymentIntentId, object: 'payment_intent' }),
    );
    expect(answer.outcome).toBe(`order ${order.orderNumber} paid`);
    expect((await orderOf(placed.paymentIntentId)).status).toBe('paid');
  });

  it('keep a payment whose processing failed unprocessed with its error, and process it when delivered again', async () => {
    const placed = await placeWebOrder(t.app, [{ productId: item.id, quantity: 1 }]);
    await eventsDelivered();
    const order = await orderOf(placed.paymentIntentId);
    await t.db.update(orders).set({ status: 'placed' }).where(eq(orders.id, order.id));
    const succeeded = event('payment_intent.succeeded', {
      id: placed.paymentIntentId,
      object: 'payment_intent',
    });
    // The event store refuses to mark this one event processed, as a database failing mid-way would.
    await t.db.execute(
      sql.raw(`CREATE FUNCTION refuse_processing() RETURNS trigger LANGUAGE plpgsql AS $$
                 BEGIN RAISE EXCEPTION 'the event store is away'; END $$;
               CREATE TRIGGER refuse_processing BEFORE INSERT OR UPDATE ON stripe_events FOR EACH ROW
                 WHEN (NEW.id = '${succeeded.id}' AND NEW.processed_at IS NOT NULL)
                 EXECUTE FUNCTION refuse_processing()`),
    );
    try {
      const refused = await send(succeeded);
      expect(refused.statusCode, refused.body).toBe(500);
    } finally {
      await t.db.execute(
        sql.raw('DROP TRIGGER refuse_processing ON stripe_events; DROP FUNCTION refuse_processing()'),
      );
    }
    expect(await storedEvent(succeeded.id)).toMatchObject({
      processedAt: null,
      outcome: 'failed: the event store is away',
    });
    expect((await orderOf(placed.paymentIntentId)).status).toBe('placed');

    expect(await sendOk(succeeded)).toEqual({
      received: true,
      duplicate: false,
      outcome: `order ${order.orderNumber} paid`,
    });
    expect((await orderOf(placed.paymentIntentId)).status).toBe('paid');
    expect(await storedEvent(succeeded.id)).toMatchObject({ deliveries: 2, processedAt: expect.any(Date) });
    expect(await sendOk(succeeded)).toMatchObject({ duplicate: true });
  });

  it('record money refunded in the processor’s dashboard on the order, once', async () => {
    const placed = await placeWebOrder(t.app, [{ productId: item.id, quantity: 2 }]);
    const order = await orderOf(placed.paymentIntentId);
    // The owner refunds CDN$5.00 in the dashboard: the processor's state changes, the shop is not asked.
    const elsewhere = createSandboxGateway(t.db, systemClock);
    const refund = await elsewhere.createRefund({
      paymentIntentId: placed.paymentIntentId,
      amount: 500,
      idempotencyKey: `dashboard-${order.id}`,
    });
    const refunded = event('charge.refunded', { id: refund.charge, object: 'charge', amount_refunded: 500 });
    expect((await sendOk(refunded)).outcome).toBe(
      `order ${order.orderNumber}: CDN$5.00 refunded outside the shop recorded`,
    );
    expect(await sendOk(refunded)).toMatchObject({ duplicate: true });
    // The same fact told again by another event changes nothing either.
    await sendOk(event('charge.refunded', { id: refund.charge, object: 'charge', amount_refunded: 500 }));

    const after = await orderOf(placed.paymentIntentId);
    expect(after.amountRefunded).toBe(500);
    expect(after.status).toBe('paid');
    expect(await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toEqual([
      expect.objectContaining({ status: 'succeeded', amount: 500, source: 'processor', lines: [] }),
    ]);
    expect((await historyOf(order.id)).map((line) => line.message)).toContain(
      "CDN$5.00 was refunded outside the shop (in the card processor's dashboard).",
    );
  });

  it('undo an order refund that failed after it was made: refundable again, told on its history and to the store', async () => {
    const admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
    const placed = await placeWebOrder(t.app, [{ productId: item.id, quantity: 2 }]);
    const order = await orderOf(placed.paymentIntentId);
    const refundAll = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.orderNumber}/refund`,
        headers: { ...bearer(admin), 'idempotency-key': key },
        payload: {},
      });
    const made = await refundAll(`refund-then-fail-${order.id}`);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ status: 'refunded', amountRefunded: order.total });
    const [given] = await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    if (!given?.gatewayRefundId) throw new Error('the refund was made at the processor');

    // Days later the card turns out closed: the processor takes the refund back (the sandbox does not
    // play Stripe's asynchronous refund failure, so the test does) and reports it failed.
    await t.db
      .update(sandboxRefunds)
      .set({ status: 'failed' })
      .where(eq(sandboxRefunds.id, given.gatewayRefundId));
    await t.db
      .update(sandboxCharges)
      .set({ amountRefunded: sql`${sandboxCharges.amountRefunded} - ${given.amount}` })
      .where(eq(sandboxCharges.paymentIntentId, placed.paymentIntentId));
    const failed = event('refund.updated', {
      id: given.gatewayRefundId,
      object: 'refund',
      amount: given.amount,
      status: 'failed',
      failure_reason: 'expired_or_canceled_card',
      payment_intent: placed.paymentIntentId,
      metadata: { source: 'refund', order_refund: String(given.id) },
    });
    const amount = `CDN$${(given.amount / 100).toFixed(2)}`;
    expect((await sendOk(failed)).outcome).toBe(
      `order ${order.orderNumber}: refund of ${amount} failed after it was made, refundable again`,
    );
    const after = await orderOf(placed.paymentIntentId);
    expect(after).toMatchObject({ status: 'paid', amountRefunded: 0 });
    const [undone] = await t.db.select().from(orderRefunds).where(eq(orderRefunds.id, given.id));
    expect(undone).toMatchObject({
      status: 'failed',
      failureMessage:
        'The card processor reported the refund failed after it was made: the card has expired or was cancelled.',
    });
    const history = await historyOf(order.id);
    expect(history.at(-1)).toMatchObject({ type: 'refund_failed' });
    expect(history.at(-1)?.message).toContain(
      `The refund of ${amount} failed at the card processor after it was made (the card has expired or was cancelled)`,
    );
    const mails = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `Order ${order.orderNumber}: a refund of ${amount} failed`));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe('hello@maplesock.ca');

    // Told again (another delivery of the same news): nothing more.
    const again = { ...failed, id: `${failed.id}_again` };
    expect((await sendOk(again)).outcome).toBe(`refund ${given.id} already failed`);
    expect((await orderOf(placed.paymentIntentId)).amountRefunded).toBe(0);
    // Staff can refund it again.
    const remade = await refundAll(`refund-again-${order.id}`);
    expect(remade.statusCode, remade.body).toBe(200);
    expect(remade.json()).toMatchObject({ status: 'refunded', amountRefunded: order.total });
  });

  it('undo a dashboard refund of an order that failed after it was made', async () => {
    const placed = await placeWebOrder(t.app, [{ productId: item.id, quantity: 2 }]);
    const order = await orderOf(placed.paymentIntentId);
    const refund = await createSandboxGateway(t.db, systemClock).createRefund({
      paymentIntentId: placed.paymentIntentId,
      amount: 400,
      idempotencyKey: `dashboard-then-fail-${order.id}`,
    });
    await sendOk(event('refund.updated', { ...refund, metadata: {} }));
    expect((await orderOf(placed.paymentIntentId)).amountRefunded).toBe(400);
    const canceled = event('refund.updated', {
      ...refund,
      metadata: {},
      status: 'canceled',
      failure_reason: null,
    });
    expect((await sendOk(canceled)).outcome).toBe(
      `order ${order.orderNumber}: refund of CDN$4.00 canceled after it was made, refundable again`,
    );
    expect(await orderOf(placed.paymentIntentId)).toMatchObject({ status: 'paid', amountRefunded: 0 });
    expect((await historyOf(order.id)).at(-1)?.message).toContain(
      'The refund of CDN$4.00 failed at the card processor after it was made: the client has not been given the money back.',
    );
  });

  it('name a dashboard refund already recorded by its amount; one told first by its refund is not counted twice', async () => {
    const placed = await placeWebOrder(t.app, [{ productId: item.id, quantity: 2 }]);
    const order = await orderOf(placed.paymentIntentId);
    const elsewhere = createSandboxGateway(t.db, systemClock);
    const refundEvent = (refund: Awaited<ReturnType<typeof elsewhere.createRefund>>) =>
      event('refund.created', { ...refund, metadata: {} });
    // charge.refunded first (the amount), then refund.created (its id): one refund, named.
    const first = await elsewhere.createRefund({
      paymentIntentId: placed.paymentIntentId,
      amount: 300,
      idempotencyKey: `dashboard-a-${order.id}`,
    });
    await sendOk(event('charge.refunded', { id: first.charge, object: 'charge', amount_refunded: 300 }));
    expect((await sendOk(refundEvent(first))).outcome).toBe(
      `order ${order.orderNumber}: refund ${first.id} named`,
    );
    // refund.created first, then charge.refunded: the amount is already there.
    const second = await elsewhere.createRefund({
      paymentIntentId: placed.paymentIntentId,
      amount: 200,
      idempotencyKey: `dashboard-b-${order.id}`,
    });
    expect((await sendOk(refundEvent(second))).outcome).toBe(
      `order ${order.orderNumber}: CDN$2.00 refunded outside the shop recorded`,
    );
    expect(
      (await sendOk(event('charge.refunded', { id: second.charge, object: 'charge', amount_refunded: 500 })))
        .outcome,
    ).toBe(`order ${order.orderNumber}: refunds already recorded`);
    expect((await orderOf(placed.paymentIntentId)).amountRefunded).toBe(500);
    const rows = await t.db
      .select({ amount: orderRefunds.amount, gatewayRefundId: orderRefunds.gatewayRefundId })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id));
    expect(rows).toEqual([
      { amount: 300, gatewayRefundId: first.id },
      { amount: 200, gatewayRefundId: second.id },
    ]);
  });

  /** Two of the counter item sold for 20.00 on the cashier's reader, in a shift of its own. */
  async function cardSaleOnReader(name: string, tender: 'card' | 'interac' = 'card') {
    await assignReader(t, cashier, FRONT_COUNTER);
    await posCall(t, cashier, '/api/pos/shifts/open', { float: 0 });
    const paid = await payOnReader(t, cashier, FRONT_COUNTER, 2000, { interac: tender === 'interac' });
    const sold = await posCall(
      t,
      cashier,
      '/api/pos/sales',
      {
        addTax: false,
        lines: [{ productId: counterItem.id, size_id: null, packageId: null, quantity: 2 }],
        tenders: [{ type: tender, amount: 2000, paymentIntentId: paid.paymentIntentId }],
      },
      { 'idempotency-key': `${name}-sale-${paid.paymentIntentId}` },
    );
    expect(sold.statusCode, sold.body).toBe(200);
    return { paid, sale: sold.json<{ id: number; receipt: { receipt_number: number } }>() };
  }

  it('show a dashboard refund of a register sale’s card on the sale, which refunds that much less', async () => {
    const { paid, sale } = await cardSaleOnReader('dashboard');
    const refund = await createSandboxGateway(t.db, systemClock).createRefund({
      paymentIntentId: paid.paymentIntentId,
      amount: 1000,
      idempotencyKey: `dashboard-sale-refund-${sale.id}`,
    });
    const told = event('refund.updated', { ...refund, metadata: {} });
    expect((await sendOk(told)).outcome).toContain(
      `refunded outside the shop on payment ${paid.paymentIntentId}`,
    );
    await sendOk(event('refund.created', { ...refund, metadata: {} }));
    const found = await t.app.inject({
      url: `/api/pos/sales/by-receipt/${sale.receipt.receipt_number}`,
      headers: bearer(cashier),
    });
    expect(found.json().tenders[0]).toMatchObject({
      amount: 2000,
      refundedOutside: 1000,
    });
    // Both pairs cannot be given back on the card any more: half of it was refunded already.
    const both = await posCall(
      t,
      cashier,
      `/api/pos/sales/${sale.id}/returns`,
      { lines: [{ line: 0, quantity: 2 }] },
      { 'idempotency-key': `dashboard-return-${sale.id}` },
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().error.message).toContain('left to refund');
  });

  it('a refund screen refund of a register sale’s card shows on the sale, which refunds that much less', async () => {
    const { paid, sale } = await cardSaleOnReader('screen');
    await refundOnScreen(t, cashier, paid.paymentIntentId, 500);
    const found = await t.app.inject({
      url: `/api/pos/sales/by-receipt/${sale.receipt.receipt_number}`,
      headers: bearer(cashier),
    });
    expect(found.json().tenders[0]).toMatchObject({ amount: 2000, refundedOutside: 500 });
    const both = await posCall(
      t,
      cashier,
      `/api/pos/sales/${sale.id}/returns`,
      { lines: [{ line: 0, quantity: 2 }] },
      { 'idempotency-key': `screen-return-${sale.id}` },
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().error.message).toContain('left to refund');
  });

  /** An Interac refund on the cashier's reader, the card presented: the refund's id. */
  async function interacRefundOnReader(paymentIntentId: string, amount: number, forReturn: boolean) {
    const started = await posCall(
      t,
      cashier,
      '/api/pos/refund-interac',
      { paymentIntentId, amount, ...(forReturn ? { forReturn } : {}) },
      {
        reader_id: FRONT_COUNTER,
        'idempotency-key': `interac-refund-${paymentIntentId}-${amount}-${forReturn}`,
      },
    );
    expect(started.statusCode, started.body).toBe(200);
    await posCall(t, cashier, '/api/pos/simulate_interac_payment', {}, { reader_id: FRONT_COUNTER });
    await eventsDelivered();
    const reader = (
      await posCall(t, cashier, '/api/pos/get_reader', undefined, { reader_id: FRONT_COUNTER })
    ).json<{
      action: { refund_payment?: { refund: string | null } } | null;
    }>();
    const refundId = reader.action?.refund_payment?.refund ?? '';
    expect(refundId).toMatch(/^re_/);
    return refundId;
  }

  const refundedOutsideOf = async (receiptNumber: number) =>
    (
      await t.app.inject({ url: `/api/pos/sales/by-receipt/${receiptNumber}`, headers: bearer(cashier) })
    ).json().tenders[0].refundedOutside;

  it('an Interac refund made on the refund screen shows on the register sale it paid, once', async () => {
    const { paid, sale } = await cardSaleOnReader('screen-interac', 'interac');
    const refundId = await interacRefundOnReader(paid.paymentIntentId, 500, false);
    const [refund] = await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.id, refundId));
    expect(refund?.metadata).toEqual({ source: 'pos', pos_user: String(cashier.client_id) });
    expect(await refundedOutsideOf(sale.receipt.receipt_number)).toBe(500);
    // Recorded with the cashier who made it, for their shift's report.
    const [recorded] = await t.db.select().from(outsideRefunds).where(eq(outsideRefunds.refundId, refundId));
    expect(recorded?.cashierId).toBe(cashier.client_id);
    const again = await sendOk(
      event('refund.updated', { ...refund, object: 'refund', payment_intent: paid.paymentIntentId }),
    );
    expect(again.outcome).toBe(`refund ${refundId} already recorded`);
    expect(await refundedOutsideOf(sale.receipt.receipt_number)).toBe(500);
  });

  it('a refund of a register sale’s card that fails after it succeeded is no longer counted on the sale', async () => {
    const { paid, sale } = await cardSaleOnReader('failed-later');
    const refundId = await refundOnScreen(t, cashier, paid.paymentIntentId, 500);
    expect(await refundedOutsideOf(sale.receipt.receipt_number)).toBe(500);
    const [refund] = await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.id, refundId));
    const failed = { ...refund, object: 'refund', payment_intent: paid.paymentIntentId, status: 'failed' };
    expect((await sendOk(event('refund.updated', failed))).outcome).toBe(
      `refund ${refundId} failed: CDN$5.00 no longer counted as given back on payment ${paid.paymentIntentId}`,
    );
    expect(await refundedOutsideOf(sale.receipt.receipt_number)).toBe(0);
    const [told] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, 'A refund of CDN$5.00 failed after it was made'));
    expect(told?.to).toBe('hello@maplesock.ca');
    expect(told?.text).toContain(
      `The refund of CDN$5.00 on the register sale of receipt ${sale.receipt.receipt_number} was reported failed by the card processor after it was made: the client has not been given the money back.`,
    );
    expect((await sendOk(event('refund.updated', failed))).outcome).toBe(
      `refund ${refundId} made by the register is failed`,
    );

    const fromDashboard = await createSandboxGateway(t.db, systemClock).createRefund({
      paymentIntentId: paid.paymentIntentId,
      amount: 300,
      idempotencyKey: `dashboard-failed-later-${sale.id}`,
    });
    await sendOk(event('refund.updated', { ...fromDashboard, metadata: {} }));
    expect(await refundedOutsideOf(sale.receipt.receipt_number)).toBe(300);
    const canceled = await sendOk(
      event('refund.updated', { ...fromDashboard, metadata: {}, status: 'canceled' }),
    );
    expect(canceled.outcome).toContain(`refund ${fromDashboard.id} canceled: CDN$3.00 no longer counted`);
    expect(await refundedOutsideOf(sale.receipt.receipt_number)).toBe(0);
  });

  it('a return’s card refund that fails after it was made is told to the store; the return stays', async () => {
    const { paid, sale } = await cardSaleOnReader('return-failed-later');
    const returned = await posCall(
      t,
      cashier,
      `/api/pos/sales/${sale.id}/returns`,
      { lines: [{ line: 0, quantity: 1 }] },
      { 'idempotency-key': `return-failed-later-${sale.id}` },
    );
    expect(returned.statusCode, returned.body).toBe(200);
    const [tender] = await t.db
      .select({ returnId: posReturnTenders.returnId, refundId: posReturnTenders.refundId })
      .from(posReturnTenders)
      .innerJoin(posReturns, eq(posReturns.id, posReturnTenders.returnId))
      .where(eq(posReturns.saleId, sale.id));
    const [refund] = await t.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.id, tender?.refundId ?? ''));
    if (!tender || !refund) throw new Error('the return refunded the card online');
    const failed = event('refund.updated', {
      ...refund,
      object: 'refund',
      payment_intent: paid.paymentIntentId,
      status: 'failed',
      failure_reason: 'lost_or_stolen_card',
    });
    expect((await sendOk(failed)).outcome).toBe(
      `refund ${refund.id} of return ${tender.returnId} failed after it was made: the store told`,
    );
    const [told] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, "A return's card refund of CDN$10.00 failed after it was made"));
    expect(told?.to).toBe('hello@maplesock.ca');
    expect(told?.text).toContain(
      `The card refund of CDN$10.00 for a return of receipt ${sale.receipt.receipt_number} (return ${tender.returnId}) was reported failed by the card processor after it was made (the card was reported lost or stolen): the client has not been given the money back.`,
    );
    const [still] = await t.db.select().from(posReturns).where(eq(posReturns.id, tender.returnId));
    expect(still).toMatchObject({ status: 'succeeded', refunded: 1000 });
  });

  it('a return’s Interac refund is the return’s alone, also when the refund screen made it', async () => {
    const { paid, sale } = await cardSaleOnReader('return-interac', 'interac');
    const giveBackOne = (interacRefundId: string) =>
      posCall(
        t,
        cashier,
        `/api/pos/sales/${sale.id}/returns`,
        { lines: [{ line: 0, quantity: 1 }], interacRefundId },
        { 'idempotency-key': `interac-return-${interacRefundId}` },
      );
    // The return page's refund says it is a return's: the webhook leaves it to the return.
    const forReturn = await interacRefundOnReader(paid.paymentIntentId, 1000, true);
    const [marked] = await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.id, forReturn));
    expect(marked?.metadata).toMatchObject({ source: 'pos', pos_return: 'pending' });
    expect(await refundedOutsideOf(sale.receipt.receipt_number)).toBe(0);
    const first = await giveBackOne(forReturn);
    expect(first.statusCode, first.body).toBe(200);
    expect(await refundedOutsideOf(sale.receipt.receipt_number)).toBe(0);

    // The rest refunded on the refund screen (recorded on the payment), then named by a return of the
    // rest: the return takes it as its own, so it is counted once and the sale is all given back.
    const fromScreen = await interacRefundOnReader(paid.paymentIntentId, 1000, false);
    expect(await refundedOutsideOf(sale.receipt.receipt_number)).toBe(1000);
    const second = await giveBackOne(fromScreen);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().sale.tenders[0]).toMatchObject({ amount: 2000, refunded: 2000, refundedOutside: 0 });
    const [named] = await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.id, fromScreen));
    const late = await sendOk(
      event('refund.updated', { ...named, object: 'refund', payment_intent: paid.paymentIntentId }),
    );
    expect(late.outcome).toBe(`refund ${fromScreen} already recorded`);
    expect(await refundedOutsideOf(sale.receipt.receipt_number)).toBe(0);
  });

  it('flag a disputed order, write it on its history and e-mail the shop, once', async () => {
    const placed = await placeWebOrder(t.app, [{ productId: item.id, quantity: 1 }]);
    const order = await orderOf(placed.paymentIntentId);
    const [store] = await t.db.select().from(settings).where(eq(settings.key, 'store_email'));
    const storeEmail = String(store?.value);
    const mailsBefore = await t.db.select().from(outbox).where(eq(outbox.to, storeEmail));
    const disputed = event('charge.dispute.created', {
      id: 'dp_test_1',
      object: 'dispute',
      amount: order.total,
      reason: 'product_not_received',
      charge: null,
      payment_intent: placed.paymentIntentId,
    });
    expect((await sendOk(disputed)).outcome).toBe(
      `order ${order.orderNumber} flagged as disputed; the owner e-mailed`,
    );
    await sendOk(disputed);
    expect((await orderOf(placed.paymentIntentId)).disputedAt).toBeInstanceOf(Date);
    // The back office's order page flags it.
    const admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
    const adminOrder = await t.app.inject({
      url: `/api/admin/orders/${order.orderNumber}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(adminOrder.json().disputedAt).toEqual(expect.any(String));
    const history = await historyOf(order.id);
    expect(history.filter((line) => line.type === 'disputed')).toHaveLength(1);
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, storeEmail)).orderBy(asc(outbox.id));
    expect(mails.length - mailsBefore.length).toBe(1);
    expect(mails.at(-1)?.subject).toBe(`Order ${order.orderNumber} was disputed`);
  });

  it('close a dispute: won gives the order back to the shop (shipped and refunded as any), lost keeps it held; each once', async () => {
    const admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
    const call = (url: string, payload?: Record<string, unknown>) =>
      t.app.inject({ method: payload ? 'POST' : 'GET', url, headers: bearer(admin), payload });
    const disputedOrder = async (disputeId: string) => {
      const placed = await placeWebOrder(t.app, [{ productId: item.id, quantity: 1 }]);
      await eventsDelivered();
      const order = await orderOf(placed.paymentIntentId);
      const dispute = {
        id: disputeId,
        object: 'dispute',
        amount: order.total,
        reason: 'fraudulent',
        charge: null,
        payment_intent: placed.paymentIntentId,
      };
      await sendOk(event('charge.dispute.created', { ...dispute, status: 'needs_response' }));
      const close = (status: string) => event('charge.dispute.closed', { ...dispute, status });
      return { order, close };
    };
    const manualShipment = { trackingNumber: '1Z 999 AA1', carrier: 'Canada Post' };

    const won = await disputedOrder('dp_won');
    expect((await call(`/api/admin/orders/${won.order.orderNumber}`)).json()).toMatchObject({
      disputeStatus: null,
      refundable: 0,
    });
    const closedWon = won.close('won');
    expect((await sendOk(closedWon)).outcome).toBe(
      `order ${won.order.orderNumber}: dispute won; the owner e-mailed`,
    );
    expect(await sendOk(closedWon)).toMatchObject({ duplicate: true });
    // Another event about the same closing (a resend by the processor) changes nothing either.
    expect((await sendOk(won.close('won'))).outcome).toBe(
      `order ${won.order.orderNumber}: its dispute was closed already`,
    );
    expect((await call(`/api/admin/orders/${won.order.orderNumber}`)).json()).toMatchObject({
      disputedAt: expect.any(String),
      disputeStatus: 'won',
      disputeClosedAt: expect.any(String),
      refundable: won.order.total,
    });
    const closedLines = (await historyOf(won.order.id)).filter((line) => line.type === 'dispute closed');
    expect(closedLines.map((line) => line.message)).toEqual([
      `The dispute of ${formatMoney(won.order.total)} was won: the bank gave the money back to the shop.`,
    ]);
    const shipped = await call(`/api/admin/orders/${won.order.orderNumber}/ship`, manualShipment);
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().events.at(-1).message).toBe('Shipped with Canada Post, tracking number 1Z 999 AA1');

    const lost = await disputedOrder('dp_lost');
    expect((await sendOk(lost.close('lost'))).outcome).toBe(
      `order ${lost.order.orderNumber}: dispute lost; the owner e-mailed`,
    );
    expect((await call(`/api/admin/orders/${lost.order.orderNumber}`)).json()).toMatchObject({
      disputeStatus: 'lost',
      refundable: 0,
    });
    const refused = await call(`/api/admin/orders/${lost.order.orderNumber}/ship`, manualShipment);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      `Order ${lost.order.orderNumber}: ${SHIPPING_DISPUTE_LOST_MESSAGE}`,
    );
    const [store] = await t.db.select().from(settings).where(eq(settings.key, 'store_email'));
    const subjects = (
      await t.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, String(store?.value)))
    ).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject.includes('the dispute was'))).toEqual([
      `Order ${won.order.orderNumber}: the dispute was won`,
      `Order ${lost.order.orderNumber}: the dispute was lost`,
    ]);
  });

  it('flag a bank’s inquiry as one (shipped only despite it, still refundable), and held once it becomes a chargeback', async () => {
    const admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
    const call = (url: string, payload?: Record<string, unknown>) =>
      t.app.inject({ method: payload ? 'POST' : 'GET', url, headers: bearer(admin), payload });
    const placed = await placeWebOrder(t.app, [{ productId: item.id, quantity: 1 }]);
    await eventsDelivered();
    const order = await orderOf(placed.paymentIntentId);
    const [store] = await t.db.select().from(settings).where(eq(settings.key, 'store_email'));
    const mailsBefore = await countRows(t.db, outbox);
    const inquiry = {
      id: 'dp_inquiry',
      object: 'dispute',
      amount: order.total,
      reason: 'product_not_received',
      status: 'warning_needs_response',
      charge: null,
      payment_intent: placed.paymentIntentId,
    };
    expect((await sendOk(event('charge.dispute.created', inquiry))).outcome).toBe(
      `order ${order.orderNumber} flagged as under the bank’s inquiry; the owner e-mailed`,
    );
    expect((await call(`/api/admin/orders/${order.orderNumber}`)).json()).toMatchObject({
      disputedAt: expect.any(String),
      disputeStatus: 'inquiry',
      refundable: order.total,
    });
    const shipment = { trackingNumber: '1Z 999 AA2', carrier: 'Canada Post' };
    const refused = await call(`/api/admin/orders/${order.orderNumber}/ship`, shipment);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(`Order ${order.orderNumber}: ${SHIPPING_INQUIRY_MESSAGE}`);
    const asked = (await historyOf(order.id)).filter((line) => line.type === 'disputed');
    expect(asked.map((line) => line.message)).toEqual([
      `The client's bank asked about ${formatMoney(order.total)} (an inquiry: product not received); no money was taken back yet. Answer it in the card processor's dashboard before its deadline, or refund the order.`,
    ]);

    const withdrawn = event('charge.dispute.funds_withdrawn', { ...inquiry, status: 'needs_response' });
    expect((await sendOk(withdrawn)).outcome).toBe(
      `order ${order.orderNumber} flagged as disputed; the owner e-mailed`,
    );
    expect((await call(`/api/admin/orders/${order.orderNumber}`)).json()).toMatchObject({
      disputeStatus: null,
      refundable: 0,
    });
    expect(
      (await sendOk(event('charge.dispute.funds_withdrawn', { ...inquiry, status: 'needs_response' })))
        .outcome,
    ).toBe(`order ${order.orderNumber} already disputed`);
    const disputedLines = (await historyOf(order.id)).filter((line) => line.type === 'disputed');
    expect(disputedLines.at(-1)?.message).toBe(
      `The bank's inquiry became a dispute: the bank took ${formatMoney(order.total)} back (product not received). Answer it in the card processor's dashboard before its deadline.`,
    );
    const subjects = (
      await t.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, String(store?.value)))
        // PostgreSQL answers rows in no set order without one: a vacuumed page takes new rows too.
        .orderBy(asc(outbox.id))
    )
      .slice(-2)
      .map((mail) => mail.subject);
    expect(subjects).toEqual([
      `Order ${order.orderNumber}: the client's bank asked about its payment`,
      `Order ${order.orderNumber} was disputed`,
    ]);
    expect((await countRows(t.db, outbox)) - mailsBefore).toBe(2);

    // An inquiry closed without a chargeback, then a chargeback after all: held again, its closing to come.
    const later = await placeWebOrder(t.app, [{ productId: item.id, quantity: 1 }]);
    await eventsDelivered();
    const laterOrder = await orderOf(later.paymentIntentId);
    const laterInquiry = { ...inquiry, id: 'dp_inquiry_closed', payment_intent: later.paymentIntentId };
    await sendOk(event('charge.dispute.created', laterInquiry));
    await sendOk(event('charge.dispute.closed', { ...laterInquiry, status: 'warning_closed' }));
    expect(await orderOf(later.paymentIntentId)).toMatchObject({ disputeStatus: 'warning_closed' });
    const chargeback = { ...laterInquiry, id: 'dp_after_inquiry', status: 'needs_response' };
    expect((await sendOk(event('charge.dispute.created', chargeback))).outcome).toBe(
      `order ${laterOrder.orderNumber} flagged as disputed; the owner e-mailed`,
    );
    expect(await orderOf(later.paymentIntentId)).toMatchObject({
      disputeStatus: null,
      disputeClosedAt: null,
    });
    expect((await sendOk(event('charge.dispute.closed', { ...chargeback, status: 'lost' }))).outcome).toBe(
      `order ${laterOrder.orderNumber}: dispute lost; the owner e-mailed`,
    );
  });

  it('leave a dispute event that is not a closing (under review) as it is', async () => {
    const placed = await placeWebOrder(t.app, [{ productId: item.id, quantity: 1 }]);
    await eventsDelivered();
    const reviewed = event('charge.dispute.closed', {
      id: 'dp_review',
      object: 'dispute',
      amount: 100,
      reason: 'general',
      status: 'under_review',
      charge: null,
      payment_intent: placed.paymentIntentId,
    });
    expect((await sendOk(reviewed)).outcome).toBe('dispute dp_review is under_review, not closed');
    expect(await orderOf(placed.paymentIntentId)).toMatchObject({ disputedAt: null, disputeStatus: null });
  });

  it('say on a placed order that its authorization was released before it was captured', async () => {
    const placed = await placeWebOrder(t.app, [{ productId: item.id, quantity: 1 }]);
    await eventsDelivered();
    const order = await orderOf(placed.paymentIntentId);
    await t.db.update(orders).set({ status: 'placed' }).where(eq(orders.id, order.id));
    await sendOk(event('payment_intent.canceled', { id: placed.paymentIntentId, object: 'payment_intent' }));
    const released = (await historyOf(order.id)).filter((line) => line.type === 'payment_released');
    expect(released).toHaveLength(1);
  });

  it('refuse an event whose object it cannot read (400), leaving it for a correct delivery', async () => {
    const broken = event('charge.dispute.created', { object: 'dispute' });
    const response = await send(broken);
    expect(response.statusCode).toBe(400);
    expect(await storedEvent(broken.id)).toMatchObject({ processedAt: null });
  });
});
