import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type AdminOrderSummary, PARTLY_REFUNDED } from '../../../../domain/admin/orders.ts';
import { isCalendarDay } from '../../../../domain/dates.ts';
import { formatMoney } from '../../../../domain/money.ts';
import { CANADIAN_PROVINCES } from '../../../../domain/provinces.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { isOptionOf, useListQuery, usePageWithinList } from '../../../lib/list-query.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { OrderStatusBadge } from './order-status.tsx';
import { useAdminOrders, useOrderDocuments, useShipOrders } from './orders.api.ts';

const STATUS_FILTERS = [
  { value: '', label: 'Every status' },
  { value: 'paid', label: 'Paid: to ship' },
  { value: 'placed', label: 'Placed: payment not taken yet' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'delivered', label: 'Delivered' },
  { value: PARTLY_REFUNDED, label: 'Partly refunded' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'cancelled', label: 'Cancelled' },
];

const PROVINCES = [
  { value: '', label: 'Every province' },
  ...CANADIAN_PROVINCES.map((province) => ({ value: province.code, label: province.name })),
];

/** #/admin/orders: the web orders, newest first; ship and print several at once. */
export function OrdersPage() {
  const { filters, page, setFilters, setPage } = useListQuery(
    { q: '', status: '', province: '', from: '', to: '' },
    {
      status: isOptionOf(STATUS_FILTERS),
      province: isOptionOf(PROVINCES),
      from: isCalendarDay,
      to: isCalendarDay,
    },
  );
  const { status, province, from, to } = filters;
  const [search] = useDebouncedValue(filters.q.trim(), 300);
  // Ticks belong to the rows shown: another view of the list (a filter, a page, Back) starts with none.
  const view = JSON.stringify([filters, page]);
  const [ticks, setTicks] = useState<{ view: string; orderNumbers: number[] }>({ view, orderNumbers: [] });
  const selected = ticks.view === view ? ticks.orderNumbers : [];
  const setSelected = (orderNumbers: number[]) => setTicks({ view, orderNumbers });
  const orders = useAdminOrders({ q: search, status: status as never, province, from, to, page });
  usePageWithinList(page, setPage, orders.data);
  const shipMany = useShipOrders();
  const documents = useOrderDocuments();

  const rows = orders.data?.orders ?? [];
  const allChosen = rows.length > 0 && rows.every((row) => selected.includes(row.orderNumber));

  const shipSelected = async () => {
    try {
      const { results } = await shipMany.mutateAsync({ orderNumbers: selected });
      const shipped = results.filter((result) => result.shipped);
      const failed = results.filter((result) => !result.shipped);
      if (shipped.length > 0) notifySuccess(`${shipped.length} order(s) shipped; the clients were e-mailed.`);
      for (const result of failed) notifyError(result.error ?? 'Not shipped.', `Order ${result.orderNumber}`);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };
  const print = (kind: 'labels' | 'slips') =>
    documents.mutate(
      { kind, orderNumbers: selected },
      { onError: (error) => notifyError(errorMessage(error)) },
    );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Orders
        </Title>
        <Text c="dimmed">
          Web orders, newest first. Open one to ship, cancel or refund it; tick several to ship them and print
          their labels and packing slips in one go.
        </Text>
      </div>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Find"
          placeholder="Order number, name or e-mail"
          value={filters.q}
          onChange={(event) => setFilters({ q: event.currentTarget.value }, { replace: true })}
          w={230}
        />
        <Select
          label="Status"
          data={STATUS_FILTERS}
          value={status}
          onChange={(value) => setFilters({ status: value ?? '' })}
          allowDeselect={false}
          w={210}
        />
        <Select
          label="Province"
          data={PROVINCES}
          value={province}
          onChange={(value) => setFilters({ province: value ?? '' })}
          allowDeselect={false}
          searchable
          w={180}
        />
        <TextInput
          label="From"
          type="date"
          value={from}
          onChange={(event) => setFilters({ from: event.currentTarget.value }, { replace: true })}
          w={150}
        />
        <TextInput
          label="To"
          type="date"
          value={to}
          onChange={(event) => setFilters({ to: event.currentTarget.value }, { replace: true })}
          w={150}
        />
      </Group>
      {selected.length > 0 ? (
        <Group gap="sm" aria-label="With the chosen orders">
          <Text size="sm" fw={600}>
            {selected.length} chosen
          </Text>
          <Button onClick={() => void shipSelected()} loading={shipMany.isPending}>
            Ship with the carrier
          </Button>
          <Button variant="default" onClick={() => print('labels')} loading={documents.isPending}>
            Print labels
          </Button>
          <Button variant="default" onClick={() => print('slips')} loading={documents.isPending}>
            Print packing slips
          </Button>
        </Group>
      ) : null}
      {orders.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the orders" />
        </Center>
      ) : orders.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(orders.error)}
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed">
          {search || status || province || from || to
            ? 'No order matches.'
            : 'No web order has been placed yet.'}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={860}>
            <Table striped highlightOnHover verticalSpacing="xs" aria-label="Orders">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={36}>
                    <Checkbox
                      aria-label="Choose every order of this page"
                      checked={allChosen}
                      indeterminate={!allChosen && selected.length > 0}
                      onChange={() => setSelected(allChosen ? [] : rows.map((row) => row.orderNumber))}
                    />
                  </Table.Th>
                  <Table.Th>Order</Table.Th>
                  <Table.Th>Placed</Table.Th>
                  <Table.Th>Client</Table.Th>
                  <Table.Th>Province</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <OrderRow
                    key={row.orderNumber}
                    order={row}
                    chosen={selected.includes(row.orderNumber)}
                    onChoose={(chosen) =>
                      setSelected(
                        chosen
                          ? [...selected, row.orderNumber]
                          : selected.filter((n) => n !== row.orderNumber),
                      )
                    }
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {orders.data.total} order{orders.data.total === 1 ? '' : 's'}
            </Text>
            {orders.data.total > orders.data.pageSize ? (
              <Pagination
                value={page}
                onChange={setPage}
                total={Math.ceil(orders.data.total / orders.data.pageSize)}
              />
            ) : null}
          </Group>
        </>
      )}
    </Stack>
  );
}

