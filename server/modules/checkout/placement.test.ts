import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LoginRecord } from '../../../domain/auth.ts';
import { countRows } from '../../db/database.ts';
import {
  carts,
  orderLines,
  orders,
  outbox,
  packages,
  products,
  sandboxCharges,
  sandboxPaymentIntents,
  settings,
  stock,
} from '../../db/schema.ts';
import {
  bearer,
  CARD_EXPIRY_YEAR,
  createTestApp,
  signUp,
  stockOf,
  type TestApp,
  TORONTO_ADDRESS,
} from '../../test/app.ts';

let t: TestApp;
let item: { id: number; name: string; pricing: number };

const VISA = '4242424242424242';
const DECLINED = '4000000000000002';
const INSUFFICIENT = '4000000000009995';

beforeAll(async () => {
  t = await createTestApp();
  // Any single unit reaches the minimum, so tests can buy one piece.
  await t.db.update(settings).set({ value: 100 }).where(eq(settings.key, 'minimum_purchase'));
  const [row] = await t.db
    .select({ id: products.id, name: products.name, pricing: products.pricing })
    .from(products)
    .innerJoin(stock, eq(stock.productId, products.id))
    .where(and(isNull(products.sizeTypeId), eq(products.priceDiscount, 0), gt(stock.instock, 40)))
    .limit(1);
  if (!row) throw new Error('no unsized product in stock');
  item = row;
});
afterAll(() => t.close());

const address = TORONTO_ADDRESS;

function call(app: TestApp['app'], client: LoginRecord, url: string, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url, headers: bearer(client), payload });
}

/** A new client with the product in the cart and both addresses saved. */
async function readyToPay(app: TestApp['app'], productId: number, quantity = 1): Promise<LoginRecord> {
  const client = await signUp(app);
  await call(app, client, '/api/addcart', { userId: client.client_id, productId, quantity });
  await call(app, client, '/api/Address', { ...address, address_type_id: 1 });
  await call(app, client, '/api/Address', { address_type_id: 2, same_as_shipping: true });
  return client;
}

async function cardMethod(app: TestApp['app'], client: LoginRecord, number: string) {
  return call(app, client, '/api/Payment/sandbox/paymentmethod', {
    number,
    exp_month: 12,
    exp_year: CARD_EXPIRY_YEAR,
    cvc: '123',
    billing_details: { name: 'Jamie Tremblay' },
  });
}

/** Adds one of a package in stock to the client's cart; answers the package. */
async function addPackage(client: LoginRecord): Promise<{ id: number; name: string }> {
  const [pack] = await t.db
    .select({ id: packages.id, name: packages.name })
    .from(packages)
    .where(gt(packages.instock, 5))
    .limit(1);
  if (!pack) throw new Error('the demo data has a package in stock');
  await call(t.app, client, '/api/addcart', {
    userId: client.client_id,
    productId: pack.id,
    quantity: 1,
    size_id: null,
    isPackage: true,
  });
  return pack;
}

/** The card processor the shop's services call: the sandbox, with its webhooks. */
function sandboxGateway() {
  const gateway = t.app.sandboxEvents?.gateway;
  if (!gateway) throw new Error('the test app pays in the sandbox');
  return gateway;
}

async function pay(app: TestApp['app'], client: LoginRecord, number = VISA) {
  const method = await cardMethod(app, client, number);
  expect(method.statusCode).toBe(200);
  return call(app, client, '/api/Payment', { userId: client.client_id, paymentMethodId: method.json().id });
}

