import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginRecord } from '../../../domain/auth.ts';
import type { CartChangeData } from '../../../domain/cart.ts';
import { rowsOf } from '../../db/database.ts';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { rowChecks } from '../../test/rows.ts';
import * as queries from './cart.queries.ts';

/**
 * The cart's statements answer rows of exactly their schemas' shapes, on the database this run
 * uses (PGlite, and PostgreSQL with TEST_DATABASE_URL): an empty cart, a cart with a sized product
 * and a package, the write of a valid and of a refused change, the item check of valid and refused
 * items, and the cart's lock. The cart with its dimensions is checked with checkout's context.
 */
const { expectRows, unchecked } = rowChecks(queries);
let t: TestApp;
let client: LoginRecord;
let sized: { id: number; size_id: number };
let pack: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  client = await signUp(t.app);
  const [product] = await rowsOf<{ id: number; size_id: number }>(
    t.db,
    sql`SELECT p.id, s.size_id FROM products p JOIN stock s ON s.product_id = p.id
        WHERE p.active AND s.size_id IS NOT NULL AND s.instock > 0 ORDER BY p.id LIMIT 1`,
  );
  const [firstPackage] = await rowsOf<{ id: number }>(t.db, sql`SELECT id FROM packages ORDER BY id LIMIT 1`);
  if (!product || !firstPackage) throw new Error('the demo data has a sized product and a package');
  sized = product;
  pack = firstPackage;
});
afterAll(() => t.close());

async function add(body: object) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/addcart',
    headers: bearer(client),
    payload: { userId: client.client_id, quantity: 1, ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
}

function change(fields: Partial<CartChangeData>): CartChangeData {
  return {
    cartId: 0,
    userId: client.client_id,
    productId: sized.id,
    quantity: 1,
    size_id: null,
    isPackage: false,
    ...fields,
  };
}

/** One of the sized product written into the cart of `clientId`, its rows checked. */
function addSized(clientId: number) {
  return expectRows(queries.writeCartLine, t.db, clientId, change({ size_id: sized.size_id }), 'add');
}

describe('the cart statements answer the shapes of their row schemas', () => {
  it('an empty cart is one row of settings with every line column null, and no line', async () => {
    const rows = await expectRows(queries.selectCart, t.db, client.client_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ line_id: null, product_id: null, package_id: null });
    expect(await queries.selectCartLines(t.db, client.client_id)).toEqual([]);
    expect(await expectRows(queries.selectCartHead, t.db)).toEqual([
      { show_prices: rows[0]?.show_prices, stock_text: rows[0]?.stock_text },
    ]);
  });

  it("a change before the client's first answers one row of nulls: no cart, nothing written", async () => {
    const newcomer = await signUp(t.app);
    const rows = await addSized(newcomer.client_id);
    expect(rows).toEqual([
      {
        item_problem: null,
        own_cart_id: null,
        written_line_id: null,
        cart_id: null,
        line_id: null,
        quantity: null,
        size_id: null,
        product_id: null,
        package_id: null,
      },
    ]);
  });

  it('a cart answers a row per line', async () => {
    await add({ productId: sized.id, size_id: sized.size_id });
    await add({ productId: pack.id, isPackage: true });
    const rows = await expectRows(queries.selectCart, t.db, client.client_id);
    expect(rows.map((row) => row.line_id)).not.toContain(null);
    expect(rows).toHaveLength(2);
    const lines = await expectRows(queries.selectCartLines, t.db, client.client_id);
    expect(lines.map((line) => line.line_id).sort()).toEqual(rows.map((row) => row.line_id).sort());
  });

  it('an item answers what the cart shows of it: a sized product, a package', async () => {
    const lines = await queries.selectCartLines(t.db, client.client_id);
    const full = await queries.selectCart(t.db, client.client_id);
    const [head] = await queries.selectCartHead(t.db);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      const [item] = await expectRows(queries.selectCartItem, t.db, line);
      expect({ ...head, ...line, ...item }).toEqual(
        expect.objectContaining(full.find((row) => row.line_id === line.line_id)),
      );
    }
  });

  it('a change written answers the cart with the ids written; a refused one its problem', async () => {
    const written = await addSized(client.client_id);
    expect(written).toHaveLength(2);
    const ownCartId = written[0]?.cart_id;
    expect(ownCartId).toEqual(expect.any(Number));
    expect(written[0]).toMatchObject({ item_problem: null, own_cart_id: ownCartId });
    expect(written.map((row) => row.line_id)).toContain(written[0]?.written_line_id);
    const refused = await expectRows(queries.writeCartLine, t.db, client.client_id, change({}), 'set');
    expect(refused).toHaveLength(2);
    expect(refused[0]).toMatchObject({
      item_problem: 'size_missing',
      own_cart_id: ownCartId,
      written_line_id: null,
    });
    const otherCart = await expectRows(
      queries.writeCartLine,
      t.db,
      client.client_id,
      change({ cartId: (ownCartId ?? 0) + 1, size_id: sized.size_id }),
      'add',
    );
    expect(otherCart).toEqual([
      expect.objectContaining({ own_cart_id: ownCartId, written_line_id: null, line_id: null }),
    ]);
  });

  it("a change written with its item answers the written line's item on its row, null on the others", async () => {
    for (const named of [
      change({ size_id: sized.size_id }),
      change({ productId: pack.id, isPackage: true }),
    ]) {
      const rows = await expectRows(queries.writeCartLineWithItem, t.db, client.client_id, named, 'add');
      expect(rows).toHaveLength(2);
      const written = rows.find((row) => row.line_id === row.written_line_id);
      const other = rows.find((row) => row.line_id !== row.written_line_id);
      if (!written || written.line_id === null) throw new Error('the written line is one of the rows');
      const [item] = await queries.selectCartItem(t.db, written);
      expect(written).toEqual(expect.objectContaining(item));
      expect(other).toMatchObject({
        category_id: null,
        code: null,
        product_stock: null,
        package_stock: null,
      });
    }
  });

  it("a line's write commits without waiting for the disk, and only its own transaction does", async () => {
    const synchronousCommit = async (db: typeof t.db) =>
      (await rowsOf<{ value: string }>(db, sql`SELECT current_setting('synchronous_commit') AS value`))[0]
        ?.value;
    await t.db.transaction(async (tx) => {
      expect(await synchronousCommit(tx)).toBe('on');
      await queries.writeCartLine(tx, client.client_id, change({ size_id: sized.size_id }), 'set');
      expect(await synchronousCommit(tx)).toBe('off');
    });
    expect(await synchronousCommit(t.db)).toBe('on');
  });

  it('the item check answers one row, with a problem or none', async () => {
    const cases = [
      { change: change({ size_id: sized.size_id }), problem: null },
      { change: change({}), problem: 'size_missing' },
      { change: change({ productId: pack.id, isPackage: true }), problem: null },
      { change: change({ productId: 2_000_000_000 }), problem: 'unknown_product' },
    ];
    for (const { change: item, problem } of cases) {
      const rows = await expectRows(queries.selectCheckedItem, t.db, item);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ problem });
    }
  });

  it("the lock answers the client's cart", async () => {
    expect(await expectRows(queries.lockCart, t.db, client.client_id)).toHaveLength(1);
  });

  it('every statement of cart.queries.ts is checked', () => expect(unchecked()).toEqual([]));
});
