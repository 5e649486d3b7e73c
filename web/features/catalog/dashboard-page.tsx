import {
  Anchor,
  Card,
  Center,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import type { DashboardTile } from '../../../domain/catalog.ts';
import { DASHBOARD_TILE_IMAGES } from '../../../domain/catalog-display.ts';
import { ProductImage } from '../../components/product-image.tsx';
import { paths } from '../../lib/paths.ts';
import { useDashboardTiles } from './catalog.api.ts';
import classes from './catalog.module.css';
import { tileProductHref, typesAndColoursText } from './catalog-rules.ts';

function Tile({ tile }: { tile: DashboardTile }) {
  const headingId = `tile-${tile.id}`;
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      className={classes.tile}
      component="section"
      aria-labelledby={headingId}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id={headingId}>
            {tile.name}
          </Title>
          <Text size="sm" c="dimmed">
            {typesAndColoursText(tile.types, tile.colours)}
          </Text>
        </Stack>
        <Anchor component={Link} to={paths.categories(tile.id)} fw={600} aria-label={`See All ${tile.name}`}>
          See All
        </Anchor>
      </Group>
      <div className={classes.tileImages}>
        {tile.products.slice(0, DASHBOARD_TILE_IMAGES).map((product) => (
          <Link
            key={`${product.id}-${product.pkId ?? ''}`}
            to={tileProductHref(product)}
            className={classes.tileImageLink}
            aria-label={product.name}
            title={product.name}
          >
            <ProductImage
              icon={product.icon}
              variant="extra-small"
              alt=""
              fit="cover"
              style={{ aspectRatio: 1 }}
            />
          </Link>
        ))}
      </div>
    </Card>
  );
}

/** 'The Most Popular Products' (route dashboard, spec §2): a tile per category, ranked by visits. */
export function DashboardPage() {
  const tiles = useDashboardTiles();

  return (
    <Container py={{ base: 'lg', sm: 'xl' }}>
      <Title order={1} mb="lg">
        The Most Popular Products
      </Title>
      {tiles.isPending ? (
        <Center py={64}>
          <Loader aria-label="Loading the most popular products" />
        </Center>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {(tiles.data ?? []).map((tile) => (
            <Tile key={tile.id} tile={tile} />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
