import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { AdminShiftsPage, AdminShiftsQuery, ShiftReport } from '../../../../domain/pos/shifts.ts';
import { api } from '../../../lib/api.ts';
import { getLoggedClient } from '../../../lib/auth-store.ts';
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

/**
 * Downloads a shift's report as a PDF. A link cannot send the bearer token, and lib/api reads
 * answers as text: the bytes are fetched here as they are.
 */
export function useShiftReportPdf() {
  return useMutation({
    mutationFn: async (id: number) => {
      const token = getLoggedClient()?.token;
      const response = await fetch(`/api/pos/shifts/${id}/report.pdf`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) throw new Error(`The report could not be made (${response.status}).`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `shift-${id}-report.pdf`;
      link.click();
      URL.revokeObjectURL(url);
    },
  });
}