describe('paying and placing an order', () => {
  it('authorizes the server’s total, places the order, takes the stock, empties the cart, e-mails, captures', async () => {
    const client = await readyToPay(t.app, item.id, 2);
    const stockBefore = await stockOf(t.db, item.id);
    const shownStock = async () =>
      (await t.app.inject({ url: `/api/inventory/product/${item.id}`, headers: bearer(client) })).json();
    expect(await shownStock()).toMatchObject({ instock: stockBefore });
    const paid = await pay(t.app, client);
    expect(paid.statusCode).toBe(200);
    const payment = paid.json();
    expect(payment).toMatchObject({ status: 'succeeded', error: null });
    const subtotal = item.pricing * 2;
    const fee = (await call(t.app, client, '/api/Payment/shippingfee', { address })).json().shipping_fee;
    const tax = Math.round(((subtotal + fee) * 130000) / 1_000_000);
    expect(payment.amount).toBe(subtotal + fee + tax);

    const placed = await call(t.app, client, '/api/Payment/confirm', {
      userId: client.client_id,
      paymentIntentId: payment.paymentIntentId,
      orderRequest: { shipping_fee: 0, cart: 'ignored' },
    });
    expect(placed.statusCode).toBe(200);
    const { orderNumber } = placed.json();
    expect(orderNumber).toBeGreaterThan(100000);

    expect(await stockOf(t.db, item.id)).toBe(stockBefore - 2);
    // The product page's stock (cached) follows the order at once.
    expect(await shownStock()).toMatchObject({ instock: stockBefore - 2 });
    const cart = await call(t.app, client, '/api/getcart', { userId: client.client_id });
    expect(cart.json().products).toEqual([]);
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(order).toMatchObject({ status: 'paid', subtotal, shippingFee: fee, tax, total: payment.amount });
    const [mail] = await t.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(mail?.subject).toContain(String(orderNumber));
    expect(mail?.text).toContain(`Order Number: ${orderNumber}`);
    const list = await t.app.inject({ url: '/api/orders', headers: bearer(client) });
    expect(list.json()[0]).toMatchObject({ orderNumber, payment: 'visa ending in 4242' });
  });

  it('places the same payment once: a retry and a double click get the same order number', async () => {
    const client = await readyToPay(t.app, item.id);
    const { paymentIntentId } = (await pay(t.app, client)).json();
    const before = await countRows(t.db, orders);
    const confirm = () =>
      call(t.app, client, '/api/Payment/confirm', { userId: client.client_id, paymentIntentId });
    const [a, b] = await Promise.all([confirm(), confirm()]);
    const c = await confirm();
    const numbers = [a, b, c].map((r) => r.json().orderNumber);
    expect(new Set(numbers).size).toBe(1);
    expect(await countRows(t.db, orders)).toBe(before + 1);
    // One charge, captured once, for the order's total.
    const [order] = await t.db.select().from(orders).where(eq(orders.paymentIntentId, paymentIntentId));
    const [intent] = await t.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, paymentIntentId));
    const charges = await t.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.paymentIntentId, paymentIntentId));
    expect(order?.status).toBe('paid');
    expect(intent).toMatchObject({ status: 'succeeded', amountReceived: order?.total, amountCapturable: 0 });
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ captured: true, amountCaptured: order?.total, amountRefunded: 0 });
  });

  it('answers the provider’s message for a declined card, and places nothing', async () => {
    for (const [card, message] of [
      [DECLINED, 'Your card was declined.'],
      [INSUFFICIENT, 'Your card has insufficient funds.'],
    ]) {
      const client = await readyToPay(t.app, item.id);
      const response = await pay(t.app, client, card);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'requires_payment_method', error: message });
    }
  });

  it('refuses a card number that fails the Luhn check with 402 and Stripe’s message', async () => {
    const client = await readyToPay(t.app, item.id);
    const response = await cardMethod(t.app, client, '4242424242424241');
    expect(response.statusCode).toBe(402);
    expect(response.json().error.message).toBe('Your card number is incorrect.');
  });

  it('releases the authorization when the cart changed after paying', async () => {
    const client = await readyToPay(t.app, item.id);
    const { paymentIntentId } = (await pay(t.app, client)).json();
    await call(t.app, client, '/api/addcart', { userId: client.client_id, productId: item.id, quantity: 1 });
    const response = await call(t.app, client, '/api/Payment/confirm', {
      userId: client.client_id,
      paymentIntentId,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('cart_changed');
    const again = await call(t.app, client, '/api/Payment/confirm', {
      userId: client.client_id,
      paymentIntentId,
    });
    expect(again.json()).toMatchObject({ status: 'canceled', orderNumber: null });
  });

  it('places the cart’s own hold as the payment step recorded it: the processor is asked only to capture', async () => {
    const gateway = sandboxGateway();
    const client = await readyToPay(t.app, item.id);
    const { paymentIntentId, amount } = (await pay(t.app, client, '5555555555554444')).json();
    const [cart] = await t.db.select().from(carts).where(eq(carts.clientId, client.client_id));
    expect(cart).toMatchObject({
      paymentIntentId,
      authorizedAmount: amount,
      authorizedCard: { brand: 'mastercard', last4: '4444' },
    });
    const asked = vi.spyOn(gateway, 'retrievePaymentIntentWithMethod');
    const captured = vi.spyOn(gateway, 'capturePaymentIntent');
    try {
      const placed = await call(t.app, client, '/api/Payment/confirm', {
        userId: client.client_id,
        paymentIntentId,
      });
      expect(placed.json()).toMatchObject({ status: 'succeeded', orderNumber: expect.any(Number) });
      expect(asked).not.toHaveBeenCalled();
      expect(captured).toHaveBeenCalledTimes(1);
    } finally {
      asked.mockRestore();
      captured.mockRestore();
    }
    const [order] = await t.db.select().from(orders).where(eq(orders.paymentIntentId, paymentIntentId));
    expect(order).toMatchObject({ status: 'paid', paymentMethod: { brand: 'mastercard', last4: '4444' } });
  });

  it('asks the processor about a hold kept before the shop recorded what it authorized, and places it', async () => {
    const gateway = sandboxGateway();
    const client = await readyToPay(t.app, item.id);
    const { paymentIntentId } = (await pay(t.app, client)).json();
    await t.db
      .update(carts)
      .set({ authorizedAmount: null, authorizedSignature: null, authorizedCard: null })
      .where(eq(carts.clientId, client.client_id));
    const asked = vi.spyOn(gateway, 'retrievePaymentIntentWithMethod');
    try {
      const placed = await call(t.app, client, '/api/Payment/confirm', {
        userId: client.client_id,
        paymentIntentId,
      });
      expect(placed.json()).toMatchObject({ status: 'succeeded', orderNumber: expect.any(Number) });
      expect(asked).toHaveBeenCalledTimes(1);
    } finally {
      asked.mockRestore();
    }
    const [order] = await t.db.select().from(orders).where(eq(orders.paymentIntentId, paymentIntentId));
    expect(order).toMatchObject({ status: 'paid', paymentMethod: { brand: 'visa', last4: '4242' } });
  });

  it('places no order from a hold released in the processor’s dashboard: its cancellation is heard', async () => {
    const gateway = sandboxGateway();
    const client = await readyToPay(t.app, item.id);
    const { paymentIntentId } = (await pay(t.app, client)).json();
    await gateway.cancelPaymentIntent(paymentIntentId);
    // payment_intent.canceled delivered to the shop's webhook.
    await t.app.sandboxEvents?.idle();
    const ordersBefore = await countRows(t.db, orders);
    const response = await call(t.app, client, '/api/Payment/confirm', {
      userId: client.client_id,
      paymentIntentId,
    });
    expect(response.json()).toMatchObject({ status: 'canceled', orderNumber: null });
    expect(await countRows(t.db, orders)).toBe(ordersBefore);
    const [cart] = await t.db.select().from(carts).where(eq(carts.clientId, client.client_id));
    expect(cart).toMatchObject({ paymentIntentId: null, authorizedAmount: null });
  });

  it('releases the earlier authorization when the client pays again, and places the order with the new one', async () => {
    const client = await readyToPay(t.app, item.id);
    const first = (await pay(t.app, client)).json();
    // Paying again (another card, after editing an address...) must not leave two holds.
    const second = (await pay(t.app, client, '5555555555554444')).json();
    expect(second.status).toBe('succeeded');
    expect(second.paymentIntentId).not.toBe(first.paymentIntentId);
    const intentOf = async (id: string) =>
      (await t.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id)))[0];
    expect(await intentOf(first.paymentIntentId)).toMatchObject({ status: 'canceled', amountCapturable: 0 });
    expect(await intentOf(second.paymentIntentId)).toMatchObject({ status: 'requires_capture' });

    const placed = await call(t.app, client, '/api/Payment/confirm', {
      userId: client.client_id,
      paymentIntentId: second.paymentIntentId,
    });
    expect(placed.json()).toMatchObject({ status: 'succeeded' });
    expect(await intentOf(second.paymentIntentId)).toMatchObject({ status: 'succeeded' });
    // Paying for the next cart releases nothing of the order just placed.
    const [cart] = await t.db.select().from(carts).where(eq(carts.clientId, client.client_id));
    expect(cart?.paymentIntentId).toBeNull();
  });

  it('names a package line by the package, in the order and its e-mail', async () => {
    const client = await readyToPay(t.app, item.id);
    const pack = await addPackage(client);
    const { paymentIntentId } = (await pay(t.app, client)).json();
    const placed = await call(t.app, client, '/api/Payment/confirm', {
      userId: client.client_id,
      paymentIntentId,
    });
    expect(placed.statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.paymentIntentId, paymentIntentId));
    const lines = await t.db
      .select({ name: orderLines.name })
      .from(orderLines)
      .where(eq(orderLines.orderId, order?.id ?? 0));
    expect(lines.map((line) => line.name)).toContain(pack.name);
    const [mail] = await t.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(mail?.text).toContain(`1 x ${pack.name}:`);
  });

  it('does not let one client place another client’s payment', async () => {
    const alice = await readyToPay(t.app, item.id);
    const bob = await readyToPay(t.app, item.id);
    const { paymentIntentId } = (await pay(t.app, alice)).json();
    const response = await call(t.app, bob, '/api/Payment/confirm', {
      userId: bob.client_id,
      paymentIntentId,
    });
    expect(response.statusCode).toBe(404);
    const asAlice = await call(t.app, bob, '/api/Payment/confirm', {
      userId: alice.client_id,
      paymentIntentId,
    });
    expect(asAlice.statusCode).toBe(403);
  });

  it('does not let one client pay with another client’s card', async () => {
    const alice = await readyToPay(t.app, item.id);
    const bob = await readyToPay(t.app, item.id);
    const alicesCard = (await cardMethod(t.app, alice, VISA)).json<{ id: string }>().id;
    const intents = await countRows(t.db, sandboxPaymentIntents);
    const response = await call(t.app, bob, '/api/Payment', {
      userId: bob.client_id,
      paymentMethodId: alicesCard,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({
      code: 'payment_method_not_found',
      message: 'This payment method was not found. Please enter your card again.',
    });
    expect(await countRows(t.db, sandboxPaymentIntents)).toBe(intents);
    const byAlice = await call(t.app, alice, '/api/Payment', {
      userId: alice.client_id,
      paymentMethodId: alicesCard,
    });
    expect(byAlice.json()).toMatchObject({ status: 'succeeded' });
  });

  it('refuses to pay an empty cart, a cart without addresses, or a visitor', async () => {
    const empty = await signUp(t.app);
    const method = (await cardMethod(t.app, empty, VISA)).json();
    const noCart = await call(t.app, empty, '/api/Payment', {
      userId: empty.client_id,
      paymentMethodId: method.id,
    });
    expect(noCart.statusCode).toBe(409);
    await call(t.app, empty, '/api/addcart', { userId: empty.client_id, productId: item.id, quantity: 1 });
    const noAddress = await call(t.app, empty, '/api/Payment', {
      userId: empty.client_id,
      paymentMethodId: method.id,
    });
    expect(noAddress.statusCode).toBe(409);
    expect(noAddress.json().error.message).toBe('Please enter your shipping address.');
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/Payment',
      payload: { userId: 1, paymentMethodId: 'pm_x' },
    });
    expect(visitor.statusCode).toBe(401);
    const withAmount = await call(t.app, empty, '/api/Payment', {
      userId: empty.client_id,
      paymentMethodId: method.id,
      amount: 1,
    });
    expect(withAmount.statusCode).toBe(400);
  });

  it('refuses a cart under the minimum purchase with the minimum in the message, and authorizes nothing', async () => {
    const client = await readyToPay(t.app, item.id);
    const intents = await countRows(t.db, sandboxPaymentIntents);
    await t.db.update(settings).set({ value: 1_000_000 }).where(eq(settings.key, 'minimum_purchase'));
    try {
      const response = await pay(t.app, client);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toEqual({
        code: 'cart_not_ready',
        message: 'The minimum purchase is CDN$10,000.00 before tax.',
      });
    } finally {
      await t.db.update(settings).set({ value: 100 }).where(eq(settings.key, 'minimum_purchase'));
    }
    expect(await countRows(t.db, sandboxPaymentIntents)).toBe(intents);
  });

  it('refuses a total larger than one card payment can be, and authorizes nothing', async () => {
    const [big] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(and(isNull(products.sizeTypeId), gt(products.id, item.id)))
      .limit(1);
    if (!big) throw new Error('no second unsized product');
    // CDN$10,000 a unit, 100 units in stock: CDN$1,000,000 before shipping and tax.
    await t.db.update(products).set({ pricing: 1_000_000, priceDiscount: 0 }).where(eq(products.id, big.id));
    await t.db.update(stock).set({ instock: 100 }).where(eq(stock.productId, big.id));
    const client = await readyToPay(t.app, big.id, 100);
    const intents = await countRows(t.db, sandboxPaymentIntents);
    const response = await pay(t.app, client);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'cart_not_ready',
      message: 'One payment can be at most CDN$999,999.99: please split the order, or contact us.',
    });
    expect(await countRows(t.db, sandboxPaymentIntents)).toBe(intents);
  });
});

