import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPage, AuditQuery } from '../../../../domain/admin/staff.ts';
import { api } from '../../../lib/api.ts';
import { searchOf } from '../../../lib/search-params.ts';

export function useAudit(query: AuditQuery) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'audit', query],
      queryFn: ({ signal }) => api.get<AuditPage>(`/api/admin/audit${searchOf(query)}`, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
}
