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

/** A received, unprocessed payment_intent.succeeded, as the webhook stores it before processing. */
async function receivedEvent(): Promise<string> {
  const id = `evt_queries_${Date.now()}_${++eventCount}`;
  await t.db.insert(stripeEvents).values({
    id,
    type: 'payment_intent.succeeded',
    livemode: false,
    eventCreatedAt: new Date(),
    payload: {},
  });
  return id;
}

async function eventRow(id: string) {
  const [row] = await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, id));
  return row;
}

describe('markPaymentCaptured', () => {
  it('pays a placed order and marks the event, once', async () => {
    const [item] = await stockedProducts(t.db, 1);
    if (!item) throw new Error('the demo data has products in stock');
    const placed = await placeWebOrder(t.app, [{ productId: item.id, quantity: 1 }]);
    // The sandbox's own event for this capture is delivered first; then the order is put back as
    // if the shop had stopped between the capture and writing it down.
    await t.app.sandboxEvents?.idle();
    await t.db
      .update(orders)
      .set({ status: 'placed' })
      .where(eq(orders.paymentIntentId, placed.paymentIntentId));
    const [order] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.paymentIntentId, placed.paymentIntentId));
    const id = await receivedEvent();

    const [row] = await expectRows(queries.markPaymentCaptured, t.db, placed.paymentIntentId, id);
    expect(row).toEqual({ outcome: `order ${order?.orderNumber} paid`, marked: true });
    const [after] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.id, order?.id ?? 0));
    expect(after?.status).toBe('paid');
    expect(await eventRow(id)).toMatchObject({ outcome: `order ${order?.orderNumber} paid` });
    expect((await eventRow(id))?.processedAt).not.toBeNull();

    // A second delivery of the same event marks nothing and changes nothing.
    await t.db
      .update(orders)
      .set({ status: 'placed' })
      .where(eq(orders.id, order?.id ?? 0));
    const [again] = await queries.markPaymentCaptured(t.db, placed.paymentIntentId, id);
    expect(again?.marked).toBe(false);
    const [untouched] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.id, order?.id ?? 0));
    expect(untouched?.status).toBe('placed');
    await t.db
      .update(orders)
      .set({ status: 'paid' })
      .where(eq(orders.id, order?.id ?? 0));

    // The shop's own capture came first: the order stays as it is.
    const later = await receivedEvent();
    const [paidAlready] = await queries.markPaymentCaptured(t.db, placed.paymentIntentId, later);
    expect(paidAlready).toEqual({ outcome: `order ${order?.orderNumber} already paid`, marked: true });
  });

  it('marks an event about a payment of no web order', async () => {
    const id = await receivedEvent();
    const [row] = await expectRows(queries.markPaymentCaptured, t.db, 'pi_of_no_order', id);
    expect(row).toEqual({ outcome: 'no web order', marked: true });
    expect(await eventRow(id)).toMatchObject({ outcome: 'no web order' });
  });

  it('checks every statement of webhooks.queries.ts', () => {
    expect(unchecked()).toEqual([]);
  });
});
