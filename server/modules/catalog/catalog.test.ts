import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { LoginRecord } from '../../../domain/auth.ts';
import {
  packageDetailSchema,
  phaseSchema,
  productDetailSchema,
  showroomCategorySchema,
  teaserProductSchema,
} from '../../../domain/catalog.ts';
import { TEASER_PRODUCTS } from '../../../domain/catalog-display.ts';
import { packages, products, settings, stock } from '../../db/schema.ts';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { notifyCatalogChanged } from './catalog-cache.ts';
import { catalogLookups, PRICE_FIELD } from './catalog-test-kit.ts';

let t: TestApp;
let client: LoginRecord;
const { get, productId, categoryId, stockOf } = catalogLookups(() => t);

beforeAll(async () => {
  t = await createTestApp();
  client = await signUp(t.app);
});
afterAll(() => t.close());

describe('showroom and teaser (public, no prices)', () => {
  it('lists up to 10 products per tab in sort order, with the tab count', async () => {
    const response = await get('/api/getShowRoomProducts');
    expect(response.statusCode).toBe(200);
    const body = z.array(showroomCategorySchema).parse(response.json());
    expect(body.map((c) => c.name)).toEqual([
      "Men's Socks",
      "Women's Socks",
      "Kids' Socks",
      'Gift Packages',
      'Accessories',
    ]);
    const mens = body[0];
    expect(mens?.product_count).toBe(28);
    expect(mens?.products).toHaveLength(10);
    expect(mens?.products[0]).toEqual({
      product_id: await productId('MS-CRW-001'),
      name: 'Maple Leaf Crew Sock - Red',
      icon: '/images/full/ms-crw-001-side.webp',
      category_id: await categoryId('Crew', "Men's Socks"),
      pkId: null,
    });
    // A package product opens its first package.
    const gifts = body.find((c) => c.name === 'Gift Packages');
    expect(gifts?.products).toHaveLength(4);
    const [red] = await t.db.select().from(packages).where(eq(packages.code, 'GP-BOX-001-RED'));
    expect(gifts?.products[0]).toMatchObject({
      product_id: await productId('GP-BOX-001'),
      category_id: await categoryId('Gift Boxes'),
      pkId: red?.id,
    });
    expect(response.body).not.toMatch(/pricing|price_discount/);
  });

  it('shows 8 teaser products, new ones first, with stock and no prices', async () => {
    const response = await get('/api/products/teaser');
    expect(response.statusCode).toBe(200);
    const body = z.array(teaserProductSchema).parse(response.json());
    expect(body).toHaveLength(TEASER_PRODUCTS);
    expect(body.slice(0, 7).every((p) => p.isNew)).toBe(true);
    expect(body[0]?.code).toBe('MS-CRW-012');
    expect(body[7]).toMatchObject({ code: 'MS-CRW-001', isNew: false });
    const red = await productId('MS-CRW-001');
    expect(body[7]?.instock).toBe(
      (await stockOf(red, 1)) + (await stockOf(red, 2)) + (await stockOf(red, 3)),
    );
    expect(response.body).not.toMatch(/pricing|price_discount/);
    expect(body.every((p) => p.pkId === null)).toBe(true);
  });

  it('names the package a package product of the teaser opens', async () => {
    const box = await productId('GP-BOX-001');
    await t.db.update(products).set({ isNew: true }).where(eq(products.id, box));
    await notifyCatalogChanged(t.db);
    try {
      const body = z.array(teaserProductSchema).parse((await get('/api/products/teaser')).json());
      const [red] = await t.db.select().from(packages).where(eq(packages.code, 'GP-BOX-001-RED'));
      expect(body.find((p) => p.id === box)).toMatchObject({ isNew: true, pkId: red?.id });
    } finally {
      await t.db.update(products).set({ isNew: false }).where(eq(products.id, box));
      await notifyCatalogChanged(t.db);
    }
  });
});

