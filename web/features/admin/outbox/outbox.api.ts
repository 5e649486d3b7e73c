import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OutboxDetail,
  OutboxEntry,
  OutboxHealth,
  OutboxStatus,
} from '../../../../domain/admin/outbox.ts';
import { api } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { searchOf } from '../../../lib/search-params.ts';

const outboxKeys = {
  all: ['admin', 'outbox'] as const,
  list: (status: OutboxStatus | undefined) => [...outboxKeys.all, 'list', status ?? 'all'] as const,
  one: (id: number) => [...outboxKeys.all, id] as const,
};

/** The wire's dates are ISO strings; the domain's schema names them as the server keeps them. */
type Json<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};
export type OutboxRow = Json<OutboxEntry>;
export type OutboxMail = Json<OutboxDetail>;

export function useOutbox(status: OutboxStatus | undefined) {
  return useQuery(
    queryOptions({
      queryKey: outboxKeys.list(status),
      queryFn: ({ signal }) => api.get<OutboxRow[]>(`/api/admin/outbox${searchOf({ status })}`, { signal }),
    }),
  );
}

export function useOutboxMail(id: number | null) {
  return useQuery(
    queryOptions({
      queryKey: outboxKeys.one(id ?? 0),
      queryFn: ({ signal }) => api.get<OutboxMail>(`/api/admin/outbox/${id}`, { signal }),
      enabled: id !== null,
    }),
  );
}

/** Asks the mail server whether it answers: once a page opening, not on every focus. */
export function useMailHealth() {
  return useQuery(
    queryOptions({
      queryKey: [...outboxKeys.all, 'health'],
      queryFn: ({ signal }) => api.get<OutboxHealth>('/api/admin/outbox/health', { signal }),
      staleTime: 60_000,
      refetchOnWindowFocus: false,
    }),
  );
}

export function useResend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<OutboxMail>(`/api/admin/outbox/${id}/resend`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** Downloads one attachment as a file. */
export function useDownloadAttachment() {
  return useMutation({
    mutationFn: ({ id, index, filename }: { id: number; index: number; filename: string }) =>
      downloadFile(
        `/api/admin/outbox/${id}/attachments/${index}`,
        filename,
        'The attachment could not be downloaded',
      ),
  });
}
