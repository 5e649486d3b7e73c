import './mantine-styles.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Collapse, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { toCents } from '../../../domain/money.ts';
import { POS_AMOUNT_MAX_CENTS } from '../../../domain/pos/constants.ts';
import { POS_MESSAGES } from '../../../domain/pos/messages.ts';
import { type PosForm, posFormSchema, posTotals } from '../../../domain/pos/sale.ts';
import { CheckboxField } from '../../components/form/checkbox-field.tsx';
import { MoneyField } from '../../components/form/number-field.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useConfig } from '../../lib/config.ts';
import { formatMoney } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { ReaderLink, ReaderStatusLine, ReaderWaiting } from './card-reader.tsx';
import { amountHint, storeRatePpm, typedCents } from './pos-rules.ts';
import { PosPage, TaxRateMissingNotice, TestModeNotice } from './pos-ui.tsx';
import { useReaderPayment } from './use-reader-payment.ts';

const PAYMENT_SIMULATIONS = [
  { label: 'Simulate Payment', interac: false },
  { label: 'Simulate Interac Payment', interac: true },
];

const DEFAULT_VALUES: PosForm = { addTax: true, showEmail: false, amount: '', receiptEmail: '' };

/**
 * POS payment with a card reader (spec pos §2 POS payment screen, §4 Card payment with a reader,
 * §5, §8). The server drives the reader as Stripe Terminal does: the page creates the payment
 * intent (total with tax, cents), hands it to the staff member's reader, and polls the reader
 * every second while its action is in progress (useReaderPayment).
 */
