import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  AdminShiftsPage,
  AdminShiftsQuery,
  DayReport,
  ShiftReport,
} from '../../../../domain/pos/shifts.ts';
import { api } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
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

/** GET api/admin/day-report?day=: the store day across every cashier and shift. */
export function useDayReport(day: string | null) {
  return useQuery({
    queryKey: ['admin', 'day-report', day],
    queryFn: ({ signal }) =>
      api.get<DayReport>(`/api/admin/day-report${searchOf({ day: day ?? '' })}`, { signal }),
    enabled: day !== null,
  });
}

/** GET api/admin/day-report.pdf?day=, saved as a file. */
export function useDayReportPdf() {
  return useMutation({
    mutationFn: (day: string) =>
      downloadFile(
        `/api/admin/day-report.pdf${searchOf({ day })}`,
        `day-report-${day}.pdf`,
        'The report could not be made',
      ),
  });
}
