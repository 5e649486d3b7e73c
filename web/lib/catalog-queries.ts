import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDetail, ShowroomCategory } from '../../domain/catalog.ts';
import type { Message } from '../../domain/config.ts';
import { imageVariant } from '../../domain/images.ts';
import { api } from './api.ts';

/**
 * The catalogue queries a page's route starts before the page's code has loaded (the route loaders
 * in web/app/router.tsx), so that its data and its largest image come beside the code rather than
 * after it. The page's own hooks (features/catalog/catalog.api.ts) read the same cache entries.
 */

/** The catalogue changes rarely: lists are fetched once a session and kept. */
export const CATALOGUE_STALE_MS = 30 * 60_000;

export const catalogKeys = {
  roots: ['catalog', 'roots'] as const,
  phase: (categoryId: number) => ['catalog', 'phase', categoryId] as const,
  group: (categoryId: number) => ['catalog', 'group', categoryId] as const,
  showroom: ['catalog', 'showroom'] as const,
  teaser: ['catalog', 'teaser'] as const,
  dashboard: ['catalog', 'dashboard'] as const,
  product: (ctid: number, id: number) => ['catalog', 'product', ctid, id] as const,
  package: (productId: number, pkId: number) => ['catalog', 'package', productId, pkId] as const,
  productStock: (id: number, sizeId: number | null) => ['inventory', 'product', id, sizeId] as const,
  packageStock: (pkId: number) => ['inventory', 'package', pkId] as const,
  messages: ['messages'] as const,
};

/** GET api/getShowRoomProducts (public). */
export const showroomQuery = queryOptions({
  queryKey: catalogKeys.showroom,
  queryFn: ({ signal }) => api.get<ShowroomCategory[]>('/api/getShowRoomProducts', { signal }),
  staleTime: CATALOGUE_STALE_MS,
});

/**
 * GET api/product/{ctid}/{id}, or GET api/product/{id} when the route names no category (ctid 0).
 * A missing product is a 404: no retry.
 */
export function productDetailQuery(ctid: number, id: number) {
  return queryOptions({
    queryKey: catalogKeys.product(ctid, id),
    queryFn: ({ signal }) =>
      api.get<ProductDetail>(ctid > 0 ? `/api/product/${ctid}/${id}` : `/api/product/${id}`, { signal }),
    staleTime: 60_000,
    enabled: id > 0,
  });
}

/** GET api/message: the message catalogue (not_enough_stock, minimum_purchase, ...), once a session. */
const messagesQuery = queryOptions({
  queryKey: catalogKeys.messages,
  queryFn: ({ signal }) => api.get<Message[]>('/api/message', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

/** One catalogue message by code; undefined until loaded (the caller has the spec's default). */
export function useMessageText(code: string): string | undefined {
  const { data } = useQuery(messagesQuery);
  return data?.find((message) => message.code === code)?.text;
}

/** Starts loading the message catalogue (a route loader, beside the page's code and data). */
export function prefetchMessages(client: QueryClient): void {
  void client.prefetchQuery(messagesQuery);
}

/**
 * True once the message catalogue has answered, or its first try failed: a page waiting for it then
 * shows the spec's defaults rather than waiting for the retries.
 */
export function useMessagesSettled(): boolean {
  const { data, failureCount } = useQuery(messagesQuery);
  return data !== undefined || failureCount > 0;
}

/** Starts downloading images the first screen will show, first among the page's requests. */
export function preloadImages(
  icons: readonly (string | null | undefined)[],
  variant: 'full' | 'extra-small',
) {
  for (const icon of icons) {
    if (!icon) continue;
    const image = new Image();
    image.fetchPriority = 'high';
    image.src = imageVariant(icon, variant);
  }
}
