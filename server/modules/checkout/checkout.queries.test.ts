import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginRecord } from '../../../domain/auth.ts';
import { rowsOf } from '../../db/database.ts';
import { bearer, createTestApp, signUp, type TestApp, TORONTO_ADDRESS } from '../../test/app.ts';
import { loadCartWith } from '../cart/cart.service.ts';
import {
  claimPaymentMethodOwner,
  contextColumns,
  contextColumnsSchema,
  insertedOrderRowSchema,
  insertOrder,
  ownerRowSchema,
  previousAuthorizationRowSchema,
  replaceCartAuthorization,
} from './checkout.queries.ts';

/**
 * Checkout's statements answer rows of exactly their schemas' shapes, on the database this run
 * uses (PGlite, and PostgreSQL with TEST_DATABASE_URL).
 */
let t: TestApp;
let client: LoginRecord;

beforeAll(async () => {
  t = await createTestApp();
  client = await signUp(t.app);
  for (const address of [
    { ...TORONTO_ADDRESS, address_type_id: 1 },
    { address_type_id: 2, same_as_shipping: true },
  ]) {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/Address',
      headers: bearer(client),
      payload: address,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const [product] = await rowsOf<{ id: number }>(
    t.db,
    sql`SELECT p.id FROM products p JOIN stock s ON s.product_id = p.id
        WHERE p.active AND p.size_type_id IS NULL AND s.instock > 0 ORDER BY p.id LIMIT 1`,
  );
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/addcart',
    headers: bearer(client),
    payload: { userId: client.client_id, productId: product?.id, quantity: 1 },
  });
  expect(added.statusCode, added.body).toBe(200);
});
afterAll(() => t.close());

describe('the checkout statements answer the shapes of their row schemas', () => {
  it("the context's columns, with both addresses, the tax rate and a placed order", async () => {
    const addresses = await t.app.inject({
      url: `/api/Address/client/${client.client_id}`,
      headers: bearer(client),
    });
    const [shipping, billing] = addresses.json();
    const [order] = await insertOrder(t.db, {
      clientId: client.client_id,
      paymentIntentId: 'pi_shape_check',
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
    });
    expect(insertedOrderRowSchema.strict().parse(order)).toEqual(order);
    const { extras } = await loadCartWith<Record<string, unknown>>(
      t.db,
      client.client_id,
      contextColumns(client.client_id, 'pi_shape_check'),
    );
    const context = contextColumnsSchema.parse(extras);
    expect(context.default_addresses).toHaveLength(2);
    expect(context.shipping_tax_ppm).toBe(130_000);
    expect(context.placed_order).toMatchObject({ orderNumber: order?.orderNumber, status: 'placed' });
    for (const key of Object.keys(contextColumnsSchema.shape))
      expect(extras[key]).toEqual(context[key as keyof typeof context]);
  });

  it('the cart authorization and the payment method owner', async () => {
    const [first] = await replaceCartAuthorization(t.db, client.client_id, 'pi_first');
    const [second] = await replaceCartAuthorization(t.db, client.client_id, 'pi_second');
    expect(previousAuthorizationRowSchema.strict().parse(first)).toEqual({ previous: null });
    expect(previousAuthorizationRowSchema.strict().parse(second)).toEqual({ previous: 'pi_first' });
    const owners = await claimPaymentMethodOwner(t.db, client.client_id, 'pm_shape_check');
    expect(owners).toHaveLength(1);
    expect(ownerRowSchema.strict().parse(owners[0])).toEqual({ client_id: client.client_id });
  });
});
