import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import type { AdminCategoryTree } from '../../../../domain/admin/catalogue.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useAdminProduct, useCategoryTree, useSizeTypes } from './catalogue.api.ts';
import { ProductForm } from './product-form.tsx';
import { ProductPackages } from './product-packages.tsx';

const isPackageGroup = (tree: AdminCategoryTree, groupId: number) =>
  tree.some((tab) => tab.is_package && tab.groups.some((group) => group.id === groupId));

/** #/admin/products/new and #/admin/products/:id: a product's form. */
export function ProductPage() {
  const { id } = useParams();
  const productId = id === undefined || id === 'new' ? undefined : Number(id);
  const product = useAdminProduct(productId);
  const tree = useCategoryTree();
  const sizeTypes = useSizeTypes();
  const loading = tree.isPending || sizeTypes.isPending || (productId !== undefined && product.isPending);
  const failure = tree.error ?? sizeTypes.error ?? product.error;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {productId === undefined ? 'New product' : (product.data?.name ?? 'Product')}
        </Title>
        <Text c="dimmed">
          {productId === undefined
            ? 'It shows in the shop as soon as it is created, visible and in a shown group.'
            : `Code ${product.data?.code ?? ''}: a save shows in the shop at once.`}
        </Text>
      </div>
      {failure ? (
        <Alert color="red" role="alert">
          {errorMessage(failure)}
        </Alert>
      ) : loading || !tree.data || !sizeTypes.data ? (
        <Center py="xl">
          <Loader aria-label="Loading the product" />
        </Center>
      ) : (
        <>
          <ProductForm
            key={productId ?? 'new'}
            product={product.data}
            tree={tree.data}
            sizeTypes={sizeTypes.data}
            onConflict={async () => (await product.refetch()).data}
          />
          {product.data && isPackageGroup(tree.data, product.data.category_id) && (
            <ProductPackages product={product.data} />
          )}
        </>
      )}
    </Stack>
  );
}
