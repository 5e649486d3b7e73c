/** Taking a sale's stock: every item or none, products and packages each in one statement. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ShortStock, type SoldItem, takeStock } from './stock-taking.ts';

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