function OrderRow({
  order,
  chosen,
  onChoose,
}: {
  order: AdminOrderSummary;
  chosen: boolean;
  onChoose: (chosen: boolean) => void;
}) {
  const navigate = useNavigate();
  // The whole row opens the order, as its number's link does for a keyboard (and by itself: a second
  // navigation would need two Backs); its checkbox only chooses.
  return (
    <Table.Tr
      onClick={(event) => {
        if ((event.target as Element).closest('a, input, label')) return;
        navigate(paths.adminOrder(order.orderNumber));
      }}
      style={{ cursor: 'pointer' }}
    >
      <Table.Td>
        <Checkbox
          aria-label={`Choose order ${order.orderNumber}`}
          checked={chosen}
          onChange={(event) => onChoose(event.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={paths.adminOrder(order.orderNumber)} fw={700}>
          #{order.orderNumber}
        </Anchor>
        <Text size="xs" c="dimmed">
          {order.lineCount} line{order.lineCount === 1 ? '' : 's'}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(order.createdAt)}</Table.Td>
      <Table.Td>
        <Text size="sm">{order.clientName}</Text>
        <Text size="xs" c="dimmed">
          {order.email}
        </Text>
      </Table.Td>
      <Table.Td>{order.province}</Table.Td>
      <Table.Td>
        <OrderStatusBadge status={order.status} amountRefunded={order.amountRefunded} total={order.total} />
        {order.trackingNumber ? (
          <Text size="xs" c="dimmed" ff="monospace">
            {order.trackingNumber}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm" fw={600}>
          {formatMoney(order.total)}
        </Text>
        {order.amountRefunded > 0 ? (
          <Badge variant="light" color="gray" size="sm">
            −{formatMoney(order.amountRefunded)}
          </Badge>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
