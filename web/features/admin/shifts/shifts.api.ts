import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminShiftsPage, AdminShiftsQuery, ShiftReport } from '../../../../domain/pos/shifts.ts';
import { api } from '../../../lib/api.ts';
import { searchOf } from '../../../lib/search-params.ts';

export function useShifts(query: Partial<AdminShiftsQuery>) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'shifts', query],
      queryFn: ({ signal }) => api.get<AdminShiftsPage>(`/api/admin/shifts${searchOf(query)}`, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

export function useShiftReport(id: number | null) {
  return useQuery({
    queryKey: ['admin', 'shifts', 'report', id],
    queryFn: ({ signal }) => api.get<ShiftReport>(`/api/pos/shifts/${id}/report`, { signal }),
    enabled: id !== null,
  });
}
