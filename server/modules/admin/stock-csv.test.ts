import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StockHistory, StockImportResult, StockList } from '../../../domain/admin/stock.ts';
import type { LoginRecord } from '../../../domain/auth.ts';
import { auditLog, packages, products, sizes, stock, stockChanges } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.ts';
import { bearer, createTestApp, logIn, signUp, type TestApp } from '../../test/app.ts';
import { createStockCsvService } from './stock-csv.service.ts';

let t: TestApp;
let admin: LoginRecord;
let client: LoginRecord;
let pos: LoginRecord;
beforeAll(async () => {
  t = await createTestApp();
  admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
  pos = await logIn(t.app, DEMO_ACCOUNTS.pos.user_name, DEMO_ACCOUNTS.pos.password);
  client = await signUp(t.app);
});
afterAll(() => t.close());

const get = (url: string, who: LoginRecord | null = admin) =>
  t.app.inject({ method: 'GET', url, ...(who ? { headers: bearer(who) } : {}) });
const importCsv = (payload: Record<string, unknown>, who: LoginRecord | null = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/stock/import',
    payload,
    ...(who ? { headers: bearer(who) } : {}),
  });

async function productByCode(code: string) {
  const [row] = await t.db.select().from(products).where(eq(products.code, code));
  if (!row) throw new Error(`no product ${code}`);
  return row;
}

async function levelOf(code: string, sizeName: string): Promise<number> {
  const product = await productByCode(code);
  const [row] = await t.db
    .select({ instock: stock.instock })
    .from(stock)
    .innerJoin(sizes, eq(sizes.id, stock.sizeId))
    .where(and(eq(stock.productId, product.id), eq(sizes.name, sizeName)));
  if (!row) throw new Error(`no stock of ${code} ${sizeName}`);
  return row.instock;
}

const header = 'kind,code,size,name,price,sale_price,instock';

describe('who may call the stock list, history, export and import', () => {
  it('answers 401 to a visitor and 403 to a client or POS staff', async () => {
    for (const url of ['/api/admin/stock', '/api/admin/stock/history', '/api/admin/stock/export']) {
      expect((await get(url, null)).statusCode).toBe(401);
      expect((await get(url, client)).statusCode).toBe(403);
      expect((await get(url, pos)).statusCode).toBe(403);
    }
    expect((await importCsv({ csv: header }, null)).statusCode).toBe(401);
    expect((await importCsv({ csv: header }, client)).statusCode).toBe(403);
    expect((await importCsv({ csv: header }, pos)).statusCode).toBe(403);
  });
});

describe('GET api/admin/stock', () => {
  it('lists every product in each size and every package, by code, paged by 50', async () => {
    const response = await get('/api/admin/stock');
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json<StockList>();
    expect(list).toMatchObject({ page: 1, pageSize: 50 });
    expect(list.items).toHaveLength(50);
    expect(list.total).toBeGreaterThan(50);
    const codes = list.items.map((item) => item.code);
    expect(codes).toEqual([...codes].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const secondPage = (await get('/api/admin/stock?page=2')).json<StockList>();
    expect(secondPage.items[0]).not.toEqual(list.items[0]);
  });

  it('finds by code or name, wildcards taken literally', async () => {
    const list = (await get('/api/admin/stock?q=MS-CRW-001')).json<StockList>();
    expect(list.items.map((item) => item.size_name)).toEqual(['S', 'M', 'L', 'XL']);
    expect((await get('/api/admin/stock?q=%25')).json<StockList>().total).toBe(0);
  });

  it('lists what is low (10 or fewer, on sale), lowest first', async () => {
    const sock = await productByCode('MS-CRW-001');
    const [medium] = await t.db
      .select({ id: sizes.id })
      .from(sizes)
      .where(and(eq(sizes.typeId, sock.sizeTypeId ?? 0), eq(sizes.name, 'M')));
    await t.db
      .update(stock)
      .set({ instock: 2 })
      .where(and(eq(stock.productId, sock.id), eq(stock.sizeId, medium?.id ?? 0)));
    const list = (await get('/api/admin/stock?low=true')).json<StockList>();
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((item) => item.instock <= 10 && item.active)).toBe(true);
    const levels = list.items.map((item) => item.instock);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    expect(list.items).toContainEqual(
      expect.objectContaining({ code: 'MS-CRW-001', size_name: 'M', instock: 2 }),
    );
  });

  it('refuses a bad query with the field message', async () => {
    const response = await get('/api/admin/stock?page=0&low=maybe');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      page: 'Page must be at least 1.',
      low: 'Low must be true or false.',
    });
  });
});

