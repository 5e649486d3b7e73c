import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  DashboardTile,
  PackageDetail,
  Phase,
  ProductCard,
  RootCategory,
  TeaserProduct,
} from '../../../domain/catalog.ts';
import { GROUP_PAGE_SIZE } from '../../../domain/catalog-display.ts';
import { api } from '../../lib/api.ts';
import {
  CATALOGUE_STALE_MS,
  catalogKeys,
  productDetailQuery,
  showroomQuery,
} from '../../lib/catalog-queries.ts';
import { nextGroupOffset } from './catalog-rules.ts';

/**
 * Data hooks of the catalogue (spec storefront §7 "Catalogue and search"). The catalogue changes
 * rarely: lists are fetched once a session and kept (a shopping tab opened again fetches nothing);
 * stock is asked for fresh, and becomes 0 when its call fails (spec §8).
 * Failed catalogue calls show nothing to the shopper; the API client has already logged them.
 */

type CategoryProducts = { id: number; name: string; total: number; products: ProductCard[] };

/** GET api/categories/root: the shopping tabs. */
export function useRootCategories() {
  return useQuery({
    queryKey: catalogKeys.roots,
    queryFn: ({ signal }) => api.get<RootCategory[]>('/api/categories/root', { signal }),
    staleTime: CATALOGUE_STALE_MS,
    gcTime: CATALOGUE_STALE_MS,
  });
}

/**
 * GET api/phasebycategory/{categoryId}: one tab's heading and groups, fetched when the tab opens.
 * A closed tab's phase is kept as long as it is fresh (not only the 5 minutes TanStack keeps
 * unused data), so a tab already loaded is not fetched again (spec §2 Shopping page).
 */
export function phaseQuery(categoryId: number) {
  return queryOptions({
    queryKey: catalogKeys.phase(categoryId),
    queryFn: ({ signal }) => api.get<Phase>(`/api/phasebycategory/${categoryId}`, { signal }),
    staleTime: CATALOGUE_STALE_MS,
    gcTime: CATALOGUE_STALE_MS,
  });
}

export function usePhase(categoryId: number) {
  return useQuery(phaseQuery(categoryId));
}

/**
 * GET api/categories/{id}/products?offset=&limit=: the rest of a group, a page at a time, asked for
 * only when the shopper presses 'Show more' (the phase already holds the first page).
 */
export function useMoreGroupProducts(categoryId: number, firstPageSize: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: catalogKeys.group(categoryId),
    initialPageParam: firstPageSize,
    queryFn: ({ pageParam, signal }) =>
      api.get<CategoryProducts>(
        `/api/categories/${categoryId}/products?offset=${pageParam}&limit=${GROUP_PAGE_SIZE}`,
        { signal },
      ),
    getNextPageParam: (last, pages) =>
      nextGroupOffset(
        firstPageSize,
        pages.map((page) => page.products.length),
        last.total,
      ),
    enabled,
    staleTime: CATALOGUE_STALE_MS,
  });
}

/** GET api/getShowRoomProducts (public). */
export function useShowroom() {
  return useQuery(showroomQuery);
}

/** GET api/products/teaser (public). */
export function useTeaserProducts() {
  return useQuery({
    queryKey: catalogKeys.teaser,
    queryFn: ({ signal }) => api.get<TeaserProduct[]>('/api/products/teaser', { signal }),
    staleTime: CATALOGUE_STALE_MS,
  });
}

/** GET api/categories/top: ranked by visits, so it is asked for again on each visit of the page. */
export function useDashboardTiles() {
  return useQuery({
    queryKey: catalogKeys.dashboard,
    queryFn: ({ signal }) => api.get<DashboardTile[]>('/api/categories/top', { signal }),
    staleTime: 60_000,
  });
}

export function useProductDetail(ctid: number, id: number) {
  return useQuery(productDetailQuery(ctid, id));
}

/** GET api/package/{productId}/{packageId}. */
export function usePackageDetail(productId: number, pkId: number) {
  return useQuery({
    queryKey: catalogKeys.package(productId, pkId),
    queryFn: ({ signal }) => api.get<PackageDetail>(`/api/package/${productId}/${pkId}`, { signal }),
    staleTime: 60_000,
    enabled: productId > 0 && pkId > 0,
    // Switching colours keeps the page on screen while the next package loads.
    placeholderData: keepPreviousData,
  });
}

/** Stock is 0 when the stock call fails (spec §8). */
async function instockOrZero(path: string, signal: AbortSignal): Promise<number> {
  try {
    const { instock } = await api.get<{ instock: number }>(path, { signal });
    return typeof instock === 'number' ? instock : 0;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return 0;
  }
}

/**
 * GET api/inventory/product/{id}[/{sizeId}]: the stock of the product (in the size when sized).
 * Until it answers, `fallback` (the stock the product detail came with) is shown.
 */
export function useProductStock(
  id: number,
  sizeId: number | null,
  fallback: number | undefined,
  enabled = true,
) {
  return useQuery({
    queryKey: catalogKeys.productStock(id, sizeId),
    queryFn: ({ signal }) =>
      instockOrZero(`/api/inventory/product/${id}${sizeId === null ? '' : `/${sizeId}`}`, signal),
    enabled: enabled && id > 0,
    staleTime: 5_000,
    placeholderData: fallback,
  });
}

/** GET api/inventory/package/{id}. */
export function usePackageStock(pkId: number, fallback: number | undefined) {
  return useQuery({
    queryKey: catalogKeys.packageStock(pkId),
    queryFn: ({ signal }) => instockOrZero(`/api/inventory/package/${pkId}`, signal),
    enabled: pkId > 0,
    staleTime: 5_000,
    placeholderData: fallback,
  });
}

/** Records a visit (GET api/product/{id}/visit); fire-and-forget, a failure is only logged. */
export function recordProductVisit(id: number): void {
  api.get(`/api/product/${id}/visit`).catch(() => undefined);
}

/** Records a visit of a package (GET api/package/{id}/visit); fire-and-forget. */
export function recordPackageVisit(pkId: number): void {
  api.get(`/api/package/${pkId}/visit`).catch(() => undefined);
}
