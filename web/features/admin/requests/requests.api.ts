import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InvoiceDraft,
  RequestDetail,
  RequestKind,
  RequestReplyCreate,
  RequestsPage,
  RequestsQuery,
} from '../../../../domain/admin/requests.ts';
import type { RequestStatus } from '../../../../domain/requests.ts';
import { api } from '../../../lib/api.ts';
import { searchOf } from '../../../lib/search-params.ts';

const requestKeys = {
  all: ['admin', 'requests'] as const,
  list: (query: RequestsQuery) => [...requestKeys.all, 'list', query] as const,
  one: (kind: string, id: string) => [...requestKeys.all, kind, id] as const,
};

const requestPath = (kind: string, id: string) =>
  `/api/admin/requests/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;

export function useRequests(query: RequestsQuery) {
  return useQuery(
    queryOptions({
      queryKey: requestKeys.list(query),
      queryFn: ({ signal }) => api.get<RequestsPage>(`/api/admin/requests${searchOf(query)}`, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

export function useRequest(kind: string, id: string) {
  return useQuery(
    queryOptions({
      queryKey: requestKeys.one(kind, id),
      queryFn: ({ signal }) => api.get<RequestDetail>(requestPath(kind, id), { signal }),
    }),
  );
}

/** A wish list as the POS invoice form's first values; read only for a wish request. */
export function useInvoiceDraft(kind: RequestKind | undefined, id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...requestKeys.one('wish', id), 'invoice-draft'],
      queryFn: ({ signal }) =>
        api.get<InvoiceDraft>(`/api/admin/requests/wish/${encodeURIComponent(id)}/invoice-draft`, { signal }),
      enabled: kind === 'wish',
    }),
  );
}

/** A change answers the request as it now is; the lists (and the audit log) are read again. */
function useRequestChange<TInput>(
  kind: string,
  id: string,
  mutationFn: (input: TInput) => Promise<RequestDetail>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (detail) => {
      queryClient.setQueryData(requestKeys.one(kind, id), detail);
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

export const useSetRequestStatus = (kind: string, id: string) =>
  useRequestChange(kind, id, (status: RequestStatus) =>
    api.put<RequestDetail>(`${requestPath(kind, id)}/status`, { status }),
  );

export const useReplyToRequest = (kind: string, id: string) =>
  useRequestChange(kind, id, (reply: RequestReplyCreate) =>
    api.post<RequestDetail>(`${requestPath(kind, id)}/reply`, reply),
  );
