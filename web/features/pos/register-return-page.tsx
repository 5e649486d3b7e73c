import './mantine-styles.ts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import type { Sale } from '../../../domain/pos/register.ts';
import { saleLineName } from '../../../domain/pos/register.ts';
import { planReturn, type SaleReturn } from '../../../domain/pos/returns.ts';
import { isApiError } from '../../lib/api.ts';
import { useLoggedClient } from '../../lib/auth-store.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { ReaderLink, ReaderStatusLine, ReaderWaiting } from './card-reader.tsx';
import { keepPendingReturn, readPendingReturn } from './pending-return.ts';
import classes from './pos.module.css';
import { EmptyTableRow, newIdempotencyKey, PosPage, TestModeNotice } from './pos-ui.tsx';
import { useCurrentShift, usePostReturn, useSaleByReceipt } from './register.api.ts';
import { saleTendersText, tenderCardText } from './register-rules.ts';
import { useReaderRefund } from './use-reader-refund.ts';

const INTERAC_SIMULATION = [{ label: 'Simulate Interac card', interac: true }];
const TENDER_NAMES: Record<string, string> = { cash: 'Cash', card: 'Card', interac: 'Interac' };
const emailSchema = z.email();

/** The return's lines from the quantities asked for each line of the sale (by its place). */
function chosenLines(quantities: Record<number, number>) {
  return Object.entries(quantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([line, quantity]) => ({ line: Number(line), quantity }));
}

