import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CartChangeData } from '../../../domain/cart.ts';
import { rowsOf } from '../../db/database.ts';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { type CatalogCache, createCatalogCache } from '../catalog/catalog-cache.ts';
import { createCartService } from './cart.service.ts';
import { createCartItems } from './cart-items.ts';

/**
 * The cart's items in memory (cart-items.ts): an item memory lacks, such as one whose stock an order
 * just changed, is read by the change's own statement (writeCartLineWithItem) and kept, so Add to
 * Cart is one statement either way. The cache's misses count the items read apart.
 */
let t: TestApp;
let cache: CatalogCache;
let product: { id: number };
let pack: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  const [unsized] = await rowsOf<{ id: number }>(
    t.db,
    sql`SELECT p.id FROM products p JOIN stock s ON s.product_id = p.id
        WHERE p.active AND p.size_type_id IS NULL AND s.instock > 5 ORDER BY p.id LIMIT 1`,
  );
  // A package of another product: a change to the product's stock leaves it in memory.
  const [firstPackage] = await rowsOf<{ id: number }>(
    t.db,
    sql`SELECT id FROM packages WHERE instock > 5 AND product_id <> ${unsized?.id ?? 0} ORDER BY id LIMIT 1`,
  );
  if (!unsized || !firstPackage) throw new Error('the demo data has an unsized product and a package');
  product = unsized;
  pack = firstPackage;
});
afterAll(() => t.close());
afterEach(() => cache.close());

async function newShopper() {
  cache = createCatalogCache();
  const cart = createCartService(t.db, createCartItems(t.db, cache));
  const client = await signUp(t.app);
  const user = { id: client.client_id } as AuthUser;
  const add = (change: Partial<CartChangeData>) =>
    cart.add(user, {
      cartId: 0,
      userId: user.id,
      productId: product.id,
      quantity: 1,
      size_id: null,
      isPackage: false,
      ...change,
    });
  return { cart, user, add };
}

/** The misses of the cache beyond the cart's head (read once, by the first answer). */
const itemMisses = () => cache.stats().misses - 1;

describe("the cart's items in memory", () => {
  it('an item memory lacks comes with the add that writes it, and is kept for the next answers', async () => {
    const { cart, user, add } = await newShopper();
    const first = await add({});
    expect(first.products).toEqual([expect.objectContaining({ quantity: 1 })]);
    expect(itemMisses()).toBe(0);
    const hits = cache.stats().hits;
    await cart.get(user);
    // The head and the item, both from memory.
    expect(cache.stats().hits).toBe(hits + 2);
    expect(itemMisses()).toBe(0);
  });

  it('a stock change drops the item; the next add reads it with its write and shows the new stock', async () => {
    const { cart, user, add } = await newShopper();
    await add({ quantity: 2 });
    await add({ productId: pack.id, isPackage: true });
    await t.db.execute(
      sql`UPDATE stock SET instock = 1 WHERE product_id = ${product.id} AND size_id IS NULL`,
    );
    cache.invalidate([product.id]);
    const added = await add({});
    const line = added.products.find((each) => each.package === null);
    expect(line).toMatchObject({ quantity: 3, product: { instock: 1 }, error: expect.any(String) });
    expect(itemMisses()).toBe(0);
    // The package line's item stayed in memory; the product's was kept from the add's statement.
    expect(await cart.get(user)).toEqual(added);
    expect(itemMisses()).toBe(0);
  });
});