describe('GET api/admin/stock/export and POST api/admin/stock/import', () => {
  it('exports the same file whatever the batches the cursor is read in', async () => {
    const whole = await createStockCsvService(t.db).exportCsv();
    const [items] = await t.db.select({ n: sql<number>`count(*)::int` }).from(stock);
    const [packs] = await t.db.select({ n: sql<number>`count(*)::int` }).from(packages);
    expect(parse(whole, { columns: true })).toHaveLength((items?.n ?? 0) + (packs?.n ?? 0));
    expect(await createStockCsvService(t.db, { exportBatch: 7 }).exportCsv()).toBe(whole);
  });

  it('exports every item with its prices in dollars, and imports the same file as no change', async () => {
    const response = await get('/api/admin/stock/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="stock-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parse(response.body, { columns: true }) as Record<string, string>[];
    const sock = await productByCode('MS-CRW-001');
    expect(rows).toContainEqual({
      kind: 'product',
      code: 'MS-CRW-001',
      size: 'L',
      name: sock.name,
      price: (sock.pricing / 100).toFixed(2),
      // What it sells for on sale, as the product form shows it; empty when it is not on sale.
      sale_price: sock.priceDiscount > 0 ? ((sock.pricing - sock.priceDiscount) / 100).toFixed(2) : '',
      instock: String(await levelOf('MS-CRW-001', 'L')),
    });
    expect(rows.some((row) => row.kind === 'package' && row.code === 'GP-BOX-001-WHITE')).toBe(true);

    const preview = await importCsv({ csv: response.body });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<StockImportResult>()).toMatchObject({ errors: 0, changed: 0, applied: false });
  });

  it('previews a change line by line without writing, then writes it all', async () => {
    const sock = await productByCode('MS-CRW-001');
    const largeBefore = await levelOf('MS-CRW-001', 'L');
    const csv = [
      header,
      `product,MS-CRW-001,L,Maple Crew,19.50,0,${largeBefore + 4}`,
      'product,MS-CRW-001,XL,Maple Crew,19.50,,',
      'package,GP-BOX-001-WHITE,,,,,3',
    ].join('\n');
    const historyBefore = (await t.db.select({ id: stockChanges.id }).from(stockChanges)).length;

    const preview = (await importCsv({ csv })).json<StockImportResult>();
    expect(preview).toMatchObject({ errors: 0, changed: 3, applied: false });
    expect(preview.lines[0]).toEqual({
      line: 2,
      kind: 'product',
      code: 'MS-CRW-001',
      size: 'L',
      changes: {
        name: { before: sock.name, after: 'Maple Crew' },
        price: { before: sock.pricing, after: 1950 },
        ...(sock.priceDiscount === 0
          ? {}
          : { sale_price: { before: sock.pricing - sock.priceDiscount, after: 0 } }),
        instock: { before: largeBefore, after: largeBefore + 4 },
      },
    });
    expect((await productByCode('MS-CRW-001')).name).toBe(sock.name);
    expect(await levelOf('MS-CRW-001', 'L')).toBe(largeBefore);

    const applied = await importCsv({ csv, apply: true });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<StockImportResult>()).toMatchObject({ errors: 0, changed: 3, applied: true });
    const after = await productByCode('MS-CRW-001');
    expect(after).toMatchObject({
      name: 'Maple Crew',
      pricing: 1950,
      priceDiscount: 0,
      version: sock.version + 1,
    });
    expect(await levelOf('MS-CRW-001', 'L')).toBe(largeBefore + 4);
    const [box] = await t.db.select().from(packages).where(eq(packages.code, 'GP-BOX-001-WHITE'));
    expect(box?.instock).toBe(3);

    const historyResponse = await get(`/api/admin/stock/history?productId=${sock.id}`);
    expect(historyResponse.statusCode, historyResponse.body).toBe(200);
    const history = historyResponse.json<StockHistory>();
    expect(history.entries[0]).toMatchObject({
      code: 'MS-CRW-001',
      size_name: 'L',
      before: largeBefore,
      after: largeBefore + 4,
      reason: 'counted',
      changedBy: expect.any(String),
    });
    const pastTheLast = (
      await get(`/api/admin/stock/history?productId=${sock.id}&page=999`)
    ).json<StockHistory>();
    expect(pastTheLast).toMatchObject({ entries: [], total: history.total });
    expect(history.total).toBeGreaterThan(0);
    expect((await t.db.select({ id: stockChanges.id }).from(stockChanges)).length).toBe(historyBefore + 2);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(sock.id)));
    expect(audits).toContainEqual(
      expect.objectContaining({
        action: 'product.import',
        entity: 'product',
        after: { name: 'Maple Crew', pricing: 1950, priceDiscount: 0 },
      }),
    );
  });

  it('reads sale_price as what the product sells for on sale, kept when only the price changes', async () => {
    const onSale = async (csv: string) => {
      const response = await importCsv({ csv: [header, csv].join('\n'), apply: true });
      expect(response.statusCode, response.body).toBe(200);
      const product = await productByCode('MS-CRW-002');
      const answered = await get(`/api/admin/products/${product.id}`);
      return answered.json<{ price: number; sale_price: number | null }>();
    };
    expect(await onSale('product,MS-CRW-002,M,,15.00,12.99,')).toMatchObject({
      price: 1500,
      sale_price: 1299,
    });
    expect(await onSale('product,MS-CRW-002,M,,16.00,,')).toMatchObject({ price: 1600, sale_price: 1299 });
    const exported = parse((await get('/api/admin/stock/export')).body, { columns: true }) as Record<
      string,
      string
    >[];
    expect(exported.find((row) => row.code === 'MS-CRW-002')).toMatchObject({
      price: '16.00',
      sale_price: '12.99',
    });
    expect(await onSale('product,MS-CRW-002,M,,,0,')).toMatchObject({ price: 1600, sale_price: null });
    const refused = await importCsv({ csv: [header, 'product,MS-CRW-002,M,,12.00,12.99,'].join('\n') });
    expect(refused.json<StockImportResult>().lines[0]?.error).toBe(
      'Sale price must be below the price (0 for none).',
    );
  });

  it('reads a name of only spaces as an empty cell: the name stays', async () => {
    const before = await productByCode('MS-CRW-004');
    const preview = (
      await importCsv({ csv: [header, 'product,MS-CRW-004,M,"   ",,,'].join('\n') })
    ).json<StockImportResult>();
    expect(preview.errors).toBe(0);
    expect(preview.lines[0]?.changes).toEqual({});
    const applied = await importCsv({
      csv: [header, 'product,MS-CRW-004,M,"   ",,,'].join('\n'),
      apply: true,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await productByCode('MS-CRW-004')).name).toBe(before.name);
  });

  it('finds the items it names whatever the case of their codes, and only those', async () => {
    const level = await levelOf('MS-CRW-001', 'M');
    const csv = [
      'kind,code,size,instock',
      `product,ms-crw-001,M,${level + 1}`,
      'package,gp-box-001-white,,9',
    ].join('\n');
    const preview = (await importCsv({ csv })).json<StockImportResult>();
    expect(preview).toMatchObject({ errors: 0, changed: 2, applied: false });
    expect(preview.lines.map((line) => line.changes.instock?.after)).toEqual([level + 1, 9]);
    const quoted = ['kind,code,size,instock', 'product,"MS-\\""{,}",,1'].join('\n');
    expect((await importCsv({ csv: quoted })).json<StockImportResult>()).toMatchObject({ errors: 1 });
  });

  it('names the problem of each bad line, and writes nothing while one has one', async () => {
    const before = await levelOf('MS-CRW-001', 'S');
    const csv = [
      header,
      `product,MS-CRW-001,S,,,,${before + 1}`,
      'product,NO-SUCH-1,,,,,1',
      'product,MS-CRW-001,XXL,,,,1',
      'product,AC-BAG-001,M,,,,1',
      'product,MS-CRW-001,M,,12.345,,',
      'product,MS-CRW-001,L,,,,-3',
      'gift,MS-CRW-001,L,,,,1',
      `product,MS-CRW-001,S,,,,${before + 2}`,
      'product,MS-CRW-001,XL,,10.00,12.00,',
      'package,GP-BOX-001-WHITE,,,,1.00,',
      `product,MS-CRW-002,M,${'A'.repeat(121)},,,`,
      'product,MS-CRW-003,S,,0,,',
    ].join('\n');
    const preview = (await importCsv({ csv })).json<StockImportResult>();
    expect(preview.errors).toBe(11);
    expect(preview.lines.map((line) => line.error)).toEqual([
      undefined,
      'There is no product with the code NO-SUCH-1.',
      'MS-CRW-001 has no size XXL.',
      'AC-BAG-001 has no sizes: leave the size empty.',
      'Price must be an amount in dollars, like 12.50.',
      'In stock must be a whole number from 0 to 1000000.',
      'Kind must be product or package.',
      'Line 2 already names this item.',
      'Sale price must be below the price (0 for none).',
      'A package has no sale price: leave it empty.',
      'Name cannot be more than 120 characters long.',
      'Price must be more than 0.',
    ]);

    const applied = await importCsv({ csv, apply: true });
    expect(applied.statusCode).toBe(400);
    expect(applied.json().error).toMatchObject({
      message: '11 lines have a problem: nothing was imported.',
      fields: { 'line 3': 'There is no product with the code NO-SUCH-1.' },
    });
    expect(await levelOf('MS-CRW-001', 'S')).toBe(before);
  });

  it('refuses a file it cannot read, with what is wrong', async () => {
    const unknown = await importCsv({ csv: 'code,colour\nMS-CRW-001,red' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(
      'Unknown column: colour. The columns are kind, code, size, name, price, sale_price, instock.',
    );
    const headerOnly = await importCsv({ csv: header });
    expect(headerOnly.statusCode).toBe(400);
    const ragged = await importCsv({ csv: `${header}\nproduct,MS-CRW-001` });
    expect(ragged.statusCode).toBe(400);
    expect(ragged.json().error.message).toMatch(/^The file is not a CSV this shop can read: /);
    const empty = await importCsv({ csv: '' });
    expect(empty.json().error.fields).toEqual({ csv: 'The CSV is empty.' });
  });
});
