/** Taking a sale's stock: every item or none, products and packages each in one statement. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rowsOf } from '../../db/database.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { untilSomeoneWaitsForALock } from '../../test/locks.ts';
import { applyStockChanges } from '../admin/stock.service.ts';
import { createStockCsvService } from '../admin/stock-csv.service.ts';
import { putBackStock, ShortStock, type SoldItem, takeStock } from './stock-taking.ts';

let t: TestApp;
/** Two sized stock rows of different products, and a package. */
let first: { product_id: number; size_id: number };
let second: { product_id: number; size_id: number };
let pack: { id: number; product_id: number };

async function levels() {
  const [row] = await rowsOf<{ first: number; second: number; pack: number }>(
    t.db,
    sql`SELECT
          (SELECT instock FROM stock WHERE product_id = ${first.product_id} AND size_id = ${first.size_id}) AS first,
          (SELECT instock FROM stock WHERE product_id = ${second.product_id} AND size_id = ${second.size_id}) AS second,
          (SELECT instock FROM packages WHERE id = ${pack.id}) AS pack`,
  );
  if (!row) throw new Error('no stock levels');
  return row;
}

const item = (
  stockRow: { product_id: number; size_id: number },
  quantity: number,
  name: string,
): SoldItem => ({
  productId: stockRow.product_id,
  sizeId: stockRow.size_id,
  packageId: null,
  quantity,
  name,
});

beforeAll(async () => {
  t = await createTestApp();
  const sized = await rowsOf<{ product_id: number; size_id: number }>(
    t.db,
    sql`SELECT DISTINCT ON (product_id) product_id, size_id FROM stock WHERE size_id IS NOT NULL
        ORDER BY product_id, size_id LIMIT 2`,
  );
  const [a, b] = sized;
  const [k] = await rowsOf<{ id: number; product_id: number }>(
    t.db,
    sql`SELECT id, product_id FROM packages ORDER BY id LIMIT 1`,
  );
  if (!a || !b || !k) throw new Error('the demo data has sized products and a package');
  [first, second, pack] = [a, b, k];
  await t.db.execute(
    sql`UPDATE stock SET instock = 10 WHERE product_id IN (${a.product_id}, ${b.product_id})`,
  );
  await t.db.execute(sql`UPDATE packages SET instock = 4 WHERE id = ${k.id}`);
});
afterAll(() => t.close());

describe('takeStock', () => {
  it('takes every item of a sale, the same item on two lines summed', async () => {
    await t.db.transaction((tx) =>
      takeStock(tx, [
        item(second, 2, 'Second'),
        item(first, 1, 'First'),
        { productId: pack.product_id, sizeId: null, packageId: pack.id, quantity: 3, name: 'Gift box' },
        item(second, 3, 'Second'),
      ]),
    );
    expect(await levels()).toEqual({ first: 9, second: 5, pack: 1 });
  });

  it('takes nothing when one item is short, and names it', async () => {
    const before = await levels();
    const sale = t.db.transaction((tx) =>
      takeStock(tx, [
        item(first, 1, 'First'),
        item(second, before.second + 1, 'Second'),
        { productId: pack.product_id, sizeId: null, packageId: pack.id, quantity: 1, name: 'Gift box' },
      ]),
    );
    await expect(sale).rejects.toEqual(new ShortStock('Second'));
    expect(await levels()).toEqual(before);
    const packageShort = t.db.transaction((tx) =>
      takeStock(tx, [
        item(first, 1, 'First'),
        { productId: pack.product_id, sizeId: null, packageId: pack.id, quantity: 99, name: 'Gift box' },
      ]),
    );
    await expect(packageShort).rejects.toEqual(new ShortStock('Gift box'));
    expect(await levels()).toEqual(before);
  });

  it('refuses an item that has no stock row at all', async () => {
    const before = await levels();
    const sale = t.db.transaction((tx) =>
      takeStock(tx, [
        item(first, 1, 'First'),
        item({ product_id: first.product_id, size_id: 999_999 }, 1, 'Odd size'),
      ]),
    );
    await expect(sale).rejects.toEqual(new ShortStock('Odd size'));
    expect(await levels()).toEqual(before);
  });
});

