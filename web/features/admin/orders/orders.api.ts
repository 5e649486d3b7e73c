import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminOrder,
  AdminOrdersPage,
  AdminOrdersQuery,
  RefundOrder,
  ShipOrder,
  ShipOrdersResult,
} from '../../../../domain/admin/orders.ts';
import { api } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { searchOf } from '../../../lib/search-params.ts';

export function useAdminOrders(query: Partial<AdminOrdersQuery>) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'orders', query],
      queryFn: ({ signal }) => api.get<AdminOrdersPage>(`/api/admin/orders${searchOf(query)}`, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

export function useAdminOrder(orderNumber: number) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'orders', orderNumber],
      queryFn: ({ signal }) => api.get<AdminOrder>(`/api/admin/orders/${orderNumber}`, { signal }),
    }),
  );
}

/** Every change to an order answers the order: it replaces the cached one, and the lists reload. */
function useOrderChange<Input>(orderNumber: number, send: (input: Input) => Promise<AdminOrder>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (order) => {
      queryClient.setQueryData(['admin', 'orders', orderNumber], order);
      return queryClient.invalidateQueries({ queryKey: ['admin', 'orders'], exact: false });
    },
  });
}

export function useShipOrder(orderNumber: number) {
  return useOrderChange(orderNumber, (input: ShipOrder) =>
    api.post<AdminOrder>(`/api/admin/orders/${orderNumber}/ship`, input),
  );
}

export function useDeliverOrder(orderNumber: number) {
  return useOrderChange(orderNumber, () => api.post<AdminOrder>(`/api/admin/orders/${orderNumber}/deliver`));
}

export function useCancelOrder(orderNumber: number) {
  return useOrderChange(orderNumber, (input: { reason?: string }) =>
    api.post<AdminOrder>(`/api/admin/orders/${orderNumber}/cancel`, input),
  );
}

export function useRefundOrder(orderNumber: number) {
  return useOrderChange(
    orderNumber,
    ({ request, idempotencyKey }: { request: RefundOrder; idempotencyKey: string }) =>
      api.post<AdminOrder>(`/api/admin/orders/${orderNumber}/refund`, request, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
  );
}

export function useShipOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { orderNumbers: number[] }) =>
      api.post<ShipOrdersResult>('/api/admin/orders/ship', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'orders'], exact: false }),
  });
}

/** Downloads the labels or packing slips of orders as one PDF. */
export function useOrderDocuments() {
  return useMutation({
    mutationFn: ({ kind, orderNumbers }: { kind: 'labels' | 'slips'; orderNumbers: number[] }) =>
      downloadFile(
        `/api/admin/orders/documents?orders=${orderNumbers.join(',')}&kind=${kind}`,
        `${kind}-${orderNumbers.length === 1 ? orderNumbers[0] : `${orderNumbers.length}-orders`}.pdf`,
        `The ${kind} could not be made`,
      ),
  });
}
