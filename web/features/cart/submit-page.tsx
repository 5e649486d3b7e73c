import {
  Button,
  Center,
  Container,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../../domain/money.ts';
import { useCart } from '../../lib/cart.ts';
import { useConfig } from '../../lib/config.ts';
import { paths } from '../../lib/paths.ts';
import { EmptyCart } from './cart-page.tsx';
import { checkoutBlock, lineName } from './cart-rules.ts';
import { CheckoutNotes } from './cart-summary.tsx';

/** The read-only cart summary (spec storefront §2 Cart summary): Back to Cart, or Continue to checkout. */
export function SubmitPage() {
  const navigate = useNavigate();
  const { config } = useConfig();
  const { data: cart, isPending } = useCart({ fresh: true });
  const showPrices = config.showPrices;

  if (isPending) {
    return (
      <Center mih="50vh">
        <Loader aria-label="Loading the cart" />
      </Center>
    );
  }

  return (
    <Container py="xl" size="md">
      <Stack gap="lg">
        <Title order={1}>{showPrices ? 'Cart Summary' : 'Wish List Summary'}</Title>
        {!cart || cart.products.length === 0 ? (
          <EmptyCart wishMode={!showPrices} to={paths.home()} label="Back to the home page" />
        ) : (
          <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
            <Stack gap="md">
              <Table.ScrollContainer minWidth={300} type="native">
                <Table
                  verticalSpacing="sm"
                  aria-label={showPrices ? 'Items in your cart' : 'Items in your wish list'}
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Item</Table.Th>
                      <Table.Th ta="right">Quantity</Table.Th>
                      {showPrices ? <Table.Th ta="right">Total</Table.Th> : null}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {cart.products.map((line) => (
                      <Table.Tr key={line.id}>
                        <Table.Td>
                          <Text fw={600} size="sm">
                            {lineName(line)}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {line.product.code}
                            {line.size_name ? ` · Size ${line.size_name}` : ''}
                            {showPrices && line.pricing !== null
                              ? ` · ${formatMoney(line.pricing)} each`
                              : ''}
                          </Text>
                          {line.error ? (
                            <Text size="xs" c="red.8">
                              {line.error}
                            </Text>
                          ) : null}
                        </Table.Td>
                        <Table.Td ta="right">{line.quantity}</Table.Td>
                        {showPrices ? (
                          <Table.Td ta="right">
                            {line.lineTotal === null ? '' : formatMoney(line.lineTotal)}
                          </Table.Td>
                        ) : null}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {showPrices && cart.cartTotal !== null ? (
                <Stack gap={4}>
                  <Divider mb="xs" />
                  <Group justify="space-between" px="xs">
                    <Text fw={700}>Subtotal</Text>
                    <Text fw={700} data-testid="submit-subtotal">
                      {formatMoney(cart.cartTotal)}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed" ta="right" px="xs">
                    Shipping and tax are calculated at checkout.
                  </Text>
                </Stack>
              ) : null}
              {showPrices ? <CheckoutNotes cart={cart} minimumPurchase={config.minimumPurchase} /> : null}
              <Group justify="space-between">
                <Button variant="default" onClick={() => navigate(paths.cart())}>
                  {showPrices ? 'Back to Cart' : 'Back to Wish List'}
                </Button>
                <Button
                  disabled={showPrices && checkoutBlock(cart, config.minimumPurchase) !== null}
                  onClick={() => navigate(showPrices ? paths.checkout() : paths.cart())}
                >
                  Continue
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
