import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  NumberInput,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import {
  CARD_TYPE_OPTIONS,
  CHARGE_STATUS_OPTIONS,
  type ChargeSearchRequest,
  POS_MESSAGES,
  type PosCharge,
  REFUND_PAGE_SIZE_START,
  REFUND_PAGE_SIZES,
  refundableCents,
  refundFormSchema,
  toRefundRequest,
} from '../../../domain/pos.ts';
import { isApiError } from '../../lib/api.ts';
import { useConfig } from '../../lib/config.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatMoney } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { ReaderLink, ReaderStatusLine } from './card-reader.tsx';
import { DateField } from './date-field.tsx';
import { useChargeSearch, useRefundCard } from './pos.api.ts';
import classes from './pos.module.css';
import {
  type ChargeSearchForm,
  cardRefundSucceeded,
  chargeMatches,
  chargeSearchRequest,
  defaultChargeSearch,
  formatPaidAt,
  isInterac,
  refundErrorText,
  refundPanelState,
  toDateInput,
  usDateToIso,
  validateChargeSearch,
} from './pos-rules.ts';
import {
  newIdempotencyKey,
  PosPage,
  ReaderRetryNote,
  SortHeader,
  TestModeNotice,
  WaitingMessage,
} from './pos-ui.tsx';
import { nextSort, pageOf, type SortState, sortRows } from './table-rules.ts';
import { type ReaderRefundFlow, useReaderRefund } from './use-reader-refund.ts';

type Column = 'amount' | 'brand' | 'network' | 'source' | 'country' | 'last4' | 'created' | 'status';

/** The search form's checks are the server's schema (domain/pos.ts), so rules and messages are one. */
const chargeSearchResolver: Resolver<ChargeSearchForm> = async (values) => {
  const { errors } = validateChargeSearch(values);
  if (!errors) return { values, errors: {} };
  return {
    values: {},
    errors: Object.fromEntries(
      Object.entries(errors).map(([field, message]) => [field, { type: 'validate', message }]),
    ),
  };
};

const statusOptions = CHARGE_STATUS_OPTIONS.map(({ value, label }) => ({ value: String(value), label }));
const cardTypeOptions = CARD_TYPE_OPTIONS.map(({ value, label }) => ({ value: String(value), label }));
const pageSizeOptions = REFUND_PAGE_SIZES.map(String);

// ---------------------------------------------------------------- search card

