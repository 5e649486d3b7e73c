import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Collapse,
  Divider,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import {
  POS_MESSAGES,
  type PosForm,
  type PosTotals,
  paidDetails,
  posFormSchema,
  posTotals,
  readerFailureText,
} from '../../../domain/pos.ts';
import { POS_PAID_DETAILS_KEY } from '../../../domain/storage-keys.ts';
import { useConfig } from '../../lib/config.ts';
import { formatMoney } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { ReaderLink, ReaderStatusLine, useCardReader } from './card-reader.tsx';
import { useCreatePaymentIntent, useProcessPayment, useSaveUserPaymentDetail } from './pos.api.ts';
import {
  amountHint,
  isTransientError,
  ownAction,
  type PaidPayment,
  readerCallErrorText,
  readerProblem,
  readerState,
  storeRatePpm,
  typedCents,
} from './pos-rules.ts';
import { PosPage, ReaderRetryNote, TaxRateMissingNotice, TestModeNotice, WaitingMessage } from './pos-ui.tsx';
import { useReaderControls } from './use-reader-controls.ts';

const DEFAULT_VALUES: PosForm = { addTax: true, showEmail: false, amount: '', receiptEmail: '' };

/** A payment in progress: created and handed to the reader (processing), or still being started. */
interface Transaction {
  phase: 'starting' | 'processing';
  paymentIntentId?: string;
  totals: PosTotals;
  receiptEmail: string | undefined;
}

function storePaidDetails(details: PaidPayment): void {
  try {
    window.localStorage.setItem(POS_PAID_DETAILS_KEY, JSON.stringify(details));
  } catch {
    // Storage is only the spec's convenience: the receipt can still be generated from the server.
  }
}

/**
 * POS payment with a card reader (spec pos §2 POS payment screen, §4 Card payment with a reader,
 * §5, §8). The server drives the reader as Stripe Terminal does: the page creates the payment
 * intent (total with tax, cents), hands it to the staff member's reader, and polls the reader
 * every second while its action is in progress.
 */
