import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, stripeEvents } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { rowChecks } from '../../test/rows.ts';
import { placeWebOrder, stockedProducts } from '../orders/orders-test-kit.ts';
import * as queries from './webhooks.queries.ts';

/**
 * The webhook's statements answer rows of exactly their schemas' shapes, and do what they say, on
 * the database this run uses (PGlite, and PostgreSQL with TEST_DATABASE_URL).
 */
const { expectRows, unchecked } = rowChecks(queries);
let t: TestApp;
let eventCount = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A payment_intent.succeeded the processor delivers, about `paymentIntentId`. */
function delivered(paymentIntentId: string): queries.ReceivedEvent {
  const id = `evt_queries_${Date.now()}_${++eventCount}`;
  const payload = { id, type: 'payment_intent.succeeded', data: { object: { id: paymentIntentId } } };
  return { id, type: 'payment_intent.succeeded', livemode: false, created: 1_764_000_000, payload };
}

async function eventRow(id: string) {
  const [row] = await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, id));
  return row;
}

async function setStatus(orderId: number, status: typeof orders.$inferSelect.status) {
  await t.db.update(orders).set({ status }).where(eq(orders.id, orderId));
}

async function statusOf(orderId: number) {
  const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row?.status;
}

describe('receivePaymentCaptured', () => {
  it('stores the event processed and pays a placed order, once', async () => {
    const [item] = await stockedProducts(t.db, 1);
    if (!item) throw new Error('the demo data has products in stock');
    const placed = await placeWebOrder(t.app, [{ productId: item.id, quantity: 1 }]);
    // The sandbox's own event for this capture is delivered first; then the order is put back as
    // if the shop had stopped between the capture and writing it down.
    await t.app.sandboxEvents?.idle();
    const [order] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.paymentIntentId, placed.paymentIntentId));
    if (!order) throw new Error('the order was placed');
    await setStatus(order.id, 'placed');
    const event = delivered(placed.paymentIntentId);

    const [row] = await expectRows(queries.receivePaymentCaptured, t.db, event, placed.paymentIntentId);
    expect(row).toEqual({ outcome: `order ${order.orderNumber} paid`, marked: true });
    expect(await statusOf(order.id)).toBe('paid');
    expect(await eventRow(event.id)).toMatchObject({
      type: 'payment_intent.succeeded',
      livemode: false,
      eventCreatedAt: new Date(1_764_000_000_000),
      deliveries: 1,
      outcome: `order ${order.orderNumber} paid`,
      processedAt: expect.any(Date),
      payload: event.payload,
    });

    // A second delivery of the same event is counted, marks nothing and changes nothing.
    await setStatus(order.id, 'placed');
    const [again] = await queries.receivePaymentCaptured(t.db, event, placed.paymentIntentId);
    expect(again).toEqual({ outcome: `order ${order.orderNumber} paid`, marked: false });
    expect(await statusOf(order.id)).toBe('placed');
    expect(await eventRow(event.id)).toMatchObject({
      deliveries: 2,
      outcome: `order ${order.orderNumber} paid`,
    });
    await setStatus(order.id, 'paid');

    // The shop's own capture came first: the order stays as it is.
    const [paidAlready] = await queries.receivePaymentCaptured(
      t.db,
      delivered(placed.paymentIntentId),
      placed.paymentIntentId,
    );
    expect(paidAlready).toEqual({ outcome: `order ${order.orderNumber} already paid`, marked: true });
  });

  it('processes an event whose earlier delivery failed', async () => {
    const event = delivered('pi_of_no_order');
    await t.db.insert(stripeEvents).values({
      id: event.id,
      type: event.type,
      livemode: false,
      eventCreatedAt: new Date(),
      payload: {},
      outcome: 'failed: the database was away',
    });
    const [row] = await queries.receivePaymentCaptured(t.db, event, 'pi_of_no_order');
    expect(row).toEqual({ outcome: 'no web order', marked: true });
    expect(await eventRow(event.id)).toMatchObject({
      deliveries: 2,
      outcome: 'no web order',
      processedAt: expect.any(Date),
    });
  });

  it('stores an event about a payment of no web order', async () => {
    const event = delivered('pi_of_no_order');
    const [row] = await expectRows(queries.receivePaymentCaptured, t.db, event, 'pi_of_no_order');
    expect(row).toEqual({ outcome: 'no web order', marked: true });
    expect(await eventRow(event.id)).toMatchObject({ outcome: 'no web order', deliveries: 1 });
  });

  it('checks every statement of webhooks.queries.ts', () => {
    expect(unchecked()).toEqual([]);
  });
});
