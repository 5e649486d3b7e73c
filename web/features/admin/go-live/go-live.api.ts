import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GoLiveReport } from '../../../../domain/admin/go-live.ts';
import { api } from '../../../lib/api.ts';

/**
 * The go-live check: run when the page opens and when the owner asks again, never retried by
 * itself, since each run asks Stripe and waits up to 10 s for the shop's own address.
 */
export function useGoLiveCheck() {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'go-live'],
      queryFn: ({ signal }) => api.get<GoLiveReport>('/api/admin/stripe-check', { signal }),
      staleTime: 0,
      retry: false,
    }),
  );
}
