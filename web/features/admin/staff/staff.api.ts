import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Account,
  Accounts,
  AccountsQuery,
  PasswordResetStarted,
  StaffCreate,
  StaffRole,
} from '../../../../domain/admin/staff.ts';
import { api } from '../../../lib/api.ts';
import { searchOf } from '../../../lib/search-params.ts';

const staffKeys = {
  all: ['admin', 'staff'] as const,
  list: (query: AccountsQuery) => [...staffKeys.all, query] as const,
};

export function useAccounts(query: AccountsQuery) {
  return useQuery(
    queryOptions({
      queryKey: staffKeys.list(query),
      queryFn: ({ signal }) => api.get<Accounts>(`/api/admin/staff${searchOf(query)}`, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** Every change to an account reads the lists (and the audit log) again. */
function useAccountChange<TInput>(mutationFn: (input: TInput) => Promise<Account>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export const useCreateStaff = () =>
  useAccountChange((staff: StaffCreate) => api.post<Account>('/api/admin/staff', staff));

export const useSetRoles = () =>
  useAccountChange(({ id, roles }: { id: number; roles: StaffRole[] }) =>
    api.put<Account>(`/api/admin/staff/${id}/roles`, { roles }),
  );

export const useSetDisabled = () =>
  useAccountChange(({ id, disabled }: { id: number; disabled: boolean }) =>
    api.post<Account>(`/api/admin/staff/${id}/${disabled ? 'disable' : 'enable'}`),
  );

export function useStartPasswordReset() {
  return useMutation({
    mutationFn: (id: number) => api.post<PasswordResetStarted>(`/api/admin/staff/${id}/password-reset`),
  });
}
