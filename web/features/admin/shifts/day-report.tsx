import { Alert, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { DayReport } from '../../../../domain/pos/shifts.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { notifyError } from '../../../lib/notify.ts';
import { RegisterFiguresView, ReportActions } from '../../pos/register-report.tsx';
import { overShortText } from '../../pos/register-rules.ts';
import { useDayReport, useDayReportPdf } from './shifts.api.ts';

function DayReportView({ report }: { report: DayReport }) {
  const pdf = useDayReportPdf();
  return (
    <Stack gap="md" aria-label="Day report" component="section">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2} size="h3">
            Day report, {report.day}
          </Title>
          <Text size="sm" c="dimmed">
            Every sale and return of the store day, across every cashier and shift.
          </Text>
        </div>
        <ReportActions
          downloading={pdf.isPending}
          onDownload={() => pdf.mutate(report.day, { onError: (error) => notifyError(errorMessage(error)) })}
        />
      </Group>
      <Text fw={700}>
        {report.sales.count} {report.sales.count === 1 ? 'sale' : 'sales'} · {formatMoney(report.sales.paid)}{' '}
        taken · {report.refunds.count} {report.refunds.count === 1 ? 'return' : 'returns'} ·{' '}
        {formatMoney(report.refunds.amount)} given back
        {report.cardRefunds.count > 0
          ? ` · ${formatMoney(report.cardRefunds.amount)} refunded on cards without a return`
          : ''}
      </Text>
      <RegisterFiguresView figures={report} />
      <Table aria-label="Shifts opened that day" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Shift</Table.Th>
            <Table.Th>Cashier</Table.Th>
            <Table.Th>Opened</Table.Th>
            <Table.Th ta="right">Expected cash</Table.Th>
            <Table.Th ta="right">Counted</Table.Th>
            <Table.Th>Over / short</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.shifts.map((shift) => (
            <Table.Tr key={shift.id}>
              <Table.Td>{shift.id}</Table.Td>
              <Table.Td>
                {shift.cashier}
                {shift.status === 'open' ? ' (open)' : ''}
              </Table.Td>
              <Table.Td>{formatDateTime(shift.openedAt)}</Table.Td>
              <Table.Td ta="right">{formatMoney(shift.expectedCash)}</Table.Td>
              <Table.Td ta="right">{shift.counted === null ? '—' : formatMoney(shift.counted)}</Table.Td>
              <Table.Td>{overShortText(shift.overShort, formatMoney)}</Table.Td>
            </Table.Tr>
          ))}
          {report.shifts.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text size="sm" c="dimmed">
                  No shift was opened that day.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** The store day's report, as the owner reconciles the day (loaded when a day is chosen). */
export function DayReportPanel({ day }: { day: string }) {
  const report = useDayReport(day);
  if (report.isPending) return <Loader aria-label="Loading the day report" />;
  if (report.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(report.error)}
      </Alert>
    );
  }
  return <DayReportView report={report.data} />;
}
