import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReconciliationList, ReconciliationReport } from '../../../../domain/admin/reconciliation.ts';
import { api, isApiError } from '../../../lib/api.ts';

const LIST_KEY = ['admin', 'reconciliation', 'list'] as const;
const dayKey = (day: string) => ['admin', 'reconciliation', 'day', day] as const;

/** GET api/admin/reconciliation: the stored reports of the last 60 days, newest day first. */
export function useReconciliations() {
  return useQuery(
    queryOptions({
      queryKey: LIST_KEY,
      queryFn: ({ signal }) => api.get<ReconciliationList>('/api/admin/reconciliation', { signal }),
    }),
  );
}

/**
 * GET api/admin/reconciliation/{day}: the day's stored report, or null when that day was not
 * reconciled yet (the server's 404), which the page shows as a state of its own, not an error.
 * `enabled` false for a day that cannot have a report (one still to come).
 */
export function useReconciliation(day: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: dayKey(day),
      queryFn: async ({ signal }): Promise<ReconciliationReport | null> => {
        try {
          return await api.get<ReconciliationReport>(`/api/admin/reconciliation/${day}`, { signal });
        } catch (error) {
          if (isApiError(error) && error.status === 404) return null;
          throw error;
        }
      },
      enabled,
    }),
  );
}

/**
 * POST api/admin/reconciliation/{day}: runs the day now (the server asks the card processor, a few
 * seconds) and stores it; the answer becomes the day's report and the list is read again.
 */
export function useRunReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (day: string) => api.post<ReconciliationReport>(`/api/admin/reconciliation/${day}`),
    onSuccess: (report, day) => {
      queryClient.setQueryData(dayKey(day), report);
      return queryClient.invalidateQueries({ queryKey: LIST_KEY });
    },
  });
}
