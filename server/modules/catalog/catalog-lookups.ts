/**
 * The small lookups behind the catalogue's rules, kept in the catalogue cache (catalog-cache.ts)
 * so that a cached reply still costs a map lookup and no query: the category tree, the show_prices
 * setting (who sees prices), the products a visitor may open, where a product sits, whether a
 * product or package exists, the categories' words and how common the search's lexemes are. Each
 * is tagged with what changes it, so notifyCatalogChanged drops it.
 */
import type { Database } from '../../db/database.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { readSettings } from '../settings/settings.service.ts';
import {
  type SearchCategoryRow,
  type SearchStatistics,
  searchStatisticsOf,
  selectActivePackage,
  selectActiveProduct,
  selectCategories,
  selectProductPlace,
  selectSearchCategories,
  selectSearchStatistics,
  selectShowroom,
  selectTeaser,
} from './catalog.queries.ts';
import type { CatalogCache } from './catalog-cache.ts';
import { buildCategoryTree, type CategoryTree } from './category-tree.ts';

/** Who is asking, as far as prices go: a visitor, a client with prices, a client while prices are off. */
export type PriceView = 'visitor' | 'priced' | 'unpriced';

/** show_prices is re-read this often even if a settings writer forgets notifyCatalogChanged. */
export const SETTINGS_MAX_AGE_MS = 1_000;

export function createCatalogLookups({ db, cache }: { db: Database; cache: CatalogCache }) {
  function categoryTree(): Promise<CategoryTree> {
    return cache.getOrLoad('tree', async () => ({
      value: buildCategoryTree(await selectCategories(db)),
      tags: 'structure',
    }));
  }

  function showPrices(): Promise<boolean> {
    return cache.getOrLoad('setting:show_prices', async () => ({
      value: (await readSettings(db)).show_prices,
      tags: 'structure',
      maxAgeMs: SETTINGS_MAX_AGE_MS,
    }));
  }

  /** The only products a visitor may open: the showroom's and the teaser's. */
  function visitorProductIds(): Promise<ReadonlySet<number>> {
    return cache.getOrLoad('visitor-products', async () => {
      const tree = await categoryTree();
      const [showroom, teaser] = await Promise.all([selectShowroom(db, tree), selectTeaser(db, tree)]);
      const ids = new Set([...showroom.map((row) => row.product_id), ...teaser.map((row) => row.id)]);
      return { value: ids, tags: 'structure' };
    });
  }

  /**
   * The share of products holding each common lexeme and in each category (PostgreSQL's
   * statistics), for searchScans: a few hundred numbers, re-read with the rest of the catalogue.
   */
  function searchStatistics(): Promise<SearchStatistics> {
    return cache.getOrLoad('search-statistics', async () => ({
      value: searchStatisticsOf(await selectSearchStatistics(db)),
      tags: 'structure',
    }));
  }

  /** Every category's lexemes and whether a search lists it, for searchScope. */
  function searchCategories(): Promise<readonly SearchCategoryRow[]> {
    return cache.getOrLoad('search-categories', async () => ({
      value: await selectSearchCategories(db),
      tags: 'structure',
    }));
  }

  return {
    categoryTree,
    visitorProductIds,
    searchStatistics,
    searchCategories,

    async viewOf(user: AuthUser | null): Promise<PriceView> {
      if (!user) return 'visitor';
      return (await showPrices()) ? 'priced' : 'unpriced';
    },

    async visibleTo(user: AuthUser | null, productId: number): Promise<boolean> {
      return user !== null || (await visitorProductIds()).has(productId);
    },

    /** The categories an active product may be asked for with (its own and those above it); null when unknown. */
    productLineage(id: number): Promise<readonly number[] | null> {
      return cache.getOrLoad(`lineage:product:${id}`, async () => {
        const [row] = await selectProductPlace(db, id);
        // A product of a hidden tab or group has no place in the storefront's tree.
        const lineage = row ? (await categoryTree()).lineage(row.category_id) : [];
        return { value: lineage.length > 0 ? lineage : null, tags: [id] };
      });
    },

    /** Whether an active product (or package) of this id exists, kept until the catalogue changes. */
    exists(what: 'product' | 'package', id: number): Promise<boolean> {
      return cache.getOrLoad(`exists:${what}:${id}`, async () => {
        const rows =
          what === 'product' ? await selectActiveProduct(db, id) : await selectActivePackage(db, id);
        return { value: rows.length > 0, tags: 'structure' };
      });
    },
  };
}
