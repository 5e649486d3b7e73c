import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginRecord } from '../../../domain/auth.ts';
import { rowsOf } from '../../db/database.ts';
import {
  bearer,
  createTestApp,
  firstSizedProductAndPackage,
  saveAddresses,
  signUp,
  type TestApp,
  TORONTO_ADDRESS,
} from '../../test/app.ts';
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

/** An order of the client's to write (insertOrder), paid by `paymentIntentId`, taking `stock`. */
async function newOrder(
  paymentIntentId: string,
  stock: queries.NewOrderRow['stock'],
): Promise<queries.NewOrderRow> {
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

describe('the checkout statements answer the shapes of their row schemas', () => {
  it('the context: the cart with its dimensions, both addresses, the tax rate and a placed order', async () => {
    const [order] = await expectRows(
      queries.insertOrder,
      t.db,
      await newOrder('pi_shape_check', {
        products: [{ position: 0, id: productId ?? 0, sizeId: null, quantity: 1 }],
        packages: [],
      }),
    );
    expect(order).toMatchObject({ takenProducts: [0], takenPackages: [] });
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
    const [withoutPayment] = await expectRows(queries.selectCheckoutContext, t.db, client.client_id);
    expect(withoutPayment?.placed_order).toBeNull();
  });

  it('an order short of an item: no order written, the positions of the items taken', async () => {
    const { pack } = await firstSizedProductAndPackage(t.db);
    const order = await newOrder('pi_short_check', {
      products: [{ position: 0, id: productId ?? 0, sizeId: null, quantity: 1 }],
      packages: [{ position: 0, id: pack.id, sizeId: null, quantity: 1_000_000_000 }],
    });
    const undone = new Error('undone');
    let answered: unknown;
    await t.db
      .transaction(async (tx) => {
        answered = await expectRows(queries.insertOrder, tx, order);
        throw undone;
      })
      .catch((error: unknown) => {
        if (error !== undone) throw error;
      });
    expect(answered).toEqual([{ id: null, orderNumber: null, takenProducts: [0], takenPackages: [] }]);
  });

  it('the cart authorization', async () => {
    const [first] = await expectRows(queries.replaceCartAuthorization, t.db, client.client_id, 'pi_first');
    const [second] = await expectRows(queries.replaceCartAuthorization, t.db, client.client_id, 'pi_second');
    expect(first).toEqual({ previous: null });
    expect(second).toEqual({ previous: 'pi_first' });
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

  it('the stale card holds, taken off their carts by the release job', async () => {
    await expectRows(queries.replaceCartAuthorization, t.db, client.client_id, 'pi_stale_hold');
    const none = await queries.takeStaleHolds(t.db, new Date(Date.now() - 3_600_000));
    expect(none).toEqual([]);
    const taken = await expectRows(queries.takeStaleHolds, t.db, new Date(Date.now() + 60_000));
    expect(taken).toContainEqual({ payment_intent_id: 'pi_stale_hold' });
  });

  it('every statement of checkout.queries.ts is checked', () => expect(unchecked()).toEqual([]));
});
