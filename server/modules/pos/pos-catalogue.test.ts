import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginRecord } from '../../../domain/auth.ts';
import { POS_CATALOGUE_LIMIT, type PosCatalogueItem } from '../../../domain/pos/catalogue.ts';
import { packages, products, sizes, stock } from '../../db/schema.ts';
import { bearer, createTestApp, logIn, newClient, signUp, type TestApp } from '../../test/app.ts';
import { selectPosCatalogue } from './pos-catalogue.service.ts';
import { newCashier } from './pos-test-helpers.ts';

let t: TestApp;
let cashier: LoginRecord;

beforeAll(async () => {
  t = await createTestApp();
  cashier = await newCashier(t);
});
afterAll(() => t.close());

async function search(q: string, who: LoginRecord | null = cashier) {
  return t.app.inject({
    method: 'GET',
    url: `/api/pos/catalogue?q=${encodeURIComponent(q)}`,
    headers: who ? bearer(who) : {},
  });
}

async function found(q: string): Promise<PosCatalogueItem[]> {
  const response = await search(q);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PosCatalogueItem[]>();
}

describe('GET /api/pos/catalogue', () => {
  it('is for POS staff only', async () => {
    expect((await search('sock', null)).statusCode).toBe(401);
    const shopper = newClient();
    await signUp(t.app, shopper);
    const client = await logIn(t.app, shopper.user_name, shopper.password);
    expect((await search('sock', client)).statusCode).toBe(403);
  });

  it('answers nothing for an empty search', async () => {
    expect(await found('   ')).toEqual([]);
  });

  it('finds a sized product by its exact code first, with every size and its stock', async () => {
    const [sized] = await t.db
      .select({ id: products.id, code: products.code, typeId: products.sizeTypeId })
      .from(products)
      .where(and(isNotNull(products.sizeTypeId), eq(products.active, true)))
      .limit(1);
    if (!sized?.typeId) throw new Error('the demo data has no sized product');
    await t.db.update(products).set({ pricing: 2400, priceDiscount: 400 }).where(eq(products.id, sized.id));
    const typeSizes = await t.db.select().from(sizes).where(eq(sizes.typeId, sized.typeId));
    const [first] = typeSizes;
    if (!first) throw new Error('the size type has no sizes');
    await t.db
      .insert(stock)
      .values({ productId: sized.id, sizeId: first.id, instock: 7 })
      .onConflictDoUpdate({ target: [stock.productId, stock.sizeId], set: { instock: 7 } });

    const [top] = await found(sized.code.toLowerCase());
    expect(top).toMatchObject({
      kind: 'product',
      productId: sized.id,
      packageId: null,
      code: sized.code,
      unitPrice: 2000,
      instock: null,
    });
    expect(top?.sizes).toHaveLength(typeSizes.length);
    expect(top?.sizes?.find((size) => size.size_id === first.id)?.instock).toBe(7);
  });

  it('finds a product without sizes with its stock, and a package at its own price', async () => {
    const [plain] = await t.db
      .select({ id: products.id, code: products.code })
      .from(products)
      .innerJoin(stock, eq(stock.productId, products.id))
      .where(and(isNull(products.sizeTypeId), eq(products.active, true)))
      .limit(1);
    if (!plain) throw new Error('the demo data has no product without sizes');
    await t.db.update(stock).set({ instock: 3 }).where(eq(stock.productId, plain.id));
    const [item] = await found(plain.code);
    expect(item).toMatchObject({ productId: plain.id, sizes: null, instock: 3 });

    const [box] = await t.db.select().from(packages).where(eq(packages.active, true)).limit(1);
    if (box) {
      const [pkg] = await found(box.code);
      expect(pkg).toMatchObject({
        kind: 'package',
        packageId: box.id,
        productId: box.productId,
        unitPrice: box.pricing,
        instock: box.instock,
        sizes: null,
      });
    }
  });

  it('finds by the words of a name, at most the limit, and never an inactive product', async () => {
    const [hidden] = await t.db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.active, true))
      .limit(1);
    if (!hidden) throw new Error('no products');
    await t.db.update(products).set({ active: false }).where(eq(products.id, hidden.id));
    const items = await found(hidden.name);
    expect(items.some((item) => item.productId === hidden.id && item.kind === 'product')).toBe(false);
    await t.db.update(products).set({ active: true }).where(eq(products.id, hidden.id));
    expect((await found(hidden.name)).some((item) => item.productId === hidden.id)).toBe(true);

    const many = await found('sock');
    expect(many.length).toBeGreaterThan(0);
    expect(many.length).toBeLessThanOrEqual(POS_CATALOGUE_LIMIT);
  });

  it('takes wildcards literally and refuses an overlong search', async () => {
    expect(await found('%')).toEqual([]);
    expect((await search('x'.repeat(101))).statusCode).toBe(400);
  });

  it('answers rows of its schema', async () => {
    const rows = await selectPosCatalogue(t.db, 'sock');
    for (const row of rows) selectPosCatalogue.rowSchema.parse(row);
  });
});
