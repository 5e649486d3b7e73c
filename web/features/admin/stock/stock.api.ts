import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  StockChange,
  StockHistory,
  StockHistoryQuery,
  StockImportResult,
  StockLevel,
  StockList,
  StockListQuery,
} from '../../../../domain/admin/stock.ts';
import { api } from '../../../lib/api.ts';
import { saveFile } from '../../../lib/download.ts';
import { searchOf } from '../../../lib/search-params.ts';

const stockKeys = {
  all: ['admin', 'stock'] as const,
  list: (query: StockListQuery) => [...stockKeys.all, 'list', query] as const,
  history: (query: StockHistoryQuery) => [...stockKeys.all, 'history', query] as const,
};

export function useStockList(query: StockListQuery) {
  return useQuery(
    queryOptions({
      queryKey: stockKeys.list(query),
      queryFn: ({ signal }) => api.get<StockList>(`/api/admin/stock${searchOf(query)}`, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

export function useStockHistory(query: StockHistoryQuery) {
  return useQuery(
    queryOptions({
      queryKey: stockKeys.history(query),
      queryFn: ({ signal }) =>
        api.get<StockHistory>(`/api/admin/stock/history${searchOf(query)}`, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** PUT api/admin/stock: every line or none; the lists and the history are read again after. */
export function useChangeStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: StockChange[]) => api.put<StockLevel[]>('/api/admin/stock', changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockKeys.all }),
  });
}

/** POST api/admin/stock/import: a preview (apply false) or the import itself. */
export function useImportStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { csv: string; apply: boolean }) =>
      api.post<StockImportResult>('/api/admin/stock/import', body),
    onSuccess: (result) => {
      if (result.applied) return queryClient.invalidateQueries({ queryKey: stockKeys.all });
      return undefined;
    },
  });
}

/** Downloads GET api/admin/stock/export as a file (a link cannot send the bearer token). */
export function useExportStock() {
  return useMutation({
    mutationFn: async () => {
      const csv = await api.get<string>('/api/admin/stock/export', { headers: { Accept: 'text/csv' } });
      saveFile(
        new Blob([csv], { type: 'text/csv;charset=utf-8' }),
        `stock-${new Date().toISOString().slice(0, 10)}.csv`,
      );
    },
  });
}