describe('no oversell', () => {
  it('refuses an order whose package ran out after paying, naming it, and takes none of the cart', async () => {
    const client = await readyToPay(t.app, item.id, 2);
    const pack = await addPackage(client);
    const { paymentIntentId } = (await pay(t.app, client)).json();
    const productStock = await stockOf(t.db, item.id);
    const [packStock] = await t.db
      .select({ instock: packages.instock })
      .from(packages)
      .where(eq(packages.id, pack.id));
    await t.db.update(packages).set({ instock: 0 }).where(eq(packages.id, pack.id));
    try {
      const refused = await call(t.app, client, '/api/Payment/confirm', {
        userId: client.client_id,
        paymentIntentId,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('not_enough_stock');
      expect(refused.json().error.message).toContain(pack.name);
      // Nothing of the cart was taken, placed or emptied.
      expect(await stockOf(t.db, item.id)).toBe(productStock);
      expect(await t.db.select().from(orders).where(eq(orders.paymentIntentId, paymentIntentId))).toEqual([]);
      const cart = await call(t.app, client, '/api/getcart', { userId: client.client_id });
      expect(cart.json().products).toHaveLength(2);
    } finally {
      await t.db
        .update(packages)
        .set({ instock: packStock?.instock ?? 0 })
        .where(eq(packages.id, pack.id));
    }
  });

  it('sells the last 5 units to exactly 5 of 20 buyers racing; the others get 409 and their money back', async () => {
    const own = await createTestApp();
    try {
      await own.db.update(settings).set({ value: 100 }).where(eq(settings.key, 'minimum_purchase'));
      await own.db
        .update(stock)
        .set({ instock: 5 })
        .where(and(eq(stock.productId, item.id), isNull(stock.sizeId)));
      const buyers = await Promise.all(Array.from({ length: 20 }, () => readyToPay(own.app, item.id)));
      const payments = await Promise.all(
        buyers.map(async (buyer) => ({ buyer, paid: (await pay(own.app, buyer)).json() })),
      );
      expect(payments.every(({ paid }) => paid.status === 'succeeded')).toBe(true);

      const results = await Promise.all(
        payments.map(({ buyer, paid }) =>
          call(own.app, buyer, '/api/Payment/confirm', {
            userId: buyer.client_id,
            paymentIntentId: paid.paymentIntentId,
          }),
        ),
      );
      const placed = results.filter((r) => r.statusCode === 200);
      const refused = results.filter((r) => r.statusCode === 409);
      expect(placed).toHaveLength(5);
      expect(refused).toHaveLength(15);
      for (const response of refused) {
        expect(response.json().error.code).toBe('not_enough_stock');
        expect(response.json().error.message).toContain(item.name);
      }
      const [row] = await own.db
        .select({ instock: stock.instock })
        .from(stock)
        .where(eq(stock.productId, item.id));
      expect(row?.instock).toBe(0);
      expect(await countRows(own.db, orders)).toBe(5);

      // Every refused buyer's authorization was released.
      for (const [index, response] of results.entries()) {
        if (response.statusCode !== 409) continue;
        const { buyer, paid } = payments[index] ?? {};
        if (!buyer || !paid) continue;
        const again = await call(own.app, buyer, '/api/Payment/confirm', {
          userId: buyer.client_id,
          paymentIntentId: paid.paymentIntentId,
        });
        expect(again.json().status).toBe('canceled');
      }
    } finally {
      await own.close();
    }
  });
});
