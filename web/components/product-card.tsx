import { Badge, Box, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ProductCard as Product } from '../../domain/catalog.ts';
import { isLowStock, teaserStockText } from '../../domain/catalog-display.ts';
import { PriceTag } from './price-tag.tsx';
import classes from './product-card.module.css';
import { ProductImage } from './product-image.tsx';

export type ProductLayout = 'grid' | 'list';

interface ProductCardProps {
  product: Product;
  /** Where the card leads (a product or a package page). */
  to: string;
  layout?: ProductLayout;
  /** Shown above the name, e.g. the category of a search result. */
  overline?: string;
}

/** Stock is worth a word only when it is low or gone. */
function StockHint({ instock }: { instock: number }) {
  if (instock > 0 && !isLowStock(instock)) return null;
  return (
    <Text size="xs" c={instock > 0 ? 'orange.9' : 'dimmed'}>
      {teaserStockText(instock)}
    </Text>
  );
}

/** A product in a list (shopping groups, category pages, search results), as a tile or a row. */
export function ProductCard({ product, to, layout = 'grid', overline }: ProductCardProps) {
  if (layout === 'list') {
    return (
      <Link to={to} className={classes.row}>
        <ProductImage icon={product.icon} variant="thumbnail" alt="" className={classes.rowImage} />
        <Box className={classes.rowText}>
          {overline ? (
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {overline}
            </Text>
          ) : null}
          <Group gap="xs" wrap="nowrap">
            <Text fw={600} lineClamp={2}>
              {product.name}
            </Text>
            {product.isNew ? (
              <Badge size="xs" variant="filled">
                New
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed" lineClamp={1}>
            {product.short_description}
          </Text>
          <Text size="xs" c="dimmed">
            {product.code}
          </Text>
        </Box>
        <Stack gap={2} align="flex-end" style={{ flex: 'none' }}>
          <PriceTag pricing={product.pricing} priceDiscount={product.price_discount} />
          <StockHint instock={product.instock} />
        </Stack>
      </Link>
    );
  }

  return (
    <Card component={Link} to={to} withBorder radius="md" padding="sm" className={classes.card}>
      <Card.Section className={classes.media}>
        <ProductImage icon={product.icon} variant="extra-small" alt="" h={200} fit="cover" />
        {product.isNew ? (
          <Badge className={classes.badge} variant="filled">
            New
          </Badge>
        ) : null}
      </Card.Section>
      <Stack gap={4} mt="sm" style={{ flex: 1 }}>
        {overline ? (
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {overline}
          </Text>
        ) : null}
        {/* The colour ends the name ('... - Forest Green'): a phone's narrow card still shows it. */}
        <Text fw={600} fz={{ base: 'sm', sm: 'md' }} lineClamp={3}>
          {product.name}
        </Text>
        <Text size="xs" c="dimmed">
          {product.code}
        </Text>
        <Group justify="space-between" align="flex-end" mt="auto" pt={4}>
          <PriceTag pricing={product.pricing} priceDiscount={product.price_discount} />
          <StockHint instock={product.instock} />
        </Group>
      </Stack>
    </Card>
  );
}
