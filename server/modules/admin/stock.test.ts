import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STOCK_LEVEL_MAX,
  STOCK_PAGE_SIZE,
  type StockChange,
  type StockList,
} from '../../../domain/admin/stock.ts';
import type { LoginRecord } from '../../../domain/auth.ts';
import { instockSchema } from '../../../domain/catalog.ts';
import { packages, products, sizes, stock, stockChanges } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.ts';
import { bearer, createTestApp, logIn, signUp, type TestApp } from '../../test/app.ts';

let t: TestApp;
let admin: LoginRecord;
beforeAll(async () => {
  t = await createTestApp();
  admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
});
afterAll(() => t.close());

function put(payload: unknown, who: LoginRecord | null = admin) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/admin/stock',
    payload: payload as Record<string, unknown>,
    ...(who ? { headers: bearer(who) } : {}),
  });
}

async function product(code: string) {
  const [row] = await t.db.select().from(products).where(eq(products.code, code));
  if (!row) throw new Error(`no product ${code}`);
  return row;
}

async function sizeOf(productCode: string, name: string): Promise<number> {
  const { sizeTypeId } = await product(productCode);
  if (sizeTypeId === null) throw new Error(`${productCode} has no sizes`);
  const [row] = await t.db
    .select({ id: sizes.id })
    .from(sizes)
    .where(and(eq(sizes.typeId, sizeTypeId), eq(sizes.name, name)));
  if (!row) throw new Error(`no size ${name}`);
  return row.id;
}

async function level(productId: number, sizeId: number | null): Promise<number | undefined> {
  const [row] = await t.db
    .select({ instock: stock.instock })
    .from(stock)
    .where(
      and(eq(stock.productId, productId), sizeId === null ? isNull(stock.sizeId) : eq(stock.sizeId, sizeId)),
    );
  return row?.instock;
}

const historyCount = async () => (await t.db.select({ id: stockChanges.id }).from(stockChanges)).length;