describe.runIf(inject('databases').kind === 'postgres')('several stock rows written beside a sale', () => {
  async function ownerId(): Promise<{ id: number }> {
    const [owner] = await rowsOf<{ id: number }>(t.db, sql`SELECT id FROM clients WHERE user_name = 'admin'`);
    if (!owner) throw new Error('the demo data has an owner');
    return owner;
  }

  type Levels = Awaited<ReturnType<typeof levels>>;
  /**
   * Writers of several rows, each naming the package before the product, as a refund's lines or a
   * stock file's may; and the levels each leaves once the sale (one of each) is done too.
   */
  const writers: { name: string; write: () => Promise<unknown>; after: (before: Levels) => Levels }[] = [
    {
      name: 'a refund put back (putBackStock)',
      write: () =>
        t.db.transaction((tx) =>
          putBackStock(tx, [
            { productId: pack.product_id, sizeId: null, packageId: pack.id, quantity: 1 },
            { productId: first.product_id, sizeId: first.size_id, packageId: null, quantity: 1 },
          ]),
        ),
      after: (before) => before,
    },
    {
      name: 'stock changes (applyStockChanges)',
      write: async () => {
        const owner = await ownerId();
        await t.db.transaction((tx) =>
          applyStockChanges(tx, owner, [
            { productId: pack.product_id, size_id: null, packageId: pack.id, adjust: 1, reason: 'counted' },
            {
              productId: first.product_id,
              size_id: first.size_id,
              packageId: null,
              adjust: 1,
              reason: 'counted',
            },
          ]),
        );
      },
      after: (before) => before,
    },
    {
      name: "a stock file with the package's new price (importCsv)",
      write: async () => {
        const [names] = await rowsOf<{ product: string; size: string; package: string; price: number }>(
          t.db,
          sql`SELECT (SELECT code FROM products WHERE id = ${first.product_id}) AS product,
                (SELECT name FROM sizes WHERE id = ${first.size_id}) AS size,
                (SELECT code FROM packages WHERE id = ${pack.id}) AS package,
                (SELECT pricing FROM packages WHERE id = ${pack.id}) AS price`,
        );
        if (!names) throw new Error('no codes');
        const level = (await levels()).first;
        const csv = [
          'kind,code,size,name,price,sale_price,instock',
          `package,${names.package},,,${((names.price + 100) / 100).toFixed(2)},,`,
          `product,${names.product},${names.size},,,,${level + 5}`,
        ].join('\n');
        const result = await createStockCsvService(t.db).importCsv(await ownerId(), { csv, apply: true });
        expect(result).toMatchObject({ errors: 0, changed: 2, applied: true });
      },
      after: (before) => ({ ...before, first: before.first + 5, pack: before.pack - 1 }),
    },
  ];

  it.each(writers)('$name locks rows in the order a sale does: both finish', async ({ write, after }) => {
    const before = await levels();
    let saleHoldsFirst!: () => void;
    const firstTaken = new Promise<void>((resolve) => (saleHoldsFirst = resolve));
    let writerWaits!: () => void;
    const goOn = new Promise<void>((resolve) => (writerWaits = resolve));
    // A sale of [first, the package] part way: it holds first's row, and wants the package's next.
    const sale = t.db.transaction(async (tx) => {
      await takeStock(tx, [item(first, 1, 'First')]);
      saleHoldsFirst();
      await goOn;
      await takeStock(tx, [
        { productId: pack.product_id, sizeId: null, packageId: pack.id, quantity: 1, name: 'Gift box' },
      ]);
    });
    await firstTaken;
    const writer = write();
    await untilSomeoneWaitsForALock(t.db);
    writerWaits();
    const outcomes = await Promise.allSettled([sale, writer]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(await levels()).toEqual(after(before));
  });
});
