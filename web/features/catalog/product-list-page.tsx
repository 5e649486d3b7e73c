import {
  ActionIcon,
  Badge,
  Box,
  Card,
  Center,
  Container,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { TeaserProduct } from '../../../domain/catalog.ts';
import {
  GET_PRICE_TEXT,
  isLowStock,
  TEASER_NOTICE,
  teaserStockText,
} from '../../../domain/catalog-display.ts';
import { productHref } from '../../components/product-href.ts';
import { ProductImage } from '../../components/product-image.tsx';
import { isLoggedIn, useLoggedClient } from '../../lib/auth-store.ts';
import { paths } from '../../lib/paths.ts';
import { useTeaserProducts } from './catalog.api.ts';
import classes from './catalog.module.css';

function stockColour(instock: number): string {
  if (instock <= 0) return 'dimmed';
  return isLowStock(instock) ? 'orange.9' : 'green.9';
}

function TeaserCard({ product, loggedIn }: { product: TeaserProduct; loggedIn: boolean }) {
  const navigate = useNavigate();
  const loginHere = paths.login(paths.productList());
  // A visitor is sent to log in and comes back here; a client opens the product.
  const target = loggedIn ? productHref(product) : loginHere;

  return (
    <Card withBorder radius="md" padding={0} className={classes.teaserCard}>
      <ActionIcon
        className={classes.heart}
        variant="white"
        color="maple"
        radius="xl"
        size="lg"
        aria-label={`Add ${product.name} to the wish list`}
        onClick={() => {
          if (!loggedIn) navigate(loginHere);
        }}
      >
        <svg className={classes.heartIcon} viewBox="0 0 24 24" aria-hidden="true">
          <path d="M19.5 12.6l-7.5 7.4l-7.5 -7.4a5 5 0 1 1 7.5 -6.6a5 5 0 1 1 7.5 6.6" />
        </svg>
      </ActionIcon>
      <UnstyledButton component={Link} to={target} className={classes.teaserOpen}>
        <Box className={classes.media}>
          <ProductImage icon={product.icon} variant="extra-small" alt="" h={200} fit="cover" />
          {product.isNew ? (
            <Badge className={classes.badge} variant="filled">
              New
            </Badge>
          ) : null}
        </Box>
        <Stack gap={4} p="sm" style={{ flex: 1 }}>
          <Text size="sm" fw={600} c={stockColour(product.instock)}>
            {teaserStockText(product.instock)}
          </Text>
          <Text size="xs" c="dimmed">
            {product.code}
          </Text>
          <Text fw={600} fz={{ base: 'sm', sm: 'md' }} lineClamp={3}>
            {product.name}
          </Text>
          {loggedIn ? null : (
            <Text size="sm" c="maple.8" fw={600} mt="auto">
              {GET_PRICE_TEXT}
            </Text>
          )}
        </Stack>
      </UnstyledButton>
    </Card>
  );
}

/** The public product-list teaser (route productlist, spec §2): 8 sample products, no prices. */
export function ProductListPage() {
  const teaser = useTeaserProducts();
  const loggedIn = isLoggedIn(useLoggedClient());

  return (
    <Container py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Products</Title>
          <Text c="dimmed" fw={500}>
            {TEASER_NOTICE}
          </Text>
        </Stack>
        {teaser.isPending ? (
          <Center py={64}>
            <Loader aria-label="Loading products" />
          </Center>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
            {(teaser.data ?? []).map((product) => (
              <TeaserCard key={product.id} product={product} loggedIn={loggedIn} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
