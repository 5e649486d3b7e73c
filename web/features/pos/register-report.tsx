import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { RegisterFigures, ShiftReport } from '../../../domain/pos/shifts.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { notifyError } from '../../lib/notify.ts';
import classes from './pos.module.css';
import { useShiftReportPdf } from './register.api.ts';
import { overShortText } from './register-rules.ts';

const TENDER_LABELS: Record<string, string> = { cash: 'Cash', card: 'Card', interac: 'Interac' };

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={strong ? 800 : 600} size={strong ? 'xl' : 'md'}>
        {value}
      </Text>
    </Stack>
  );
}

/** A report's Print and Download PDF buttons (left out of the printed page). */
export function ReportActions({ downloading, onDownload }: { downloading: boolean; onDownload: () => void }) {
  return (
    <Group gap="xs" className={classes.noPrint}>
      <Button variant="default" onClick={() => window.print()}>
        Print
      </Button>
      <Button variant="light" loading={downloading} onClick={onDownload}>
        Download PDF
      </Button>
    </Group>
  );
}

/** The figures a shift's and a day's report share: tenders and returns, tax, cashiers, cash moved. */
export function RegisterFiguresView({ figures }: { figures: RegisterFigures }) {
  const { sales, tenders, tax, refunds, cardRefunds } = figures;
  return (
    <Stack gap="md">
      {/* Each table as tall as its rows: stretched to its neighbour's height, a one-line tax table's rows grew tall. */}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <Table aria-label="Sales by tender" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tender</Table.Th>
              <Table.Th className={classes.numeric}>Sales</Table.Th>
              <Table.Th className={classes.numeric}>Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tenders.map((tender) => (
              <Table.Tr key={tender.type}>
                <Table.Td>{TENDER_LABELS[tender.type] ?? tender.type} sales</Table.Td>
                <Table.Td className={classes.numeric}>{tender.count}</Table.Td>
                <Table.Td className={classes.numeric}>{formatMoney(tender.amount)}</Table.Td>
              </Table.Tr>
            ))}
            {refunds.tenders
              .filter((tender) => tender.count > 0)
              .map((tender) => (
                <Table.Tr key={`refund-${tender.type}`}>
                  <Table.Td>{TENDER_LABELS[tender.type] ?? tender.type} refunds</Table.Td>
                  <Table.Td className={classes.numeric}>{tender.count}</Table.Td>
                  <Table.Td className={classes.numeric}>{formatMoney(-tender.amount)}</Table.Td>
                </Table.Tr>
              ))}
            <Table.Tr>
              <Table.Td fw={700}>Returns</Table.Td>
              <Table.Td className={classes.numeric}>{refunds.count}</Table.Td>
              <Table.Td className={classes.numeric} fw={700}>
                {formatMoney(-refunds.amount)}
              </Table.Td>
            </Table.Tr>
            {cardRefunds.count > 0 ? (
              <Table.Tr>
                <Table.Td fw={700}>Card refunds without a return</Table.Td>
                <Table.Td className={classes.numeric}>{cardRefunds.count}</Table.Td>
                <Table.Td className={classes.numeric} fw={700}>
                  {formatMoney(-cardRefunds.amount)}
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
        <Table aria-label="Tax collected" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tax collected ({tax.province})</Table.Th>
              <Table.Th className={classes.numeric}>Rate</Table.Th>
              <Table.Th className={classes.numeric}>Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tax.components.map((component) => (
              <Table.Tr key={component.name}>
                <Table.Td>{component.name}</Table.Td>
                <Table.Td className={classes.numeric}>{(component.ratePpm / 10_000).toFixed(2)}%</Table.Td>
                <Table.Td className={classes.numeric}>{formatMoney(component.amount)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td fw={700}>Total tax</Table.Td>
              <Table.Td />
              <Table.Td className={classes.numeric} fw={700}>
                {formatMoney(tax.total)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </SimpleGrid>
      {sales.rounding !== 0 ? (
        <Text size="sm" c="dimmed">
          Cash rounding to 5 cents: {formatMoney(sales.rounding)}
        </Text>
      ) : null}
      {refunds.tax !== 0 ? (
        <Text size="sm" c="dimmed">
          Tax collected is the sales' tax ({formatMoney(sales.tax)}) less the tax given back by returns (
          {formatMoney(refunds.tax)}).
        </Text>
      ) : null}
      <Table aria-label="By cashier" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Cashier</Table.Th>
            <Table.Th className={classes.numeric}>Sales</Table.Th>
            <Table.Th className={classes.numeric}>Total</Table.Th>
            <Table.Th className={classes.numeric}>Returns</Table.Th>
            <Table.Th className={classes.numeric}>Refunded</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {figures.cashiers.map((row) => (
            <Table.Tr key={row.cashierId}>
              <Table.Td>{row.cashier}</Table.Td>
              <Table.Td className={classes.numeric}>{row.sales}</Table.Td>
              <Table.Td className={classes.numeric}>{formatMoney(row.total)}</Table.Td>
              <Table.Td className={classes.numeric}>{row.returns}</Table.Td>
              <Table.Td className={classes.numeric}>{formatMoney(row.refunded)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {figures.movements.length > 0 ? (
        <Table aria-label="Cash in and out" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Cash in and out</Table.Th>
              <Table.Th>By</Table.Th>
              <Table.Th className={classes.numeric}>Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {figures.movements.map((movement) => (
              <Table.Tr key={movement.id}>
                <Table.Td>{movement.reason}</Table.Td>
                <Table.Td>{movement.actor ?? ''}</Table.Td>
                <Table.Td className={classes.numeric}>{formatMoney(movement.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}

/** A shift's report (the Z report at the close) on screen, with Print and Download PDF. */
export function ShiftReportView({ report }: { report: ShiftReport }) {
  const pdf = useShiftReportPdf();
  const { shift, sales } = report;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} aria-label="Shift report" component="section">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h3">
              {report.final ? 'End of day (Z) report' : 'Shift (X) report'}, shift {shift.id}
            </Title>
            <Text size="sm" c="dimmed">
              {shift.cashier} · opened {formatDateTime(shift.openedAt)}
              {shift.closedAt ? ` · closed ${formatDateTime(shift.closedAt)}` : ''}
            </Text>
          </Stack>
          <ReportActions
            downloading={pdf.isPending}
            onDownload={() => pdf.mutate(shift.id, { onError: (error) => notifyError(error.message) })}
          />
        </Group>

        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Figure label="Float" value={formatMoney(shift.float)} />
          <Figure label="Cash sales" value={formatMoney(shift.cashSales)} />
          <Figure label="Cash in/out" value={formatMoney(shift.cashMovements)} />
          <Figure label="Cash refunds" value={formatMoney(shift.cashRefunds)} />
          <Figure label="Expected cash" value={formatMoney(shift.expectedCash)} strong />
          <Figure label="Counted" value={shift.counted === null ? '—' : formatMoney(shift.counted)} strong />
          <Stack gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Over / short
            </Text>
            {shift.overShort === null ? (
              <Text fw={600}>—</Text>
            ) : (
              <Badge size="lg" color={shift.overShort === 0 ? 'green' : shift.overShort > 0 ? 'blue' : 'red'}>
                {overShortText(shift.overShort, formatMoney)}
              </Badge>
            )}
          </Stack>
          <Figure label="Sales" value={`${sales.count} · ${formatMoney(sales.total)}`} />
        </SimpleGrid>

        <RegisterFiguresView figures={report} />
      </Stack>
    </Paper>
  );
}