export function PosPaymentPage() {
  const { config } = useConfig();
  const ratePpm = storeRatePpm(config.storeTaxRate);
  const [othersOpened, others] = useDisclosure(false);

  const {
    control,
    handleSubmit,
    reset,
    setValue,
    formState: { isValid },
  } = useForm({
    resolver: zodResolver(posFormSchema),
    mode: 'onTouched',
    defaultValues: DEFAULT_VALUES,
  });
  const [addTax, showEmail, amount] = useWatch({ control, name: ['addTax', 'showEmail', 'amount'] });
  const amountCents = typedCents(amount);
  const previewTotals =
    amountCents === undefined || ratePpm === undefined ? undefined : posTotals(amountCents, addTax, ratePpm);
  // The amount is checked alone by the form; what the reader charges is the total with tax.
  const totalTooLarge = previewTotals !== undefined && previewTotals.total > POS_AMOUNT_MAX_CENTS;

  const payment = useReaderPayment({ onFinished: () => reset(DEFAULT_VALUES) });
  const { transaction, paid, receipt, cancelled, unpaid, cardReader, strayAction } = payment;
  const started = transaction !== undefined;
  const processing = transaction?.phase === 'processing';

  const begin = handleSubmit(async (values) => {
    if (ratePpm === undefined) return;
    await payment.begin({
      totals: posTotals(toCents(values.amount), values.addTax, ratePpm),
      receiptEmail: values.showEmail ? values.receiptEmail : undefined,
    });
  });

  return (
    <PosPage title="POS Payment" width={720}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={begin} noValidate aria-label="POS payment">
          <Stack gap="md">
            <Group justify="space-between" gap="sm">
              <ReaderLink cardReader={cardReader} disabled={started} />
              <Group gap="md">
                <Anchor component={Link} to={paths.posRegister()} size="sm">
                  Sell from the catalogue: Register
                </Anchor>
                <Anchor component={Link} to={paths.posCheckout()} size="sm">
                  No card reader? click Card Checkout
                </Anchor>
              </Group>
            </Group>
            <ReaderStatusLine cardReader={cardReader} />
            <TestModeNotice />
            <TaxRateMissingNotice />
            {strayAction ? (
              <Alert color="orange" variant="light" title="The card reader is busy">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{POS_MESSAGES.readerBusy}</Text>
                  <Button
                    size="xs"
                    variant="light"
                    color="orange"
                    onClick={payment.cancel}
                    loading={payment.cancelling}
                  >
                    Cancel the reader's action
                  </Button>
                </Stack>
              </Alert>
            ) : null}

            <Group gap="xl">
              <CheckboxField control={control} name="addTax" label="Add tax" disabled={started} />
              <CheckboxField
                control={control}
                name="showEmail"
                label="Show Email"
                disabled={started}
                afterChange={(checked) => {
                  if (!checked) setValue('receiptEmail', '', { shouldValidate: true });
                }}
              />
            </Group>

            <MoneyField
              control={control}
              name="amount"
              label="Amount"
              withAsterisk
              size="lg"
              disabled={started}
              description={ratePpm === undefined ? undefined : amountHint(previewTotals, addTax, ratePpm)}
            />
            {totalTooLarge ? (
              <Text size="sm" c="red.8" role="alert">
                {POS_MESSAGES.totalMax}
              </Text>
            ) : null}

            {showEmail ? (
              <TextField
                control={control}
                name="receiptEmail"
                label="Receipt Email"
                type="email"
                autoComplete="off"
                placeholder="customer@example.com"
                disabled={started}
              />
            ) : null}

            <Group gap="sm">
              <Button
                type="submit"
                size="md"
                disabled={!isValid || totalTooLarge || started || ratePpm === undefined}
                loading={started}
              >
                Begin Transaction
              </Button>
              {started ? (
                <Button
                  variant="default"
                  size="md"
                  onClick={payment.cancel}
                  loading={payment.cancelling}
                  disabled={!processing}
                >
                  Cancel Payment
                </Button>
              ) : null}
            </Group>

            {processing ? (
              <ReaderWaiting flow={payment} simulations={PAYMENT_SIMULATIONS}>
                {POS_MESSAGES.payPrompt}: {formatMoney(transaction.totals.total)}
              </ReaderWaiting>
            ) : null}

            {unpaid ? (
              <Alert color="red" variant="light" title="Not paid" role="alert">
                {unpaid} Nothing was charged: start the payment again, or take another card.
              </Alert>
            ) : null}

            {cancelled ? (
              <Alert color="gray" variant="light" title="Payment cancelled.">
                Nothing was charged. Enter the amount again to start a new payment.
              </Alert>
            ) : null}

            {paid ? (
              <Alert color="green" variant="light" title={POS_MESSAGES.paidSuccessfully}>
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">
                    {formatMoney(paid.total)} paid
                    {paid.tax > 0 ? ` (${formatMoney(paid.amount)} + ${formatMoney(paid.tax)} tax)` : ''}.
                  </Text>
                  {receipt ? (
                    <Text size="sm">Receipt No. {receipt.receipt_number} was made for this payment.</Text>
                  ) : null}
                  <Button
                    component={Link}
                    to={receipt ? paths.storedReceipt(receipt.receipt_id) : paths.receipt()}
                    variant="light"
                    color="green"
                    size="xs"
                  >
                    View/Send Receipt
                  </Button>
                </Stack>
              </Alert>
            ) : null}
          </Stack>
        </form>
      </Paper>

      <Paper withBorder radius="lg" p="md">
        <Button variant="subtle" onClick={others.toggle} aria-expanded={othersOpened} px={4}>
          Others {othersOpened ? '▴' : '▾'}
        </Button>
        <Collapse expanded={othersOpened}>
          <Divider my="sm" />
          <Group gap="sm">
            <Button component={Link} to={paths.generateReceipt()} variant="default">
              Generate Receipt
            </Button>
            <Button component={Link} to={paths.generateInvoice()} variant="default">
              Generate Invoice
            </Button>
            <Button component={Link} to={paths.refund()} variant="default">
              Refund
            </Button>
          </Group>
        </Collapse>
      </Paper>
    </PosPage>
  );
}
