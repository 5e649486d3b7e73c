import { eq } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type {
  AdminCategoryTree,
  AdminProduct,
  ProductCreate,
  ProductList,
  SizeTypes,
} from '../../../domain/admin/catalogue.ts';
import type { LoginRecord } from '../../../domain/auth.ts';
import { buildApp } from '../../app.ts';
import { parseConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { auditLog, packages, products, stock } from '../../db/schema.ts';
import {
  bearer,
  createTestApp,
  expectAdminOnly,
  type InjectOptions,
  logIn,
  signUp,
  type TestApp,
} from '../../test/app.ts';
import { prepareSetupLink } from './setup.service.ts';

let t: TestApp;
let admin: LoginRecord;
let cashier: LoginRecord;
beforeAll(async () => {
  t = await createTestApp({ data: 'empty' });
  admin = await ownerOf(t);
  const created = await asAdmin({
    method: 'POST',
    url: '/api/admin/staff',
    payload: {
      user_name: 'till',
      first_name: 'Riley',
      last_name: 'Chen',
      email: 'till@example.ca',
      roles: ['POS'],
      password: 'Register2026!',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  cashier = await logIn(t.app, 'till', 'Register2026!');
});
afterAll(() => t.close());

/** An empty shop's owner, as the setup link makes them. */
async function ownerOf(app: TestApp): Promise<LoginRecord> {
  const token = (await prepareSetupLink(app.db))?.replace('/#/setup/', '') ?? '';
  const done = await app.app.inject({
    method: 'POST',
    url: '/api/setup',
    payload: {
      token,
      owner: {
        user_name: 'owner',
        first_name: 'Jo',
        last_name: 'Bouchard',
        email: 'jo@example.ca',
        password: 'Owner2026!',
      },
      store: {
        store_name: 'Northern Socks',
        seller_company_name: 'Northern Socks Ltd.',
        store_address: '12 Water St, Halifax, NS B3J 1A1',
        store_email: 'hello@example.ca',
        store_phone: '',
        store_province: 'NS',
        gst_hst_number: '123456789 RT0001',
      },
    },
  });
  expect(done.statusCode, done.body).toBe(201);
  return done.json<LoginRecord>();
}

const asAdmin = (call: InjectOptions) =>
  t.app.inject({ ...call, headers: { ...call.headers, ...bearer(admin) } });

async function png(color: string): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: color } })
    .png()
    .toBuffer();
}

