import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Client, Profile } from '../../../domain/auth.ts';
import type { Order } from '../../../domain/orders.ts';
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

/** GET api/orders: the client's orders, newest first. */
export function useOrders() {
  return useQuery({
    queryKey: accountKeys.orders,
    queryFn: ({ signal }) => api.get<Order[]>('/api/orders', { signal }),
    staleTime: 0,
  });
}