/** The lines to give back, the refund through the sale's tenders, and the Interac part on the reader. */
function ReturnForm({ sale, onReturned }: { sale: Sale; onReturned: (made: SaleReturn) => void }) {
  const shift = useCurrentShift();
  const post = usePostReturn();
  const cashierId = useLoggedClient()?.client_id ?? 0;
  // This sale's return left with its Interac part refunded (a reload): its lines, locked, and that
  // refund. One whose lines are no longer there to return was recorded meanwhile: forgotten.
  const [restored] = useState(() => {
    const pending = readPendingReturn(cashierId);
    if (pending?.saleId !== sale.id) return undefined;
    if (planReturn(sale, chosenLines(pending.quantities)).ok) return pending;
    keepPendingReturn(cashierId, undefined);
    return undefined;
  });
  const [quantities, setQuantities] = useState<Record<number, number>>(restored?.quantities ?? {});
  const [restock, setRestock] = useState(restored?.restock ?? true);
  const [email, setEmail] = useState('');
  const [attemptKey, setAttemptKey] = useState(newIdempotencyKey);
  const [interacRefundId, setInteracRefundId] = useState(restored?.refundId);
  const [interacKey] = useState(newIdempotencyKey);
  const readerRefund = useReaderRefund({
    onRefunded: () => {
      const refund = readerRefund.cardReader.reader.data?.action?.refund_payment?.refund;
      if (!refund) return;
      setInteracRefundId(refund);
      keepPendingReturn(cashierId, {
        cashierId,
        receiptNumber: sale.receipt.receipt_number,
        saleId: sale.id,
        quantities,
        restock,
        refundId: refund,
      });
    },
  });

  const chosen = chosenLines(quantities);
  const planned = chosen.length > 0 ? planReturn(sale, chosen) : undefined;
  const plan = planned?.ok ? planned.plan : undefined;
  const interacPart = plan?.tenders.find((tender) => tender.type === 'interac');
  const cashPart = plan?.tenders.find((tender) => tender.type === 'cash');
  const interacTender = sale.tenders.find((tender) => tender.id === interacPart?.saleTenderId);
  const noDrawer = cashPart !== undefined && !shift.data;
  const emailValid = email.trim() === '' || emailSchema.safeParse(email.trim()).success;
  // Once the Interac part is back on the client's card, the lines it paid for are settled.
  const locked = interacRefundId !== undefined || readerRefund.processing;

  const setQuantity = (line: number, quantity: number) => {
    setQuantities({ ...quantities, [line]: quantity });
    setAttemptKey(newIdempotencyKey());
  };

  const refundInterac = () => {
    if (!interacPart || !interacTender?.paymentIntentId) return;
    readerRefund
      .start({
        readerId: readerRefund.cardReader.readerId,
        request: {
          paymentIntentId: interacTender.paymentIntentId,
          amount: interacPart.amount,
          forReturn: true,
        },
        idempotencyKey: interacKey,
      })
      .catch((error: unknown) => notifyError(errorMessage(error)));
  };

  const submit = () => {
    if (!plan) return;
    post.mutate(
      {
        saleId: sale.id,
        key: attemptKey,
        body: {
          lines: chosen,
          restock,
          ...(interacRefundId ? { interacRefundId } : {}),
          ...(email.trim() ? { email: email.trim() } : {}),
        },
      },
      {
        onSuccess: (reply) => {
          keepPendingReturn(cashierId, undefined);
          notifySuccess(`Return recorded: ${formatMoney(reply.return.refunded)} refunded.`);
          onReturned(reply.return);
        },
        onError: (error) => {
          // That refund was recorded with a return already (this one, answered to a page reloaded since).
          if (isApiError(error) && error.code === 'refund_used') keepPendingReturn(cashierId, undefined);
          notifyError(errorMessage(error));
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={520}>
        <Table aria-label="Sale lines to return" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th className={classes.numeric}>Price</Table.Th>
              <Table.Th className={classes.numeric}>Sold</Table.Th>
              <Table.Th className={classes.numeric}>Returned</Table.Th>
              <Table.Th>Return</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sale.lines.map((line, index) => {
              const left = line.quantity - line.returned;
              return (
                // A sale's lines have no id of their own: their place is what a return names.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Table.Tr key={index}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {saleLineName(line)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {line.code}
                    </Text>
                  </Table.Td>
                  <Table.Td className={classes.numeric}>{formatMoney(line.unitPrice)}</Table.Td>
                  <Table.Td className={classes.numeric}>{line.quantity}</Table.Td>
                  <Table.Td className={classes.numeric}>{line.returned}</Table.Td>
                  <Table.Td>
                    {left === 0 ? (
                      <Badge variant="light" color="gray">
                        Returned
                      </Badge>
                    ) : (
                      <NumberInput
                        aria-label={`Return how many of ${saleLineName(line)}`}
                        size="xs"
                        w={90}
                        min={0}
                        max={left}
                        allowDecimal={false}
                        allowNegative={false}
                        clampBehavior="none"
                        value={quantities[index] ?? 0}
                        disabled={locked || post.isPending}
                        // More than is left shows as what is left, not as a keystroke refused.
                        onChange={(value) => setQuantity(index, Math.min(left, Number(value) || 0))}
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
            {sale.lines.length === 0 ? (
              <EmptyTableRow columns={5}>This sale has no lines.</EmptyTableRow>
            ) : null}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Group gap="xl" align="flex-end">
        <Checkbox
          label="Put the items back in stock"
          checked={restock}
          disabled={post.isPending}
          onChange={(event) => setRestock(event.currentTarget.checked)}
        />
        <TextInput
          label="E-mail the refund receipt"
          type="email"
          placeholder="customer@example.com"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={emailValid ? undefined : 'Please enter a valid email address.'}
          w={300}
        />
      </Group>

      {planned && !planned.ok ? (
        <Alert color="red" role="alert">
          {planned.message}
        </Alert>
      ) : null}
      {plan ? (
        <Paper withBorder radius="md" p="md" component="section" aria-label="Refund">
          <Stack gap={4}>
            <Group justify="space-between">
              <Text fw={700}>Refund</Text>
              <Text fw={800} fz="lg" aria-label="Refund total">
                {formatMoney(plan.refunded)}
              </Text>
            </Group>
            <Text size="sm" c="dimmed">
              {formatMoney(plan.subtotal)} + tax {formatMoney(plan.tax)}
              {plan.rounding !== 0 ? `, cash rounded to 5 cents (${formatMoney(plan.rounding)})` : ''}
            </Text>
            {plan.tenders.map((tender) => (
              <Group key={tender.saleTenderId} justify="space-between">
                <Text size="sm">
                  {TENDER_NAMES[tender.type] ?? tender.type}
                  {tender.type === 'cash'
                    ? ': give it from the drawer'
                    : tender.type === 'card'
                      ? ': refunded to the card online'
                      : ': refunded on the reader, with the client’s card'}
                </Text>
                <Text size="sm" fw={600}>
                  {formatMoney(tender.amount)}
                </Text>
              </Group>
            ))}
          </Stack>
        </Paper>
      ) : (
        <Text size="sm" c="dimmed">
          Choose how many of each item come back.
        </Text>
      )}

      {noDrawer ? (
        <Alert color="orange" role="alert">
          Cash goes back from the drawer: open your shift on the{' '}
          <Anchor component={Link} to={paths.posRegister()}>
            register
          </Anchor>{' '}
          first.
        </Alert>
      ) : null}

      {interacPart && !interacRefundId ? (
        <Paper withBorder radius="md" p="md" component="section" aria-label="Interac refund">
          <Stack gap="sm">
            <Text size="sm">
              First refund {formatMoney(interacPart.amount)} on the reader: the client taps their Interac
              card.
            </Text>
            <ReaderLink cardReader={readerRefund.cardReader} disabled={readerRefund.processing} />
            <ReaderStatusLine cardReader={readerRefund.cardReader} />
            {readerRefund.processing ? (
              <>
                <ReaderWaiting flow={readerRefund} simulations={INTERAC_SIMULATION}>
                  Please tap the Interac card on the card reader
                </ReaderWaiting>
                <Button
                  variant="default"
                  w="fit-content"
                  loading={readerRefund.cancelling}
                  onClick={() => readerRefund.cancel(() => undefined)}
                >
                  Cancel Refund
                </Button>
              </>
            ) : (
              <Button
                w="fit-content"
                onClick={refundInterac}
                loading={readerRefund.starting}
                disabled={noDrawer}
              >
                Refund {formatMoney(interacPart.amount)} on the reader
              </Button>
            )}
          </Stack>
        </Paper>
      ) : null}
      {interacRefundId ? (
        <Alert color="green" variant="light">
          The Interac part is back on the client’s card: finish the return.
        </Alert>
      ) : null}

      <Button
        size="lg"
        w="fit-content"
        onClick={submit}
        loading={post.isPending}
        disabled={!plan || noDrawer || !emailValid || (interacPart !== undefined && !interacRefundId)}
      >
        {plan ? `Refund ${formatMoney(plan.refunded)}` : 'Refund'}
      </Button>
    </Stack>
  );
}

/**
 * Money given back on a card of the sale outside the register's returns (on the refund screen, or in
 * the card processor's dashboard): the cashier sees it before refunding that card again.
 */
function RefundedOutside({ sale }: { sale: Sale }) {
  const refunded = sale.tenders.filter((tender) => tender.refundedOutside > 0);
  if (refunded.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" title="Refunded before, outside the returns">
      {refunded
        .map((tender) => `${formatMoney(tender.refundedOutside)} on ${tenderCardText(tender)}`)
        .join('; ')}{' '}
      was given back on the refund screen or in the card processor's dashboard. That card can be refunded at
      most what remains.
    </Alert>
  );
}

/** After a return: the cash to give back in big type, the refund receipt. */
function ReturnDone({ made, onAnother }: { made: SaleReturn; onAnother: () => void }) {
  const cash = made.tenders.find((tender) => tender.type === 'cash');
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      aria-label="Return complete"
      component="section"
    >
      <Stack gap="md">
        <Title order={2} size="h3">
          Return complete
        </Title>
        <Text>
          {made.receipt ? (
            <>
              Refund receipt{' '}
              <Anchor component={Link} to={paths.storedReceipt(made.receipt.receipt_id)} fw={700}>
                No. {made.receipt.receipt_number}
              </Anchor>{' '}
              ·{' '}
            </>
          ) : null}
          {formatMoney(made.refunded)} refunded:{' '}
          {made.tenders
            .map((tender) => `${TENDER_NAMES[tender.type] ?? tender.type} ${formatMoney(tender.amount)}`)
            .join(' + ')}
          {made.restock ? ' · items back in stock' : ''}
        </Text>
        {cash ? (
          <Text fz={40} fw={900} lh={1.1} c="maple.8" aria-label="Cash to give back">
            Give back: {formatMoney(cash.amount)}
          </Text>
        ) : null}
        <Group>
          <Button size="lg" onClick={onAnother} data-autofocus>
            Another return
          </Button>
          <Button component={Link} to={paths.posRegister()} variant="default" size="lg">
            Back to the register
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Returns at the counter (issue "The POS as a real register"): the client's receipt number finds
 * the sale; the items chosen are refunded to the tenders that paid them (card online, Interac on
 * the reader, cash from the drawer), back in stock or not, with a refund receipt.
 */
export function RegisterReturnPage() {
  const cashierId = useLoggedClient()?.client_id ?? 0;
  // A return left with its Interac part refunded opens its sale again, to be finished.
  const [pendingReceipt] = useState(() => readPendingReturn(cashierId)?.receiptNumber);
  const [typed, setTyped] = useState(pendingReceipt === undefined ? '' : String(pendingReceipt));
  const [receiptNumber, setReceiptNumber] = useState(pendingReceipt);
  const [made, setMade] = useState<SaleReturn>();
  const sale = useSaleByReceipt(receiptNumber);
  const typedNumber = /^\d{1,9}$/.test(typed.trim()) ? Number(typed.trim()) : undefined;

  const find = () => {
    setMade(undefined);
    // The same number again (after a return): read the sale again.
    if (typedNumber === receiptNumber) void sale.refetch();
    else setReceiptNumber(typedNumber);
  };
  const another = () => {
    setMade(undefined);
    setReceiptNumber(undefined);
    setTyped('');
  };

  return (
    <PosPage
      title="Return"
      width="xl"
      actions={
        <Group gap="md">
          <Anchor component={Link} to={paths.posRegister()} size="sm">
            Register
          </Anchor>
          <Anchor component={Link} to={paths.refund()} size="sm">
            Refund a payment
          </Anchor>
        </Group>
      }
    >
      <TestModeNotice />
      {made ? (
        <ReturnDone made={made} onAnother={another} />
      ) : (
        <Paper withBorder radius="lg" p="md" component="section" aria-label="Find the sale">
          <Stack gap="md">
            <form
              onSubmit={(event) => {
                event.preventDefault();
                find();
              }}
            >
              <Group align="flex-end" gap="sm">
                <TextInput
                  label="Receipt number"
                  description="On the client's receipt (or scan it)"
                  inputMode="numeric"
                  value={typed}
                  onChange={(event) => setTyped(event.currentTarget.value)}
                  error={
                    typed.trim() !== '' && typedNumber === undefined
                      ? 'A receipt number is digits only.'
                      : undefined
                  }
                  w={260}
                  data-autofocus
                />
                <Button type="submit" disabled={typedNumber === undefined} loading={sale.isFetching}>
                  Find the sale
                </Button>
              </Group>
            </form>
            {receiptNumber !== undefined && sale.isPending ? <Loader aria-label="Finding the sale" /> : null}
            {sale.isError ? (
              <Alert color="red" role="alert">
                {isApiError(sale.error) && sale.error.status === 404
                  ? `There is no receipt ${receiptNumber}.`
                  : errorMessage(sale.error)}
              </Alert>
            ) : null}
            {sale.data ? (
              <Stack gap="md">
                <Text size="sm">
                  Receipt No. {sale.data.receipt.receipt_number} · {formatDateTime(sale.data.createdAt)} ·
                  served by {sale.data.cashier} · total {formatMoney(sale.data.total)} · paid{' '}
                  {saleTendersText(sale.data, formatMoney)}
                </Text>
                {sale.data.returns.length > 0 ? (
                  <Text size="sm" c="dimmed">
                    Returned before:{' '}
                    {sale.data.returns
                      .map(
                        (before) =>
                          `${formatMoney(before.refunded)} on ${formatDateTime(before.createdAt)}${before.receipt_number ? ` (receipt ${before.receipt_number})` : ''}`,
                      )
                      .join('; ')}
                  </Text>
                ) : null}
                <RefundedOutside sale={sale.data} />
                <ReturnForm
                  key={`${sale.data.id}-${sale.data.returns.length}`}
                  sale={sale.data}
                  onReturned={setMade}
                />
              </Stack>
            ) : null}
          </Stack>
        </Paper>
      )}
    </PosPage>
  );
}
