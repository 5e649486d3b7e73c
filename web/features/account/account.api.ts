import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Client, Profile } from '../../../domain/auth.ts';
import { ORDERS_PAGE_SIZE, type Order } from '../../../domain/orders.ts';
import { api } from '../../lib/api.ts';

export const accountKeys = {
  client: (id: number) => ['client', id] as const,
  orders: ['orders'] as const,
};

/** GET api/client/{id}: the profile as the server holds it. */
export function useClientProfile(clientId: number) {
  return useQuery({
    queryKey: accountKeys.client(clientId),
    queryFn: ({ signal }) => api.get<Client>(`/api/client/${clientId}`, { signal }),
    staleTime: 0,
  });
}

/** PUT api/client/{client_id}: answers the updated client (nothing at all counts as a failure). */
export function useSaveProfile(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: Profile) => api.put<Client | undefined>(`/api/client/${clientId}`, profile),
    onSuccess: (client) => {
      if (client) queryClient.setQueryData(accountKeys.client(clientId), client);
    },
  });
}

/** GET api/orders: the client's orders, newest first, ORDERS_PAGE_SIZE at a time (Show more). */
export function useOrders() {
  return useInfiniteQuery({
    queryKey: accountKeys.orders,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.get<Order[]>(`/api/orders?offset=${pageParam}&limit=${ORDERS_PAGE_SIZE}`, { signal }),
    // A full page may have more behind it; a short one is the last.
    getNextPageParam: (last, pages) =>
      last.length < ORDERS_PAGE_SIZE ? undefined : pages.length * ORDERS_PAGE_SIZE,
    staleTime: 0,
  });
}
