import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginRecord } from '../../../domain/auth.ts';
import { CART_LINE_LIMIT, cartSchema } from '../../../domain/cart.ts';
import { countRows } from '../../db/database.ts';
import { cartLines, carts, packages, products, settings, sizes, stock } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.ts';
import { bearer, createTestApp, logIn, signUp, type TestApp } from '../../test/app.ts';

let t: TestApp;
let sized: {
  id: number;
  name: string;
  pricing: number;
  priceDiscount: number;
  sizeId: number;
  instock: number;
};
let otherTypeSizeId: number;
let unsized: { id: number; name: string; pricing: number; instock: number };
let pack: { id: number; name: string; pricing: number; instock: number };

beforeAll(async () => {
  t = await createTestApp();
  const [s] = await t.db
    .select({
      id: products.id,
      name: products.name,
      pricing: products.pricing,
      priceDiscount: products.priceDiscount,
      sizeTypeId: products.sizeTypeId,
      sizeId: stock.sizeId,
      instock: stock.instock,
    })
    .from(products)
    .innerJoin(stock, eq(stock.productId, products.id))
    .where(and(isNotNull(products.sizeTypeId), gt(products.priceDiscount, 0), gt(stock.instock, 20)))
    .limit(1);
  if (!s?.sizeId || s.sizeTypeId === null)
    throw new Error('the demo data has no discounted sized product in stock');
  sized = { ...s, sizeId: s.sizeId };
  const [other] = await t.db
    .select({ id: sizes.id })
    .from(sizes)
    .where(sql`${sizes.typeId} <> ${s.sizeTypeId}`)
    .limit(1);
  otherTypeSizeId = other?.id ?? 0;
  const [u] = await t.db
    .select({ id: products.id, name: products.name, pricing: products.pricing, instock: stock.instock })
    .from(products)
    .innerJoin(stock, eq(stock.productId, products.id))
    .where(
      and(
        isNull(products.sizeTypeId),
        isNull(stock.sizeId),
        gt(stock.instock, 0),
        eq(products.priceDiscount, 0),
      ),
    )
    .limit(1);
  if (!u) throw new Error('the demo data has no unsized product in stock');
  unsized = u;
  const [p] = await t.db
    .select({ id: packages.id, name: packages.name, pricing: packages.pricing, instock: packages.instock })
    .from(packages)
    .where(gt(packages.instock, 0))
    .limit(1);
  if (!p) throw new Error('the demo data has no package in stock');
  pack = p;
});
afterAll(() => t.close());

async function post(client: LoginRecord, url: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: bearer(client),
    payload: { userId: client.client_id, ...payload },
  });
}

