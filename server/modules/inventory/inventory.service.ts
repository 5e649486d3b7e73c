/**
 * Stock (spec storefront §7 inventory calls): per product (all sizes), per product and size, per
 * package, per category, and the check of cart lines. Reads go through the catalogue cache, tagged
 * with their product, so a stock change that calls notifyCatalogChanged shows at once.
 * Visitors may read the stock of what they may see: showroom and teaser products, and packages.
 */
import type { CategoryInventory, Instock, InventoryCheck, InventoryShort } from '../../../domain/catalog.ts';
import { VISITOR_PRODUCT_MESSAGE } from '../../../domain/catalog-display.ts';
import type { Database } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { CacheableReply, CatalogCache } from '../catalog/catalog-cache.ts';
import {
  selectCategoryStock,
  selectLineStock,
  selectPackageStock,
  selectProductStock,
  selectSizeStock,
} from './inventory.queries.ts';

export interface InventoryServiceDeps {
  db: Database;
  cache: CatalogCache;
  catalog: Pick<CatalogService, 'visibleTo' | 'categoryTree'>;
}

export function createInventoryService({ db, cache, catalog }: InventoryServiceDeps) {
  async function requireVisible(user: AuthUser | null, productId: number): Promise<void> {
    if (!(await catalog.visibleTo(user, productId)))
      throw new AppError('unauthorized', VISITOR_PRODUCT_MESSAGE, 401);
  }

  return {
    /** Stock of a product over all its sizes. */
    async product(user: AuthUser | null, id: number): Promise<Instock> {
      const stock = await cache.getOrLoad(`stock:product:${id}`, async () => {
        const [row] = await selectProductStock(db, id);
        return { value: row ?? null, tags: [id] };
      });
      if (!stock) throw notFound('Product');
      await requireVisible(user, id);
      return stock;
    },

    /** Stock of a product in one of its sizes (a size of another size type is unknown here). */
    async productSize(user: AuthUser | null, id: number, sizeId: number): Promise<Instock> {
      const found = await cache.getOrLoad(`stock:product:${id}:${sizeId}`, async () => {
        const [row] = await selectSizeStock(db, id, sizeId);
        return { value: row ?? null, tags: [id] };
      });
      if (!found) throw notFound('Product');
      if (found.size_id === null) throw notFound('Size');
      await requireVisible(user, id);
      return { instock: found.instock };
    },

    /** Stock of a package (public, as the package page is). */
    async package(id: number): Promise<Instock> {
      const stock = await cache.getOrLoad(`stock:package:${id}`, async () => {
        const [row] = await selectPackageStock(db, id);
        return row
          ? { value: { instock: row.instock }, tags: [row.product_id] }
          : { value: null, tags: 'structure' };
      });
      if (!stock) throw notFound('Package');
      return stock;
    },

    /** Stock of every product and size under a category, in display order. */
    async category(id: number): Promise<CacheableReply<CategoryInventory>> {
      const categories = (await catalog.categoryTree()).subtree(id);
      if (categories.length === 0) throw notFound('Category');
      return {
        key: `stock:category:${id}`,
        load: async () => ({ data: await selectCategoryStock(db, id, categories), tags: 'any' }),
      };
    },

    /**
     * The cart lines that lack stock, with the stock there is (0 for an unknown or inactive item,
     * or a sized product without a size). Read fresh: this guards a purchase.
     */
    async check({ lines }: InventoryCheck): Promise<InventoryShort> {
      if (lines.length === 0) return [];
      const rows = await selectLineStock(db, lines);
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