describe('PUT api/admin/stock', () => {
  it('answers 401 to a visitor and 403 to a client or a POS staff member, whatever the body', async () => {
    expect((await put([], null)).statusCode).toBe(401);
    expect((await put({ nonsense: true }, await signUp(t.app))).statusCode).toBe(403);
    const pos = await logIn(t.app, DEMO_ACCOUNTS.pos.user_name, DEMO_ACCOUNTS.pos.password);
    expect((await put([], pos)).json().error.code).toBe('forbidden');
  });

  it('sets a level and adjusts another, records both, and the storefront shows them at once', async () => {
    const sock = await product('MS-CRW-001');
    const medium = await sizeOf('MS-CRW-001', 'M');
    const large = await sizeOf('MS-CRW-001', 'L');
    const largeBefore = (await level(sock.id, large)) ?? 0;
    // Read through the storefront first, so that its cached answer must be dropped.
    const client = await signUp(t.app);
    await t.app.inject({ url: `/api/inventory/product/${sock.id}/${medium}`, headers: bearer(client) });

    const response = await put([
      { productId: sock.id, size_id: medium, instock: 42, reason: 'counted' },
      { productId: sock.id, size_id: large, adjust: 5, reason: 'received' },
    ] satisfies StockChange[]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      { productId: sock.id, size_id: medium, packageId: null, before: expect.any(Number), instock: 42 },
      { productId: sock.id, size_id: large, packageId: null, before: largeBefore, instock: largeBefore + 5 },
    ]);
    expect(await level(sock.id, medium)).toBe(42);
    expect(await level(sock.id, large)).toBe(largeBefore + 5);
    const shown = await t.app.inject({
      url: `/api/inventory/product/${sock.id}/${medium}`,
      headers: bearer(client),
    });
    expect(instockSchema.parse(shown.json()).instock).toBe(42);

    const history = await t.db
      .select()
      .from(stockChanges)
      .where(and(eq(stockChanges.productId, sock.id), eq(stockChanges.sizeId, large)));
    expect(history.at(-1)).toMatchObject({
      before: largeBefore,
      after: largeBefore + 5,
      reason: 'received',
      changedBy: admin.client_id,
    });
  });

  it('sets the stock of a product without sizes and of a package', async () => {
    const bag = await product('AC-BAG-001');
    const [box] = await t.db.select().from(packages).where(eq(packages.code, 'GP-BOX-001-WHITE'));
    if (!box) throw new Error('no package');
    const response = await put([
      { productId: bag.id, instock: 7, reason: 'counted' },
      { productId: box.productId, packageId: box.id, adjust: -1, reason: 'damaged' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(await level(bag.id, null)).toBe(7);
    const [after] = await t.db
      .select({ instock: packages.instock })
      .from(packages)
      .where(eq(packages.id, box.id));
    expect(after?.instock).toBe(box.instock - 1);
  });

  it('writes nothing when one line would go below zero, and says which', async () => {
    const bag = await product('AC-BAG-001');
    await put([{ productId: bag.id, instock: 3, reason: 'counted' }]);
    const changes = await historyCount();
    const response = await put([
      { productId: bag.id, instock: 10, reason: 'received' },
      { productId: bag.id, adjust: -11, reason: 'damaged' },
    ]);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'not_enough_stock',
      message: 'AC-BAG-001 has 10 in stock: it cannot go down by 11.',
    });
    expect(await level(bag.id, null)).toBe(3);
    expect(await historyCount()).toBe(changes);
  });

  it('refuses bad lines with a message for the field, and writes nothing', async () => {
    const sock = await product('MS-CRW-001');
    const bag = await product('AC-BAG-001');
    const medium = await sizeOf('MS-CRW-001', 'M');
    const changes = await historyCount();
    const before = await level(sock.id, medium);
    const cases: [unknown, number, string, string][] = [
      [[], 400, 'body', 'Send at least one stock change.'],
      [{ productId: sock.id }, 400, 'body', 'Send a list of stock changes.'],
      [[{ productId: sock.id, size_id: medium, reason: 'counted' }], 400, '0.instock', 'Give either'],
      [
        [{ productId: sock.id, size_id: medium, instock: 1, adjust: 1, reason: 'counted' }],
        400,
        '0.instock',
        'not both',
      ],
      [[{ productId: sock.id, size_id: medium, instock: 1 }], 400, '0.reason', 'Reason must be'],
      [
        [{ productId: sock.id, size_id: medium, instock: -1, reason: 'counted' }],
        400,
        '0.instock',
        'at least 0',
      ],
      [
        [{ productId: sock.id, size_id: medium, instock: 1.5, reason: 'counted' }],
        400,
        '0.instock',
        'whole number',
      ],
      [
        [{ productId: sock.id, size_id: medium, instock: STOCK_LEVEL_MAX + 1, reason: 'counted' }],
        400,
        '0.instock',
        'more than',
      ],
      [[{ productId: 2_147_483_648, instock: 1, reason: 'counted' }], 400, '0.productId', 'not a valid id'],
      [[{ productId: sock.id, size_id: medium, instock: 1, reason: 'counted', price: 1 }], 400, '0', 'price'],
      [[{ productId: sock.id, instock: 1, reason: 'counted' }], 400, 'size_id', 'not a size'],
      [[{ productId: bag.id, size_id: medium, instock: 1, reason: 'counted' }], 400, 'size_id', 'no sizes'],
      [[{ productId: 999_999, instock: 1, reason: 'counted' }], 404, '', 'Product 999999 was not found.'],
      [[{ productId: sock.id, packageId: 999_999, instock: 1, reason: 'counted' }], 404, '', 'was not found'],
    ];
    for (const [payload, status, field, text] of cases) {
      const response = await put(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      const { error } = response.json();
      if (field) expect(Object.keys(error.fields ?? {}).join(' '), JSON.stringify(payload)).toContain(field);
      expect(`${error.message} ${Object.values(error.fields ?? {}).join(' ')}`).toContain(text);
    }
    expect(await level(sock.id, medium)).toBe(before);
    expect(await historyCount()).toBe(changes);
  });
});

describe('GET api/admin/stock', () => {
  /** Every item as the list shows it, read plainly: products in each size and packages, by code and size. */
  async function everyItem(pattern?: RegExp) {
    const sized = await t.db
      .select({
        code: products.code,
        name: products.name,
        sizeOrder: sizes.sortOrder,
        sizeId: stock.sizeId,
        instock: stock.instock,
      })
      .from(stock)
      .innerJoin(products, eq(products.id, stock.productId))
      .leftJoin(sizes, eq(sizes.id, stock.sizeId));
    const packs = await t.db
      .select({ code: packages.code, name: packages.name, instock: packages.instock })
      .from(packages);
    return [
      ...sized.map((row) => ({ ...row, sizeOrder: row.sizeOrder ?? 0, isPackage: false })),
      ...packs.map((row) => ({ ...row, sizeOrder: 0, sizeId: null, isPackage: true })),
    ]
      .filter((item) => !pattern || pattern.test(item.code) || pattern.test(item.name))
      .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : a.sizeOrder - b.sizeOrder));
  }

  async function list(query: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/stock?${query}`,
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(200);
    return response.json<StockList>();
  }

  it('lists every item by code and size, packages among them, a page at a time, with the total', async () => {
    const expected = await everyItem();
    const first = await list('page=1');
    const second = await list('page=2');
    expect(first.total).toBe(expected.length);
    const shown = [...first.items, ...second.items].map((item) => [
      item.code,
      item.size_id,
      item.packageId !== null,
    ]);
    expect(shown).toEqual(
      expected.slice(0, 2 * STOCK_PAGE_SIZE).map((item) => [item.code, item.sizeId, item.isPackage]),
    );
  });

  it('narrows the list to the codes and names holding the text, and counts those', async () => {
    for (const [text, pattern] of [
      ['GiFt', /gift/i],
      ['sOcK', /sock/i],
    ] as const) {
      const expected = await everyItem(pattern);
      const pages = [await list(`q=${text}&page=1`), await list(`q=${text}&page=2`)];
      expect(pages[0]?.total, text).toBe(expected.length);
      expect(
        pages.flatMap((page) =>
          page.items.map((item) => [
            item.code,
            item.size_id,
            item.packageId !== null,
            item.name,
            item.instock,
          ]),
        ),
        text,
      ).toEqual(
        expected
          .slice(0, 2 * STOCK_PAGE_SIZE)
          .map((item) => [item.code, item.sizeId, item.isPackage, item.name, item.instock]),
      );
    }
    expect((await everyItem(/sock/i)).length).toBeGreaterThan(STOCK_PAGE_SIZE);
  });

  it('still counts the items on a page past the last, so that the list can page back', async () => {
    const low = (await list('low=true&page=1')).total;
    for (const [query, total] of [
      ['page=999', (await everyItem()).length],
      ['q=sOcK&page=999', (await everyItem(/sock/i)).length],
      ['low=true&page=999', low],
    ] as const) {
      expect(total, query).toBeGreaterThan(0);
      expect(await list(query), query).toMatchObject({ items: [], total, page: 999 });
    }
  });
});
