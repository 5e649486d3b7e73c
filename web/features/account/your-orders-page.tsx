import {
  Alert,
  Badge,
  Button,
  Center,
  Container,
  Divider,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../../domain/money.ts';
import type { Order } from '../../../domain/orders.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useOrders } from './account.api.ts';

const STATUS_COLORS: Record<string, string> = {
  paid: 'green',
  placed: 'green',
  shipped: 'blue',
  delivered: 'teal',
  refunded: 'gray',
  cancelled: 'gray',
};

function statusLabel(order: Order): string {
  const { status } = order;
  const label = status ? status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ') : '';
  const partlyRefunded = order.amount_refunded > 0 && status !== 'refunded' && status !== 'cancelled';
  return partlyRefunded ? `${label} · partly refunded` : label;
}

function AmountRow({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 800 : 500}>
        {children}
      </Text>
    </Group>
  );
}

function OrderCard({ order }: { order: Order }) {
  const rate = Number((order.tax_rate * 100).toFixed(3));
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="article"
      aria-label={`Order ${order.orderNumber}`}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h4">
              Order #{order.orderNumber}
            </Title>
            <Text size="sm" c="dimmed">
              Placed {formatDateTime(order.createdAt)}
            </Text>
          </Stack>
          <Group gap="sm">
            <Badge color={STATUS_COLORS[order.status.toLowerCase()] ?? 'maple'} variant="light" size="lg">
              {statusLabel(order)}
            </Badge>
            <Text fw={800}>{formatMoney(order.total)}</Text>
          </Group>
        </Group>

        <Table.ScrollContainer minWidth={300} type="native">
          <Table verticalSpacing="xs" aria-label={`Items of order ${order.orderNumber}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.lines.map((line) => (
                <Table.Tr key={`${line.product_id}-${line.package_id}-${line.code}-${line.size_name}`}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {line.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {line.code}
                      {line.size_name ? ` · Size ${line.size_name}` : ''} · {formatMoney(line.unit_price)}{' '}
                      each
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    {line.quantity}
                    {line.quantity_refunded > 0 ? (
                      <Text size="xs" c="dimmed">
                        {line.quantity_refunded} refunded
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(line.line_total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>

        {order.tracking_number ? (
          <Alert color="blue" variant="light" title={order.delivered_at ? 'Delivered' : 'On its way'}>
            Shipped {order.shipped_at ? formatDateTime(order.shipped_at) : ''}
            {order.carrier ? ` with ${order.carrier}` : ''}. Tracking number:{' '}
            <Text span fw={700} ff="monospace">
              {order.tracking_number}
            </Text>
          </Alert>
        ) : null}

        <Grid gap="lg">
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <Stack gap="xs">
              <div>
                <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                  Shipping address
                </Text>
                <Text size="sm">{order.shipping_address}</Text>
              </div>
              <div>
                <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                  Billing address
                </Text>
                <Text size="sm">{order.billing_address}</Text>
              </div>
              {order.payment ? (
                <div>
                  <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                    Payment
                  </Text>
                  <Text size="sm">{order.payment.charAt(0).toUpperCase() + order.payment.slice(1)}</Text>
                </div>
              ) : null}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <Stack gap={6}>
              <AmountRow label="Subtotal">{formatMoney(order.subtotal)}</AmountRow>
              <AmountRow label="Shipping">
                {order.shipping_fee === 0 ? 'Free' : formatMoney(order.shipping_fee)}
              </AmountRow>
              <AmountRow label={`Tax (${rate}%)`}>{formatMoney(order.tax)}</AmountRow>
              <Divider />
              <AmountRow label="Total" strong>
                {formatMoney(order.total)}
              </AmountRow>
              {order.refunds.map((refund) => (
                <AmountRow key={refund.createdAt} label={`Refunded ${formatDateTime(refund.createdAt)}`}>
                  −{formatMoney(refund.amount)}
                </AmountRow>
              ))}
              {order.discount > 0 ? (
                // The subtotal is after the products' discounts: the savings are told, not subtracted again.
                <Text size="xs" c="green.9" ta="right">
                  You saved {formatMoney(order.discount)} on this order.
                </Text>
              ) : null}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Paper>
  );
}

/** Your Orders: the client's orders, newest first, as they were placed. */
export function YourOrdersPage() {
  const orders = useOrders();

  let body: ReactNode;
  if (orders.isPending) {
    body = (
      <Center mih={240}>
        <Loader aria-label="Loading your orders" />
      </Center>
    );
  } else if (orders.data === undefined) {
    body = (
      <Alert color="red" variant="light" title="Your orders could not be loaded">
        {errorMessage(orders.error)}
      </Alert>
    );
  } else if (orders.data.pages[0]?.length === 0) {
    body = (
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} maw={640} mx="auto">
        <Stack align="center" ta="center" gap="md">
          <Text size="lg">You have not placed any orders yet.</Text>
          <Button component={Link} to={paths.phase()} variant="light">
            Start Shopping
          </Button>
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="lg">
        {orders.data.pages.flat().map((order) => (
          <OrderCard key={order.orderNumber} order={order} />
        ))}
        {orders.isFetchNextPageError ? (
          <Alert color="red" variant="light" title="More orders could not be loaded">
            {errorMessage(orders.error)}
          </Alert>
        ) : null}
        {orders.hasNextPage ? (
          <Center>
            <Button
              variant="light"
              loading={orders.isFetchingNextPage}
              onClick={() => void orders.fetchNextPage()}
            >
              Show more orders
            </Button>
          </Center>
        ) : null}
      </Stack>
    );
  }

  return (
    <Container py="xl" size="md">
      <Stack gap="lg">
        <Title order={1}>Your Orders</Title>
        {body}
      </Stack>
    </Container>
  );
}
