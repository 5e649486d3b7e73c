import {
  Alert,
  Anchor,
  Button,
  Center,
  Container,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useIsMutating } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EMPTY_CART_TEXT, EMPTY_WISH_LIST_TEXT } from '../../../domain/cart.ts';
import { freeShippingProgress } from '../../../domain/shipping.ts';
import { isLoggedIn, useLoggedClient } from '../../lib/auth-store.ts';
import { type CartLine, cartKeys, useCart, useUpdateCartLine } from '../../lib/cart.ts';
import { useConfig } from '../../lib/config.ts';
import { errorMessage } from '../../lib/errors.ts';
import { notifyError } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { CartLineRow } from './cart-line.tsx';
import { CartSummary } from './cart-summary.tsx';
import { EmptyCartButton } from './empty-cart-button.tsx';
import { WishForm } from './wish-form.tsx';

/** The empty cart or wish list: its text and a way back to the shop. */
export function EmptyCart({
  wishMode,
  to = paths.phase(),
  label = 'Continue Shopping',
}: {
  wishMode: boolean;
  to?: string;
  label?: string;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} maw={640} mx="auto">
      <Stack align="center" ta="center" gap="md">
        <Text size="lg">{wishMode ? EMPTY_WISH_LIST_TEXT : EMPTY_CART_TEXT}</Text>
        <Button component={Link} to={to} variant="light">
          {label}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The cart (spec storefront §2 Cart and wish list): lines with quantity, size and stock errors;
 * in shop mode the totals and Checkout, in wish-list mode (prices hidden) the form that sends
 * the list as a wish request.
 */
export function CartPage() {
  const client = useLoggedClient();
  const { config } = useConfig();
  const cartQuery = useCart({ fresh: true });
  const updateLine = useUpdateCartLine();
  const busy = useIsMutating({ mutationKey: cartKeys.change }) > 0;
  const wishMode = !config.showPrices;
  const title = wishMode ? 'Your Wish List' : 'Your Cart';

  const changeQuantity = (line: CartLine, quantity: number, onFailed: () => void) => {
    updateLine.mutate(
      {
        productId: line.package?.id ?? line.product.id,
        quantity,
        size_id: line.size_id,
        isPackage: line.package !== null,
      },
      {
        onError: (error) => {
          notifyError(errorMessage(error), 'The cart was not changed');
          onFailed();
        },
      },
    );
  };

  let body: ReactNode;
  if (cartQuery.isPending) {
    body = (
      <Center mih={240}>
        <Loader aria-label="Loading the cart" />
      </Center>
    );
  } else if (cartQuery.isError) {
    body = (
      <Alert color="red" variant="light" title="The cart could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(cartQuery.error)}</Text>
          <Button size="xs" variant="light" onClick={() => void cartQuery.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (cartQuery.data.products.length === 0) {
    body = <EmptyCart wishMode={wishMode} />;
  } else {
    const cart = cartQuery.data;
    body = (
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="xs">
            <Paper withBorder radius="lg" px={{ base: 'md', sm: 'lg' }} py="xs">
              {cart.products.map((line) => (
                <CartLineRow key={line.id} line={line} showPrices={!wishMode} onQuantity={changeQuantity} />
              ))}
            </Paper>
            <Group justify="flex-end">
              <EmptyCartButton wishMode={wishMode} disabled={busy} />
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          {wishMode ? (
            isLoggedIn(client) ? (
              <WishForm client={client} cart={cart} />
            ) : null
          ) : (
            <CartSummary
              cart={cart}
              minimumPurchase={config.minimumPurchase}
              busy={busy}
              // To the client's province as their profile has it, else the store's own.
              freeShipping={freeShippingProgress(
                cart.cartTotal ?? 0,
                (isLoggedIn(client) && client.province) || config.storeProvince,
                { ontario: config.freeShippingOntario, other: config.freeShippingOther },
              )}
            />
          )}
        </Grid.Col>
      </Grid>
    );
  }

  return (
    <Container py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Title order={1}>{title}</Title>
          <Anchor component={Link} to={paths.phase()} fw={600}>
            Continue Shopping
          </Anchor>
        </Group>
        {body}
      </Stack>
    </Container>
  );
}
