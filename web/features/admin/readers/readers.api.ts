import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReader, ReaderRegister } from '../../../../domain/admin/readers.ts';
import type { Accounts } from '../../../../domain/admin/staff.ts';
import { api } from '../../../lib/api.ts';

const readerKeys = { all: ['admin', 'readers'] as const, staff: ['admin', 'readers', 'staff'] as const };

export function useReaders() {
  return useQuery(
    queryOptions({
      queryKey: readerKeys.all,
      queryFn: ({ signal }) => api.get<AdminReader[]>('/api/admin/readers', { signal }),
    }),
  );
}

/** The POS staff a reader can be given to (the first page of staff is a small shop's whole team). */
export function usePosStaff() {
  return useQuery(
    queryOptions({
      queryKey: readerKeys.staff,
      queryFn: ({ signal }) => api.get<Accounts>('/api/admin/staff?staff=true', { signal }),
      select: (page) => page.accounts.filter((account) => account.roles.includes('POS') && !account.disabled),
    }),
  );
}

function useReaderChange<TInput>(mutationFn: (input: TInput) => Promise<AdminReader>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: readerKeys.all }),
  });
}

export const useRegisterReader = () =>
  useReaderChange((reader: ReaderRegister) => api.post<AdminReader>('/api/admin/readers', reader));

export const useRenameReader = () =>
  useReaderChange(({ id, label }: { id: string; label: string }) =>
    api.patch<AdminReader>(`/api/admin/readers/${id}`, { label }),
  );

export const useAssignReader = () =>
  useReaderChange(({ id, staffId }: { id: string; staffId: number }) =>
    api.put<AdminReader>(`/api/admin/readers/${id}/assignment`, { staff_id: staffId }),
  );
