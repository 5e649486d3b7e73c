import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginRecord } from '../../../domain/auth.ts';
import { CART_QUANTITY_MAX } from '../../../domain/cart.ts';
import { categoryInventorySchema, instockSchema, inventoryShortSchema } from '../../../domain/catalog.ts';
import { categories, packages, products, stock } from '../../db/schema.ts';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { notifyCatalogChanged } from '../catalog/catalog-cache.ts';

let t: TestApp;
let client: LoginRecord;

beforeAll(async () => {
  t = await createTestApp();
  client = await signUp(t.app);
});
afterAll(() => t.close());

function get(url: string, who?: LoginRecord) {
  return t.app.inject({ method: 'GET', url, ...(who ? { headers: bearer(who) } : {}) });
}

function check(payload: unknown, who?: LoginRecord) {
  return t.app.inject({
    method: 'POST',
    url: '/api/inventory/products',
    payload: payload as Record<string, unknown>,
    ...(who ? { headers: bearer(who) } : {}),
  });
}

async function productId(code: string): Promise<number> {
  const [row] = await t.db.select({ id: products.id }).from(products).where(eq(products.code, code));
  if (!row) throw new Error(`no product ${code}`);
  return row.id;
}

async function packageByCode(code: string) {
  const [row] = await t.db.select().from(packages).where(eq(packages.code, code));
  if (!row) throw new Error(`no package ${code}`);
  return row;
}

async function stockRows(id: number) {
  return t.db.select().from(stock).where(eq(stock.productId, id));
}

const instock = (response: { json: () => unknown }) => instockSchema.parse(response.json()).instock;

describe('stock of a product (GET api/inventory/product/{id})', () => {
  it('sums every size', async () => {
    const id = await productId('MS-CRW-001');
    const rows = await stockRows(id);
    const response = await get(`/api/inventory/product/${id}`, client);
    expect(response.statusCode).toBe(200);
    expect(instock(response)).toBe(rows.reduce((sum, row) => sum + row.instock, 0));
  });

  it('gives a visitor the stock of showroom and teaser products only', async () => {
    expect((await get(`/api/inventory/product/${await productId('MS-CRW-001')}`)).statusCode).toBe(200);
    const hidden = await get(`/api/inventory/product/${await productId('MS-HIK-001')}`);
    expect(hidden.statusCode).toBe(401);
    expect(hidden.json().error.message).toBe('Please log in to see this product.');
  });

  it('answers 404 for an unknown product and 400 for an id that is not one', async () => {
    const response = await get('/api/inventory/product/999999', client);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Product was not found.');
    expect((await get('/api/inventory/product/abc', client)).statusCode).toBe(400);
  });
});

describe('stock of a product in a size (GET api/inventory/product/{id}/{sizeId})', () => {
  it("answers the size's stock, 0 for a sold-out size", async () => {
    const red = await productId('MS-CRW-001');
    const charcoal = await productId('MS-CRW-002');
    expect(instock(await get(`/api/inventory/product/${red}/4`, client))).toBe(0);
    expect(instock(await get(`/api/inventory/product/${charcoal}/1`, client))).toBe(4);
    const [m] = (await stockRows(red)).filter((row) => row.sizeId === 2);
    expect(instock(await get(`/api/inventory/product/${red}/2`, client))).toBe(m?.instock);
  });

  it('answers 404 for a size the product does not come in', async () => {
    const kidsSize = await get(`/api/inventory/product/${await productId('MS-CRW-001')}/5`, client);
    expect(kidsSize.statusCode).toBe(404);
    expect(kidsSize.json().error.message).toBe('Size was not found.');
    expect((await get(`/api/inventory/product/${await productId('AC-BAG-001')}/1`, client)).statusCode).toBe(
      404,
    );
    expect((await get('/api/inventory/product/999999/1', client)).json().error.message).toBe(
      'Product was not found.',
    );
  });
});

describe('stock of a package (GET api/inventory/package/{id})', () => {
  it('answers the package count, to visitors too', async () => {
    const red = await packageByCode('GP-BOX-001-RED');
    const green = await packageByCode('GP-BOX-001-FOREST-GREEN');
    expect(instock(await get(`/api/inventory/package/${red.id}`))).toBe(24);
    expect(instock(await get(`/api/inventory/package/${green.id}`, client))).toBe(0);
    const unknown = await get('/api/inventory/package/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Package was not found.');
  });
});