function multipart(file: Buffer, filename: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----shop-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function uploadImage(app: TestApp['app'], file: Buffer, who: LoginRecord = admin) {
  const { payload, headers } = multipart(file, 'photo.png');
  return app.inject({
    method: 'POST',
    url: '/api/admin/images',
    payload,
    headers: { ...headers, ...bearer(who) },
  });
}

let tabId: number;
let groupId: number;
let sizeTypeId: number;
let images: string[];
let product: AdminProduct;

describe('the catalogue calls are for admins only', () => {
  it.each([
    { method: 'GET' as const, url: '/api/admin/categories' },
    { method: 'POST' as const, url: '/api/admin/categories', payload: { name: 'Socks' } },
    { method: 'PATCH' as const, url: '/api/admin/categories/1', payload: { version: 1, hidden: true } },
    { method: 'GET' as const, url: '/api/admin/size-types' },
    { method: 'POST' as const, url: '/api/admin/size-types', payload: { name: 'Socks', sizes: ['S'] } },
    { method: 'GET' as const, url: '/api/admin/products' },
    { method: 'POST' as const, url: '/api/admin/products', payload: { code: 'X' } },
    { method: 'GET' as const, url: '/api/admin/products/1' },
    { method: 'PATCH' as const, url: '/api/admin/products/1', payload: { version: 1, name: 'X' } },
    { method: 'POST' as const, url: '/api/admin/images', ...multipart(Buffer.from('x'), 'x.png') },
  ])('$method $url: 401 to a visitor, 403 to a client or POS staff', async (call) => {
    await expectAdminOnly(t.app, call, cashier);
  });
});

describe('tabs, groups and sizes', () => {
  it('creates a tab with its heading and a group under it', async () => {
    const tab = await asAdmin({
      method: 'POST',
      url: '/api/admin/categories',
      payload: { name: 'Socks', heading: 'Warm feet' },
    });
    expect(tab.statusCode, tab.body).toBe(201);
    tabId = tab.json<AdminCategoryTree>()[0]?.id ?? 0;
    const group = await asAdmin({
      method: 'POST',
      url: '/api/admin/categories',
      payload: { parent_id: tabId, name: 'Wool' },
    });
    expect(group.statusCode, group.body).toBe(201);
    const tree = group.json<AdminCategoryTree>();
    expect(tree).toMatchObject([
      { name: 'Socks', heading: 'Warm feet', groups: [{ name: 'Wool', parent_id: tabId }] },
    ]);
    groupId = tree[0]?.groups[0]?.id ?? 0;
    const root = await t.app.inject({ url: '/api/categories/root', headers: bearer(await signUp(t.app)) });
    expect(JSON.stringify(root.json())).toContain('Socks');
  });

  it('refuses a group under a group, an empty name, and a save from an older version', async () => {
    const deep = await asAdmin({
      method: 'POST',
      url: '/api/admin/categories',
      payload: { parent_id: groupId, name: 'Deep' },
    });
    expect(deep.statusCode).toBe(400);
    const elsewhere = await asAdmin({
      method: 'POST',
      url: '/api/admin/categories',
      payload: { name: 'Shoes', icon: 'https://example.com/icon.png' },
    });
    expect(elsewhere.json().error.fields?.icon).toContain('An image must be the address');
    const blank = await asAdmin({ method: 'POST', url: '/api/admin/categories', payload: { name: ' ' } });
    expect(blank.json().error.fields).toMatchObject({ name: 'Name is required.' });
    const renamed = await asAdmin({
      method: 'PATCH',
      url: `/api/admin/categories/${groupId}`,
      payload: { version: 1, name: 'Merino' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const stale = await asAdmin({
      method: 'PATCH',
      url: `/api/admin/categories/${groupId}`,
      payload: { version: 1, name: 'Alpaca' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('version_conflict');
    const tree = (await asAdmin({ url: '/api/admin/categories' })).json<AdminCategoryTree>();
    expect(tree[0]?.groups[0]).toMatchObject({ name: 'Merino', version: 2 });
  });

  it('creates a size type with its sizes in order', async () => {
    const created = await asAdmin({
      method: 'POST',
      url: '/api/admin/size-types',
      payload: { name: 'Socks', sizes: ['S', 'M', 'L'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const types = created.json<SizeTypes>();
    expect(types).toMatchObject([{ name: 'Socks', sizes: ['S', 'M', 'L'] }]);
    sizeTypeId = types[0]?.id ?? 0;
    const twice = await asAdmin({
      method: 'POST',
      url: '/api/admin/size-types',
      payload: { name: 'Bad', sizes: ['S', 's'] },
    });
    expect(twice.statusCode).toBe(400);
  });
});

describe('images', () => {
  it('turns an upload into the three variants, served to everyone', async () => {
    const first = await uploadImage(t.app, await png('#b03030'));
    expect(first.statusCode, first.body).toBe(200);
    const second = await uploadImage(t.app, await png('#3050b0'));
    images = [first.json().url, second.json().url];
    // Random hex names: a name starting with '-' or '_' would be no storage key (the local disk refuses it).
    for (const image of images) expect(image).toMatch(/^\/media\/full\/[0-9a-f]{24}\.webp$/);
    for (const [variant, side] of [
      ['full', 800],
      ['extra-small', 240],
      ['thumbnail', 96],
    ] as const) {
      const served = await t.app.inject({ url: (images[0] ?? '').replace('/full/', `/${variant}/`) });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect((await sharp(served.rawPayload).metadata()).width).toBe(side);
    }
    expect((await t.app.inject({ url: '/media/full/nothing-here.webp' })).statusCode).toBe(404);
  });

  it('refuses what is not an image', async () => {
    const text = await uploadImage(t.app, Buffer.from('hello, not an image'));
    expect(text.statusCode).toBe(415);
  });
});

describe('products', () => {
  const sock = (): ProductCreate => ({
    code: 'ns-wool-001',
    name: 'Merino Crew Sock - Red',
    short_description: 'Soft merino wool.',
    long_description: 'Knit in Nova Scotia.',
    price: 1800,
    sale_price: 1500,
    category_id: groupId,
    is_new: true,
    size_type_id: sizeTypeId,
    family: 'merino-crew',
    color: 'Red',
    images,
    box: { length_mm: 250, width_mm: 100, height_mm: 20, weight_g: 80 },
  });

  it('creates a sized product with its images and box, stock at 0 in each size, audited', async () => {
    const created = await asAdmin({ method: 'POST', url: '/api/admin/products', payload: sock() });
    expect(created.statusCode, created.body).toBe(201);
    product = created.json<AdminProduct>();
    expect(product).toMatchObject({
      code: 'NS-WOOL-001',
      price: 1800,
      sale_price: 1500,
      images,
      version: 1,
      active: true,
      box: { length_mm: 250, weight_g: 80 },
    });
    expect(product.stock.map((line) => [line.size_name, line.instock])).toEqual([
      ['S', 0],
      ['M', 0],
      ['L', 0],
    ]);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'product.create'));
    expect(entry?.entityId).toBe(String(product.id));
  });

  it('shows it in the storefront at once', async () => {
    const client = await signUp(t.app);
    const listed = await t.app.inject({
      url: `/api/categories/${groupId}/products?offset=0&limit=24`,
      headers: bearer(client),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.body).toContain('Merino Crew Sock - Red');
    const page = await t.app.inject({
      url: `/api/product/${groupId}/${product.id}`,
      headers: bearer(client),
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ name: 'Merino Crew Sock - Red', icon: images[0] });
  });

  it.each([
    [{ code: '' }, 'code', 'Code is required.'],
    [{ code: 'bad code' }, 'code', 'Code may contain only letters'],
    [{ price: -1 }, 'price', 'Price must be more than 0.'],
    [{ price: 0 }, 'price', 'Price must be more than 0.'],
    [{ sale_price: 0 }, 'sale_price', 'Sale price must be more than 0: leave it empty for no sale.'],
    [{ price: 12.5 }, 'price', 'Price must be a whole number.'],
    [{ sale_price: 1800 }, 'sale_price', 'Sale price must be less than the price.'],
    [{ category_id: 999_999 }, 'category_id', 'Choose a group under a tab.'],
    [{ images: ['https://example.com/x.png'] }, 'images.0', 'An image must be the address'],
    [
      { box: { length_mm: 0, width_mm: 1, height_mm: 1, weight_g: 1 } },
      'box.length_mm',
      'Length must be at least 1.',
    ],
    [{ name: '' }, 'name', 'Name is required.'],
  ])('refuses %j with the field message and writes nothing', async (change, field, message) => {
    const before = await t.db.select().from(products);
    const answer = await asAdmin({
      method: 'POST',
      url: '/api/admin/products',
      payload: { ...sock(), code: 'NS-NEW-002', ...change },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.fields?.[field]).toContain(message);
    expect(await t.db.select().from(products)).toEqual(before);
  });

  it('refuses a code another product has (409)', async () => {
    const again = await asAdmin({ method: 'POST', url: '/api/admin/products', payload: sock() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({ code: 'That code is already used.' });
  });

  it('saves a change from the current version, and refuses one from an older version', async () => {
    const saved = await asAdmin({
      method: 'PATCH',
      url: `/api/admin/products/${product.id}`,
      payload: { version: 1, price: 2000, sale_price: null },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AdminProduct>()).toMatchObject({ price: 2000, sale_price: null, version: 2 });
    // A second owner's form, opened at version 1, must not overwrite it.
    const stale = await asAdmin({
      method: 'PATCH',
      url: `/api/admin/products/${product.id}`,
      payload: { version: 1, price: 900 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('version_conflict');
    expect((await asAdmin({ url: `/api/admin/products/${product.id}` })).json<AdminProduct>()).toMatchObject({
      price: 2000,
      version: 2,
    });
    const below = await asAdmin({
      method: 'PATCH',
      url: `/api/admin/products/${product.id}`,
      payload: { version: 2, sale_price: 2500 },
    });
    expect(below.statusCode).toBe(400);
  });

  it('lists colour siblings of the same family', async () => {
    const blue = await asAdmin({
      method: 'POST',
      url: '/api/admin/products',
      payload: { ...sock(), code: 'NS-WOOL-002', name: 'Merino Crew Sock - Blue', color: 'Blue' },
    });
    expect(blue.statusCode, blue.body).toBe(201);
    expect(blue.json<AdminProduct>().siblings).toEqual([
      { id: product.id, code: 'NS-WOOL-001', color: 'Red' },
    ]);
  });

  it('hiding its group or tab takes it out of the shop; showing it brings it back', async () => {
    const client = await signUp(t.app);
    const seen = async () => {
      const detail = await t.app.inject({
        url: `/api/product/${groupId}/${product.id}`,
        headers: bearer(client),
      });
      const search = await t.app.inject({ url: '/api/product?term=merino', headers: bearer(client) });
      return { detail: detail.statusCode, found: search.body.includes('Merino Crew Sock - Red') };
    };
    expect(await seen()).toEqual({ detail: 200, found: true });
    const groupNow = async () =>
      (await asAdmin({ url: '/api/admin/categories' })).json<AdminCategoryTree>()[0]?.groups[0];
    const hideGroup = async (hidden: boolean) => {
      const group = await groupNow();
      const answer = await asAdmin({
        method: 'PATCH',
        url: `/api/admin/categories/${groupId}`,
        payload: { version: group?.version, hidden },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    await hideGroup(true);
    expect(await seen()).toEqual({ detail: 404, found: false });
    await hideGroup(false);
    expect(await seen()).toEqual({ detail: 200, found: true });

    const tab = (await asAdmin({ url: '/api/admin/categories' })).json<AdminCategoryTree>()[0];
    await asAdmin({
      method: 'PATCH',
      url: `/api/admin/categories/${tabId}`,
      payload: { version: tab?.version, hidden: true },
    });
    expect(await seen()).toEqual({ detail: 404, found: false });
    const hiddenTab = (await asAdmin({ url: '/api/admin/categories' })).json<AdminCategoryTree>()[0];
    await asAdmin({
      method: 'PATCH',
      url: `/api/admin/categories/${tabId}`,
      payload: { version: hiddenTab?.version, hidden: false },
    });
    expect(await seen()).toEqual({ detail: 200, found: true });
  });

  it('archives a product: it leaves the storefront, stays in the back office', async () => {
    const archived = await asAdmin({
      method: 'PATCH',
      url: `/api/admin/products/${product.id}`,
      payload: { version: 2, active: false },
    });
    expect(archived.statusCode, archived.body).toBe(200);
    const client = await signUp(t.app);
    const listed = await t.app.inject({
      url: `/api/categories/${groupId}/products?offset=0&limit=24`,
      headers: bearer(client),
    });
    expect(listed.body).not.toContain('Merino Crew Sock - Red');
    const list = (await asAdmin({ url: '/api/admin/products?archived=true' })).json<ProductList>();
    expect(list.products.map((p) => p.code)).toEqual(['NS-WOOL-001']);
    expect((await asAdmin({ url: '/api/admin/products/999999' })).statusCode).toBe(404);
    const stockRows = await t.db.select().from(stock).where(eq(stock.productId, product.id));
    expect(stockRows).toHaveLength(3);
  });

  it('still counts the products on a page past the last, so that the list can page back', async () => {
    for (const filter of ['', 'q=sock&', 'archived=false&']) {
      const first = (await asAdmin({ url: `/api/admin/products?${filter}page=1` })).json<ProductList>();
      expect(first.total, filter).toBeGreaterThan(0);
      const past = (await asAdmin({ url: `/api/admin/products?${filter}page=999` })).json<ProductList>();
      expect(past, filter).toMatchObject({ products: [], total: first.total, page: 999 });
    }
    const none = (await asAdmin({ url: '/api/admin/products?q=no-such-product&page=1' })).json<ProductList>();
    expect(none).toMatchObject({ products: [], total: 0, page: 1 });
  });
});

describe.runIf(inject('databases').kind === 'postgres')('two instances on one PostgreSQL', () => {
  it('serves from one instance the image uploaded through the other', async () => {
    const pool: unknown = Reflect.get(t.db, '$client');
    if (!(pool instanceof pg.Pool) || !pool.options.connectionString) throw new Error('not on PostgreSQL');
    const handle = await openDatabase({ url: pool.options.connectionString, poolSize: 2 });
    const other = await buildApp({
      config: parseConfig({ LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false' }),
      db: handle.db,
      logger: false,
    });
    try {
      await other.ready();
      const uploaded = await uploadImage(other, await png('#30a050'));
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const served = await t.app.inject({ url: uploaded.json().url });
      expect(served.statusCode).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).width).toBe(800);
    } finally {
      await other.close();
      await handle.close();
    }
  });
});

describe('packages', () => {
  let setId: number;
  let packageGroupId: number;

  it('sells boxed sets: a package tab, a set in its group, and its packages', async () => {
    const tab = await asAdmin({
      method: 'POST',
      url: '/api/admin/categories',
      payload: { name: 'Gifts', heading: 'Boxed sets', is_package: true },
    });
    expect(tab.statusCode, tab.body).toBe(201);
    const giftsId = tab.json<AdminCategoryTree>().find((t) => t.name === 'Gifts')?.id ?? 0;
    const group = await asAdmin({
      method: 'POST',
      url: '/api/admin/categories',
      payload: { parent_id: giftsId, name: 'Boxes' },
    });
    const gifts = group.json<AdminCategoryTree>().find((t) => t.id === giftsId);
    expect(gifts).toMatchObject({ is_package: true, groups: [{ name: 'Boxes', is_package: true }] });
    packageGroupId = gifts?.groups[0]?.id ?? 0;
    const set = await asAdmin({
      method: 'POST',
      url: '/api/admin/products',
      payload: {
        code: 'NS-GIFT-001',
        name: 'Three Pair Gift Box',
        price: 5500,
        category_id: packageGroupId,
        box: { length_mm: 300, width_mm: 200, height_mm: 80, weight_g: 450 },
      },
    });
    expect(set.statusCode, set.body).toBe(201);
    setId = set.json<AdminProduct>().id;

    const created = await asAdmin({
      method: 'POST',
      url: '/api/admin/packages',
      payload: {
        product_id: setId,
        code: 'ns-gift-red',
        name: 'Gift Box - Red',
        price: 5500,
        color: 'Red',
        icon: images[0],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<AdminProduct>().packages).toMatchObject([
      { code: 'NS-GIFT-RED', name: 'Gift Box - Red', price: 5500, instock: 0, version: 1, active: true },
    ]);
  });

  it('refuses a package of a product outside a package tab, a used code, a bad price; writes nothing', async () => {
    const before = await t.db.select().from(packages);
    const outside = await asAdmin({
      method: 'POST',
      url: '/api/admin/packages',
      payload: { product_id: product.id, code: 'NS-X', name: 'X', price: 100 },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.fields).toEqual({ product_id: 'This product is not in a package tab.' });
    const used = await asAdmin({
      method: 'POST',
      url: '/api/admin/packages',
      payload: { product_id: setId, code: 'NS-GIFT-RED', name: 'Again', price: 100 },
    });
    expect(used.statusCode).toBe(409);
    const negative = await asAdmin({
      method: 'POST',
      url: '/api/admin/packages',
      payload: { product_id: setId, code: 'NS-Y', name: 'Y', price: -5 },
    });
    expect(negative.json().error.fields).toMatchObject({ price: 'Price must be more than 0.' });
    const free = await asAdmin({
      method: 'POST',
      url: '/api/admin/packages',
      payload: { product_id: setId, code: 'NS-Y', name: 'Y', price: 0 },
    });
    expect(free.json().error.fields).toMatchObject({ price: 'Price must be more than 0.' });
    // A product's code names that product: a package cannot take it.
    const productsCode = await asAdmin({
      method: 'POST',
      url: '/api/admin/packages',
      payload: { product_id: setId, code: 'ns-gift-001', name: 'Same code', price: 100 },
    });
    expect(productsCode.statusCode).toBe(409);
    expect(productsCode.json().error).toMatchObject({
      message: 'A product has the code NS-GIFT-001.',
      fields: { code: 'That code is already used.' },
    });
    expect(await t.db.select().from(packages)).toEqual(before);
    // Nor can a product take a package's.
    const productsBefore = await t.db.select().from(products);
    const packagesCode = await asAdmin({
      method: 'POST',
      url: '/api/admin/products',
      payload: {
        code: 'NS-GIFT-RED',
        name: 'Another Gift Box',
        price: 5500,
        category_id: packageGroupId,
        box: { length_mm: 300, width_mm: 200, height_mm: 80, weight_g: 450 },
      },
    });
    expect(packagesCode.statusCode).toBe(409);
    expect(packagesCode.json().error.message).toBe('A package has the code NS-GIFT-RED.');
    expect(await t.db.select().from(products)).toEqual(productsBefore);
  });

  it('saves a change from the current version only', async () => {
    const [row] = await t.db.select().from(packages).where(eq(packages.code, 'NS-GIFT-RED'));
    const saved = await asAdmin({
      method: 'PATCH',
      url: `/api/admin/packages/${row?.id}`,
      payload: { version: 1, price: 4900 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AdminProduct>().packages[0]).toMatchObject({ price: 4900, version: 2 });
    const stale = await asAdmin({
      method: 'PATCH',
      url: `/api/admin/packages/${row?.id}`,
      payload: { version: 1, price: 100 },
    });
    expect(stale.statusCode).toBe(409);
    const client = await signUp(t.app);
    const shown = await t.app.inject({ url: `/api/package/${setId}/${row?.id}`, headers: bearer(client) });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.body).toContain('Gift Box - Red');
  });
});
