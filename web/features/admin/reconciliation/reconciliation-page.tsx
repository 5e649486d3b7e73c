import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  NavLink,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  DIFFERENCE_TITLES,
  type Difference,
  type ReconciliationReport,
  type ReconciliationSummary,
} from '../../../../domain/admin/reconciliation.ts';
import { addDays, calendarDayOf, formatCalendarDay, isCalendarDay } from '../../../../domain/dates.ts';
import { formatMoney } from '../../../../domain/money.ts';
import { useStoreTimeZone } from '../../../lib/config.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { SuccessAlert } from '../success-alert.tsx';
import { useReconciliation, useReconciliations, useRunReconciliation } from './reconciliation.api.ts';

/** '1 charge', '3 charges'. */
const countOf = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

const differencesText = (count: number) => countOf(count, 'difference');

/**
 * #/admin/reconciliation?day=YYYY-MM-DD: the card processor's money of a store day matched with the
 * shop's records, from the report the nightly job stored (or one run here). Without a day, yesterday:
 * the day the nightly job has just done.
 */
export function ReconciliationPage() {
  const [params, setParams] = useSearchParams();
  const today = calendarDayOf(new Date(), useStoreTimeZone());
  const asked = params.get('day');
  const day = asked && isCalendarDay(asked) ? asked : addDays(today, -1);
  const future = day > today;
  // What the date input holds while it is not a whole day yet (a person typing or clearing it).
  const [typed, setTyped] = useState<string | null>(null);
  const report = useReconciliation(day, !future);
  const run = useRunReconciliation();
  const running = run.isPending && run.variables === day;
  const runError = run.isError && run.variables === day ? run.error : null;
  const shown = report.data ?? null;

  const chooseDay = (value: string) => {
    if (!isCalendarDay(value)) {
      setTyped(value);
      return;
    }
    setTyped(null);
    setParams({ day: value }, { replace: true });
  };

  const runButton = (label: string) => (
    <Button onClick={() => run.mutate(day)} loading={running}>
      {label}
    </Button>
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Reconciliation
        </Title>
        <Text c="dimmed">
          The card processor’s charges, refunds and disputes of a store day matched with the shop’s orders,
          register sales and refunds. It runs by itself each night for yesterday and e-mails the store when
          something differs.
        </Text>
      </div>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }} order={1}>
          <Stack gap="md">
            <Group align="flex-end" justify="space-between" gap="sm">
              <TextInput
                label="Store day"
                type="date"
                value={typed ?? day}
                max={today}
                onChange={(event) => chooseDay(event.currentTarget.value)}
                onBlur={() => setTyped(null)}
                w={170}
              />
              {shown && !future && runButton('Run again')}
            </Group>
            {running && (
              <Text size="sm" c="dimmed" role="status">
                Asking the card processor for the day’s charges, refunds and disputes…
              </Text>
            )}
            {runError && (
              <Alert color="red" title="The day could not be reconciled" role="alert">
                {errorMessage(runError)}
              </Alert>
            )}
            {future ? (
              <Alert color="blue" title="That day has not come yet">
                Only today and the days before it can be reconciled.
              </Alert>
            ) : report.isPending ? (
              <Center py="xl">
                <Loader aria-label="Loading the report" />
              </Center>
            ) : report.isError ? (
              <Alert color="red" title="The report could not be read" role="alert">
                {errorMessage(report.error)}
              </Alert>
            ) : shown ? (
              <ReportSummary report={shown} today={today} busy={running} />
            ) : (
              <NotReconciled day={day} today={today}>
                {runButton('Reconcile this day')}
              </NotReconciled>
            )}
          </Stack>
        </Grid.Col>
        {/* Beside the day's figures on a wide screen, under its differences on a narrow one. */}
        {shown && shown.differences.length > 0 && (
          <Grid.Col span={12} order={{ base: 2, md: 3 }}>
            <DifferencesTable differences={shown.differences} />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 3, md: 2 }}>
          <RecentReports selected={day} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function NotReconciled({ day, today, children }: { day: string; today: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <Title order={2} size="h4">
          This day was not reconciled yet
        </Title>
        <Text c="dimmed" size="sm" maw={480}>
          {day === today
            ? 'Today is not over: a run now covers what happened so far, and the nightly job does the whole day tomorrow night.'
            : `Nothing is stored for ${formatCalendarDay(day)}.`}{' '}
          Reconciling asks the card processor for the day’s money, which takes a few seconds.
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

function ReportSummary({
  report,
  today,
  busy,
}: {
  report: ReconciliationReport;
  today: string;
  busy: boolean;
}) {
  const { processor, shop } = report;
  const differences = report.differences.length;
  return (
    <Stack gap="md" aria-busy={busy}>
      <div>
        <Title order={2} size="h3">
          {formatCalendarDay(report.day)}
        </Title>
        <Text size="sm" c="dimmed">
          Ran {formatDateTime(report.ranAt)} with{' '}
          {report.provider === 'sandbox' ? 'the built-in sandbox (test mode)' : 'Stripe'}
          {report.day === today ? '; today is not over, so later payments are not in it.' : '.'}
        </Text>
      </div>
      {differences === 0 ? (
        <SuccessAlert title="Everything matches">
          Every charge, refund and dispute at the card processor has its order, sale or payment in the shop,
          for the same amount, and the other way round.
        </SuccessAlert>
      ) : (
        <Alert color="red" title={differencesText(differences)}>
          Each is listed with what the shop recorded and what the card processor has; open an order to refund,
          cancel or flag it.
        </Alert>
      )}
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing="sm" aria-label="Totals">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Of the day</Table.Th>
              <Table.Th scope="col" ta="right">
                Card processor
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Shop
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">Payments</Table.Th>
              <Figure amount={processor.charged} count={countOf(processor.charges, 'charge')} />
              <Figure amount={shop.paid} count={countOf(shop.payments, 'payment')} />
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Refunds</Table.Th>
              <Figure amount={processor.refunded} count={countOf(processor.refunds, 'refund')} />
              <Figure amount={shop.refunded} count={countOf(shop.refunds, 'refund')} />
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Disputes</Table.Th>
              <Figure amount={processor.disputed} count={countOf(processor.disputes, 'dispute')} />
              <Table.Td ta="right">
                <Text size="sm" c="dimmed">
                  Flagged on orders
                </Text>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        Payments are money taken (an authorization released without being taken is none). The shop’s column
        includes what the register keeps at the card processor: the refund screen’s refunds, and card sales
        voided at once when their stock had gone.
      </Text>
    </Stack>
  );
}

function Figure({ amount, count }: { amount: number; count: string }) {
  return (
    <Table.Td ta="right">
      <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(amount)}
      </Text>
      <Text size="xs" c="dimmed">
        {count}
      </Text>
    </Table.Td>
  );
}

const amountText = (cents: number | null) => (cents === null ? '—' : formatMoney(cents));

function DifferencesTable({ differences }: { differences: readonly Difference[] }) {
  const headingId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        Differences
      </Title>
      <Table.ScrollContainer minWidth={820}>
        <Table verticalSpacing="sm" striped aria-label="Differences">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Kind</Table.Th>
              <Table.Th scope="col">Shop’s record</Table.Th>
              <Table.Th scope="col">Payment</Table.Th>
              <Table.Th scope="col" ta="right">
                Shop
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Processor
              </Table.Th>
              <Table.Th scope="col">Detail</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {differences.map((difference, index) => (
              <DifferenceRow
                // A difference has no id of its own; the report is read whole and never reordered.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                key={index}
                difference={difference}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function DifferenceRow({ difference }: { difference: Difference }) {
  const ids = [difference.paymentIntentId, difference.processorId].filter(
    (id, index, all): id is string => id !== null && all.indexOf(id) === index,
  );
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={600}>
        {DIFFERENCE_TITLES[difference.kind]}
      </Table.Th>
      <Table.Td>
        {difference.orderNumber !== null ? (
          <Anchor component={Link} to={paths.adminOrder(difference.orderNumber)} size="sm">
            {difference.record ?? `Order ${difference.orderNumber}`}
          </Anchor>
        ) : difference.record !== null ? (
          difference.record
        ) : (
          <Text size="sm" c="dimmed">
            None
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {ids.length === 0
          ? '—'
          : ids.map((id) => (
              <Text key={id} ff="monospace" size="xs" style={{ whiteSpace: 'nowrap' }}>
                {id}
              </Text>
            ))}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {amountText(difference.shopAmount)}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {amountText(difference.processorAmount)}
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{difference.detail}</Table.Td>
    </Table.Tr>
  );
}

/**
 * Filled in the darkest shades, as on Going live: white on them is above WCAG AA's 4.5:1; the text
 * says the same as the colour.
 */
function DifferencesBadge({ count }: { count: number }) {
  return (
    <Badge
      color={count === 0 ? 'teal.9' : 'red.9'}
      variant="filled"
      styles={{ label: { overflow: 'visible' } }}
    >
      {count === 0 ? 'Matched' : differencesText(count)}
    </Badge>
  );
}

function RecentReports({ selected }: { selected: string }) {
  const list = useReconciliations();
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h5" id={headingId} px="sm" py={6}>
        Recent reports
      </Title>
      {list.isPending ? (
        <Center py="md">
          <Loader size="sm" aria-label="Loading the recent reports" />
        </Center>
      ) : list.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(list.error)}
        </Alert>
      ) : list.data.reports.length === 0 ? (
        <Text size="sm" c="dimmed" px="sm" pb="xs">
          No day has been reconciled yet. The nightly job does yesterday each night.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={480} type="auto">
          <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {list.data.reports.map((summary) => (
              <li key={summary.day}>
                <RecentReport summary={summary} active={summary.day === selected} />
              </li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}

function RecentReport({ summary, active }: { summary: ReconciliationSummary; active: boolean }) {
  return (
    <NavLink
      component={Link}
      to={paths.adminReconciliation(summary.day)}
      label={formatCalendarDay(summary.day)}
      description={`Ran ${formatDateTime(summary.ranAt)}`}
      rightSection={<DifferencesBadge count={summary.differenceCount} />}
      // Red is the colour of differences here: the open day is marked in grey.
      color="gray"
      active={active}
      aria-current={active ? 'true' : undefined}
    />
  );
}
