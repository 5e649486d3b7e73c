import { useQuery } from '@tanstack/react-query';
import type { HomeProducts } from '../../../domain/catalog.ts';
import { api } from '../../lib/api.ts';

/** GET api/products/home (public): the newest and the most visited products. */
export function useHomeProducts() {
  return useQuery({
    queryKey: ['catalog', 'home'],
    queryFn: ({ signal }) => api.get<HomeProducts>('/api/products/home', { signal }),
    // The most visited change as people browse; the server rebuilds them every 30 s.
    staleTime: 60_000,
  });
}