describe('product detail (GET api/product/{ctid}/{id})', () => {
  it('gives a client the product with prices, sizes and their stock, colours and images', async () => {
    const id = await productId('MS-CRW-001');
    const crew = await categoryId('Crew', "Men's Socks");
    const response = await get(`/api/product/${crew}/${id}`, client);
    expect(response.statusCode).toBe(200);
    const body = productDetailSchema.parse(response.json());
    expect(body).toMatchObject({
      id,
      category_id: crew,
      category_name: 'Crew',
      code: 'MS-CRW-001',
      pricing: 1499,
      price_discount: 200,
      withsize: true,
      color: 'Red',
      pkId: null,
    });
    expect(body.size.map((s) => [s.name, s.instock])).toEqual([
      ['S', await stockOf(id, body.size[0]?.id ?? 0)],
      ['M', await stockOf(id, body.size[1]?.id ?? 0)],
      ['L', await stockOf(id, body.size[2]?.id ?? 0)],
      ['XL', 0],
    ]);
    expect(body.instock).toBe(body.size.reduce((sum, s) => sum + s.instock, 0));
    expect(body.others.map((o) => o.color)).toEqual(['Red', 'Charcoal', 'Forest Green']);
    expect(body.product_images.map((i) => i.image)).toEqual([
      '/images/full/ms-crw-001-side.webp',
      '/images/full/ms-crw-001-pair.webp',
      '/images/full/ms-crw-001-knit.webp',
      '/images/full/ms-crw-001-banded.webp',
    ]);
  });

  it("tells each colour's stock, and a colour sold out after the page was cached", async () => {
    const red = await productId('MS-CRW-001');
    const charcoal = await productId('MS-CRW-002');
    const crew = await categoryId('Crew', "Men's Socks");
    const read = async () =>
      productDetailSchema.parse((await get(`/api/product/${crew}/${red}`, client)).json());
    const before = await read();
    const charcoalStock = (await t.db.select().from(stock).where(eq(stock.productId, charcoal))).reduce(
      (sum, row) => sum + row.instock,
      0,
    );
    expect(before.others.find((o) => o.id === charcoal)?.instock).toBe(charcoalStock);
    expect(charcoalStock).toBeGreaterThan(0);
    const rows = await t.db.select().from(stock).where(eq(stock.productId, charcoal));
    await t.db.update(stock).set({ instock: 0 }).where(eq(stock.productId, charcoal));
    // Only the sold-out colour is named: the red page, cached, is made again for it.
    await notifyCatalogChanged(t.db, [charcoal]);
    try {
      const after = await read();
      expect(after.others.find((o) => o.id === charcoal)?.instock).toBe(0);
      expect(after.others.find((o) => o.id === red)?.instock).toBe(after.instock);
    } finally {
      for (const row of rows)
        await t.db.update(stock).set({ instock: row.instock }).where(eq(stock.id, row.id));
      await notifyCatalogChanged(t.db, [charcoal]);
    }
  });

  it('accepts the root tab as ctid, and refuses any other category', async () => {
    const id = await productId('MS-CRW-001');
    const mens = await categoryId("Men's Socks");
    expect((await get(`/api/product/${mens}/${id}`, client)).statusCode).toBe(200);
    const other = await get(`/api/product/${await categoryId('Dress', "Men's Socks")}/${id}`, client);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe('Product was not found.');
  });

  it('answers 404 for an unknown or inactive product, and 400 for an id that is not one', async () => {
    const unknown = await get('/api/product/2/999999', client);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'not_found', message: 'Product was not found.' } });
    expect((await get('/api/product/2/sock', client)).statusCode).toBe(400);
    expect((await get('/api/product/2/99999999999', client)).statusCode).toBe(400);

    const id = await productId('MS-DRS-003');
    await t.db.update(products).set({ active: false }).where(eq(products.id, id));
    await notifyCatalogChanged(t.db);
    expect((await get(`/api/product/3/${id}`, client)).statusCode).toBe(404);
    await t.db.update(products).set({ active: true }).where(eq(products.id, id));
    await notifyCatalogChanged(t.db);
    expect((await get(`/api/product/3/${id}`, client)).statusCode).toBe(200);
  });

  it('shows a visitor a showroom or teaser product without prices, and nothing else', async () => {
    const crew = await categoryId('Crew', "Men's Socks");
    const showroom = await get(`/api/product/${crew}/${await productId('MS-CRW-001')}`);
    expect(showroom.statusCode).toBe(200);
    expect(productDetailSchema.parse(showroom.json())).toMatchObject({ pricing: null, price_discount: null });
    expect(showroom.body).not.toMatch(PRICE_FIELD);

    const teaser = await get(`/api/product/${crew}/${await productId('MS-CRW-012')}`);
    expect(teaser.statusCode).toBe(200);
    expect(teaser.json().pricing).toBeNull();

    const hidden = await get(
      `/api/product/${await categoryId('Wool Hiking')}/${await productId('MS-HIK-001')}`,
    );
    expect(hidden.statusCode).toBe(401);
    expect(hidden.json().error.message).toBe('Please log in to see this product.');
    expect(hidden.body).not.toMatch(PRICE_FIELD);
  });

  it('shows a visitor only the colours they may open, and a client all of them', async () => {
    // Argyle Heritage: Burgundy is the 10th product of Men's Socks (in the showroom), Camel the 11th.
    const burgundy = await productId('MS-CRW-010');
    const camel = await productId('MS-CRW-011');
    const url = `/api/product/${await categoryId('Crew', "Men's Socks")}/${burgundy}`;
    const forClient = productDetailSchema.parse((await get(url, client)).json());
    expect(forClient.others.map((o) => o.id)).toEqual([burgundy, camel]);
    const forVisitor = productDetailSchema.parse((await get(url)).json());
    expect(forVisitor.others.map((o) => o.id)).toEqual([burgundy]);
    expect(JSON.stringify(forVisitor)).not.toContain('Camel');
  });

  it('leaves prices out for clients too while the show-price setting is off', async () => {
    const url = `/api/product/${await categoryId('Crew', "Men's Socks")}/${await productId('MS-CRW-001')}`;
    expect((await get(url, client)).json().pricing).toBe(1499);
    await t.db
      .insert(settings)
      .values({ key: 'show_prices', value: false })
      .onConflictDoUpdate({ target: settings.key, set: { value: false } });
    await notifyCatalogChanged(t.db);
    try {
      const response = await get(url, client);
      expect(response.json()).toMatchObject({ pricing: null, price_discount: null });
      const phase = await get(`/api/phasebycategory/${await categoryId("Men's Socks")}`, client);
      expect(phase.body).not.toMatch(PRICE_FIELD);
      const search = await get('/api/product?term=maple', client);
      expect(search.body).not.toMatch(PRICE_FIELD);
    } finally {
      await t.db.update(settings).set({ value: true }).where(eq(settings.key, 'show_prices'));
      await notifyCatalogChanged(t.db);
    }
    expect((await get(url, client)).json().pricing).toBe(1499);
  });

  it('shows a stock or price change at once after notifyCatalogChanged', async () => {
    const id = await productId('MS-CRW-002');
    const crew = await categoryId('Crew', "Men's Socks");
    const url = `/api/product/${crew}/${id}`;
    const before = productDetailSchema.parse((await get(url, client)).json());
    const phaseBefore = phaseSchema.parse(
      (await get(`/api/phasebycategory/${await categoryId("Men's Socks")}`, client)).json(),
    );
    expect(phaseBefore.categories[0]?.products.find((p) => p.id === id)?.instock).toBe(before.instock);

    await t.db
      .update(stock)
      .set({ instock: sql`${stock.instock} - 1` })
      .where(and(eq(stock.productId, id), eq(stock.sizeId, 2)));
    await t.db.update(products).set({ pricing: 1599 }).where(eq(products.id, id));
    await notifyCatalogChanged(t.db, [id]);

    const after = productDetailSchema.parse((await get(url, client)).json());
    expect(after.instock).toBe(before.instock - 1);
    expect(after.size.find((s) => s.id === 2)?.instock).toBe(
      (before.size.find((s) => s.id === 2)?.instock ?? 0) - 1,
    );
    expect(after.pricing).toBe(1599);
    const phaseAfter = phaseSchema.parse(
      (await get(`/api/phasebycategory/${await categoryId("Men's Socks")}`, client)).json(),
    );
    expect(phaseAfter.categories[0]?.products.find((p) => p.id === id)).toMatchObject({
      instock: before.instock - 1,
      pricing: 1599,
    });
    const visitor = await get(url);
    expect(visitor.json().pricing).toBeNull();
    await t.db.update(products).set({ pricing: 1499 }).where(eq(products.id, id));
    await notifyCatalogChanged(t.db, [id]);
  });
});

