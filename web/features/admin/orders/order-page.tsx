import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Checkbox,
  Divider,
  Grid,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { planOrderRefund, taxRefundedBy } from '../../../../domain/admin/order-refunds.ts';
import {
  type AdminOrder,
  type DisputeStatus,
  disputeHolds,
  disputeHoldsShipping,
  orderDisputedMessage,
  shippingDisputedMessage,
} from '../../../../domain/admin/orders.ts';
import { formatMoney } from '../../../../domain/money.ts';
import type { Carrier } from '../../../../domain/shipping.ts';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { api } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { listPathAsLeft } from '../../../lib/list-query.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { OrderStatusBadge } from './order-status.tsx';
import {
  useAdminOrder,
  useCancelOrder,
  useDeliverOrder,
  useOrderDocuments,
  useRefundOrder,
  useShipOrder,
} from './orders.api.ts';

function newKey(): string {
  return crypto.randomUUID();
}

function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {title}
          </Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

function Amount({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 800 : 500}>
        {value}
      </Text>
    </Group>
  );
}

/** #/admin/orders/:orderNumber: one order, what happened to it, and what can be done with it. */
const DISPUTE_BADGES: Record<DisputeStatus | 'open', { color: string; variant: string; label: string }> = {
  open: { color: 'red', variant: 'filled', label: 'Disputed' },
  inquiry: { color: 'orange', variant: 'light', label: 'Bank inquiry' },
  won: { color: 'green', variant: 'light', label: 'Dispute won' },
  lost: { color: 'red', variant: 'filled', label: 'Dispute lost' },
  warning_closed: { color: 'gray', variant: 'light', label: 'Inquiry closed' },
};

/** How the dispute's state shows (its colour, and in words: 'Disputed' while open, else what it is). */
function disputeLook(order: AdminOrder) {
  return DISPUTE_BADGES[order.disputeStatus ?? 'open'];
}

/** The order's dispute, open or as it closed; nothing without one. */
function DisputeBadge({ order }: { order: AdminOrder }) {
  if (!order.disputedAt) return null;
  const opened = `${order.disputeStatus === 'inquiry' ? 'Asked' : 'Disputed'} ${formatDateTime(order.disputedAt)}`;
  const closed = order.disputeClosedAt ? `, closed ${formatDateTime(order.disputeClosedAt)}` : '';
  const look = disputeLook(order);
  return (
    <Badge color={look.color} variant={look.variant} title={`${opened}${closed}`}>
      {look.label}
    </Badge>
  );
}

export function OrderPage() {
  const orderNumber = Number(useParams().orderNumber);
  const order = useAdminOrder(orderNumber);
  if (order.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the order" />
      </Center>
    );
  }
  if (order.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(order.error)}
      </Alert>
    );
  }
  return <OrderView order={order.data} />;
}

