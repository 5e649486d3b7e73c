import { and, eq, sql } from 'drizzle-orm';
import type { LoginRecord } from '../../../domain/auth.ts';
import { categories, products, stock } from '../../db/schema.ts';
import { bearer, type TestApp } from '../../test/app.ts';

/** A reply that carries a price: what visitors and wish-list mode must never get. */
export const PRICE_FIELD = /"(pricing|price_discount)":(?!null)/;

/**
 * What the catalogue's test files ask of their app: GET as a visitor or a client, and the demo
 * data's ids by code and name. `app` gives the file's app once its beforeAll has built it.
 */
export function catalogLookups(app: () => TestApp) {
  return {
    /** GET as a visitor (no record) or as the given client. */
    get(url: string, who?: LoginRecord) {
      return app().app.inject({ method: 'GET', url, ...(who ? { headers: bearer(who) } : {}) });
    },

    async productId(code: string): Promise<number> {
      const [row] = await app().db.select({ id: products.id }).from(products).where(eq(products.code, code));
      if (!row) throw new Error(`no product ${code}`);
      return row.id;
    },

    async categoryId(name: string, parentName?: string): Promise<number> {
      const { db } = app();
      const rows = await db.select().from(categories).where(eq(categories.name, name));
      const parent = parentName
        ? (await db.select().from(categories).where(eq(categories.name, parentName)))[0]
        : null;
      const row = parent
        ? rows.find((r) => r.parentId === parent.id)
        : rows.length === 1
          ? rows[0]
          : rows.find((r) => r.parentId === null);
      if (!row) throw new Error(`no category ${name}`);
      return row.id;
    },

    async stockOf(id: number, sizeId: number | null): Promise<number> {
      const [row] = await app()
        .db.select({ instock: stock.instock })
        .from(stock)
        .where(and(eq(stock.productId, id), sql`${stock.sizeId} IS NOT DISTINCT FROM ${sizeId}`));
      return row?.instock ?? 0;
    },
  };
}
