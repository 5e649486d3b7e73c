import './mantine-styles.ts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Checkbox,
  Grid,
  Group,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import type { Sale } from '../../../domain/pos/register.ts';
import type { ShiftReport } from '../../../domain/pos/shifts.ts';
import { useLoggedClient } from '../../lib/auth-store.ts';
import { useConfig } from '../../lib/config.ts';
import { formatMoney } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { keepPendingSale, readPendingSale } from './pending-sale.ts';
import { useSendReceipt } from './pos.api.ts';
import classes from './pos.module.css';
import { storeRatePpm } from './pos-rules.ts';
import {
  EmptyTableRow,
  newIdempotencyKey,
  PosPage,
  TaxRateMissingNotice,
  TestModeNotice,
  useIsPhone,
} from './pos-ui.tsx';
import { catalogueQuery, useCurrentShift } from './register.api.ts';
import type { ReaderPaid } from './register-card.ts';
import { ShiftReportView } from './register-report.tsx';
import {
  addLine,
  LINE_QUANTITY_MAX,
  lineName,
  type RegisterLine,
  removeLine,
  saleLines,
  saleTendersText,
  saleTotals,
  setLineQuantity,
  stockOf,
} from './register-rules.ts';
import { type AddItem, RegisterSearch } from './register-search.tsx';
import { ShiftBar } from './register-shift.tsx';
import { RegisterTender } from './register-tender.tsx';

const emailSchema = z.email();

/** The sale's lines: quantity changes, removal, the stock beside each. */
function SaleLines({
  lines,
  locked,
  onQuantity,
  onRemove,
}: {
  lines: readonly RegisterLine[];
  locked: boolean;
  onQuantity: (key: string, quantity: number) => void;
  onRemove: (key: string) => void;
}) {
  const phone = useIsPhone();
  return (
    <Table.ScrollContainer minWidth={phone ? 0 : 520}>
      <Table
        aria-label="Sale lines"
        verticalSpacing="xs"
        className={phone ? classes.stackedTable : undefined}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th className={classes.numeric}>Price</Table.Th>
            <Table.Th>Qty</Table.Th>
            <Table.Th className={classes.numeric}>Line total</Table.Th>
            <Table.Th aria-label="Remove" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => {
            const stock = stockOf(line.item, line.size);
            return (
              <Table.Tr key={line.key}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {lineName(line)}
                  </Text>
                  <Text size="xs" c={line.quantity > stock ? 'red' : 'dimmed'}>
                    {line.item.code} · {stock} in stock
                    {line.quantity > stock ? ' — not enough stock' : ''}
                  </Text>
                </Table.Td>
                <Table.Td className={classes.numeric}>{formatMoney(line.item.unitPrice)}</Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Quantity of ${lineName(line)}`}
                    size="xs"
                    w={80}
                    min={1}
                    max={LINE_QUANTITY_MAX}
                    allowDecimal={false}
                    allowNegative={false}
                    value={line.quantity}
                    disabled={locked}
                    onChange={(value) => typeof value === 'number' && onQuantity(line.key, value)}
                  />
                </Table.Td>
                <Table.Td className={classes.numeric}>
                  {formatMoney(line.item.unitPrice * line.quantity)}
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${lineName(line)}`}
                    disabled={locked}
                    onClick={() => onRemove(line.key)}
                  >
                    ✕
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            );
          })}
          {lines.length === 0 ? (
            <EmptyTableRow columns={5}>No items yet: find a product above or scan its code.</EmptyTableRow>
          ) : null}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** After a sale: the receipt, the change in big type, the receipt by e-mail, New sale. */
