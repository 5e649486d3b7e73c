import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { LoginRecord } from '../../../domain/auth.ts';
import { rowsOf } from '../../db/database.ts';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/app.ts';
import {
  CART_ROWS,
  cartDimensionRowSchema,
  cartHeadRowSchema,
  cartLineRowSchema,
  cartRows,
  checkedItem,
  ownLines,
} from './cart.queries.ts';

/**
 * The cart's statements answer rows of exactly their schemas' shapes, on the database this run
 * uses (PGlite, and PostgreSQL with TEST_DATABASE_URL): a cart with a sized product and a package,
 * an empty cart, and the item check of valid and refused items.
 */
let t: TestApp;
let client: LoginRecord;
let sized: { id: number; size_id: number };
let pack: { id: number };

const lineRow = cartHeadRowSchema.extend(cartLineRowSchema.shape).strict();
const emptyRow = cartHeadRowSchema
  .extend(
    z.object(Object.fromEntries(Object.keys(cartLineRowSchema.shape).map((key) => [key, z.null()]))).shape,
  )
  .strict();
const checkedItemRowSchema = z
  .object({
    product_id: z.number().int().nullable(),
    package_id: z.number().int().nullable(),
    size_id: z.number().int().nullable(),
    problem: z.string().nullable(),
  })
  .strict();

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

describe('the cart statements answer the shapes of their row schemas', () => {
  it('an empty cart is one row of settings with every line column null', async () => {
    const rows = await rowsOf(t.db, sql`WITH lines AS (${ownLines(client.client_id)}) ${CART_ROWS}`);
    expect(rows).toHaveLength(1);
    expect(emptyRow.parse(rows[0])).toEqual(rows[0]);
  });

  it('a cart answers a row per line, with its dimensions when asked', async () => {
    await add({ productId: sized.id, size_id: sized.size_id });
    await add({ productId: pack.id, isPackage: true });
    const rows = await rowsOf(t.db, sql`WITH lines AS (${ownLines(client.client_id)}) ${CART_ROWS}`);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(lineRow.parse(row)).toEqual(row);
    const withDimensions = await rowsOf(
      t.db,
      sql`WITH lines AS (${ownLines(client.client_id)}) ${cartRows({ withDimensions: true })}`,
    );
    expect(withDimensions).toHaveLength(2);
    const dimensioned = lineRow.extend(cartDimensionRowSchema.shape).strict();
    for (const row of withDimensions) expect(dimensioned.parse(row)).toEqual(row);
  });

  it('the item check answers one row, with a problem or none', async () => {
    const cases = [
      { productId: sized.id, size_id: sized.size_id, problem: null },
      { productId: sized.id, size_id: null, problem: 'size_missing' },
      { productId: pack.id, size_id: null, isPackage: true, problem: null },
      { productId: 2_000_000_000, size_id: null, problem: 'unknown_product' },
    ];
    for (const { problem, ...change } of cases) {
      const rows = await rowsOf(
        t.db,
        checkedItem({ cartId: 0, userId: client.client_id, quantity: 1, isPackage: false, ...change }),
      );
      expect(rows).toHaveLength(1);
      expect(checkedItemRowSchema.parse(rows[0])).toMatchObject({ problem });
    }
  });
});