describe('stock under a category (GET api/inventory/category/{id})', () => {
  it('lists every product and size of a group or a tab to clients', async () => {
    const [dress] = await t.db.select().from(categories).where(eq(categories.name, 'Dress'));
    const response = await get(`/api/inventory/category/${dress?.id}`, client);
    expect(response.statusCode).toBe(200);
    const rows = categoryInventorySchema.parse(response.json());
    const dressProducts = await t.db
      .select()
      .from(products)
      .where(eq(products.categoryId, dress?.id ?? 0));
    expect(rows).toHaveLength(dressProducts.length * 4);
    expect(rows.slice(0, 4).map((row) => row.size_id)).toEqual([1, 2, 3, 4]);
    const first = dressProducts.find((p) => p.code === 'MS-DRS-001');
    expect(rows[0]?.product_id).toBe(first?.id);

    const [accessories] = await t.db.select().from(categories).where(eq(categories.name, 'Accessories'));
    const tab = categoryInventorySchema.parse(
      (await get(`/api/inventory/category/${accessories?.id}`, client)).json(),
    );
    expect(tab.length).toBeGreaterThan(0);
    expect(tab.every((row) => row.size_id === null)).toBe(true);
  });

  it('refuses visitors and 404s an unknown category', async () => {
    expect((await get('/api/inventory/category/1')).statusCode).toBe(401);
    const unknown = await get('/api/inventory/category/999999', client);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Category was not found.');
  });
});

describe('cart lines lacking stock (POST api/inventory/products)', () => {
  it('answers only the lines whose quantity exceeds the stock', async () => {
    const red = await productId('MS-CRW-001');
    const bag = await productId('AC-BAG-001');
    const green = await packageByCode('GP-BOX-001-FOREST-GREEN');
    const snow = await packageByCode('GP-BOX-001-WHITE');
    const response = await check(
      {
        lines: [
          { productId: red, size_id: 2, packageId: null, quantity: 1 },
          { productId: red, size_id: 4, packageId: null, quantity: 1 },
          { productId: bag, quantity: CART_QUANTITY_MAX },
          { productId: green.productId, packageId: green.id, quantity: 1 },
          { productId: snow.productId, packageId: snow.id, quantity: 15 },
          { productId: red, quantity: 1 },
          { productId: 999999, quantity: 1 },
        ],
      },
      client,
    );
    expect(response.statusCode).toBe(200);
    const [bagStock] = await stockRows(bag);
    expect(inventoryShortSchema.parse(response.json())).toEqual([
      { product_id: red, size_id: 4, package_id: null, instock: 0 },
      { product_id: bag, size_id: null, package_id: null, instock: bagStock?.instock },
      { product_id: green.productId, size_id: null, package_id: green.id, instock: 0 },
      // A sized product without a size has no stock of its own.
      { product_id: red, size_id: null, package_id: null, instock: 0 },
      { product_id: 999999, size_id: null, package_id: null, instock: 0 },
    ]);
    expect((await check({ lines: [] }, client)).json()).toEqual([]);
  });

  it('refuses visitors and bad lines', async () => {
    expect((await check({ lines: [] })).statusCode).toBe(401);
    for (const lines of [
      [{ productId: 1, quantity: 0 }],
      [{ productId: 'one', quantity: 1 }],
      [{ productId: 1, quantity: 1, price: 5 }],
      Array.from({ length: 201 }, () => ({ productId: 1, quantity: 1 })),
    ]) {
      expect((await check({ lines }, client)).statusCode).toBe(400);
    }
    expect((await check({ lines: [], extra: true }, client)).statusCode).toBe(400);
  });
});

describe('stock changes', () => {
  it('show at once after notifyCatalogChanged, in every stock answer', async () => {
    const red = await productId('MS-CRW-003');
    const snow = await packageByCode('GP-BOX-001-WHITE');
    const sizeUrl = `/api/inventory/product/${red}/3`;
    const before = instock(await get(sizeUrl, client));
    const total = instock(await get(`/api/inventory/product/${red}`, client));
    const packaged = instock(await get(`/api/inventory/package/${snow.id}`, client));

    await t.db
      .update(stock)
      .set({ instock: sql`${stock.instock} - 2` })
      .where(and(eq(stock.productId, red), eq(stock.sizeId, 3)));
    await t.db
      .update(packages)
      .set({ instock: packaged - 1 })
      .where(eq(packages.id, snow.id));
    await notifyCatalogChanged(t.db, [red, snow.productId]);

    expect(instock(await get(sizeUrl, client))).toBe(before - 2);
    expect(instock(await get(`/api/inventory/product/${red}`, client))).toBe(total - 2);
    expect(instock(await get(`/api/inventory/package/${snow.id}`, client))).toBe(packaged - 1);
  });
});