function SaleDone({ sale, onNewSale }: { sale: Sale; onNewSale: () => void }) {
  const send = useSendReceipt();
  const [email, setEmail] = useState('');
  const valid = emailSchema.safeParse(email.trim()).success;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} aria-label="Sale complete" component="section">
      <Stack gap="md">
        <Title order={2} size="h3">
          Sale complete
        </Title>
        <Text>
          Receipt{' '}
          <Anchor component={Link} to={paths.storedReceipt(sale.receipt.receipt_id)} fw={700}>
            No. {sale.receipt.receipt_number}
          </Anchor>{' '}
          · total {formatMoney(sale.total)}
          {sale.rounding !== 0 ? ` (${formatMoney(sale.paid)} paid: cash rounded to 5 cents)` : ''} ·{' '}
          {saleTendersText(sale, formatMoney)}
        </Text>
        <Text fz={48} fw={900} lh={1.1} c={sale.change > 0 ? 'maple.8' : undefined} aria-label="Change due">
          Change due: {formatMoney(sale.change)}
        </Text>
        <Group align="flex-end" gap="sm">
          <TextInput
            label="E-mail the receipt"
            type="email"
            placeholder="customer@example.com"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={email !== '' && !valid ? 'Please enter a valid email address.' : undefined}
            w={300}
          />
          <Button
            variant="light"
            disabled={!valid}
            loading={send.isPending}
            onClick={() =>
              send.mutate(
                { id: sale.receipt.receipt_id, email: email.trim() },
                {
                  onSuccess: () => notifySuccess(`The receipt is on its way to ${email.trim()}.`),
                  onError: (error) => notifyError(error.message),
                },
              )
            }
          >
            Send
          </Button>
        </Group>
        <Group>
          <Button size="lg" onClick={onNewSale} data-autofocus>
            New sale
          </Button>
          <Button
            component={Link}
            to={paths.storedReceipt(sale.receipt.receipt_id)}
            variant="default"
            size="lg"
          >
            View receipt
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The register (issue "The POS as a real register"): the shift, a sale from the catalogue with
 * Add tax (the store province's rate), and its tenders (cash, the card on the reader, or split).
 */
export function RegisterPage() {
  const { config } = useConfig();
  const ratePpm = storeRatePpm(config.storeTaxRate);
  const shift = useCurrentShift();
  const queryClient = useQueryClient();
  const searchRef = useRef<HTMLInputElement>(null);
  const cashierId = useLoggedClient()?.client_id ?? 0;
  // A sale whose card part was paid before the page was reloaded comes back to be finished.
  const [restored] = useState(() => readPendingSale(cashierId));
  const [lines, setLines] = useState<RegisterLine[]>(restored?.lines ?? []);
  const [addTax, setAddTax] = useState(restored?.addTax ?? true);
  const [attemptKey, setAttemptKey] = useState(() => restored?.attemptKey ?? newIdempotencyKey());
  const [cardPaid, setCardPaid] = useState<ReaderPaid | undefined>(restored?.cardPaid);
  const [cardWaiting, setCardWaiting] = useState(false);
  const [sold, setSold] = useState<Sale>();
  const [report, setReport] = useState<ShiftReport>();
  useEffect(() => {
    const unfinished = cardPaid && !sold ? { cashierId, lines, addTax, attemptKey, cardPaid } : undefined;
    keepPendingSale(cashierId, unfinished);
  }, [cashierId, lines, addTax, attemptKey, cardPaid, sold]);

  const totals = saleTotals(lines, addTax, ratePpm ?? 0);
  const locked = cardPaid !== undefined || cardWaiting;
  // No payment is taken for what the stock cannot give (the server would refuse the sale, and a card
  // charged would be refunded at once); a payment already under way finishes as it is.
  const shortLines = locked ? [] : lines.filter((line) => line.quantity > stockOf(line.item, line.size));

  /** A changed sale is a new attempt: a new Idempotency-Key. */
  const changeLines = (next: RegisterLine[]) => {
    setLines(next);
    setAttemptKey(newIdempotencyKey());
  };
  const add: AddItem = (item, size, quantity) => {
    changeLines(addLine(lines, item, size, quantity));
    searchRef.current?.focus();
  };
  /**
   * The lines' items as the catalogue has them now: a sale refused for stock (another till sold the
   * last one meanwhile) then shows what is left, and no payment is taken for it (shortLines).
   */
  const showStockNow = async () => {
    // One search an item: a product's sizes are lines of their own under one code.
    const codes = [...new Set(lines.map((line) => line.item.code))];
    const found = (
      await Promise.all(
        codes.map((code) =>
          queryClient.fetchQuery({ ...catalogueQuery(code), staleTime: 0 }).catch(() => []),
        ),
      )
    ).flat();
    setLines((current) =>
      current.map((line) => {
        const item = found.find(
          (now) => now.productId === line.item.productId && now.packageId === line.item.packageId,
        );
        return item ? { ...line, item } : line;
      }),
    );
  };
  const newSale = () => {
    setSold(undefined);
    setLines([]);
    setCardPaid(undefined);
    setAddTax(true);
    setAttemptKey(newIdempotencyKey());
    // The search box is back on the page after this render.
    setTimeout(() => searchRef.current?.focus(), 0);
  };

  return (
    <PosPage
      title="Register"
      width="xl"
      actions={
        <Group gap="md" className={classes.noPrint}>
          <Anchor component={Link} to={paths.pos()} size="sm">
            POS Payment
          </Anchor>
          <Anchor component={Link} to={paths.posReturn()} size="sm">
            Return
          </Anchor>
          <Anchor component={Link} to={paths.refund()} size="sm">
            Refund
          </Anchor>
        </Group>
      }
    >
      <TestModeNotice />
      <TaxRateMissingNotice />
      {restored && !sold && cardPaid?.paymentIntentId === restored.cardPaid.paymentIntentId ? (
        <Alert color="orange" variant="light" title="A sale to finish" role="status">
          The card paid {formatMoney(cardPaid.amount)} of this sale before the page was reloaded. Finish the
          sale below; to give the money back instead, refund that card on the refund screen.
        </Alert>
      ) : null}
      <ShiftBar
        unfinishedSale={
          cardPaid && !sold
            ? `The card paid ${formatMoney(cardPaid.amount)} of the sale on the register. Take the rest and complete the sale, or refund that card on the refund screen, before you close the shift: a shift closed now would leave that money out of its report.`
            : cardWaiting
              ? 'A card payment is under way on the reader. Let it finish, or cancel it, before you close the shift.'
              : undefined
        }
        onClosed={(closed) => {
          setReport(closed);
          notifySuccess(`Shift ${closed.shift.id} closed.`);
        }}
      />
      {report ? (
        <Stack gap="xs">
          <ShiftReportView report={report} />
          <Button
            variant="subtle"
            w="fit-content"
            onClick={() => setReport(undefined)}
            className={classes.noPrint}
          >
            Hide the report
          </Button>
        </Stack>
      ) : null}

      {sold ? (
        <SaleDone sale={sold} onNewSale={newSale} />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder radius="lg" p="md" component="section" aria-label="Sale">
              <Stack gap="md">
                <RegisterSearch inputRef={searchRef} onAdd={add} disabled={locked} />
                <SaleLines
                  lines={lines}
                  locked={locked}
                  onQuantity={(key, quantity) => changeLines(setLineQuantity(lines, key, quantity))}
                  onRemove={(key) => {
                    changeLines(removeLine(lines, key));
                    searchRef.current?.focus();
                  }}
                />
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper withBorder radius="lg" p="md">
              <Stack gap="md">
                <Checkbox
                  label={`Add tax${config.storeTaxRate === null ? '' : ` (${config.storeProvince} ${(config.storeTaxRate * 100).toFixed(2).replace(/\.?0+$/, '')}%)`}`}
                  checked={addTax}
                  disabled={locked}
                  onChange={(event) => {
                    setAddTax(event.currentTarget.checked);
                    setAttemptKey(newIdempotencyKey());
                  }}
                />
                <Table aria-label="Sale totals" withRowBorders={false}>
                  <Table.Tbody>
                    <Table.Tr>
                      <Table.Td>Subtotal</Table.Td>
                      <Table.Td className={classes.numeric}>{formatMoney(totals.subtotal)}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Td>Tax</Table.Td>
                      <Table.Td className={classes.numeric}>{formatMoney(totals.tax)}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Td fw={800} fz="lg">
                        Total
                      </Table.Td>
                      <Table.Td className={classes.numeric} fw={800} fz="lg" aria-label="Sale total">
                        {formatMoney(totals.total)}
                      </Table.Td>
                    </Table.Tr>
                  </Table.Tbody>
                </Table>
                {lines.length === 0 ? (
                  <Alert color="gray" variant="light">
                    Add items to take a payment.
                  </Alert>
                ) : shortLines.length > 0 ? (
                  <Alert color="red" variant="light" role="alert">
                    Not enough stock of {shortLines.map(lineName).join(', ')}: lower the quantity or remove
                    the line to take a payment.
                  </Alert>
                ) : (
                  <RegisterTender
                    total={totals.total}
                    lines={saleLines(lines)}
                    addTax={addTax}
                    attemptKey={attemptKey}
                    hasShift={Boolean(shift.data)}
                    disabled={ratePpm === undefined || totals.total <= 0}
                    cardPaid={cardPaid}
                    onCardPaid={setCardPaid}
                    onCardWaiting={setCardWaiting}
                    onSold={(sale) => {
                      setSold(sale);
                      setCardPaid(undefined);
                    }}
                    onStockShort={() => void showStockNow()}
                  />
                )}
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      )}
    </PosPage>
  );
}
