/**
 * Stock (spec storefront §7 inventory calls): per product (all sizes), per product and size, per
 * package, per category, and the check of cart lines. Reads go through the catalogue cache, tagged
 * with their product, so a stock change that calls notifyCatalogChanged shows at once.
 * Visitors may read the stock of what they may see: showroom and teaser products, and packages.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type inventoryCheckSchema,
  type inventoryShortSchema,
  VISITOR_PRODUCT_MESSAGE,
} from '../../../domain/catalog.ts';
import { type Database, rowsOf } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import type { CatalogService, JsonReply } from '../catalog/catalog.service.ts';
import type { CatalogCache } from '../catalog/catalog-cache.ts';
import { categoryMap } from '../catalog/category-tree.ts';

type InventoryCheck = z.output<typeof inventoryCheckSchema>;
type InventoryShort = z.infer<typeof inventoryShortSchema>;

export interface InventoryServiceDeps {
  db: Database;
  cache: CatalogCache;
  catalog: Pick<CatalogService, 'visibleTo' | 'categoryTree'>;
}

const instockReply = (instock: number): JsonReply => ({ body: JSON.stringify({ instock }) });

export function createInventoryService({ db, cache, catalog }: InventoryServiceDeps) {
  async function requireVisible(user: AuthUser | null, productId: number): Promise<void> {
    if (!(await catalog.visibleTo(user, productId)))
      throw new AppError('unauthorized', VISITOR_PRODUCT_MESSAGE, 401);
  }

  return {
    /** Stock of a product over all its sizes. */
    async product(user: AuthUser | null, id: number): Promise<JsonReply> {
      const reply = await cache.getOrLoad(`stock:product:${id}`, async () => {
        const [row] = await rowsOf<{ instock: number }>(
          db,
          sql`SELECT coalesce((SELECT sum(s.instock) FROM stock s WHERE s.product_id = p.id), 0)::int AS instock
              FROM products p WHERE p.id = ${id} AND p.active`,
        );
        return { value: row ? instockReply(row.instock) : null, tags: [id] };
      });
      if (!reply) throw notFound('Product');
      await requireVisible(user, id);
      return reply;
    },

    /** Stock of a product in one of its sizes (a size of another size type is unknown here). */
    async productSize(user: AuthUser | null, id: number, sizeId: number): Promise<JsonReply> {
      const found = await cache.getOrLoad(`stock:product:${id}:${sizeId}`, async () => {
        const [row] = await rowsOf<{ size_id: number | null; instock: number }>(
          db,
          sql`SELECT z.id AS size_id, coalesce(st.instock, 0)::int AS instock
              FROM products p
              LEFT JOIN sizes z ON z.id = ${sizeId} AND z.type_id = p.size_type_id
              LEFT JOIN stock st ON st.product_id = p.id AND st.size_id = z.id
              WHERE p.id = ${id} AND p.active`,
        );
        const value = row ? { sized: row.size_id !== null, reply: instockReply(row.instock) } : null;
        return { value, tags: [id] };
      });
      if (!found) throw notFound('Product');
      if (!found.sized) throw notFound('Size');
      await requireVisible(user, id);
      return found.reply;
    },

    /** Stock of a package (public, as the package page is). */
    async package(id: number): Promise<JsonReply> {
      const reply = await cache.getOrLoad(`stock:package:${id}`, async () => {
        const [row] = await rowsOf<{ product_id: number; instock: number }>(
          db,
          sql`SELECT k.product_id, k.instock FROM packages k JOIN products p ON p.id = k.product_id
              WHERE k.id = ${id} AND p.active`,
        );
        return row
          ? { value: instockReply(row.instock), tags: [row.product_id] }
          : { value: null, tags: 'structure' };
      });
      if (!reply) throw notFound('Package');
      return reply;
    },

    /** Stock of every product and size under a category, in display order. */
    async category(id: number): Promise<JsonReply> {
      const tree = await catalog.categoryTree();
      const categories = tree.subtree(id);
      if (categories.length === 0) throw notFound('Category');
      return cache.getOrLoad(`stock:category:${id}`, async () => {
        const rows = await rowsOf(
          db,
          sql`SELECT s.product_id, s.size_id, s.instock
              FROM stock s JOIN products p ON p.id = s.product_id
              JOIN ${categoryMap([{ groupId: id, categories }])} ON cm.category_id = p.category_id
              LEFT JOIN sizes z ON z.id = s.size_id
              WHERE p.active
              ORDER BY cm.ord, p.sort_order, p.id, z.sort_order NULLS FIRST, s.size_id NULLS FIRST`,
        );
        return { value: { body: JSON.stringify(rows) }, tags: 'any' };
      });
    },

    /**
     * The cart lines that lack stock, with the stock there is (0 for an unknown or inactive item,
     * or a sized product without a size). Read fresh: this guards a purchase.
     */
    async check({ lines }: InventoryCheck): Promise<InventoryShort> {
      if (lines.length === 0) return [];
      const values: SQL[] = lines.map(
        (line, index) =>
          sql`(${index}::int, ${line.productId}::int, ${line.size_id}::int, ${line.packageId}::int, ${line.quantity}::int)`,
      );
      const rows = await rowsOf<{
        product_id: number;
        size_id: number | null;
        package_id: number | null;
        quantity: number;
        instock: number;
      }>(
        db,
        sql`SELECT v.product_id, v.size_id, v.package_id, v.quantity,
              coalesce(CASE WHEN v.package_id IS NOT NULL THEN
                (SELECT k.instock FROM packages k JOIN products p ON p.id = k.product_id
                  WHERE k.id = v.package_id AND p.active)
              ELSE
                (SELECT s.instock FROM stock s JOIN products p ON p.id = s.product_id
                  WHERE s.product_id = v.product_id AND s.size_id IS NOT DISTINCT FROM v.size_id AND p.active)
              END, 0)::int AS instock
            FROM (VALUES ${sql.join(values, sql`, `)}) AS v(line, product_id, size_id, package_id, quantity)
            ORDER BY v.line`,
      );
      return rows
        .filter((row) => row.instock < row.quantity)
        .map(({ product_id, size_id, package_id, instock }) => ({
          product_id,
          size_id,
          package_id,
          instock,
        }));
    },
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;
