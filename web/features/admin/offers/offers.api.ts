import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, ProductList } from '../../../../domain/admin/catalogue.ts';
import type { AdminOffer, OfferCreate, OfferUpdate, ProcessSteps } from '../../../../domain/admin/offers.ts';
import { api } from '../../../lib/api.ts';
import { searchOf } from '../../../lib/search-params.ts';

const offerKeys = { offers: ['admin', 'offers'] as const, steps: ['admin', 'process-steps'] as const };

export function useOffers() {
  return useQuery(
    queryOptions({
      queryKey: offerKeys.offers,
      queryFn: ({ signal }) => api.get<AdminOffer[]>('/api/admin/offers', { signal }),
    }),
  );
}

/** The active products whose code or name has `q` (all when empty): the list's first page of 50. */
export function useOfferProducts(q: string) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'offers', 'products', q],
      queryFn: ({ signal }) =>
        api.get<ProductList>(`/api/admin/products${searchOf({ archived: false, q })}`, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** The product an offer is about, for its name in the form (it may not be among the matches). */
export function useOfferProduct(id: number | null) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'offers', 'product', id],
      queryFn: ({ signal }) => api.get<AdminProduct>(`/api/admin/products/${id}`, { signal }),
      enabled: id !== null,
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
