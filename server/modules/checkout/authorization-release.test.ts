/**
 * Card holds that never go stale (issue "Going live with Stripe"): the release job lets go of a hold
 * never placed as an order after the shop's setting, one runner at a time; an order is never placed
 * on a hold that has ended or is about to, and the client is asked to pay again.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginRecord } from '../../../domain/auth.ts';
import { carts, orders, sandboxPaymentIntents, settings } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  bearer,
  CARD_EXPIRY_YEAR,
  createTestApp,
  signUp,
  type TestApp,
  TORONTO_ADDRESS,
} from '../../test/app.ts';
import { stockedProducts } from '../orders/orders-test-kit.ts';
import { AUTHORIZATION_LIFETIME_MS } from './authorization-release.ts';

let t: TestApp;
let now = new Date();
const clock: Clock = { now: () => now };
let productId: number;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const [product] = await stockedProducts(t.db, 1);
  if (!product) throw new Error('the demo data has a product in stock');
  productId = product.id;
});
afterAll(() => t.close());

const HOUR = 3_600_000;

async function post(client: LoginRecord, url: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url, headers: bearer(client), payload });
}

/** A client whose cart is paid for (the card authorized) and not placed yet: the hold's id. */
async function authorizedCart(): Promise<{ client: LoginRecord; paymentIntentId: string }> {
  const client = await signUp(t.app);
  const steps: [string, Record<string, unknown>][] = [
    ['/api/addcart', { userId: client.client_id, productId, quantity: 1 }],
    ['/api/Address', { ...TORONTO_ADDRESS, address_type_id: 1 }],
    ['/api/Address', { address_type_id: 2, same_as_shipping: true }],
  ];
  for (const [url, payload] of steps) expect((await post(client, url, payload)).statusCode).toBe(200);
  const method = await post(client, '/api/Payment/sandbox/paymentmethod', {
    number: '4242424242424242',
    exp_month: 12,
    exp_year: CARD_EXPIRY_YEAR,
    cvc: '123',
  });
  const paid = await post(client, '/api/Payment', {
    userId: client.client_id,
    paymentMethodId: method.json().id,
  });
  expect(paid.json().status, paid.body).toBe('succeeded');
  return { client, paymentIntentId: paid.json().paymentIntentId };
}

const confirm = (client: LoginRecord, paymentIntentId: string) =>
  post(client, '/api/Payment/confirm', { userId: client.client_id, paymentIntentId });

async function intentStatus(id: string) {
  const [row] = await t.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
  return row?.status;
}

async function holdOf(client: LoginRecord) {
  const [row] = await t.db.select().from(carts).where(eq(carts.clientId, client.client_id));
  return row?.paymentIntentId ?? null;
}

describe('the release job', () => {
  it('releases a hold older than the setting (24 hours), not a newer one, and the client pays again', async () => {
    now = new Date();
    const old = await authorizedCart();
    const fresh = await authorizedCart();
    // A day and an hour later; the fresh hold was made 23 hours before then.
    now = new Date(Date.now() + 25 * HOUR);
    await t.db
      .update(carts)
      .set({ authorizedAt: new Date(now.getTime() - 23 * HOUR) })
      .where(eq(carts.clientId, fresh.client.client_id));

    const released = await t.app.jobs.releaseStaleCardHolds();
    expect(released).toContain(old.paymentIntentId);
    expect(released).not.toContain(fresh.paymentIntentId);
    expect(await intentStatus(old.paymentIntentId)).toBe('canceled');
    expect(await intentStatus(fresh.paymentIntentId)).toBe('requires_capture');
    expect(await holdOf(old.client)).toBeNull();

    const late = await confirm(old.client, old.paymentIntentId);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ status: 'canceled', orderNumber: null });
    expect(await t.db.select().from(orders).where(eq(orders.paymentIntentId, old.paymentIntentId))).toEqual(
      [],
    );
    expect(await t.app.jobs.releaseStaleCardHolds()).not.toContain(old.paymentIntentId);
  });

  it('follows the shop’s setting, and two passes at once release each hold once', async () => {
    now = new Date();
    await t.db
      .insert(settings)
      .values({ key: 'authorization_hold_hours', value: 2 })
      .onConflictDoUpdate({ target: settings.key, set: { value: 2 } });
    const holds = [await authorizedCart(), await authorizedCart()];
    now = new Date(Date.now() + 3 * HOUR);
    const passes = await Promise.all([
      t.app.jobs.releaseStaleCardHolds(),
      t.app.jobs.releaseStaleCardHolds(),
    ]);
    const released = passes.flat().filter((id) => holds.some((hold) => hold.paymentIntentId === id));
    expect(released.sort()).toEqual(holds.map((hold) => hold.paymentIntentId).sort());
    await t.db.delete(settings).where(eq(settings.key, 'authorization_hold_hours'));
  });
});

describe('placing an order', () => {
  it('refuses a hold about to end (Stripe ends them after 7 days), releases it and asks to pay again', async () => {
    now = new Date();
    const { client, paymentIntentId } = await authorizedCart();
    now = new Date(Date.now() + AUTHORIZATION_LIFETIME_MS - 6 * HOUR);
    const refused = await confirm(client, paymentIntentId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'authorization_ended',
      message: 'The hold on your card for this payment has ended, so no order was placed. Please pay again.',
    });
    expect(await intentStatus(paymentIntentId)).toBe('canceled');
    expect(await t.db.select().from(orders).where(eq(orders.paymentIntentId, paymentIntentId))).toEqual([]);
  });

  it('refuses a hold the job took off the cart before releasing it', async () => {
    now = new Date();
    const { client, paymentIntentId } = await authorizedCart();
    await t.db.update(carts).set({ paymentIntentId: null }).where(eq(carts.clientId, client.client_id));
    const refused = await confirm(client, paymentIntentId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('authorization_ended');
    expect(await intentStatus(paymentIntentId)).toBe('canceled');
  });

  it('places an order on a fresh hold, as before', async () => {
    now = new Date();
    const { client, paymentIntentId } = await authorizedCart();
    const placed = await confirm(client, paymentIntentId);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().orderNumber).toEqual(expect.any(Number));
    expect(await holdOf(client)).toBeNull();
  });
});