function ChargeSearchCard({
  onSearch,
  searching,
}: {
  onSearch: (request: ChargeSearchRequest) => void;
  searching: boolean;
}) {
  const today = toDateInput(new Date());
  const {
    control,
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors },
  } = useForm<ChargeSearchForm>({
    resolver: chargeSearchResolver,
    mode: 'onTouched',
    defaultValues: defaultChargeSearch(new Date()),
  });
  const [cardType, fromDate, toDate] = useWatch({ control, name: ['cardType', 'fromDate', 'toDate'] });
  const last4Enabled = Number(cardType) > 0;

  const submit = handleSubmit((values) => onSearch(chargeSearchRequest(values)));
  const clear = () => {
    const defaults = defaultChargeSearch(new Date());
    reset(defaults);
    onSearch(chargeSearchRequest(defaults));
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate aria-label="Search charges">
        <Stack gap="md">
          <Title order={2} size="h4">
            Search charges
          </Title>
          <Grid gap="md">
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <TextInput
                label="From Amount"
                inputMode="decimal"
                leftSection="CDN$"
                leftSectionWidth={56}
                error={errors.fromAmount?.message}
                {...register('fromAmount')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <TextInput
                label="To Amount"
                inputMode="decimal"
                leftSection="CDN$"
                leftSectionWidth={56}
                error={errors.toAmount?.message}
                {...register('toAmount')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <Controller
                control={control}
                name="fromDate"
                render={({ field }) => (
                  <DateField
                    label="From Date"
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    max={usDateToIso(toDate) ?? today}
                    error={errors.fromDate?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <Controller
                control={control}
                name="toDate"
                render={({ field }) => (
                  <DateField
                    label="To Date"
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    min={usDateToIso(fromDate)}
                    max={today}
                    error={errors.toDate?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <Controller
                control={control}
                name="status"
                render={({ field }) => (
                  <Select
                    label="Status"
                    data={statusOptions}
                    allowDeselect={false}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onChange={(value) => field.onChange(value ?? '0')}
                    onBlur={field.onBlur}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <Controller
                control={control}
                name="cardType"
                render={({ field }) => (
                  <Select
                    label="Card Type"
                    data={cardTypeOptions}
                    allowDeselect={false}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onChange={(value) => {
                      field.onChange(value ?? '0');
                      // Last 4 means nothing without a card type: cleared and disabled (spec §5).
                      if (Number(value) <= 0) setValue('last4', '', { shouldValidate: true });
                    }}
                    onBlur={field.onBlur}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <TextInput
                label="Last 4"
                inputMode="numeric"
                maxLength={4}
                disabled={!last4Enabled}
                placeholder={last4Enabled ? undefined : 'Choose a card type first'}
                error={errors.last4?.message}
                {...register('last4')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <TextInput
                label="Limit"
                inputMode="numeric"
                error={errors.limit?.message}
                {...register('limit')}
              />
            </Grid.Col>
          </Grid>
          <Group gap="sm">
            <Button type="submit" loading={searching}>
              Search
            </Button>
            <Button variant="default" onClick={clear}>
              Clear
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

// ---------------------------------------------------------------- results table

function valueOfColumn(charge: PosCharge, column: Column): string | number | null {
  return column === 'created' ? Date.parse(charge.created) : charge[column];
}

function ChargesTable({
  charges,
  selectedId,
  onToggle,
}: {
  charges: readonly PosCharge[];
  selectedId: string | undefined;
  onToggle: (charge: PosCharge) => void;
}) {
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<SortState<Column>>({ column: undefined, direction: undefined });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(REFUND_PAGE_SIZE_START);

  const filtered = charges.filter((charge) => chargeMatches(charge, filter));
  const sorted = sortRows(filtered, sort, valueOfColumn);
  const { rows, pages } = pageOf(sorted, page, pageSize);
  const current = Math.min(page, pages);
  const first = filtered.length === 0 ? 0 : (current - 1) * pageSize + 1;
  const last = Math.min(current * pageSize, filtered.length);
  const onSort = (column: Column) => setSort((before) => nextSort(before, column));
  const header = (column: Column, label: string, options: { numeric?: boolean; wide?: boolean } = {}) => (
    <SortHeader
      column={column}
      sort={sort}
      onSort={onSort}
      numeric={options.numeric}
      className={options.wide ? classes.wideOnly : undefined}
    >
      {label}
    </SortHeader>
  );

  return (
    <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }}>
      <Stack gap="sm">
        <TextInput
          label="Filter"
          placeholder="Type to filter the results (amount, card, date…)"
          value={filter}
          onChange={(event) => {
            setFilter(event.currentTarget.value);
            setPage(1);
          }}
          maw={420}
        />
        <Table.ScrollContainer minWidth={560}>
          <Table highlightOnHover verticalSpacing="xs" className={classes.documentTable}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={44}>
                  <VisuallyHidden>Select</VisuallyHidden>
                </Table.Th>
                {header('amount', 'Amount', { numeric: true })}
                {header('brand', 'Brand', { wide: true })}
                {header('network', 'Network')}
                {header('source', 'Source')}
                {header('country', 'Country', { wide: true })}
                {header('last4', 'Last4')}
                {header('created', 'Paid at')}
                {header('status', 'Status', { wide: true })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={9}>
                    <Text c="dimmed" ta="center" py="md">
                      {charges.length === 0 ? 'No charges match the search.' : 'No charges match the filter.'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.map((charge) => {
                  const selected = charge.chargeId === selectedId;
                  return (
                    <Table.Tr
                      key={charge.chargeId}
                      className={selected ? classes.selectedRow : undefined}
                      data-payment-intent-id={charge.paymentIntentId ?? undefined}
                    >
                      <Table.Td>
                        <Checkbox
                          aria-label={`Select ${formatMoney(charge.amount)} paid ${formatPaidAt(charge.created)}${charge.last4 ? ` with card ending ${charge.last4}` : ''}`}
                          checked={selected}
                          onChange={() => onToggle(charge)}
                        />
                      </Table.Td>
                      <Table.Td className={classes.numeric}>
                        {formatMoney(charge.amount)}
                        {charge.amountRefunded > 0 ? (
                          <Text size="xs" c="dimmed">
                            {charge.refunded ? 'refunded' : `${formatMoney(charge.amountRefunded)} refunded`}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td className={classes.wideOnly}>{charge.brand ?? ''}</Table.Td>
                      <Table.Td>{charge.network ?? ''}</Table.Td>
                      <Table.Td>{charge.source ?? ''}</Table.Td>
                      <Table.Td className={classes.wideOnly}>{charge.country ?? ''}</Table.Td>
                      <Table.Td>{charge.last4 ?? ''}</Table.Td>
                      <Table.Td className={classes.nowrap}>{formatPaidAt(charge.created)}</Table.Td>
                      <Table.Td className={classes.wideOnly}>
                        <Badge
                          variant="light"
                          color={
                            charge.status === 'succeeded'
                              ? 'green'
                              : charge.status === 'failed'
                                ? 'red'
                                : 'gray'
                          }
                        >
                          {charge.status}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  );
                })
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end" gap="md" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" id="refund-page-size">
              Items per page
            </Text>
            <Select
              aria-labelledby="refund-page-size"
              data={pageSizeOptions}
              value={String(pageSize)}
              onChange={(value) => {
                setPageSize(Number(value) || REFUND_PAGE_SIZE_START);
                setPage(1);
              }}
              allowDeselect={false}
              w={84}
              size="xs"
            />
          </Group>
          <Text size="sm" c="dimmed" aria-live="polite">
            {first} – {last} of {filtered.length}
          </Text>
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            size="sm"
            withEdges
            getControlProps={(control) => ({
              'aria-label': {
                first: 'First page',
                previous: 'Previous page',
                next: 'Next page',
                last: 'Last page',
              }[control],
            })}
          />
        </Group>
      </Stack>
    </Paper>
  );
}

// ---------------------------------------------------------------- refund panel

const PARTIAL_AMOUNT_REQUIRED = 'Please enter the Refund Amount, or untick Refund partially.';

/**
 * The spec sends no amount (a full refund) when the partial amount is 0 or empty; with
 * 'Refund partially' ticked that is surely a slip, so the panel asks for the amount instead.
 */
function partialAmountMissing(form: { refundPartially: boolean; amount: string | number }): boolean {
  return form.refundPartially && !(Number(String(form.amount).trim()) > 0);
}

function RefundPanel({
  charge,
  readerRefund,
  onDone,
}: {
  charge: PosCharge;
  /** Interac refunds go through the staff member's reader. */
  readerRefund: ReaderRefundFlow;
  /** The refund succeeded, or was cancelled: the panel closes. */
  onDone: () => void;
}) {
  const { config } = useConfig();
  const refundCard = useRefundCard();
  const remaining = refundableCents(charge);
  const interac = isInterac(charge);
  const schema = useMemo(() => refundFormSchema(remaining), [remaining]);
  const [partially, setPartially] = useState(false);
  const [amount, setAmount] = useState<string | number>('');
  const [amountError, setAmountError] = useState<string>();
  // One key per refund attempt: a retry after a lost answer cannot refund twice.
  const attemptKey = useRef(newIdempotencyKey());
  const { cardReader } = readerRefund;
  const { readerId } = cardReader;
  const panelRef = useRef<HTMLDivElement>(null);

  // The panel opens under the results: bring it into view for the person who chose the charge.
  useEffect(() => {
    panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, []);

  const check = (next: { refundPartially: boolean; amount: string | number }) => {
    const result = schema.safeParse(next);
    // An empty partial amount would refund everything: ask for it instead (see partialAmountMissing).
    const message = result.success
      ? partialAmountMissing(next)
        ? PARTIAL_AMOUNT_REQUIRED
        : undefined
      : result.error.issues[0]?.message;
    setAmountError(message);
    return message === undefined;
  };

  const state = refundPanelState(charge);
  if (state !== 'refundable') {
    return (
      <Alert color="gray" variant="light" title="Refund" ref={panelRef}>
        {state === 'refunded' ? POS_MESSAGES.alreadyRefunded : POS_MESSAGES.nothingToRefund}
      </Alert>
    );
  }

  const paymentIntentId = charge.paymentIntentId;
  const { processing } = readerRefund;

  const submit = async () => {
    const form = { refundPartially: partially, amount };
    if (!check(form) || !paymentIntentId) return;
    const call = {
      readerId,
      request: toRefundRequest(paymentIntentId, form),
      idempotencyKey: attemptKey.current,
    };
    try {
      if (interac) {
        await readerRefund.start(call);
        return;
      }
      const result = await refundCard.mutateAsync(call);
      attemptKey.current = newIdempotencyKey();
      if (cardRefundSucceeded(result)) {
        notifySuccess(POS_MESSAGES.refundSuccess);
        onDone();
      } else {
        notifyError(POS_MESSAGES.refundFailed);
      }
    } catch (error) {
      // The server's own per-field message (over what remains) goes on the field too.
      const fieldMessage = isApiError(error) ? error.fields?.amount : undefined;
      if (fieldMessage) setAmountError(fieldMessage);
      // A refusal is final for this attempt; a call that did not get through keeps its key.
      if (isApiError(error) && error.status > 0 && error.status < 500)
        attemptKey.current = newIdempotencyKey();
      notifyError(refundErrorText(error));
    }
  };

  const cancel = () =>
    readerRefund.cancel(() => {
      attemptKey.current = newIdempotencyKey();
      onDone();
    });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} ref={panelRef}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
        aria-label="Refund"
      >
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <Title order={2} size="h4">
              Refund
            </Title>
            <Badge variant="light" color={interac ? 'grape' : 'blue'}>
              {interac ? 'Interac: refunded on the card reader' : 'Card: refunded online'}
            </Badge>
          </Group>
          <Group gap="xl">
            <Text size="sm">
              Paid <strong>{formatMoney(charge.amount)}</strong> on {formatPaidAt(charge.created)}
              {charge.last4 ? ` with ${charge.brand ?? 'card'} ending ${charge.last4}` : ''}
            </Text>
            {charge.amountRefunded > 0 ? (
              <Text size="sm">Already refunded {formatMoney(charge.amountRefunded)}</Text>
            ) : null}
            <Text size="sm">
              Can be refunded <strong>{formatMoney(remaining)}</strong>
            </Text>
          </Group>
          {interac ? (
            <Stack gap={4}>
              <ReaderLink cardReader={cardReader} disabled={processing} />
              <ReaderStatusLine cardReader={cardReader} />
            </Stack>
          ) : null}
          <Checkbox
            label="Refund partially"
            checked={partially}
            disabled={processing}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setPartially(checked);
              if (!checked) setAmountError(undefined);
            }}
          />
          {partially ? (
            <NumberInput
              label="Refund Amount"
              description={`At most ${formatMoney(remaining)}`}
              prefix="CDN$"
              decimalScale={2}
              allowNegative={false}
              thousandSeparator=","
              hideControls
              inputMode="decimal"
              maw={260}
              disabled={processing}
              value={amount}
              onChange={(value) => {
                setAmount(value);
                if (amountError) check({ refundPartially: partially, amount: value });
              }}
              onBlur={() => check({ refundPartially: partially, amount })}
              error={amountError}
            />
          ) : null}
          <Group gap="sm">
            <Button
              type="submit"
              color="red"
              loading={refundCard.isPending || readerRefund.starting}
              disabled={processing || !paymentIntentId}
            >
              {partially ? 'Refund' : `Refund ${formatMoney(remaining)}`}
            </Button>
            {processing ? (
              <Button variant="default" onClick={cancel} loading={readerRefund.cancelling}>
                Cancel Refund
              </Button>
            ) : null}
          </Group>
          {processing ? (
            <Stack gap="sm">
              <WaitingMessage>{POS_MESSAGES.refundTapPrompt}</WaitingMessage>
              {cardReader.reader.isError ? <ReaderRetryNote /> : null}
              {config.testMode ? (
                <Group>
                  <Button
                    variant="light"
                    color="teal"
                    onClick={() => readerRefund.simulate(true)}
                    loading={readerRefund.simulating}
                  >
                    Simulate Interac card
                  </Button>
                </Group>
              ) : null}
            </Stack>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}

// ---------------------------------------------------------------- page

/**
 * Refunds (spec pos §2 Refund screen, §4 Refund, §5, §8): search charges, select one, refund it
 * fully or partly. Interac payments are refunded through the staff member's reader (polled every
 * second while its refund_payment is in progress); other cards directly. The server checks again
 * that a refund never exceeds what remains.
 */
export function RefundPage() {
  const [search, setSearch] = useState<ChargeSearchRequest>(() =>
    chargeSearchRequest(defaultChargeSearch(new Date())),
  );
  const charges = useChargeSearch(search);
  const [selectedId, setSelectedId] = useState<string>();
  const readerRefund = useReaderRefund({ onRefunded: () => setSelectedId(undefined) });
  const selected = charges.data?.find((charge) => charge.chargeId === selectedId);

  const toggle = (charge: PosCharge) => {
    if (readerRefund.processing) return;
    setSelectedId((current) => (current === charge.chargeId ? undefined : charge.chargeId));
  };

  return (
    <PosPage title="Refund" back={{ to: paths.pos() }}>
      <TestModeNotice>Refunds here move no real money.</TestModeNotice>
      <ChargeSearchCard onSearch={setSearch} searching={charges.isFetching} />
      {charges.isError ? (
        <Alert color="red" variant="light" title="The charges could not be loaded">
          {errorMessage(charges.error)}
        </Alert>
      ) : null}
      {charges.isPending ? (
        <Paper withBorder radius="lg" p="md">
          <Text c="dimmed" role="status">
            Searching charges…
          </Text>
        </Paper>
      ) : (
        <ChargesTable charges={charges.data ?? []} selectedId={selectedId} onToggle={toggle} />
      )}
      {selected ? (
        <RefundPanel
          key={selected.chargeId}
          charge={selected}
          readerRefund={readerRefund}
          onDone={() => setSelectedId(undefined)}
        />
      ) : null}
    </PosPage>
  );
}
