import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '../../../domain/catalog.ts';
import {
  SEARCH_MIN_LENGTH,
  SEARCH_PAGE_SIZE,
  SEARCH_SUGGESTION_LIMIT,
} from '../../../domain/catalog-display.ts';
import { api } from '../../lib/api.ts';
import { nextSearchOffset } from './search-rules.ts';

/** Results of one text are kept: typing the same text again asks the server nothing. */
const SEARCH_STALE_MS = 5 * 60_000;

/** GET api/product?term=&offset=&limit= (spec §7): suggestions and search results. */
function searchProducts(term: string, offset: number, limit: number, signal: AbortSignal) {
  const query = new URLSearchParams({ term, offset: String(offset), limit: String(limit) });
  return api.get<SearchResult[]>(`/api/product?${query.toString()}`, { signal });
}

/** Suggestions for the header box; `term` null asks nothing. The last list stays while the next loads. */
export function useSuggestions(term: string | null) {
  return useQuery({
    queryKey: ['search', 'suggestions', term],
    queryFn: ({ signal }) => searchProducts(term ?? '', 0, SEARCH_SUGGESTION_LIMIT, signal),
    enabled: term !== null,
    staleTime: SEARCH_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

/** The results page: 24 at a time, the next page with 'Show more'. */
export function useSearchResults(term: string) {
  return useInfiniteQuery({
    queryKey: ['search', 'results', term],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => searchProducts(term, pageParam, SEARCH_PAGE_SIZE, signal),
    getNextPageParam: (_last, pages) => nextSearchOffset(pages.map((page) => page.length)),
    enabled: term.length >= SEARCH_MIN_LENGTH,
    staleTime: SEARCH_STALE_MS,
  });
}
