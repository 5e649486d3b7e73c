import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LoginRecord } from '../../../domain/auth.ts';
import { rowsOf } from '../../db/database.ts';
import { refusalReason } from '../../lib/db-errors.ts';
import {
  bearer,
  createTestApp,
  firstSizedProductAndPackage,
  saveAddresses,
  signUp,
  type TestApp,
  TORONTO_ADDRESS,
} from '../../test/app.ts';
import { untilSomeoneWaitsForALock } from '../../test/locks.ts';
import { rowChecks } from '../../test/rows.ts';
import * as queries from './checkout.queries.ts';

/**
 * Checkout's statements answer rows of exactly their schemas' shapes, on the database this run
 * uses (PGlite, and PostgreSQL with TEST_DATABASE_URL).
 */
const { expectRows, unchecked } = rowChecks(queries);
let t: TestApp;
let client: LoginRecord;
let productId: number | undefined;

async function addToCart() {
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/addcart',
    headers: bearer(client),
    payload: { userId: client.client_id, productId, quantity: 1 },
  });
  expect(added.statusCode, added.body).toBe(200);
}

/** The client's cart lines as checkout reads them: each line's id and quantity. */
async function cartLinesNow(): Promise<queries.NewOrderRow['cartLines']> {
  const rows = await queries.selectCheckoutContext(t.db, client.client_id);
  return rows.flatMap((row) => (row.line_id === null ? [] : [{ id: row.line_id, quantity: row.quantity }]));
}

/** An authorization of 11.30 for a cart, made with a Visa ending in 4242. */
function authorized(paymentIntentId: string): queries.Authorization {
  return {
    paymentIntentId,
    amount: 1130,
    signature: 'cart-signature',
    card: { brand: 'visa', last4: '4242' },
  };
}

/**
 * An order of the client's cart as it is now (insertOrder), paid by `paymentIntentId`, which is
 * made the cart's hold, taking `stock`.
 */
async function newOrder(
  paymentIntentId: string,
  stock: queries.NewOrderRow['stock'],
): Promise<queries.NewOrderRow> {
  await queries.replaceCartAuthorization(t.db, client.client_id, authorized(paymentIntentId));
  const addresses = await t.app.inject({
    url: `/api/Address/client/${client.client_id}`,
    headers: bearer(client),
  });
  const [shipping, billing] = addresses.json();
  return {
    clientId: client.client_id,
    paymentIntentId,
    card: { brand: 'visa', last4: '4242' },
    clientName: 'Avery Lachance',
    email: client.email,
    subtotal: 1000,
    discount: 0,
    shippingFee: 0,
    taxRatePpm: 130_000,
    tax: 130,
    total: 1130,
    shipping,
    billing,
    lines: [],
    confirmation: { to: client.email, subject: ['Order ', ' placed'], text: ['Number ', '.'] },
    cartLines: await cartLinesNow(),
    stock,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  client = await signUp(t.app);
  await saveAddresses(t.app, client, [
    { ...TORONTO_ADDRESS, address_type_id: 1 },
    { address_type_id: 2, same_as_shipping: true },
  ]);
  const [product] = await rowsOf<{ id: number }>(
    t.db,
    sql`SELECT p.id FROM products p JOIN stock s ON s.product_id = p.id
        WHERE p.active AND p.size_type_id IS NULL AND s.instock > 0
          AND EXISTS (SELECT 1 FROM dimensions d WHERE d.product_id = p.id)
        ORDER BY p.id LIMIT 1`,
  );
  productId = product?.id;
  await addToCart();
});
afterAll(() => t.close());

/** What an order's statement writes, to see that a refused one wrote none of it. */
async function writtenState() {
  const [state] = await rowsOf<Record<string, unknown>>(
    t.db,
    sql`SELECT (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM outbox) AS mails,
          (SELECT json_agg(json_build_array(id, quantity) ORDER BY id) FROM cart_lines cl
           WHERE cl.cart_id IN (SELECT id FROM carts WHERE client_id = ${client.client_id})) AS lines,
          (SELECT payment_intent_id FROM carts WHERE client_id = ${client.client_id}) AS hold,
          (SELECT row(authorized_at, authorized_amount, authorized_signature, authorized_card) IS NULL
           FROM carts WHERE client_id = ${client.client_id}) AS no_hold_details,
          (SELECT instock FROM stock WHERE product_id = ${productId} AND size_id IS NULL) AS instock`,
  );
  return state;
}

