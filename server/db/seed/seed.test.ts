import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, type Database, type DatabaseHandle, openDatabase, rowsOf } from '../database.ts';
import {
  categories,
  clients,
  countries,
  dimensions,
  messages,
  packages,
  productImages,
  products,
  provinces,
  settings,
  stock,
  taxComponents,
} from '../schema.ts';
import { IMAGE_VARIANTS, imageFile } from './images.ts';
import { DEMO_ACCOUNTS, seedDemoData } from './seed.ts';

const hashPassword = async (plain: string) => `x${plain}`;
const TABLES = { products, productImages, stock, dimensions, packages, categories, clients, settings };

async function countAll(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) counts[name] = await countRows(db, table);
  return counts;
}

let imagesDir: string;

beforeAll(async () => {
  imagesDir = await mkdtemp(path.join(tmpdir(), 'seed-images-'));
});

afterAll(async () => {
  await rm(imagesDir, { recursive: true, force: true });
});

describe('seedDemoData with the demo set', () => {
  let handle: DatabaseHandle;
  let db: Database;

  beforeAll(async () => {
    handle = await openDatabase({});
    await handle.migrate();
    db = handle.db;
    const first = await seedDemoData(db, { imagesDir, hashPassword });
    expect(first.seeded).toBe(true);
  });

  afterAll(() => handle.close());

  it('writes nothing the second time', async () => {
    const before = await countAll(db);
    const second = await seedDemoData(db, { imagesDir, hashPassword });
    expect(second).toMatchObject({ seeded: false, products: 0, imagesGenerated: 0 });
    expect(await countAll(db)).toEqual(before);
  });

  it('has a catalogue whose first category is the first shopping tab, and one empty group', async () => {
    expect(await countRows(db, products)).toBeGreaterThanOrEqual(60);
    const [first] = await db.select().from(categories).where(eq(categories.id, 1));
    expect(first).toMatchObject({ parentId: null, sortOrder: 1 });
    const emptyGroups = await db
      .select({ id: categories.id })
      .from(categories)
      .where(
        and(
          isNotNull(categories.parentId),
          notExists(db.select().from(products).where(eq(products.categoryId, categories.id))),
        ),
      );
    expect(emptyGroups).toHaveLength(1);
  });

  it('gives every product two or more images, each drawn in all three variants', async () => {
    const rows = await db
      .select({ productId: productImages.productId, image: productImages.image })
      .from(productImages)
      .orderBy(asc(productImages.productId));
    const perProduct = new Map<number, string[]>();
    for (const row of rows)
      perProduct.set(row.productId, [...(perProduct.get(row.productId) ?? []), row.image]);
    expect(perProduct.size).toBe(await countRows(db, products));
    for (const images of perProduct.values()) expect(images.length).toBeGreaterThanOrEqual(2);

    const names = new Set(rows.map((row) => row.image.match(/^\/images\/full\/(.+)\.webp$/)?.[1]));
    expect(names.has(undefined)).toBe(false);
    for (const name of names) {
      for (const variant of IMAGE_VARIANTS) await access(imageFile(imagesDir, variant.folder, name ?? ''));
    }
  });

  it('has well stocked, low and sold-out items, each with shipping dimensions', async () => {
    const levels = await db.select({ instock: stock.instock }).from(stock);
    expect(levels.filter((s) => s.instock === 0).length).toBeGreaterThan(0);
    expect(levels.filter((s) => s.instock > 0 && s.instock <= 10).length).toBeGreaterThan(0);
    expect(levels.filter((s) => s.instock >= 20).length).toBeGreaterThan(levels.length / 2);
    const measured = await db
      .select({ productId: dimensions.productId })
      .from(dimensions)
      .where(and(isNull(dimensions.sizeId), isNull(dimensions.packageId)));
    expect(measured).toHaveLength(await countRows(db, products));
  });

  it('writes no reference data: installReferenceData() does, on every start', async () => {
    for (const table of [messages, countries, provinces, taxComponents])
      expect(await countRows(db, table)).toBe(0);
    expect(await db.select({ key: settings.key }).from(settings)).toEqual([{ key: 'demo_seeded' }]);
  });

  it('has the demo accounts', async () => {
    const [admin] = await db
      .select()
      .from(clients)
      .where(eq(clients.userName, DEMO_ACCOUNTS.admin.user_name));
    expect(admin).toMatchObject({
      passwordHash: `x${DEMO_ACCOUNTS.admin.password}`,
      roles: ['CLIENT', 'POS', 'ADMIN'],
    });
  });
});

describe('seedDemoData with a larger catalogue', () => {
  it('tops the demo set up to the product count asked for', async () => {
    const handle = await openDatabase({});
    try {
      await handle.migrate();
      const result = await seedDemoData(handle.db, { imagesDir, hashPassword, products: 300 });
      expect(result).toMatchObject({ seeded: true, products: 300 });
      expect(await countRows(handle.db, products)).toBe(300);
      const unstocked = await handle.db
        .select({ id: products.id })
        .from(products)
        .where(notExists(handle.db.select().from(stock).where(eq(stock.productId, products.id))));
      expect(unstocked).toHaveLength(0);
      // The catalogue is analysed; the tables a new shop has yet to fill are left never analysed,
      // which PostgreSQL plans as tables that may grow (decision 025).
      const tables = await rowsOf<{ relname: string; reltuples: number }>(
        handle.db,
        sql`SELECT relname, reltuples::float8 AS reltuples FROM pg_class
            WHERE relname IN ('products', 'orders', 'carts', 'payment_method_owners') AND relkind = 'r'`,
      );
      expect(Object.fromEntries(tables.map((table) => [table.relname, table.reltuples]))).toEqual({
        products: 300,
        orders: -1,
        carts: -1,
        payment_method_owners: -1,
      });
    } finally {
      await handle.close();
    }
    // A database of its own, migrated and seeded with 300 products and their images: on a busy
    // two-core machine that takes longer than the suite's 30 s for one test.
  }, 120_000);
});
