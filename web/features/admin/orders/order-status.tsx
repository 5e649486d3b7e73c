import { Badge } from '@mantine/core';

const STATUS_COLORS: Record<string, string> = {
  placed: 'yellow',
  paid: 'green',
  shipped: 'blue',
  delivered: 'teal',
  refunded: 'gray',
  cancelled: 'gray',
};

const STATUS_LABELS: Record<string, string> = {
  placed: 'Placed',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

/** An order's status, and "partly refunded" beside it when some money was given back. */
export function OrderStatusBadge({
  status,
  amountRefunded,
  total,
}: {
  status: string;
  amountRefunded: number;
  total: number;
}) {
  const partly = amountRefunded > 0 && amountRefunded < total && status !== 'cancelled';
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light">
      {STATUS_LABELS[status] ?? status}
      {partly ? ' · partly refunded' : ''}
    </Badge>
  );
}
