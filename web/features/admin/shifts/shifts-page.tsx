import {
  Alert,
  Badge,
  Button,
  Center,
  Drawer,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { calendarDayOf, isCalendarDay } from '../../../../domain/dates.ts';
import { formatMoney } from '../../../../domain/money.ts';
import type { ShiftSummary } from '../../../../domain/pos/shifts.ts';
import { useStoreTimeZone } from '../../../lib/config.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useListQuery, usePageWithinList } from '../../../lib/list-query.ts';
import { ShiftReportView } from '../../pos/register-report.tsx';
import { overShortText } from '../../pos/register-rules.ts';
import { DayReportPanel } from './day-report.tsx';
import { useShiftReport, useShifts } from './shifts.api.ts';

/** #/admin/shifts: every register shift, newest first, with its cash and its end-of-day report. */
export function ShiftsPage() {
  const { filters, page, setFilters, setPage } = useListQuery(
    { from: '', to: '' },
    { from: isCalendarDay, to: isCalendarDay },
  );
  const { from, to } = filters;
  const [opened, setOpened] = useState<number | null>(null);
  const timeZone = useStoreTimeZone();
  // Today until staff type a day: worked out at each render, so the store's zone counts once the
  // settings arrive, not the fallback's of the first render.
  const [typedDay, setDay] = useState<string | null>(null);
  const day = typedDay ?? calendarDayOf(new Date(), timeZone);
  const [dayShown, setDayShown] = useState<string | null>(null);
  const shifts = useShifts({ from, to, page });
  usePageWithinList(page, setPage, shifts.data);
  const rows = shifts.data?.shifts ?? [];
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Register shifts
        </Title>
        <Text c="dimmed">
          Every cashier's shift: the float, the cash sales and movements, what the drawer should hold and what
          was counted at the close, and its end-of-day report.
        </Text>
      </div>
      <Paper withBorder radius="md" p="md" component="section" aria-label="End of the day">
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Store day"
            type="date"
            value={day}
            onChange={(event) => setDay(event.currentTarget.value)}
            w={170}
          />
          <Button onClick={() => setDayShown(day)} disabled={!isCalendarDay(day)}>
            Day report
          </Button>
          <Text size="sm" c="dimmed" maw={420}>
            Every cashier's sales and returns of that day, by tender, tax and cashier, with the day's shifts.
          </Text>
        </Group>
      </Paper>
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Opened from"
          type="date"
          value={from}
          onChange={(event) => setFilters({ from: event.currentTarget.value }, { replace: true })}
          w={170}
        />
        <TextInput
          label="To"
          type="date"
          value={to}
          onChange={(event) => setFilters({ to: event.currentTarget.value }, { replace: true })}
          w={170}
        />
      </Group>
      {shifts.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the shifts" />
        </Center>
      ) : shifts.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(shifts.error)}
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed">
          {from || to ? 'No shift was opened on those days.' : 'No shift has been opened yet.'}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={900}>
            <Table striped verticalSpacing="xs" aria-label="Shifts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Cashier</Table.Th>
                  <Table.Th>Opened</Table.Th>
                  <Table.Th>Closed</Table.Th>
                  <Table.Th ta="right">Sales</Table.Th>
                  <Table.Th ta="right">Float</Table.Th>
                  <Table.Th ta="right">Cash sales</Table.Th>
                  <Table.Th ta="right">Expected</Table.Th>
                  <Table.Th ta="right">Counted</Table.Th>
                  <Table.Th>Over / short</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((shift) => (
                  <ShiftRow key={shift.id} shift={shift} onOpen={() => setOpened(shift.id)} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {shifts.data.total > shifts.data.pageSize ? (
            <Pagination
              value={page}
              onChange={setPage}
              total={Math.ceil(shifts.data.total / shifts.data.pageSize)}
            />
          ) : null}
        </>
      )}
      <Drawer
        opened={opened !== null}
        onClose={() => setOpened(null)}
        position="right"
        size="xl"
        title="Shift report"
      >
        {opened !== null ? <ReportView id={opened} /> : null}
      </Drawer>
      <Drawer
        opened={dayShown !== null}
        onClose={() => setDayShown(null)}
        position="right"
        size="xl"
        title="Day report"
      >
        {dayShown !== null ? <DayReportPanel day={dayShown} /> : null}
      </Drawer>
    </Stack>
  );
}

function ShiftRow({ shift, onOpen }: { shift: ShiftSummary; onOpen: () => void }) {
  return (
    <Table.Tr>
      <Table.Td>{shift.cashier}</Table.Td>
      <Table.Td>{formatDateTime(shift.openedAt)}</Table.Td>
      <Table.Td>
        {shift.closedAt ? (
          formatDateTime(shift.closedAt)
        ) : (
          // Never cut to "OP…" when the table is tight: the label keeps its whole width.
          <Badge color="green" variant="light" styles={{ label: { overflow: 'visible' } }}>
            Open
          </Badge>
        )}
      </Table.Td>
      <Table.Td ta="right">
        {shift.sales} · {formatMoney(shift.salesTotal)}
      </Table.Td>
      <Table.Td ta="right">{formatMoney(shift.float)}</Table.Td>
      <Table.Td ta="right">{formatMoney(shift.cashSales)}</Table.Td>
      <Table.Td ta="right">{formatMoney(shift.expectedCash)}</Table.Td>
      <Table.Td ta="right">{shift.counted === null ? '—' : formatMoney(shift.counted)}</Table.Td>
      <Table.Td>
        <Text size="sm" c={shift.overShort !== null && shift.overShort < 0 ? 'red.8' : undefined}>
          {overShortText(shift.overShort, formatMoney)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Button size="xs" variant="default" onClick={onOpen}>
          Report
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

function ReportView({ id }: { id: number }) {
  const report = useShiftReport(id);
  if (report.isPending) return <Loader aria-label="Loading the report" />;
  if (report.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(report.error)}
      </Alert>
    );
  }
  return <ShiftReportView report={report.data} />;
}
