/**
 * 3-D Secure in the payment step (issue "Going live with Stripe"): a card that asks for
 * authentication answers requires_action with a client secret; the cardholder's answer on the
 * sandbox's challenge, then POST api/Payment/authentication, authorizes or refuses as Stripe does.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginRecord } from '../../../domain/auth.ts';
import { carts, orders, sandboxCharges, stripeEvents } from '../../db/schema.ts';
import { AUTHENTICATION_FAILED_MESSAGE } from '../../providers/payments/test-cards.ts';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { readyToPay, sandboxCard, stockedProducts } from '../orders/orders-test-kit.ts';

const ALWAYS_AUTHENTICATE = '4000002760003184';
const INSUFFICIENT_AFTER_AUTHENTICATION = '4000008260003178';
const DECLINED_AFTER_AUTHENTICATION = '4000008400001629';

let t: TestApp;
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  const [product] = await stockedProducts(t.db, 1);
  if (!product) throw new Error('no product');
  productId = product.id;
});
afterAll(() => t.close());

/** A shopper at the payment step who paid with `card`: the answer of POST api/Payment. */
async function payWith(card: string) {
  const { client, post } = await readyToPay(t.app, [{ productId, quantity: 1 }]);
  const paymentMethodId = await sandboxCard(post, card);
  const payment = await post('/api/Payment', { userId: client.client_id, paymentMethodId });
  return { client, post, payment, paymentIntentId: String(payment.paymentIntentId) };
}

/** The cardholder's answer on the sandbox's challenge page. */
function challenge(client: LoginRecord, paymentIntentId: string, outcome: 'complete' | 'fail') {
  return t.app.inject({
    method: 'POST',
    url: '/api/Payment/sandbox/authenticate',
    headers: bearer(client),
    payload: { paymentIntentId, outcome },
  });
}

async function cartHold(clientId: number) {
  const [cart] = await t.db
    .select({ paymentIntentId: carts.paymentIntentId, authorizedAt: carts.authorizedAt })
    .from(carts)
    .where(eq(carts.clientId, clientId));
  return cart;
}

describe('3-D Secure in the payment step', () => {
  it('asks the cardholder, then authorizes and places the order once they complete it', async () => {
    const { client, post, payment, paymentIntentId } = await payWith(ALWAYS_AUTHENTICATE);
    expect(payment).toMatchObject({ status: 'requires_action', amount: expect.any(Number) });
    expect(payment.clientSecret).toMatch(new RegExp(`^${paymentIntentId}_secret_`));
    // Nothing is held yet: the cart keeps no authorization and no charge exists.
    expect((await cartHold(client.client_id))?.paymentIntentId ?? null).toBeNull();
    expect(
      await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.paymentIntentId, paymentIntentId)),
    ).toEqual([]);
    // Asked before the cardholder answered: still waiting.
    const waiting = await post('/api/Payment/authentication', { userId: client.client_id, paymentIntentId });
    expect(waiting).toMatchObject({ status: 'requires_action' });

    const answered = await challenge(client, paymentIntentId, 'complete');
    expect(answered.statusCode, answered.body).toBe(204);
    const authorized = await post('/api/Payment/authentication', {
      userId: client.client_id,
      paymentIntentId,
    });
    expect(authorized).toMatchObject({
      status: 'succeeded',
      error: null,
      paymentIntentId,
      amount: payment.amount,
      clientSecret: null,
    });
    expect(await cartHold(client.client_id)).toMatchObject({
      paymentIntentId,
      authorizedAt: expect.any(Date),
    });

    const placed = await post('/api/Payment/confirm', { userId: client.client_id, paymentIntentId });
    expect(placed).toMatchObject({ status: 'succeeded' });
    const [order] = await t.db
      .select({ status: orders.status, total: orders.total })
      .from(orders)
      .where(eq(orders.paymentIntentId, paymentIntentId));
    expect(order).toEqual({ status: 'paid', total: payment.amount });
    // The challenge is answered once; the used payment cannot become a cart's hold again.
    const again = await challenge(client, paymentIntentId, 'complete');
    expect(again.statusCode).toBe(409);
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/Payment/authentication',
      headers: bearer(client),
      payload: { userId: client.client_id, paymentIntentId },
    });
    expect(reused.statusCode).toBe(409);
  });

  it('refuses with Stripe’s message when the cardholder fails it, holds nothing and sends payment_failed', async () => {
    const { client, post, paymentIntentId } = await payWith(ALWAYS_AUTHENTICATE);
    const answered = await challenge(client, paymentIntentId, 'fail');
    expect(answered.statusCode).toBe(204);
    const result = await post('/api/Payment/authentication', { userId: client.client_id, paymentIntentId });
    expect(result).toMatchObject({
      status: 'requires_payment_method',
      error: AUTHENTICATION_FAILED_MESSAGE,
      clientSecret: null,
    });
    expect((await cartHold(client.client_id))?.paymentIntentId ?? null).toBeNull();
    const confirm = await post('/api/Payment/confirm', { userId: client.client_id, paymentIntentId });
    expect(confirm).toMatchObject({ status: 'requires_payment_method', orderNumber: null });
    await t.app.sandboxEvents?.idle();
    const events = await t.db
      .select({ processedAt: stripeEvents.processedAt })
      .from(stripeEvents)
      .where(
        and(
          eq(stripeEvents.type, 'payment_intent.payment_failed'),
          sql`${stripeEvents.payload} -> 'data' -> 'object' ->> 'id' = ${paymentIntentId}`,
        ),
      );
    expect(events).toEqual([{ processedAt: expect.any(Date) }]);
  });

  it.each([
    [INSUFFICIENT_AFTER_AUTHENTICATION, 'Your card has insufficient funds.'],
    [DECLINED_AFTER_AUTHENTICATION, 'Your card was declined.'],
  ])('card %s: authenticated, then declined with the issuer’s message', async (card, message) => {
    const { client, post, paymentIntentId } = await payWith(card);
    const answered = await challenge(client, paymentIntentId, 'complete');
    expect(answered.statusCode).toBe(204);
    const result = await post('/api/Payment/authentication', { userId: client.client_id, paymentIntentId });
    expect(result).toMatchObject({ status: 'requires_payment_method', error: message });
    const [failed] = await t.db
      .select({ status: sandboxCharges.status })
      .from(sandboxCharges)
      .where(eq(sandboxCharges.paymentIntentId, paymentIntentId));
    expect(failed).toEqual({ status: 'failed' });
  });

  it('lets only the payment’s own client answer its challenge or ask for its outcome', async () => {
    const { paymentIntentId } = await payWith(ALWAYS_AUTHENTICATE);
    const stranger = await signUp(t.app);
    const answered = await challenge(stranger, paymentIntentId, 'complete');
    expect(answered.statusCode).toBe(404);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/Payment/authentication',
      headers: bearer(stranger),
      payload: { userId: stranger.client_id, paymentIntentId },
    });
    expect(asked.statusCode).toBe(404);
  });
});