export function PosPaymentPage() {
  const { config } = useConfig();
  const createPaymentIntent = useCreatePaymentIntent();
  const processPayment = useProcessPayment();
  const saveUserPaymentDetail = useSaveUserPaymentDetail();
  const ratePpm = storeRatePpm(config.storeTaxRate);
  const [transaction, setTransaction] = useState<Transaction>();
  const [paidSuccess, setPaidSuccess] = useState<PosTotals>();
  const [cancelled, setCancelled] = useState(false);
  const [othersOpened, others] = useDisclosure(false);
  // The last transaction is handled once, even if the reader answers again.
  const handled = useRef<string | undefined>(undefined);

  const processing = transaction?.phase === 'processing';
  const paymentIntentId = transaction?.paymentIntentId;
  const cardReader = useCardReader(
    (reader) =>
      processing && ownAction(reader, 'process_payment_intent', paymentIntentId)?.status === 'in_progress',
  );
  const { readerId, reader, userId } = cardReader;
  const controls = useReaderControls(readerId);

  const {
    control,
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors, isValid },
  } = useForm({
    resolver: zodResolver(posFormSchema),
    mode: 'onTouched',
    defaultValues: DEFAULT_VALUES,
  });
  const [addTax, showEmail, amount] = useWatch({ control, name: ['addTax', 'showEmail', 'amount'] });
  const amountCents = typedCents(amount);
  const previewTotals =
    amountCents === undefined || ratePpm === undefined ? undefined : posTotals(amountCents, addTax, ratePpm);

  const endTransaction = () => {
    setTransaction(undefined);
    reset(DEFAULT_VALUES);
  };

  // The reader's answer to our payment: succeeded or failed (spec §4).
  useEffect(() => {
    if (transaction?.phase !== 'processing' || !transaction.paymentIntentId) return;
    if (handled.current === transaction.paymentIntentId) return;
    // A status call that did not get through: the page asks again at the next tick.
    if (reader.error && !isTransientError(reader.error)) {
      handled.current = transaction.paymentIntentId;
      notifyError(readerCallErrorText(reader.error));
      setTransaction(undefined);
      return;
    }
    const action = ownAction(reader.data, 'process_payment_intent', transaction.paymentIntentId);
    if (!action) {
      // The reader no longer works on our payment: it was cancelled on the reader or elsewhere.
      if (reader.data && reader.data.action === null) {
        handled.current = transaction.paymentIntentId;
        notifyError('The payment was cancelled on the card reader.');
        setTransaction(undefined);
      }
      return;
    }
    if (action.status === 'in_progress') return;
    handled.current = transaction.paymentIntentId;
    if (action.status === 'failed') {
      notifyError(readerFailureText(action));
      setTransaction(undefined);
      return;
    }
    const { totals } = transaction;
    storePaidDetails({
      ...paidDetails(totals),
      paymentIntentId: transaction.paymentIntentId,
      ...(transaction.receiptEmail ? { receiptEmail: transaction.receiptEmail } : {}),
    });
    if (readerId) {
      // Errors are only logged (spec §7); the API client has logged them already.
      saveUserPaymentDetail.mutate({
        userId,
        readerId,
        amount: totals.total,
        paymentIntentId: transaction.paymentIntentId,
      });
    }
    endTransaction();
    setPaidSuccess(totals);
    notifySuccess(POS_MESSAGES.paidSuccessfully);
  });

  const begin = handleSubmit(async (values) => {
    if (ratePpm === undefined) return;
    // Begin Transaction: started, not cancelled, not processing, not paid (spec §4).
    const totals = posTotals(Math.round(values.amount * 100), values.addTax, ratePpm);
    const receiptEmail = values.showEmail ? values.receiptEmail : undefined;
    setPaidSuccess(undefined);
    setCancelled(false);
    setTransaction({ phase: 'starting', totals, receiptEmail });
    try {
      // The live path needs a reader that is present and online (spec §5).
      const fresh = readerId ? await reader.refetch() : undefined;
      const problem = readerProblem(readerState(readerId, fresh?.data, false, fresh?.error));
      if (problem || !readerId) {
        notifyError(
          fresh?.error ? readerCallErrorText(fresh.error) : (problem ?? POS_MESSAGES.readerNotPresent),
        );
        setTransaction(undefined);
        return;
      }
      const intent = await createPaymentIntent.mutateAsync({ amount: String(totals.total), receiptEmail });
      if (!intent?.id) {
        notifyError(POS_MESSAGES.paymentCreationError);
        setTransaction(undefined);
        return;
      }
      const handedOver = await processPayment.mutateAsync({ readerId, paymentIntentId: intent.id, userId });
      if (!handedOver?.id) {
        notifyError(POS_MESSAGES.paymentCreationError);
        setTransaction(undefined);
        return;
      }
      setTransaction({ phase: 'processing', paymentIntentId: intent.id, totals, receiptEmail });
    } catch (error) {
      notifyError(readerCallErrorText(error));
      setTransaction(undefined);
    }
  });

  const cancel = () =>
    controls.cancel(() => {
      handled.current = paymentIntentId;
      endTransaction();
      setCancelled(true);
    });

  // A reader left busy by an earlier page (a reload mid-payment) is offered a cancel.
  const strayAction =
    !transaction && reader.data?.action?.status === 'in_progress' ? reader.data.action : undefined;

  const started = transaction !== undefined;

  return (
    <PosPage title="POS Payment" width={720}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={begin} noValidate aria-label="POS payment">
          <Stack gap="md">
            <Group justify="space-between" gap="sm">
              <ReaderLink cardReader={cardReader} disabled={started} />
              <Anchor component={Link} to={paths.posCheckout()} size="sm">
                No card reader? click Card Checkout
              </Anchor>
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
                    onClick={cancel}
                    loading={controls.cancelling}
                  >
                    Cancel the reader's action
                  </Button>
                </Stack>
              </Alert>
            ) : null}

            <Group gap="xl">
              <Controller
                control={control}
                name="addTax"
                render={({ field }) => (
                  <Checkbox
                    label="Add tax"
                    disabled={started}
                    name={field.name}
                    ref={field.ref}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                    onBlur={field.onBlur}
                  />
                )}
              />
              <Controller
                control={control}
                name="showEmail"
                render={({ field }) => (
                  <Checkbox
                    label="Show Email"
                    disabled={started}
                    name={field.name}
                    ref={field.ref}
                    checked={field.value}
                    onChange={(event) => {
                      const checked = event.currentTarget.checked;
                      field.onChange(checked);
                      if (!checked) setValue('receiptEmail', '', { shouldValidate: true });
                    }}
                    onBlur={field.onBlur}
                  />
                )}
              />
            </Group>

            <Controller
              control={control}
              name="amount"
              render={({ field, fieldState }) => (
                <NumberInput
                  label="Amount"
                  withAsterisk
                  prefix="CDN$"
                  decimalScale={2}
                  allowNegative={false}
                  thousandSeparator=","
                  hideControls
                  size="lg"
                  inputMode="decimal"
                  disabled={started}
                  name={field.name}
                  ref={field.ref}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  description={ratePpm === undefined ? undefined : amountHint(previewTotals, addTax, ratePpm)}
                />
              )}
            />

            {showEmail ? (
              <TextInput
                label="Receipt Email"
                type="email"
                autoComplete="off"
                placeholder="customer@example.com"
                disabled={started}
                error={errors.receiptEmail?.message}
                {...register('receiptEmail')}
              />
            ) : null}

            <Group gap="sm">
              <Button
                type="submit"
                size="md"
                disabled={!isValid || started || ratePpm === undefined}
                loading={started}
              >
                Begin Transaction
              </Button>
              {started ? (
                <Button
                  variant="default"
                  size="md"
                  onClick={cancel}
                  loading={controls.cancelling}
                  disabled={!processing}
                >
                  Cancel Payment
                </Button>
              ) : null}
            </Group>

            {processing ? (
              <Stack gap="sm">
                <WaitingMessage>
                  {POS_MESSAGES.payPrompt}: {formatMoney(transaction.totals.total)}
                </WaitingMessage>
                {reader.isError ? <ReaderRetryNote /> : null}
                {config.testMode ? (
                  <Group gap="sm">
                    <Button
                      variant="light"
                      color="teal"
                      onClick={() => controls.simulate(false)}
                      loading={controls.simulating}
                    >
                      Simulate Payment
                    </Button>
                    <Button
                      variant="light"
                      color="teal"
                      onClick={() => controls.simulate(true)}
                      loading={controls.simulating}
                    >
                      Simulate Interac Payment
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            ) : null}

            {cancelled ? (
              <Alert color="gray" variant="light" title="Payment cancelled.">
                Nothing was charged. Enter the amount again to start a new payment.
              </Alert>
            ) : null}

            {paidSuccess ? (
              <Alert color="green" variant="light" title={POS_MESSAGES.paidSuccessfully}>
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">
                    {formatMoney(paidSuccess.total)} paid
                    {paidSuccess.tax > 0
                      ? ` (${formatMoney(paidSuccess.amount)} + ${formatMoney(paidSuccess.tax)} tax)`
                      : ''}
                    .
                  </Text>
                  <Button component={Link} to={paths.receipt()} variant="light" color="green" size="xs">
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
