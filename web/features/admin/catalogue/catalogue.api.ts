import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCategoryTree,
  AdminProduct,
  CategoryCreate,
  CategoryUpdate,
  PackageCreate,
  PackageUpdate,
  ProductCreate,
  ProductList,
  ProductListQuery,
  ProductUpdate,
  SizeTypeCreate,
  SizeTypes,
} from '../../../../domain/admin/catalogue.ts';
import { api } from '../../../lib/api.ts';
import { searchOf } from '../../../lib/search-params.ts';

export const catalogueKeys = {
  categories: ['admin', 'categories'] as const,
  sizeTypes: ['admin', 'size-types'] as const,
  products: ['admin', 'products'] as const,
  productList: (query: ProductListQuery) => ['admin', 'products', 'list', query] as const,
  product: (id: number) => ['admin', 'products', id] as const,
};

export function useCategoryTree() {
  return useQuery(
    queryOptions({
      queryKey: catalogueKeys.categories,
      queryFn: ({ signal }) => api.get<AdminCategoryTree>('/api/admin/categories', { signal }),
    }),
  );
}

export function useSizeTypes() {
  return useQuery(
    queryOptions({
      queryKey: catalogueKeys.sizeTypes,
      queryFn: ({ signal }) => api.get<SizeTypes>('/api/admin/size-types', { signal }),
    }),
  );
}

/** Every catalogue change: the storefront's cached pages are read again too. */
function useCatalogueChange<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries() });
}

export const useCreateCategory = () =>
  useCatalogueChange((category: CategoryCreate) =>
    api.post<AdminCategoryTree>('/api/admin/categories', category),
  );

export const useUpdateCategory = () =>
  useCatalogueChange(({ id, ...change }: CategoryUpdate & { id: number }) =>
    api.patch<AdminCategoryTree>(`/api/admin/categories/${id}`, change),
  );

export const useCreateSizeType = () =>
  useCatalogueChange((sizeType: SizeTypeCreate) => api.post<SizeTypes>('/api/admin/size-types', sizeType));

export function useProductList(query: ProductListQuery) {
  return useQuery(
    queryOptions({
      queryKey: catalogueKeys.productList(query),
      queryFn: ({ signal }) => api.get<ProductList>(`/api/admin/products${searchOf(query)}`, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

export function useAdminProduct(id: number | undefined) {
  return useQuery(
    queryOptions({
      queryKey: catalogueKeys.product(id ?? 0),
      queryFn: ({ signal }) => api.get<AdminProduct>(`/api/admin/products/${id}`, { signal }),
      enabled: id !== undefined,
    }),
  );
}

export const useCreateProduct = () =>
  useCatalogueChange((product: ProductCreate) => api.post<AdminProduct>('/api/admin/products', product));

export const useUpdateProduct = () =>
  useCatalogueChange(({ id, ...change }: ProductUpdate & { id: number }) =>
    api.patch<AdminProduct>(`/api/admin/products/${id}`, change),
  );

export const useCreatePackage = () =>
  useCatalogueChange((set: PackageCreate) => api.post<AdminProduct>('/api/admin/packages', set));

export const useUpdatePackage = () =>
  useCatalogueChange(({ id, ...change }: PackageUpdate & { id: number }) =>
    api.patch<AdminProduct>(`/api/admin/packages/${id}`, change),
  );

/** POST api/admin/images: one file; answers its full variant's address. */
export function useUploadImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post<{ url: string }>('/api/admin/images', body);
    },
  });
}
