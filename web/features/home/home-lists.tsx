import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ProductCard as Product } from '../../../domain/catalog.ts';
import { ProductCard } from '../../components/product-card.tsx';
import { productHref } from '../../components/product-href.ts';
import { useHomeProducts } from './home.api.ts';

function ProductList({
  id,
  title,
  subtitle,
  products,
}: {
  id: string;
  title: string;
  subtitle: string;
  products: Product[];
}) {
  if (products.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby={id} gap="md">
      <Stack gap={2}>
        <Title order={2} id={id}>
          {title}
        </Title>
        <Text c="dimmed">{subtitle}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
        {products.map((product) => (
          <ProductCard key={product.id} product={product} to={productHref(product)} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The newest and the most popular products, prices only for clients as everywhere. */
export function HomeLists() {
  const lists = useHomeProducts();
  if (!lists.data) return null;
  return (
    <Stack gap={48}>
      <ProductList
        id="newest-products"
        title="New arrivals"
        subtitle="The latest designs from our mill."
        products={lists.data.newest}
      />
      <ProductList
        id="popular-products"
        title="Most popular"
        subtitle="What other shoppers look at most."
        products={lists.data.popular}
      />
    </Stack>
  );
}