function OrderView({ order }: { order: AdminOrder }) {
  const documents = useOrderDocuments();
  const deliver = useDeliverOrder(order.orderNumber);
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const print = (kind: 'labels' | 'slips') =>
    documents.mutate(
      { kind, orderNumbers: [order.orderNumber] },
      { onError: (error) => notifyError(errorMessage(error)) },
    );
  const rate = Number((order.taxRatePpm / 10_000).toFixed(3));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Anchor component={Link} to={listPathAsLeft(paths.adminOrders())} size="sm">
            ← Orders
          </Anchor>
          <Group gap="sm">
            <Title order={1} size="h2">
              Order #{order.orderNumber}
            </Title>
            <OrderStatusBadge
              status={order.status}
              amountRefunded={order.amountRefunded}
              total={order.total}
            />
            <DisputeBadge order={order} />
          </Group>
          <Text c="dimmed" size="sm">
            Placed {formatDateTime(order.createdAt)} by {order.clientName} ({order.email})
          </Text>
        </Stack>
        <Group gap="sm">
          {order.status === 'paid' ? <Button onClick={() => setDialog('ship')}>Ship</Button> : null}
          {order.status === 'shipped' ? (
            <Button
              variant="default"
              loading={deliver.isPending}
              onClick={() =>
                deliver.mutate(undefined, {
                  onSuccess: () => notifySuccess('Marked delivered.'),
                  onError: (error) => notifyError(errorMessage(error)),
                })
              }
            >
              Mark delivered
            </Button>
          ) : null}
          {order.refundable > 0 ? (
            <Button variant="default" color="red" onClick={() => setDialog('refund')}>
              Refund
            </Button>
          ) : null}
          {(order.status === 'placed' || order.status === 'paid') && !disputeHolds(order) ? (
            <Button variant="subtle" color="red" onClick={() => setDialog('cancel')}>
              Cancel order
            </Button>
          ) : null}
        </Group>
      </Group>

      {disputeHoldsShipping(order) ? (
        <Alert color={disputeLook(order).color} variant="light" title={disputeLook(order).label}>
          {orderDisputedMessage(order)}
        </Alert>
      ) : null}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Section title="Items">
              <Table.ScrollContainer minWidth={520}>
                <Table verticalSpacing="xs" aria-label="Items">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Item</Table.Th>
                      <Table.Th ta="right">Price</Table.Th>
                      <Table.Th ta="right">Quantity</Table.Th>
                      <Table.Th ta="right">Total</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {order.lines.map((line) => (
                      <Table.Tr key={line.id}>
                        <Table.Td>
                          <Text size="sm" fw={600}>
                            {line.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {line.code}
                            {line.sizeName ? ` · Size ${line.sizeName}` : ''}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">{formatMoney(line.unitPrice)}</Table.Td>
                        <Table.Td ta="right">
                          {line.quantity}
                          {line.quantityRefunded > 0 ? (
                            <Text size="xs" c="dimmed">
                              {line.quantityRefunded} refunded
                            </Text>
                          ) : null}
                        </Table.Td>
                        <Table.Td ta="right">{formatMoney(line.lineTotal)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Section>

            <Section
              title="Shipping"
              actions={
                <Group gap="xs">
                  {order.trackingNumber && order.carrier ? (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => print('labels')}
                      loading={documents.isPending}
                    >
                      Print label
                    </Button>
                  ) : null}
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => print('slips')}
                    loading={documents.isPending}
                  >
                    Print packing slip
                  </Button>
                </Group>
              }
            >
              <Text size="sm">{order.shippingAddress}</Text>
              {order.trackingNumber ? (
                <Text size="sm">
                  {order.carrier ? `${order.carrier}, tracking number ` : 'Tracking number '}
                  <Text span fw={700} ff="monospace">
                    {order.trackingNumber}
                  </Text>
                  {order.shippedAt ? ` · shipped ${formatDateTime(order.shippedAt)}` : ''}
                  {order.deliveredAt ? ` · delivered ${formatDateTime(order.deliveredAt)}` : ''}
                </Text>
              ) : (
                <Text size="sm" c="dimmed">
                  Not shipped yet.
                </Text>
              )}
            </Section>

            <Section title="History">
              <Timeline bulletSize={14} lineWidth={2} active={order.events.length}>
                {order.events.map((event) => (
                  <Timeline.Item
                    key={`${event.createdAt}-${event.type}-${event.message}`}
                    title={event.message}
                  >
                    <Text size="xs" c="dimmed">
                      {formatDateTime(event.createdAt)}
                      {event.actor ? ` · ${event.actor}` : ''}
                    </Text>
                  </Timeline.Item>
                ))}
              </Timeline>
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Section title="Payment">
              <Text size="sm">
                {order.payment.brand && order.payment.last4
                  ? `${order.payment.brand.toUpperCase()} ending in ${order.payment.last4}`
                  : 'Card'}
              </Text>
              <Stack gap={4}>
                <Amount label="Subtotal" value={formatMoney(order.subtotal)} />
                <Amount
                  label="Shipping"
                  value={order.shippingFee === 0 ? 'Free' : formatMoney(order.shippingFee)}
                />
                {order.taxParts.length > 0 ? (
                  order.taxParts.map((part) => (
                    <Amount
                      key={part.name}
                      label={`${part.name} (${Number((part.ratePpm / 10_000).toFixed(3))}%)`}
                      value={formatMoney(part.amount)}
                    />
                  ))
                ) : (
                  <Amount label={`Tax (${rate}%)`} value={formatMoney(order.tax)} />
                )}
                <Divider />
                <Amount label="Total" value={formatMoney(order.total)} strong />
                {order.refunds
                  .filter((refund) => refund.status === 'succeeded')
                  .map((refund) => (
                    <Amount
                      key={refund.id}
                      label={`Refunded ${formatDateTime(refund.createdAt)}`}
                      value={`−${formatMoney(refund.amount)}`}
                    />
                  ))}
                {order.amountRefunded > 0 ? (
                  <Amount label="Kept" value={formatMoney(order.total - order.amountRefunded)} strong />
                ) : null}
              </Stack>
            </Section>
            <Section title="Billing">
              <Text size="sm">{order.billingAddress}</Text>
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>

      {dialog ? <OrderDialog kind={dialog} order={order} onClose={() => setDialog(null)} /> : null}
    </Stack>
  );
}

type DialogKind = 'ship' | 'cancel' | 'refund';

const DIALOGS: Record<
  DialogKind,
  { title: string; size: string; Form: (props: { order: AdminOrder; onDone: () => void }) => ReactNode }
> = {
  ship: { title: 'Ship', size: 'md', Form: ShipForm },
  cancel: { title: 'Cancel', size: 'md', Form: CancelForm },
  refund: { title: 'Refund', size: 'lg', Form: RefundForm },
};

/** What the order page's buttons open: a form in a dialog named after its order. */
function OrderDialog({ kind, order, onClose }: { kind: DialogKind; order: AdminOrder; onClose: () => void }) {
  const { title, size, Form } = DIALOGS[kind];
  return (
    <Modal opened onClose={onClose} title={`${title} order #${order.orderNumber}`} size={size}>
      <Form order={order} onDone={onClose} />
    </Modal>
  );
}

function ShipForm({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const ship = useShipOrder(order.orderNumber);
  const carriers = useQuery({
    queryKey: ['shipping', 'carriers'],
    queryFn: ({ signal }) => api.get<Carrier[]>('/api/Shipping/shippingcarriers', { signal }),
  });
  const [how, setHow] = useState<'book' | 'manual'>('book');
  const [productCode, setProductCode] = useState<string | null>(null);
  const [trackingNumber, setTrackingNumber] = useState('');
  const [carrier, setCarrier] = useState('');
  const [despiteDispute, setDespiteDispute] = useState(false);
  const [error, setError] = useState<string>();
  const disputed = disputeHoldsShipping(order);
  const submit = () => {
    setError(undefined);
    const shipment =
      how === 'book'
        ? productCode
          ? { productCode }
          : {}
        : { trackingNumber: trackingNumber.trim(), carrier: carrier.trim() };
    if (how === 'manual' && (!trackingNumber.trim() || !carrier.trim())) {
      setError('Enter the tracking number and its carrier.');
      return;
    }
    if (disputed && !despiteDispute) {
      setError('Tick “Ship despite the dispute” to ship this order.');
      return;
    }
    ship.mutate(disputed ? { ...shipment, despiteDispute } : shipment, {
      onSuccess: () => {
        notifySuccess('Shipped. The e-mail to the client, with the tracking number, is in the Outbox.');
        onDone();
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="md">
        {disputed ? (
          <Alert color={disputeLook(order).color} variant="light" title={disputeLook(order).label}>
            <Stack gap="xs">
              <Text size="sm">{shippingDisputedMessage(order)}</Text>
              <Checkbox
                label="Ship despite the dispute"
                checked={despiteDispute}
                onChange={(event) => setDespiteDispute(event.currentTarget.checked)}
              />
            </Stack>
          </Alert>
        ) : null}
        <SegmentedControl
          value={how}
          onChange={(value) => setHow(value as 'book' | 'manual')}
          data={[
            { value: 'book', label: 'Buy a label' },
            { value: 'manual', label: 'Tracking number by hand' },
          ]}
        />
        {how === 'book' ? (
          <Select
            label="Service"
            description="The cheapest for this parcel when left empty."
            placeholder="The cheapest"
            data={(carriers.data ?? []).map((c) => ({ value: c.code, label: c.name }))}
            value={productCode}
            onChange={setProductCode}
            clearable
          />
        ) : (
          <>
            <TextInput
              label="Carrier"
              placeholder="Canada Post, Purolator, UPS…"
              value={carrier}
              onChange={(event) => setCarrier(event.currentTarget.value)}
              maxLength={100}
            />
            <TextInput
              label="Tracking number"
              value={trackingNumber}
              onChange={(event) => setTrackingNumber(event.currentTarget.value)}
              maxLength={60}
            />
          </>
        )}
        <FormActions
          failure={error}
          onCancel={onDone}
          submitLabel={how === 'book' ? 'Buy label and ship' : 'Mark shipped'}
          loading={ship.isPending}
        />
      </Stack>
    </form>
  );
}

function CancelForm({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const cancel = useCancelOrder(order.orderNumber);
  const [reason, setReason] = useState('');
  return (
    <Stack gap="md">
      <Text size="sm">
        {order.status === 'placed'
          ? `The hold of ${formatMoney(order.total)} on the client's card is released`
          : `${formatMoney(order.total - order.amountRefunded)} goes back to the client's card`}
        , every item goes back in stock and the client is e-mailed.
      </Text>
      <TextInput
        label="Reason (for the history)"
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        maxLength={500}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Keep the order
        </Button>
        <Button
          color="red"
          loading={cancel.isPending}
          onClick={() =>
            cancel.mutate(reason.trim() ? { reason: reason.trim() } : {}, {
              onSuccess: () => {
                notifySuccess('The order is cancelled.');
                onDone();
              },
              onError: (error) => notifyError(errorMessage(error)),
            })
          }
        >
          Cancel order
        </Button>
      </Group>
    </Stack>
  );
}

function RefundForm({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const refund = useRefundOrder(order.orderNumber);
  const attemptKey = useRef(newKey());
  const open = order.lines.filter((line) => line.quantity > line.quantityRefunded);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [restock, setRestock] = useState<Record<number, boolean>>({});
  const [shipping, setShipping] = useState(false);
  const [error, setError] = useState<string>();
  const chosen = open
    .filter((line) => (quantities[line.id] ?? 0) > 0)
    .map((line) => ({
      lineId: line.id,
      quantity: quantities[line.id] ?? 0,
      restock: restock[line.id] ?? true,
    }));
  const plan = planOrderRefund(
    {
      total: order.total,
      amountRefunded: order.amountRefunded,
      shippingFee: order.shippingFee,
      taxRatePpm: order.taxRatePpm,
      tax: order.tax,
      taxRefunded: taxRefundedBy(order.refunds),
      shippingRefunded: order.shippingRefunded,
    },
    order.lines.map((line) => ({ ...line })),
    { kind: 'lines', lines: chosen, shipping },
  );
  const submit = () => {
    setError(undefined);
    refund.mutate(
      { request: { lines: chosen, shipping }, idempotencyKey: attemptKey.current },
      {
        onSuccess: () => {
          notifySuccess('Refunded. The e-mail to the client is in the Outbox.');
          onDone();
        },
        onError: (failure) => {
          setError(errorMessage(failure));
          attemptKey.current = newKey();
        },
      },
    );
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Choose what to give back. Each line goes back in stock unless you untick it. At most{' '}
          {formatMoney(order.refundable)} can still be refunded.
        </Text>
        <Table verticalSpacing="xs" aria-label="Lines to refund">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>Refund</Table.Th>
              <Table.Th>Back in stock</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {open.map((line) => {
              const left = line.quantity - line.quantityRefunded;
              return (
                <Table.Tr key={line.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {line.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {line.sizeName ? `Size ${line.sizeName} · ` : ''}
                      {formatMoney(line.unitPrice)} each · {left} left
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Quantity of ${line.name} to refund`}
                      min={0}
                      max={left}
                      allowDecimal={false}
                      allowNegative={false}
                      clampBehavior="none"
                      value={quantities[line.id] ?? 0}
                      // More than is left shows as what is left, not as a keystroke refused.
                      onChange={(value) =>
                        setQuantities((current) => ({
                          ...current,
                          [line.id]: Math.min(left, Number(value) || 0),
                        }))
                      }
                      w={90}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Put ${line.name} back in stock`}
                      checked={restock[line.id] ?? true}
                      onChange={(event) => {
                        const checked = event.currentTarget.checked;
                        setRestock((current) => ({ ...current, [line.id]: checked }));
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {order.shippingFee > 0 ? (
          <Checkbox
            label={`Refund the shipping (${formatMoney(order.shippingFee)})`}
            checked={shipping}
            disabled={order.shippingRefunded}
            description={order.shippingRefunded ? 'Refunded already.' : undefined}
            onChange={(event) => setShipping(event.currentTarget.checked)}
          />
        ) : null}
        {plan.ok ? (
          <Stack gap={2}>
            <Amount label="Items" value={formatMoney(plan.plan.itemsAmount)} />
            {plan.plan.shippingAmount > 0 ? (
              <Amount label="Shipping" value={formatMoney(plan.plan.shippingAmount)} />
            ) : null}
            <Amount label="Tax" value={formatMoney(plan.plan.tax)} />
            <Amount label="To refund" value={formatMoney(plan.plan.amount)} strong />
          </Stack>
        ) : chosen.length > 0 || shipping ? (
          <Text size="sm" c="red">
            {plan.message}
          </Text>
        ) : null}
        <FormActions
          failure={error}
          onCancel={onDone}
          submitLabel={plan.ok ? `Refund ${formatMoney(plan.plan.amount)}` : 'Refund'}
          loading={refund.isPending}
          color="red"
          disabled={!plan.ok}
        />
      </Stack>
    </form>
  );
}
