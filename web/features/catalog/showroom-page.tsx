import {
  Alert,
  Anchor,
  Button,
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
import { INITIAL_CATEGORY_ID, SHOWROOM_NOTICE } from '../../../domain/catalog-display.ts';
import { productHref } from '../../components/product-href.ts';
import { ProductImage } from '../../components/product-image.tsx';
import { isLoggedIn, useLoggedClient } from '../../lib/auth-store.ts';
import { paths } from '../../lib/paths.ts';
import { useShowroom } from './catalog.api.ts';
import classes from './catalog.module.css';
import { productCountText } from './catalog-rules.ts';

/** Tiles in a phone's first row (two columns): their images are the first screen's largest. */
const FIRST_ROW_ON_A_PHONE = 2;

/**
 * The public showroom (spec §2): up to 10 products per category, icon and name, no prices, and
 * an invitation to sign up or log in (login returns to the category browser). A product opens its
 * page, which a visitor may see without its price.
 */
export function ShowroomPage() {
  const showroom = useShowroom();
  const loggedIn = isLoggedIn(useLoggedClient());
  const afterLogin = paths.categories(INITIAL_CATEGORY_ID);

  return (
    <Container py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Title order={1}>Showroom</Title>
        <Alert variant="light" color="maple" title="A glimpse of our range">
          <Stack gap="sm">
            <Text size="sm">{SHOWROOM_NOTICE}</Text>
            <Group gap="sm">
              {loggedIn ? (
                <Button component={Link} to={paths.phase()} size="sm">
                  Go shopping
                </Button>
              ) : (
                <>
                  <Button component={Link} to={paths.signup(afterLogin)} size="sm">
                    Sign up
                  </Button>
                  <Button component={Link} to={paths.login(afterLogin)} size="sm" variant="default">
                    Log in
                  </Button>
                </>
              )}
              <Anchor component={Link} to={paths.productList()} size="sm" fw={600}>
                See what’s new
              </Anchor>
            </Group>
          </Stack>
        </Alert>

        {showroom.isPending ? (
          <Center py={64}>
            <Loader aria-label="Loading the showroom" />
          </Center>
        ) : null}

        {(showroom.data ?? []).map((category, categoryIndex) => (
          <Stack key={category.id} component="section" gap="sm" aria-labelledby={`showroom-${category.id}`}>
            <Title order={2} size="h3" id={`showroom-${category.id}`} className={classes.groupTitle}>
              {category.name}
              <Text component="span" c="dimmed" fw={400} size="md">
                {productCountText(category.product_count)}
              </Text>
            </Title>
            <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 5 }} spacing={{ base: 'sm', sm: 'md' }}>
              {category.products.map((product, index) => (
                <Card
                  key={product.product_id}
                  component={Link}
                  to={productHref({ ...product, id: product.product_id })}
                  withBorder
                  radius="md"
                  padding="xs"
                  className={classes.showroomTile}
                >
                  <Card.Section className={classes.media}>
                    <ProductImage
                      icon={product.icon}
                      variant="extra-small"
                      alt=""
                      h={160}
                      fit="cover"
                      // The first screen of a phone shows the first category's first row.
                      priority={categoryIndex === 0 && index < FIRST_ROW_ON_A_PHONE}
                    />
                  </Card.Section>
                  <Text size="sm" fw={600} mt="xs" lineClamp={3}>
                    {product.name}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}
