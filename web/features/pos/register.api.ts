import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PosCatalogueItem } from '../../../domain/pos/catalogue.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../../domain/pos/constants.ts';
import type { Sale, SaleRequest } from '../../../domain/pos/register.ts';
import type { ReturnRequest, SaleReturn } from '../../../domain/pos/returns.ts';
import type { ShiftReport, ShiftSummary } from '../../../domain/pos/shifts.ts';
import { api, isApiError } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';

/** Data hooks of the register (sales from the catalogue, shifts); README's API section lists the paths. */

export const registerKeys = {
  catalogue: (q: string) => ['pos', 'catalogue', q] as const,
  allCatalogue: ['pos', 'catalogue'] as const,
  currentShift: ['pos', 'shift', 'current'] as const,
  saleByReceipt: (receiptNumber: number | undefined) => ['pos', 'sale-by-receipt', receiptNumber] as const,
};

export function catalogueQuery(q: string) {
  return {
    queryKey: registerKeys.catalogue(q),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get<PosCatalogueItem[]>(`/api/pos/catalogue?q=${encodeURIComponent(q)}`, { signal }),
    staleTime: 10_000,
  };
}

/** GET api/pos/catalogue?q=: nothing is asked for an empty search. */
export function useCatalogueSearch(q: string) {
  return useQuery({ ...catalogueQuery(q), enabled: q.trim() !== '', placeholderData: keepPreviousData });
}

/** GET api/pos/shifts/current: the caller's open shift, or null when none is open (404). */
export function useCurrentShift() {
  return useQuery({
    queryKey: registerKeys.currentShift,
    queryFn: async ({ signal }) => {
      try {
        return await api.get<ShiftSummary>('/api/pos/shifts/current', { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 0,
  });
}

function useShiftMutation<Body, Reply>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => api.post<Reply>(path, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: registerKeys.currentShift }),
  });
}

export const useOpenShift = () => useShiftMutation<{ float: number }, ShiftSummary>('/api/pos/shifts/open');
export const useCashMovement = () =>
  useShiftMutation<{ amount: number; reason: string }, ShiftSummary>('/api/pos/shifts/cash');
export const useCloseShift = () =>
  useShiftMutation<{ counted: number }, ShiftReport>('/api/pos/shifts/close');

/** POST api/pos/sales with the attempt's Idempotency-Key; the shift and the stock shown change. */
export function usePostSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, sale }: { key: string; sale: SaleRequest }) =>
      api.post<Sale>('/api/pos/sales', sale, { headers: { [IDEMPOTENCY_KEY_HEADER]: key } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: registerKeys.currentShift });
      void queryClient.invalidateQueries({ queryKey: registerKeys.allCatalogue });
    },
  });
}

/** GET api/pos/shifts/{id}/report.pdf, saved as a file. */
export function useShiftReportPdf() {
  return useMutation({
    mutationFn: (shiftId: number) =>
      downloadFile(
        `/api/pos/shifts/${shiftId}/report.pdf`,
        `shift-${shiftId}-report.pdf`,
        'The report could not be made',
      ),
  });
}

/** GET api/pos/sales/by-receipt/{n}: the sale a receipt was printed for (nothing asked before a number). */
export function useSaleByReceipt(receiptNumber: number | undefined) {
  return useQuery({
    queryKey: registerKeys.saleByReceipt(receiptNumber),
    queryFn: ({ signal }) => api.get<Sale>(`/api/pos/sales/by-receipt/${receiptNumber}`, { signal }),
    enabled: receiptNumber !== undefined,
    retry: false,
    staleTime: 0,
  });
}

/** POST api/pos/sales/{id}/returns with the attempt's Idempotency-Key; the drawer and stock change. */
export function usePostReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ saleId, key, body }: { saleId: number; key: string; body: ReturnRequest }) =>
      api.post<{ return: SaleReturn; sale: Sale }>(`/api/pos/sales/${saleId}/returns`, body, {
        headers: { [IDEMPOTENCY_KEY_HEADER]: key },
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: registerKeys.currentShift });
      void queryClient.invalidateQueries({ queryKey: registerKeys.allCatalogue });
    },
  });
}