describe('the cart', () => {
  it('is empty (id 0) for a new client', async () => {
    const client = await signUp(t.app);
    const response = await post(client, '/api/getcart', {});
    expect(response.statusCode).toBe(200);
    expect(cartSchema.parse(response.json())).toEqual({
      id: 0,
      userId: client.client_id,
      products: [],
      cartTotal: 0,
      discount: 0,
      quantity: 0,
      hasError: false,
    });
  });

  it('adds a sized product, a product and a package, with prices and totals from the server', async () => {
    const client = await signUp(t.app);
    // The body is strict: a price sent by the web is refused, never used.
    const withPrice = await post(client, '/api/addcart', {
      productId: sized.id,
      quantity: 2,
      size_id: sized.sizeId,
      pricing: 1,
    });
    expect(withPrice.statusCode).toBe(400);
    const first = await post(client, '/api/addcart', {
      productId: sized.id,
      quantity: 2,
      size_id: sized.sizeId,
      cartId: 0,
    });
    expect(first.statusCode).toBe(200);
    await post(client, '/api/addcart', { productId: unsized.id, quantity: 1 });
    const response = await post(client, '/api/addcart', { productId: pack.id, quantity: 1, isPackage: true });
    const cart = cartSchema.parse(response.json());
    expect(cart.id).toBeGreaterThan(0);
    expect(cart.quantity).toBe(4);
    const unit = sized.pricing - sized.priceDiscount;
    expect(cart.products.map((line) => [line.product.id, line.quantity, line.size_id, line.pricing])).toEqual(
      [
        [sized.id, 2, sized.sizeId, unit],
        [unsized.id, 1, null, unsized.pricing],
        [expect.any(Number), 1, null, pack.pricing],
      ],
    );
    expect(cart.products[2]?.package).toMatchObject({ id: pack.id, name: pack.name });
    expect(cart.cartTotal).toBe(unit * 2 + unsized.pricing + pack.pricing);
    expect(cart.discount).toBe(sized.priceDiscount * 2);
    expect(cart.hasError).toBe(false);
  });

  it('sums the quantity when the same item is added again, also when two adds race', async () => {
    const client = await signUp(t.app);
    await post(client, '/api/addcart', { productId: unsized.id, quantity: 1 });
    // The answer to an add is the cart after it: the line once, with the summed quantity.
    const again = cartSchema.parse(
      (await post(client, '/api/addcart', { productId: unsized.id, quantity: 1 })).json(),
    );
    expect(again.products).toHaveLength(1);
    expect(again).toMatchObject({ quantity: 2, products: [{ quantity: 2 }] });
    await Promise.all(
      [1, 2, 3].map(() => post(client, '/api/addcart', { productId: unsized.id, quantity: 1 })),
    );
    const cart = cartSchema.parse((await post(client, '/api/getcart', {})).json());
    expect(cart.products).toHaveLength(1);
    expect(cart.products[0]?.quantity).toBe(5);
  });

  it('keeps one cart when a new client’s first adds race', async () => {
    const client = await signUp(t.app);
    const answers = await Promise.all(
      [unsized.id, unsized.id, unsized.id].map((productId) =>
        post(client, '/api/addcart', { productId, quantity: 1 }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const cart = cartSchema.parse((await post(client, '/api/getcart', {})).json());
    expect(cart.products).toHaveLength(1);
    expect(cart.products[0]?.quantity).toBe(3);
  });

  it('sets a quantity with updatecart, and removes the line at 0', async () => {
    const client = await signUp(t.app);
    await post(client, '/api/addcart', { productId: unsized.id, quantity: 3 });
    const updated = cartSchema.parse(
      (await post(client, '/api/updatecart', { productId: unsized.id, quantity: 1 })).json(),
    );
    expect(updated.products[0]?.quantity).toBe(1);
    const removed = cartSchema.parse(
      (await post(client, '/api/updatecart', { productId: unsized.id, quantity: 0 })).json(),
    );
    expect(removed.products).toEqual([]);
    expect(removed.id).toBe(0);
  });

  it('marks a line above its stock with the not_enough_stock text and flags the cart', async () => {
    const client = await signUp(t.app);
    const response = await post(client, '/api/addcart', {
      productId: unsized.id,
      quantity: unsized.instock + 1,
    });
    const cart = cartSchema.parse(response.json());
    expect(cart.hasError).toBe(true);
    expect(cart.products[0]?.error).toContain(unsized.name);
    expect(cart.products[0]?.error).not.toContain('{0}');
  });

  it('shows a stock level the owner changed after the cart first showed the item', async () => {
    const own = await createTestApp();
    try {
      const admin = await logIn(own.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
      const client = await signUp(own.app);
      const call = (url: string, payload: Record<string, unknown>) =>
        own.app.inject({
          method: 'POST',
          url,
          headers: bearer(client),
          payload: { userId: client.client_id, ...payload },
        });
      const added = cartSchema.parse(
        (await call('/api/addcart', { productId: unsized.id, quantity: 2 })).json(),
      );
      expect(added.hasError).toBe(false);
      const counted = await own.app.inject({
        method: 'PUT',
        url: '/api/admin/stock',
        headers: bearer(admin),
        payload: [{ productId: unsized.id, instock: 1, reason: 'counted' }],
      });
      expect(counted.statusCode, counted.body).toBe(200);
      const cart = cartSchema.parse((await call('/api/getcart', {})).json());
      expect(cart.hasError).toBe(true);
      expect(cart.products[0]).toMatchObject({
        product: { instock: 1 },
        error: expect.stringContaining(unsized.name),
      });
    } finally {
      await own.close();
    }
  });

  it('hides prices and stock errors in wish-list mode', async () => {
    const own = await createTestApp();
    try {
      await own.db.update(settings).set({ value: false }).where(eq(settings.key, 'show_prices'));
      const client = await signUp(own.app);
      const response = await own.app.inject({
        method: 'POST',
        url: '/api/addcart',
        headers: bearer(client),
        payload: { userId: client.client_id, productId: unsized.id, quantity: unsized.instock + 5 },
      });
      const cart = cartSchema.parse(response.json());
      expect(cart).toMatchObject({ cartTotal: null, discount: null, hasError: false });
      expect(cart.products[0]).toMatchObject({ pricing: null, lineTotal: null, error: null });
    } finally {
      await own.close();
    }
  });

  it(`holds at most ${CART_LINE_LIMIT} different items, and still adds to one it holds`, async () => {
    const client = await signUp(t.app);
    const first = cartSchema.parse(
      (await post(client, '/api/addcart', { productId: unsized.id, quantity: 1 })).json(),
    );
    const others = await t.db
      .select({ productId: stock.productId, sizeId: stock.sizeId })
      .from(stock)
      .innerJoin(products, eq(products.id, stock.productId))
      .where(and(eq(products.active, true), sql`${stock.productId} <> ${unsized.id}`))
      .orderBy(stock.productId, stock.sizeId)
      .limit(CART_LINE_LIMIT);
    expect(others).toHaveLength(CART_LINE_LIMIT);
    const [beyond, ...filling] = others;
    await t.db.insert(cartLines).values(
      filling.map((item) => ({
        cartId: first.id,
        productId: item.productId,
        sizeId: item.sizeId,
        quantity: 1,
      })),
    );
    const refused = await post(client, '/api/addcart', {
      productId: beyond?.productId,
      size_id: beyond?.sizeId,
      quantity: 1,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe(`A cart holds at most ${CART_LINE_LIMIT} different items.`);
    const [held] = await t.db
      .select({ lines: sql<number>`count(*)::int` })
      .from(cartLines)
      .where(eq(cartLines.cartId, first.id));
    expect(held?.lines).toBe(CART_LINE_LIMIT);
    const summed = cartSchema.parse(
      (await post(client, '/api/addcart', { productId: unsized.id, quantity: 2 })).json(),
    );
    expect(summed.products).toHaveLength(CART_LINE_LIMIT);
    expect(summed.products.find((line) => line.product.id === unsized.id)?.quantity).toBe(3);
  });

  it('empties the cart', async () => {
    const client = await signUp(t.app);
    await post(client, '/api/addcart', { productId: unsized.id, quantity: 2 });
    const cart = cartSchema.parse((await post(client, '/api/emptycart', {})).json());
    expect(cart).toMatchObject({ id: 0, products: [], quantity: 0 });
  });
});

describe('bad cart input writes nothing', () => {
  const cases: Array<[string, () => Record<string, unknown>, number, string?]> = [
    [
      'a sized product without a size',
      () => ({ productId: sized.id, quantity: 1 }),
      400,
      'Please select a size',
    ],
    [
      'a size of another size type',
      () => ({ productId: sized.id, quantity: 1, size_id: otherTypeSizeId }),
      400,
    ],
    [
      'a size on an unsized product',
      () => ({ productId: unsized.id, quantity: 1, size_id: sized.sizeId }),
      400,
    ],
    [
      'a size on a package',
      () => ({ productId: pack.id, quantity: 1, size_id: sized.sizeId, isPackage: true }),
      400,
    ],
    ['quantity 0', () => ({ productId: unsized.id, quantity: 0 }), 400, 'Quantity must be at least 1.'],
    ['a negative quantity', () => ({ productId: unsized.id, quantity: -2 }), 400],
    ['a fractional quantity', () => ({ productId: unsized.id, quantity: 1.5 }), 400],
    ['a huge quantity', () => ({ productId: unsized.id, quantity: 1_000_000 }), 400],
    ['a quantity as text', () => ({ productId: unsized.id, quantity: 'two' }), 400],
    ['no product', () => ({ quantity: 1 }), 400],
    ['an unknown product', () => ({ productId: 987654, quantity: 1 }), 404],
    ['an unknown package', () => ({ productId: 987654, quantity: 1, isPackage: true }), 404],
  ];
  it.each(cases)('refuses %s', async (_name, body, status, message) => {
    const client = await signUp(t.app);
    const before = [await countRows(t.db, cartLines), await countRows(t.db, carts)];
    const response = await post(client, '/api/addcart', body());
    expect(response.statusCode).toBe(status);
    if (message) expect(Object.values(response.json().error.fields ?? {})).toContain(message);
    expect([await countRows(t.db, cartLines), await countRows(t.db, carts)]).toEqual(before);
  });
});

describe('a cart is its owner’s only', () => {
  it('answers 401 to a visitor', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/getcart', payload: { userId: 1 } });
    expect(response.statusCode).toBe(401);
  });

  it('refuses another client’s userId or cartId (403) and leaves their cart alone', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const aliceCart = cartSchema.parse(
      (await post(alice, '/api/addcart', { productId: unsized.id, quantity: 1 })).json(),
    );
    for (const url of ['/api/getcart', '/api/emptycart']) {
      const response = await post(bob, url, { userId: alice.client_id });
      expect(response.statusCode).toBe(403);
    }
    const viaCartId = await post(bob, '/api/updatecart', {
      cartId: aliceCart.id,
      productId: unsized.id,
      quantity: 0,
    });
    expect(viaCartId.statusCode).toBe(403);
    // Adding into Alice's cart by its id: refused before Bob has a cart of his own, and after.
    for (const round of ['without a cart', 'with a cart']) {
      const intoHers = await post(bob, '/api/addcart', {
        cartId: aliceCart.id,
        productId: unsized.id,
        quantity: 1,
      });
      expect(intoHers.statusCode, round).toBe(403);
      await post(bob, '/api/addcart', { productId: pack.id, isPackage: true, quantity: 1 });
    }
    const still = cartSchema.parse((await post(alice, '/api/getcart', {})).json());
    expect(still.products).toHaveLength(1);
  });
});
