import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { LoginRecord } from '../../../domain/auth.ts';
import {
  categoryCountSchema,
  categoryProductsSchema,
  dashboardTileSchema,
  dimensionSchema,
  GROUP_PAGE_SIZE,
  packageDetailSchema,
  phaseSchema,
  phaseSummarySchema,
  productDetailSchema,
  rootCategorySchema,
  SEARCH_MIN_LENGTH,
  searchResultSchema,
  showroomCategorySchema,
  specialOfferRuleSchema,
  specialOfferSchema,
  TEASER_PRODUCTS,
  teaserProductSchema,
} from '../../../domain/catalog.ts';
import { categories, packages, products, settings, specialOffers, stock } from '../../db/schema.ts';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { notifyCatalogChanged } from './catalog-cache.ts';

let t: TestApp;
let client: LoginRecord;

beforeAll(async () => {
  t = await createTestApp();
  client = await signUp(t.app);
});
afterAll(() => t.close());

/** GET as a visitor (no record) or as the given client. */
function get(url: string, who?: LoginRecord) {
  return t.app.inject({ method: 'GET', url, ...(who ? { headers: bearer(who) } : {}) });
}

async function productId(code: string): Promise<number> {
  const [row] = await t.db.select({ id: products.id }).from(products).where(eq(products.code, code));
  if (!row) throw new Error(`no product ${code}`);
  return row.id;
}

async function categoryId(name: string, parentName?: string): Promise<number> {
  const rows = await t.db.select().from(categories).where(eq(categories.name, name));
  const parent = parentName
    ? (await t.db.select().from(categories).where(eq(categories.name, parentName)))[0]
    : null;
  const row = parent
    ? rows.find((r) => r.parentId === parent.id)
    : rows.length === 1
      ? rows[0]
      : rows.find((r) => r.parentId === null);
  if (!row) throw new Error(`no category ${name}`);
  return row.id;
}

async function stockOf(id: number, sizeId: number | null): Promise<number> {
  const [row] = await t.db
    .select({ instock: stock.instock })
    .from(stock)
    .where(and(eq(stock.productId, id), sql`${stock.sizeId} IS NOT DISTINCT FROM ${sizeId}`));
  return row?.instock ?? 0;
}

const PRICE_FIELD = /"(pricing|price_discount)":(?!null)/;

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

