import { Button, Center, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ProductCard, type ProductLayout } from '../../components/product-card.tsx';
import { productHref } from '../../components/product-href.ts';
import { useMoreGroupProducts } from './catalog.api.ts';
import classes from './catalog.module.css';
import { type PhaseGroup, productCountText } from './catalog-rules.ts';

/** The id of a group's heading, which names its section and is scrolled to. */
export function groupHeadingId(groupId: number): string {
  return `group-${groupId}`;
}

/**
 * A product group of a shopping tab: its name, '(n products)' and its products. The phase brings
 * the first page; 'Show more' asks for the rest a page at a time.
 */
export function ProductGroup({ group, layout }: { group: PhaseGroup; layout: ProductLayout }) {
  const [wantsMore, setWantsMore] = useState(false);
  const more = useMoreGroupProducts(group.id, group.products.length, wantsMore);
  const products = [...group.products, ...(more.data?.pages.flatMap((page) => page.products) ?? [])];
  const hasMore = wantsMore
    ? more.isPending || more.hasNextPage
    : group.product_count > group.products.length;
  const headingId = groupHeadingId(group.id);

  const showMore = () => {
    if (!wantsMore) setWantsMore(true);
    else void more.fetchNextPage();
  };

  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <Title order={3} id={headingId} className={classes.groupTitle}>
        {group.name}
        <Text component="span" c="dimmed" fw={400} size="md">
          {productCountText(group.product_count)}
        </Text>
      </Title>
      {layout === 'grid' ? (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
          {products.map((product) => (
            <ProductCard key={product.id} product={product} to={productHref(product)} />
          ))}
        </SimpleGrid>
      ) : (
        <Paper withBorder radius="md" p={4}>
          <Stack gap={0}>
            {products.map((product) => (
              <ProductCard key={product.id} product={product} to={productHref(product)} layout="list" />
            ))}
          </Stack>
        </Paper>
      )}
      {hasMore ? (
        <Center>
          <Button variant="default" onClick={showMore} loading={more.isFetching}>
            Show more
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}
