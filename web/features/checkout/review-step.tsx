import { Alert, Box, Button, Grid, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import type { SavedAddress } from '../../../domain/address.ts';
import type { LoginRecord } from '../../../domain/auth.ts';
import type { Cart } from '../../../domain/cart.ts';
import { formatMoney } from '../../../domain/money.ts';
import { PAYMENT_RELEASED_CODES, type PaymentMethod } from '../../../domain/orders.ts';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { AddressLines } from './address-summary.tsx';
import { usePlaceOrder } from './checkout.api.ts';
import { orderRequestOf } from './checkout-rules.ts';
import { type SummaryFigures, SummaryRows } from './order-summary.tsx';
import type { Paid } from './payment-step.tsx';

/** 'Visa ending in 4242 (expires 12/30)'. */
export function describeCard(card: PaymentMethod['card']): string {
  const brand = card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : 'Card';
  const month = String(card.exp_month).padStart(2, '0');
  const year = String(card.exp_year).slice(-2);
  return `${brand} ending in ${card.last4} (expires ${month}/${year})`;
}

interface ReviewStepProps {
  client: LoginRecord;
  cart: Cart;
  shipping: SavedAddress;
  billing: SavedAddress;
  paid: Paid;
  figures: SummaryFigures;
  onPlaced: (orderNumber: number) => void;
  /** The order was not placed: the cart is read again (its stock, or what another tab changed). */
  onFailed: () => void;
  /** The payment can no longer place an order (released: the cart changed, the hold ended): pay again. */
  onPaymentEnded: (message: string) => void;
}

const PAYMENT_RELEASED: ReadonlySet<string> = new Set(Object.values(PAYMENT_RELEASED_CODES));

/**
 * Review and Place Order (spec §4 Order placement): a spinner while the order is placed; on
 * 'succeeded' the page moves on to the thank-you page, otherwise the server's text shows under
 * the button (a short stock answers the not-enough-stock text).
 */
export function ReviewStep({
  client,
  cart,
  shipping,
  billing,
  paid,
  figures,
  onPlaced,
  onFailed,
  onPaymentEnded,
}: ReviewStepProps) {
  const placeOrder = usePlaceOrder();
  const [error, setError] = useState<string>();
  // An order being placed, known at once: the button's pending state comes a tick later, and a
  // double click's second click would send the confirmation again (answered with the same order).
  const placing = useRef(false);

  const place = async () => {
    if (placing.current) return;
    placing.current = true;
    try {
      await placeOnce();
    } finally {
      placing.current = false;
    }
  };

  const placeOnce = async () => {
    setError(undefined);
    try {
      const result = await placeOrder.mutateAsync({
        userId: client.client_id,
        paymentIntentId: paid.paymentIntentId,
        orderRequest: orderRequestOf({
          client,
          shipping,
          shippingFee: figures.shippingFee?.shipping_fee,
          cart,
        }),
      });
      if (result.status === 'succeeded' && result.orderNumber !== null) {
        onPlaced(result.orderNumber);
        return;
      }
      // Not authorized any more (released, expired): only a new payment can place the order.
      onPaymentEnded(result.error || 'Your payment was not authorized. Please pay again.');
      return;
    } catch (cause) {
      if (isApiError(cause) && PAYMENT_RELEASED.has(cause.code)) {
        onPaymentEnded(cause.message);
        return;
      }
      setError(errorMessage(cause));
    }
    // A line short of stock now shows its error, and the checkout goes back to the cart (spec §4).
    onFailed();
  };

  return (
    <Stack gap="lg">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Title order={3} size="h6" mb={4}>
            Ship to
          </Title>
          <Text size="sm" component="div">
            <AddressLines address={shipping} />
          </Text>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Title order={3} size="h6" mb={4}>
            Bill to
          </Title>
          <Text size="sm" component="div">
            {billing.same_as_shipping ? 'Same as shipping address' : <AddressLines address={billing} />}
          </Text>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Title order={3} size="h6" mb={4}>
            Payment
          </Title>
          <Text size="sm">{describeCard(paid.method.card)}</Text>
        </Grid.Col>
      </Grid>

      <Table.ScrollContainer minWidth={300} type="native">
        <Table verticalSpacing="xs" aria-label="Items to order">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cart.products.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {line.package ? line.package.name : line.product.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {line.product.code}
                    {line.size_name ? ` · Size ${line.size_name}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
                <Table.Td ta="right">{line.lineTotal === null ? '' : formatMoney(line.lineTotal)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {/* The Order Summary panel is beside the steps on wide screens, far below them on phones. */}
      <Box hiddenFrom="md">
        <SummaryRows figures={figures} />
      </Box>
      <Group justify="space-between" visibleFrom="md">
        <Text fw={700} size="lg">
          Total
        </Text>
        <Text fw={800} size="lg">
          {figures.totals.total === undefined ? '—' : formatMoney(figures.totals.total)}
        </Text>
      </Group>

      <Stack gap="xs" align="stretch">
        <Button
          size="md"
          onClick={() => void place()}
          loading={placeOrder.isPending}
          disabled={placeOrder.isPending}
        >
          Place Order
        </Button>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </Stack>
  );
}