async function expectRefused(order: queries.NewOrderRow): Promise<void> {
  const refusal = await queries.insertOrder(t.db, order).then(
    () => 'placed',
    (error: unknown) => refusalReason(error),
  );
  expect(refusal).toBe(queries.CART_NOT_AS_READ);
}

describe('the checkout statements answer the shapes of their row schemas', () => {
  it('the order and the context: the order placed, the cart’s lines and hold taken, the confirmation queued', async () => {
    const stockBefore = (await writtenState())?.instock;
    const [order] = await expectRows(
      queries.insertOrder,
      t.db,
      await newOrder('pi_shape_check', {
        products: [{ position: 0, id: productId ?? 0, sizeId: null, quantity: 1 }],
        packages: [],
      }),
    );
    expect(order).toEqual({ id: expect.any(Number), orderNumber: expect.any(Number) });
    expect((await writtenState())?.instock).toBe(Number(stockBefore) - 1);
    // Placing the order emptied the cart and queued the confirmation with the order's number.
    const [mail] = await rowsOf<{ subject: string; text: string }>(
      t.db,
      sql`SELECT subject, text FROM outbox ORDER BY id DESC LIMIT 1`,
    );
    expect(mail).toEqual({
      subject: `Order ${order?.orderNumber} placed`,
      text: `Number ${order?.orderNumber}.`,
    });
    const [emptied] = await expectRows(queries.selectCheckoutContext, t.db, client.client_id);
    expect(emptied?.line_id).toBeNull();
    await addToCart();
    const rows = await expectRows(queries.selectCheckoutContext, t.db, client.client_id, {
      placedBy: 'pi_shape_check',
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ line_id: expect.any(Number), length_mm: expect.any(Number) });
    expect(rows[0]?.default_addresses).toHaveLength(2);
    expect(rows[0]?.shipping_tax_ppm).toBe(130_000);
    expect(rows[0]?.placed_order).toMatchObject({ orderNumber: order?.orderNumber, status: 'placed' });
    // The order used the cart's hold, and what the hold authorized went with it.
    expect(rows[0]?.cart_hold).toBeNull();
    expect((await writtenState())?.no_hold_details).toBe(true);
    const [withoutPayment] = await expectRows(queries.selectCheckoutContext, t.db, client.client_id);
    expect(withoutPayment?.placed_order).toBeNull();
    // Its capture seen, the order is paid.
    expect(await expectRows(queries.markOrderPaid, t.db, order?.id ?? 0)).toEqual([{ id: order?.id }]);
    const [paid] = await expectRows(queries.selectCheckoutContext, t.db, client.client_id, {
      placedBy: 'pi_shape_check',
    });
    expect(paid?.placed_order).toMatchObject({ status: 'paid' });
  });

  it('the order refuses a cart not as read, and writes nothing: a line’s quantity, another hold, a short item', async () => {
    const stock = {
      products: [{ position: 0, id: productId ?? 0, sizeId: null, quantity: 1 }],
      packages: [],
    };
    const order = await newOrder('pi_refused', stock);
    const before = await writtenState();
    await expectRefused({
      ...order,
      cartLines: order.cartLines.map((line) => ({ ...line, quantity: line.quantity + 1 })),
    });
    await expectRefused({ ...order, paymentIntentId: 'pi_not_the_hold' });
    const { pack } = await firstSizedProductAndPackage(t.db);
    await expectRefused({
      ...order,
      stock: { ...stock, packages: [{ position: 0, id: pack.id, sizeId: null, quantity: 1_000_000_000 }] },
    });
    expect(await writtenState()).toEqual(before);
  });

  it.runIf(inject('databases').kind === 'postgres')(
    'the order refuses a line another tab changes while the statement runs, and the line keeps its change',
    async () => {
      await addToCart();
      const order = await newOrder('pi_racing', {
        products: [{ position: 0, id: productId ?? 0, sizeId: null, quantity: 1 }],
        packages: [],
      });
      const [line] = order.cartLines;
      if (!line) throw new Error('the cart has no line');
      const before = await writtenState();
      if (!before) throw new Error('no state read');
      let placing: Promise<string | undefined> | undefined;
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE cart_lines SET quantity = quantity + 1 WHERE id = ${line.id}`);
        placing = queries.insertOrder(t.db, order).then(
          () => 'placed',
          (error: unknown) => refusalReason(error),
        );
        await untilSomeoneWaitsForALock(t.db);
      });
      expect(await placing).toBe(queries.CART_NOT_AS_READ);
      const after = await writtenState();
      expect(after).toEqual({
        ...before,
        lines: (before.lines as [number, number][]).map(([id, quantity]) =>
          id === line.id ? [id, quantity + 1] : [id, quantity],
        ),
      });
    },
  );

  it('the cart authorization, and the context answering what it authorized', async () => {
    const holdBefore = (await writtenState())?.hold;
    const [first] = await expectRows(
      queries.replaceCartAuthorization,
      t.db,
      client.client_id,
      authorized('pi_first'),
    );
    const second = { ...authorized('pi_second'), amount: 2260, card: null };
    expect(await expectRows(queries.replaceCartAuthorization, t.db, client.client_id, second)).toEqual([
      { previous: 'pi_first' },
    ]);
    expect(first).toEqual({ previous: holdBefore });
    const [row] = await expectRows(queries.selectCheckoutContext, t.db, client.client_id, {
      placedBy: 'pi_second',
    });
    expect(row?.cart_hold).toEqual({
      paymentIntentId: 'pi_second',
      authorizedAt: expect.any(Number),
      amount: 2260,
      signature: 'cart-signature',
      card: null,
    });
    // Unix seconds of the statement's now().
    expect(Math.abs((row?.cart_hold?.authorizedAt ?? 0) - Date.now() / 1000)).toBeLessThan(60);
  });

  it('the context claiming a payment method: the first client to name it owns it', async () => {
    const claim = { claiming: 'pm_shape_check' };
    const [claimed] = await expectRows(queries.selectCheckoutContext, t.db, client.client_id, claim);
    expect(claimed?.payment_method_owner).toBe(client.client_id);
    expect(claimed?.line_id).toEqual(expect.any(Number));
    const other = await signUp(t.app);
    const [refused] = await expectRows(queries.selectCheckoutContext, t.db, other.client_id, claim);
    expect(refused?.payment_method_owner).toBe(client.client_id);
    const [again] = await expectRows(queries.selectCheckoutContext, t.db, client.client_id, claim);
    expect(again?.payment_method_owner).toBe(client.client_id);
    const [unasked] = await expectRows(queries.selectCheckoutContext, t.db, client.client_id);
    expect(unasked?.payment_method_owner).toBeNull();
  });

  it('the quote context: the cart with each line’s box and the settings, nothing of the client’s addresses', async () => {
    const [row] = await expectRows(queries.selectQuoteContext, t.db, client.client_id);
    expect(row).toMatchObject({ line_id: expect.any(Number), length_mm: expect.any(Number) });
    expect(row?.settings_rows).toContainEqual({ key: 'show_prices', value: expect.any(Boolean) });
    expect(row).not.toHaveProperty('default_addresses');
  });

  it('the stale card holds, taken off their carts by the release job', async () => {
    await expectRows(queries.replaceCartAuthorization, t.db, client.client_id, authorized('pi_stale_hold'));
    const none = await queries.takeStaleHolds(t.db, new Date(Date.now() - 3_600_000));
    expect(none).toEqual([]);
    const taken = await expectRows(queries.takeStaleHolds, t.db, new Date(Date.now() + 60_000));
    expect(taken).toContainEqual({ payment_intent_id: 'pi_stale_hold' });
    expect(await writtenState()).toMatchObject({ hold: null, no_hold_details: true });
  });

  it('a released hold forgotten, by its own client only', async () => {
    await queries.replaceCartAuthorization(t.db, client.client_id, authorized('pi_released'));
    expect(await queries.forgetCartHold(t.db, 'pi_released', client.client_id + 1_000_000)).toEqual([]);
    expect(await queries.forgetCartHold(t.db, 'pi_another', client.client_id)).toEqual([]);
    expect((await writtenState())?.hold).toBe('pi_released');
    await expectRows(queries.forgetCartHold, t.db, 'pi_released', client.client_id);
    expect(await writtenState()).toMatchObject({ hold: null, no_hold_details: true });
  });

  it('every statement of checkout.queries.ts is checked', () => expect(unchecked()).toEqual([]));
});
