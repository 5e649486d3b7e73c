import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  ReportGranularity,
  SalesReport,
  TaxReport,
  TopProductsReport,
  TopProductsSort,
} from '../../../../domain/admin/reports.ts';
import { api } from '../../../lib/api.ts';
import { saveFile } from '../../../lib/download.ts';
import { searchOf } from '../../../lib/search-params.ts';

// Types, not interfaces: a query is also a record of its search parameters.
export type ReportRange = { from: string; to: string };
export type SalesQuery = ReportRange & { by: ReportGranularity };
export type TopProductsQuery = ReportRange & { limit: number; sort: TopProductsSort };

const reportKeys = {
  all: ['admin', 'reports'] as const,
  sales: (query: SalesQuery) => [...reportKeys.all, 'sales', query] as const,
  tax: (query: ReportRange) => [...reportKeys.all, 'tax', query] as const,
  topProducts: (query: TopProductsQuery) => [...reportKeys.all, 'top-products', query] as const,
};

// A report is read again when the page is opened again, not while it is looked at.
const STALE_MS = 60_000;

export function useSalesReport(query: SalesQuery) {
  return useQuery(
    queryOptions({
      queryKey: reportKeys.sales(query),
      queryFn: ({ signal }) => api.get<SalesReport>(`/api/admin/reports/sales${searchOf(query)}`, { signal }),
      placeholderData: keepPreviousData,
      staleTime: STALE_MS,
      retry: false,
    }),
  );
}

export function useTaxReport(query: ReportRange) {
  return useQuery(
    queryOptions({
      queryKey: reportKeys.tax(query),
      queryFn: ({ signal }) => api.get<TaxReport>(`/api/admin/reports/tax${searchOf(query)}`, { signal }),
      placeholderData: keepPreviousData,
      staleTime: STALE_MS,
      retry: false,
    }),
  );
}

export function useTopProducts(query: TopProductsQuery) {
  return useQuery(
    queryOptions({
      queryKey: reportKeys.topProducts(query),
      queryFn: ({ signal }) =>
        api.get<TopProductsReport>(`/api/admin/reports/top-products${searchOf(query)}`, { signal }),
      placeholderData: keepPreviousData,
      staleTime: STALE_MS,
      retry: false,
    }),
  );
}

export type ReportName = 'sales' | 'tax' | 'top-products';

/** Downloads a report's CSV file (a link cannot send the bearer token). */
export function useDownloadReport() {
  return useMutation({
    mutationFn: async ({
      report,
      query,
      filename,
    }: {
      report: ReportName;
      query: Record<string, string | number>;
      filename: string;
    }) => {
      const csv = await api.get<string>(`/api/admin/reports/${report}.csv${searchOf(query)}`, {
        headers: { Accept: 'text/csv' },
      });
      saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), filename);
    },
  });
}
