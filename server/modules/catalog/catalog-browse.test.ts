import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { LoginRecord } from '../../../domain/auth.ts';
import {
  categoryCountSchema,
  categoryProductsSchema,
  dashboardTileSchema,
  dimensionSchema,
  HOME_LIST_PRODUCTS,
  homeProductsSchema,
  phaseSchema,
  phaseSummarySchema,
  rootCategorySchema,
  searchResultSchema,
  specialOfferRuleSchema,
  specialOfferSchema,
} from '../../../domain/catalog.ts';
import { GROUP_PAGE_SIZE, SEARCH_MIN_LENGTH } from '../../../domain/catalog-display.ts';
import { categories, products, specialOffers } from '../../db/schema.ts';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { notifyCatalogChanged } from './catalog-cache.ts';
import { catalogLookups } from './catalog-test-kit.ts';

let t: TestApp;
let client: LoginRecord;
const { get, productId, categoryId } = catalogLookups(() => t);

beforeAll(async () => {
  t = await createTestApp();
  client = await signUp(t.app);
});
afterAll(() => t.close());

describe('the home page lists (GET api/products/home)', () => {
  it('gives a visitor the newest and most visited of what a visitor may open, without prices', async () => {
    const response = await get('/api/products/home');
    expect(response.statusCode).toBe(200);
    const { newest, popular } = homeProductsSchema.parse(response.json());
    const teaser = (await get('/api/products/teaser')).json() as { id: number }[];
    const showroom = (await get('/api/getShowRoomProducts')).json() as {
      products: { product_id: number }[];
    }[];
    const open = new Set([
      ...teaser.map((p) => p.id),
      ...showroom.flatMap((c) => c.products.map((p) => p.product_id)),
    ]);
    for (const list of [newest, popular]) {
      expect(list).toHaveLength(HOME_LIST_PRODUCTS);
      expect(list.every((p) => open.has(p.id) && p.pricing === null)).toBe(true);
    }
  });

  it('gives a client the last added and the most visited active products, with prices', async () => {
    const last = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.active, true))
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(HOME_LIST_PRODUCTS);
    const favourite = await productId('WS-KNE-001');
    const [before] = await t.db
      .select({ visits: products.visits })
      .from(products)
      .where(eq(products.id, favourite));
    await t.db.update(products).set({ visits: 900 }).where(eq(products.id, favourite));
    await notifyCatalogChanged(t.db);
    try {
      const { newest, popular } = homeProductsSchema.parse((await get('/api/products/home', client)).json());
      expect(newest.map((p) => p.id)).toEqual(last.map((row) => row.id));
      expect(popular[0]).toMatchObject({ id: favourite, code: 'WS-KNE-001' });
      expect(popular).toHaveLength(HOME_LIST_PRODUCTS);
      expect([...newest, ...popular].every((p) => typeof p.pricing === 'number')).toBe(true);
    } finally {
      await t.db
        .update(products)
        .set({ visits: before?.visits ?? 0 })
        .where(eq(products.id, favourite));
      await notifyCatalogChanged(t.db);
    }
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

  it('matches word prefixes case-insensitively, socks before the accessories that name them', async () => {
    for (const term of ['SOCK', 'socks']) {
      const codes: string[] = [];
      for (
        let page = await search(term);
        page.body.length > 0;
        page = await search(term, `&offset=${codes.length}`)
      ) {
        codes.push(...page.body.map((p) => p.code));
      }
      const lastSock = codes.findLastIndex((code) => /^(MS|WS|KS)-/.test(code));
      const firstAccessory = codes.findIndex((code) => code.startsWith('AC-'));
      expect(codes.filter((code) => /^(MS|WS|KS)-/.test(code)).length, term).toBeGreaterThan(40);
      expect(firstAccessory, term).toBeGreaterThan(lastSock);
    }
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

  it('ranks a word in the name before the same word in a description', async () => {
    const names = (await search('cotton')).body.map((p) => p.name);
    const inName = names.filter((name) => name.includes('Cotton'));
    expect(inName.length).toBeGreaterThan(0);
    expect(names.length).toBeGreaterThan(inName.length);
    expect(names.slice(0, inName.length)).toEqual(inName);
  });

  it('stems English words and folds accents both ways', async () => {
    expect((await search('stripes')).body.map((p) => p.name)).toContain('Muskoka Stripe Crew Sock - Navy');
    expect((await search('dots')).body.map((p) => p.code)).toContain('WS-KNE-005');
    const accented = await productId('MS-CRW-001');
    const plain = await productId('MS-CRW-002');
    await t.db.update(products).set({ name: 'Montréal Night Sock' }).where(eq(products.id, accented));
    await t.db.update(products).set({ name: 'Montreal Day Sock' }).where(eq(products.id, plain));
    await notifyCatalogChanged(t.db);
    try {
      for (const term of ['montreal', 'MONTRÉAL', 'montré']) {
        expect((await search(term)).body.map((p) => p.id).sort(), term).toEqual([accented, plain].sort());
      }
    } finally {
      await t.db
        .update(products)
        .set({ name: 'Maple Leaf Crew Sock - Red' })
        .where(eq(products.id, accented));
      await t.db
        .update(products)
        .set({ name: 'Maple Leaf Crew Sock - Charcoal' })
        .where(eq(products.id, plain));
      await notifyCatalogChanged(t.db);
    }
  });

  it('tolerates a typo when no word matches, closest names first, with the total', async () => {
    const merino = await search('merno');
    expect(merino.body.length).toBeGreaterThan(0);
    expect(merino.body.every((p) => p.name.includes('Merino'))).toBe(true);
    expect(merino.total).toBe(merino.body.length);
    const sock = await search('sokc');
    expect(sock.body[0]?.name).toContain('Sock');
    const past = await search('sokc', '&offset=5000');
    expect(past).toEqual({ body: [], total: sock.total });
  });

  it('tolerates two letters swapped, which trigrams miss in a short word, and a typo beside a word', async () => {
    const maple = await search('mpale');
    expect(maple.body.length).toBeGreaterThan(0);
    expect(maple.body.every((p) => p.name.includes('Maple'))).toBe(true);
    // A plural with a swap finds the socks, not only the one name that spells it 'socks'.
    const sokcs = await search('sokcs', '&limit=24');
    expect(sokcs.total).toBeGreaterThan((await search('socks')).total / 2);
    expect(sokcs.body.filter((p) => !/sock/i.test(p.name)).map((p) => p.name)).toEqual([]);
    const leaf = await search('mpale lea');
    expect(leaf.body.map((p) => p.name)).toContain('Maple Leaf Crew Sock - Red');
    expect(leaf.body.every((p) => p.name.includes('Maple') && p.name.includes('Lea'))).toBe(true);
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
    expect((await search('maple leaf phone')).body.map((p) => p.id)).not.toContain(id);
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
