import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductList } from '../../../../domain/admin/catalogue.ts';
import type { AdminOffer, OfferCreate, OfferUpdate, ProcessSteps } from '../../../../domain/admin/offers.ts';
import { api } from '../../../lib/api.ts';

const offerKeys = { offers: ['admin', 'offers'] as const, steps: ['admin', 'process-steps'] as const };

export function useOffers() {
  return useQuery(
    queryOptions({
      queryKey: offerKeys.offers,
      queryFn: ({ signal }) => api.get<AdminOffer[]>('/api/admin/offers', { signal }),
    }),
  );
}

/** The products an offer can be about (a small shop's first page of them). */
export function useOfferProducts() {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'offers', 'products'],
      queryFn: ({ signal }) => api.get<ProductList>('/api/admin/products?archived=false', { signal }),
    }),
  );
}

/** Every change: the storefront's cached pages are read again too. */
function useChange<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries() });
}

export const useCreateOffer = () =>
  useChange((offer: OfferCreate) => api.post<AdminOffer>('/api/admin/offers', offer));

export const useUpdateOffer = () =>
  useChange(({ id, ...change }: OfferUpdate & { id: number }) =>
    api.patch<AdminOffer>(`/api/admin/offers/${id}`, change),
  );

export function useProcessSteps() {
  return useQuery(
    queryOptions({
      queryKey: offerKeys.steps,
      queryFn: ({ signal }) => api.get<ProcessSteps>('/api/admin/process-steps', { signal }),
    }),
  );
}

export const useSaveProcessSteps = () =>
  useChange((steps: ProcessSteps) => api.put<ProcessSteps>('/api/admin/process-steps', steps));

export function useUploadStepImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post<{ url: string }>('/api/admin/images', body);
    },
  });
}