describe('categories (logged-in)', () => {
  it('refuses visitors', async () => {
    for (const url of [
      '/api/categories/root',
      '/api/categories/counts',
      '/api/categories/top',
      '/api/categories/1/products',
      '/api/phasebycategory/1',
      '/api/phaseproduct',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('lists the root categories as tabs', async () => {
    const body = z.array(rootCategorySchema).parse((await get('/api/categories/root', client)).json());
    expect(body.map((c) => [c.name, c.isPackage])).toEqual([
      ["Men's Socks", false],
      ["Women's Socks", false],
      ["Kids' Socks", false],
      ['Gift Packages', true],
      ['Accessories', false],
    ]);
    expect(body[0]?.icon).toBe('/images/full/tab-mens-socks.webp');
    // Each tab names the categories under it, so categories/{group} opens the right tab.
    const mens = await categoryId("Men's Socks");
    expect(body[0]?.category_ids).toEqual([
      mens,
      await categoryId('Crew', "Men's Socks"),
      await categoryId('Dress', "Men's Socks"),
      await categoryId('Wool Hiking'),
      await categoryId('Ankle', "Men's Socks"),
    ]);
    const all = body.flatMap((tab) => tab.category_ids);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe((await t.db.select().from(categories)).length);
  });

  it('counts groups and products per tab', async () => {
    const body = z.array(categoryCountSchema).parse((await get('/api/categories/counts', client)).json());
    expect(body[0]).toMatchObject({ name: "Men's Socks", category_number: 4, product_number: 28 });
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.active, true));
    expect(body.reduce((sum, c) => sum + c.product_number, 0)).toBe(Number(row?.n));
  });

  it('ranks dashboard tiles and their products by visits', async () => {
    const moose = await productId('KS-EVD-002');
    await t.db.update(products).set({ visits: 500 }).where(eq(products.id, moose));
    await notifyCatalogChanged(t.db);
    const body = z.array(dashboardTileSchema).parse((await get('/api/categories/top', client)).json());
    expect(body[0]).toMatchObject({ name: "Kids' Socks", isPackage: false });
    expect(body[0]?.products[0]).toMatchObject({ id: moose, ctid: await categoryId('Everyday'), pkId: null });
    expect(body.every((tile) => tile.products.length <= 3)).toBe(true);
    const gifts = body.find((tile) => tile.isPackage);
    expect(gifts).toMatchObject({ types: 4, colours: 8 });
    expect(gifts?.products.every((p) => p.pkId !== null)).toBe(true);
    const mens = body.find((tile) => tile.name === "Men's Socks");
    expect(mens?.types).toBe(13);
  });

  it('pages through the products of a group or a tab, with the total', async () => {
    const mens = await categoryId("Men's Socks");
    const first = categoryProductsSchema.parse(
      (await get(`/api/categories/${mens}/products?limit=5`, client)).json(),
    );
    expect(first).toMatchObject({ id: mens, name: "Men's Socks", total: 28 });
    expect(first.products.map((p) => p.code)).toEqual([
      'MS-CRW-001',
      'MS-CRW-002',
      'MS-CRW-003',
      'MS-CRW-004',
      'MS-CRW-005',
    ]);
    expect(first.products[0]?.pricing).toBe(1499);
    const later = categoryProductsSchema.parse(
      (await get(`/api/categories/${mens}/products?offset=13&limit=2`, client)).json(),
    );
    expect(later.products.map((p) => p.code)).toEqual(['MS-DRS-001', 'MS-DRS-002']);
    const group = categoryProductsSchema.parse(
      (await get(`/api/categories/${await categoryId('Dress', "Men's Socks")}/products`, client)).json(),
    );
    expect(group.total).toBe(6);
    expect((await get('/api/categories/999999/products', client)).statusCode).toBe(404);
    expect((await get(`/api/categories/${mens}/products?limit=500`, client)).statusCode).toBe(400);
  });
});

describe('phases', () => {
  it('gives a tab its heading and its non-empty groups with counts and the first products', async () => {
    const mens = await categoryId("Men's Socks");
    const [empty] = await t.db
      .insert(categories)
      .values({ parentId: mens, name: 'Empty shelf', sortOrder: 9 })
      .returning({ id: categories.id });
    await notifyCatalogChanged(t.db);
    const body = phaseSchema.parse((await get(`/api/phasebycategory/${mens}`, client)).json());
    expect(body.short_description).toBe('Everyday crew socks knitted in Canada');
    expect(body.categories.map((g) => [g.name, g.product_count])).toEqual([
      ['Crew', 13],
      ['Dress', 6],
      ['Wool Hiking', 5],
      ['Ankle', 4],
    ]);
    expect(body.categories.every((g) => g.products.length <= GROUP_PAGE_SIZE)).toBe(true);
    expect(body.categories[0]?.products[0]).toMatchObject({
      code: 'MS-CRW-001',
      pricing: 1499,
      price_discount: 200,
    });
    expect(body.categories.some((g) => g.id === empty?.id)).toBe(false);
    const gifts = phaseSchema.parse(
      (await get(`/api/phasebycategory/${await categoryId('Gift Packages')}`, client)).json(),
    );
    expect(gifts.categories[0]?.products[0]?.pkId).not.toBeNull();
  });

  it('answers 404 for a category that is not a tab', async () => {
    const response = await get(`/api/phasebycategory/${await categoryId('Crew', "Men's Socks")}`, client);
    expect(response.statusCode).toBe(404);
    expect((await get('/api/phasebycategory/999999', client)).statusCode).toBe(404);
  });

  it('lists every phase (GET api/phaseproduct)', async () => {
    const body = z.array(phaseSummarySchema).parse((await get('/api/phaseproduct', client)).json());
    expect(body).toHaveLength(5);
    expect(body[0]).toMatchObject({ category_id: await categoryId("Men's Socks") });
  });
});

describe('search (GET api/product?term=)', () => {
  const search = async (term: string, query = '') => {
    const response = await get(`/api/product?term=${encodeURIComponent(term)}${query}`, client);
    expect(response.statusCode, response.body).toBe(200);
    return {
      body: z.array(searchResultSchema).parse(response.json()),
      total: Number(response.headers['x-total-count']),
    };
  };

  it('refuses visitors, and texts under 3 characters with the contract message', async () => {
    expect((await get('/api/product?term=maple')).statusCode).toBe(401);
    for (const term of ['ma', '  ab  ', '']) {
      const response = await get(`/api/product?term=${encodeURIComponent(term)}`, client);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(`Please type at least ${SEARCH_MIN_LENGTH} characters.`);
    }
    expect((await get('/api/product', client)).statusCode).toBe(400);
    expect((await get(`/api/product?term=${'a'.repeat(101)}`, client)).statusCode).toBe(400);
    expect((await search('mer')).total).toBeGreaterThan(0);
  });

  it('puts an exact product code first, whatever its case', async () => {
    const { body, total } = await search('ms-crw-001');
    expect(body[0]).toMatchObject({ code: 'MS-CRW-001', category_name: 'Crew', pricing: 1499 });
    expect(total).toBe(body.length);
    const prefix = await search('MS-CRW-01');
    expect(prefix.body.map((p) => p.code).sort()).toEqual([
      'MS-CRW-010',
      'MS-CRW-011',
      'MS-CRW-012',
      'MS-CRW-013',
    ]);
  });

  it('matches word prefixes case-insensitively, ranking names that start with the text first', async () => {
    const { body } = await search('SOCK');
    const starts = body.map((p) => p.name.toLowerCase().startsWith('sock'));
    expect(starts.indexOf(false)).toBeGreaterThan(0);
    expect(starts.slice(starts.indexOf(false)).includes(true)).toBe(false);
    const leaf = await search('leaf');
    expect(leaf.body.map((p) => p.name)).toContain('Maple Leaf Crew Sock - Red');
    const words = await search('maple cr');
    expect(words.body.map((p) => p.code).sort()).toEqual(['MS-CRW-001', 'MS-CRW-002', 'MS-CRW-003']);
    expect((await search('knee merino')).body.map((p) => p.code).sort()).toEqual([
      'WS-KNE-003',
      'WS-KNE-004',
    ]);
    expect((await search('zzzzz')).body).toEqual([]);
  });

  it('finds products by their category name, and tolerates a final s', async () => {
    const toques = await search('toques');
    expect(toques.body.map((p) => p.category_name)).toEqual(['Toques', 'Toques', 'Toques']);
    const kids = await search("kids'");
    expect(kids.total).toBe(10);
  });

  it('pages with offset and limit and tells the total in X-Total-Count', async () => {
    const all = await search('sock', '&limit=24');
    expect(all.total).toBeGreaterThan(24);
    expect(all.body).toHaveLength(24);
    const second = await search('sock', '&offset=24&limit=24');
    expect(second.total).toBe(all.total);
    expect(second.body[0]?.id).not.toBe(all.body[0]?.id);
    const past = await search('sock', '&offset=5000');
    expect(past.body).toEqual([]);
    expect(past.total).toBe(all.total);
    const suggestions = await search('sock', '&limit=8');
    expect(suggestions.body.map((p) => p.id)).toEqual(all.body.slice(0, 8).map((p) => p.id));
    expect((await get('/api/product?term=sock&limit=25', client)).statusCode).toBe(400);
  });

  it('leaves inactive products out', async () => {
    const id = await productId('AC-PHN-003');
    expect((await search('maple leaf phone')).body.map((p) => p.id)).toEqual([id]);
    await t.db.update(products).set({ active: false }).where(eq(products.id, id));
    await notifyCatalogChanged(t.db);
    expect((await search('maple leaf phone')).body).toEqual([]);
    await t.db.update(products).set({ active: true }).where(eq(products.id, id));
    await notifyCatalogChanged(t.db);
  });
});

describe('dimensions', () => {
  it('lists every dimension (GET api/Dimension/all)', async () => {
    const response = await get('/api/Dimension/all');
    expect(response.statusCode).toBe(200);
    const body = z.array(dimensionSchema).parse(response.json());
    expect(body.some((d) => d.package_id !== null)).toBe(true);
    expect(body.find((d) => d.product_id === 1 && d.size_id === null)).toMatchObject({
      length: 250,
      width: 100,
      height: 20,
      weight: 80,
    });
  });

  it("gives a product's size measures first (POST api/Dimension/byproductid)", async () => {
    const id = await productId('MS-CRW-001');
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/dimension/byproductid', payload });
    const sized = z.array(dimensionSchema).parse((await post({ product_id: id, size_id: 4 })).json());
    expect(sized[0]).toMatchObject({ size_id: 4, length: 288, weight: 92 });
    expect(sized[1]).toMatchObject({ size_id: null, length: 250 });
    const plain = z.array(dimensionSchema).parse((await post({ product_id: id, size_id: null })).json());
    expect(plain).toHaveLength(1);
    expect((await post({ product_id: 999999, size_id: null })).statusCode).toBe(404);
    expect((await post({ product_id: 'one' })).statusCode).toBe(400);
    expect((await post({ product_id: id, extra: 1 })).statusCode).toBe(400);
  });
});

describe('special offers', () => {
  it("lists the active offers, one by id, its rules, and a product's", async () => {
    const all = z.array(specialOfferSchema).parse((await get('/api/allspecialoffers')).json());
    expect(all).toHaveLength(2);
    const [general, maple] = all;
    expect(specialOfferSchema.parse((await get(`/api/specialoffer/${general?.id}`)).json()).title).toBe(
      'Free shipping in Ontario from CDN$150',
    );
    expect(specialOfferRuleSchema.parse((await get(`/api/specialofferrule/${maple?.id}`)).json())).toEqual({
      id: maple?.id,
      title: 'Maple Leaf Crew: CDN$2 off every pair',
      rules: 'While stock lasts. Cannot be combined with gift-box pricing.',
    });
    const red = await productId('MS-CRW-001');
    const forRed = z.array(specialOfferSchema).parse((await get(`/api/specialoffer/product/${red}`)).json());
    expect(forRed.map((o) => o.id)).toEqual([maple?.id]);
    expect((await get(`/api/specialoffer/product/${await productId('MS-CRW-004')}`)).json()).toEqual([]);
    expect((await get('/api/specialoffer/product/999999')).statusCode).toBe(404);
  });

  it('hides offers that are inactive or outside their dates', async () => {
    const [maple] = await t.db
      .select()
      .from(specialOffers)
      .where(sql`${specialOffers.productId} IS NOT NULL`);
    const url = `/api/specialoffer/${maple?.id}`;
    await t.db
      .update(specialOffers)
      .set({ endsAt: new Date(Date.now() - 60_000) })
      .where(eq(specialOffers.id, maple?.id ?? 0));
    const ended = await get(url);
    expect(ended.statusCode).toBe(404);
    expect(ended.json().error.message).toBe('Special offer was not found.');
    expect((await get(`/api/specialofferrule/${maple?.id}`)).statusCode).toBe(404);
    await t.db
      .update(specialOffers)
      .set({ endsAt: null, startsAt: new Date(Date.now() + 3_600_000) })
      .where(eq(specialOffers.id, maple?.id ?? 0));
    expect((await get(url)).statusCode).toBe(404);
    await t.db
      .update(specialOffers)
      .set({ startsAt: null, active: false })
      .where(eq(specialOffers.id, maple?.id ?? 0));
    expect((await get(url)).statusCode).toBe(404);
    expect(z.array(specialOfferSchema).parse((await get('/api/allspecialoffers')).json())).toHaveLength(1);
    await t.db
      .update(specialOffers)
      .set({ active: true })
      .where(eq(specialOffers.id, maple?.id ?? 0));
    expect((await get(url)).statusCode).toBe(200);
  });
});