describe('visits (GET api/product/{id}/visit, api/package/{id}/visit)', () => {
  it('counts visits without waiting for the write, and 404s unknown ids', async () => {
    const id = await productId('AC-BAG-001');
    const [pack] = await t.db.select().from(packages).limit(1);
    for (let i = 0; i < 3; i++) {
      const response = await get(`/api/product/${id}/visit`);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
    }
    expect((await get(`/api/package/${pack?.id}/visit`, client)).statusCode).toBe(204);
    const unknown = await get('/api/product/999999/visit');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Product was not found.');
    expect((await get('/api/package/999999/visit')).json().error.message).toBe('Package was not found.');

    await expect
      .poll(
        async () =>
          (await t.db.select({ v: products.visits }).from(products).where(eq(products.id, id)))[0]?.v,
        { timeout: 5_000 },
      )
      .toBe(3);
    await expect
      .poll(
        async () =>
          (
            await t.db
              .select({ v: packages.visits })
              .from(packages)
              .where(eq(packages.id, pack?.id ?? 0))
          )[0]?.v,
        { timeout: 5_000 },
      )
      .toBe(1);
  });
});

describe('package detail (GET api/package/{productId}/{packageId})', () => {
  it('gives the package, its colours and the other products of its category; a price only to clients', async () => {
    const box = await productId('GP-BOX-001');
    const [red] = await t.db.select().from(packages).where(eq(packages.code, 'GP-BOX-001-RED'));
    const response = await get(`/api/package/${box}/${red?.id}`, client);
    expect(response.statusCode).toBe(200);
    const body = packageDetailSchema.parse(response.json());
    expect(body).toMatchObject({
      id: red?.id,
      product_id: box,
      category_id: await categoryId('Gift Boxes'),
      name: 'Holiday Gift Box - Red',
      pricing: 5999,
      instock: 24,
      color: 'Red',
    });
    expect(body.others.map((o) => o.name)).toEqual([
      'Holiday Gift Box - Red',
      'Holiday Gift Box - Green',
      'Holiday Gift Box - Snow',
    ]);
    expect(body.products.map((p) => p.name)).toEqual(['Holiday Gift Box', 'Maple Sampler Box']);
    expect(body.products[0]?.pkId).toBe(red?.id);

    const visitor = await get(`/api/package/${box}/${red?.id}`);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().pricing).toBeNull();
  });

  it("answers 404 when the package is unknown or not the product's", async () => {
    const [red] = await t.db.select().from(packages).where(eq(packages.code, 'GP-BOX-001-RED'));
    const other = await get(`/api/package/${await productId('GP-BOX-002')}/${red?.id}`, client);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe('Package was not found.');
    expect((await get(`/api/package/${await productId('GP-BOX-001')}/999999`)).statusCode).toBe(404);
  });
});
