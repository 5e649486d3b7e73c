import { BarChart } from '@mantine/charts';
import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  type ReportGranularity,
  SALES_TENDERS,
  type SalesFigures,
  type SalesPeriod,
} from '../../../../domain/admin/reports.ts';
import { formatMoney } from '../../../../domain/money.ts';
import {
  chartDollars,
  chartMoney,
  DownloadCsvButton,
  Figures,
  formatCount,
  formatDay,
  ReportState,
} from './report-parts.tsx';
import { type SalesQuery, useSalesReport } from './reports.api.ts';

function periodLabel(period: SalesPeriod, by: ReportGranularity): string {
  if (by === 'month') return formatDay(period.period, { month: 'short', year: 'numeric' });
  if (by === 'week') return `Week of ${formatDay(period.from, { month: 'short', day: 'numeric' })}`;
  return formatDay(period.period, { month: 'short', day: 'numeric' });
}

function FiguresRow({ figures }: { figures: SalesFigures }) {
  return (
    <>
      <Table.Td ta="right">{formatCount(figures.web_orders)}</Table.Td>
      <Table.Td ta="right">{formatMoney(figures.web_gross)}</Table.Td>
      <Table.Td ta="right">{formatCount(figures.pos_sales)}</Table.Td>
      <Table.Td ta="right">{formatMoney(figures.pos_gross)}</Table.Td>
      {SALES_TENDERS.map((tender) => (
        <Table.Td ta="right" key={tender}>
          {formatMoney(figures.tenders[tender].gross)}
        </Table.Td>
      ))}
      <Table.Td ta="right">{formatCount(figures.refunds)}</Table.Td>
      <Table.Td ta="right">{figures.refunded ? formatMoney(-figures.refunded) : formatMoney(0)}</Table.Td>
      <Table.Td ta="right" fw={600}>
        {formatMoney(figures.net)}
      </Table.Td>
      <Table.Td ta="right">{formatMoney(figures.tax)}</Table.Td>
    </>
  );
}

/** Sales per day, week or month: web orders, POS sales by tender, refunds, net and tax. */
export function SalesReportView({ query }: { query: SalesQuery }) {
  const report = useSalesReport(query);
  const data = report.data;
  const totals = data?.totals;
  const empty = !totals || (totals.web_orders === 0 && totals.pos_sales === 0 && totals.refunds === 0);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="start">
        <Text size="sm" c="dimmed" maw={640}>
          Web orders count on the day they were placed, refunds on the day money went back (a cancelled
          order's whole total). POS sales are the register's sales, at what they took in (cash rounded to 5
          cents; by tender: cash, card, Interac; a split sale counts in each), and reader payments made
          outside a sale. Refunds are the web's and the returns at the counter (what they gave back), on the
          day the money went back.
        </Text>
        <DownloadCsvButton
          report="sales"
          query={query}
          filename={`sales-by-${query.by}-${query.from}-to-${query.to}.csv`}
        />
      </Group>
      <ReportState
        query={report}
        what="sales report"
        empty={empty}
        emptyText={`No sales and no refunds from ${formatDay(query.from)} to ${formatDay(query.to)}.`}
      >
        {data && totals && (
          <>
            <Figures
              figures={[
                {
                  label: 'Net sales',
                  value: formatMoney(totals.net),
                  hint: 'Gross less refunds, tax included',
                },
                {
                  label: 'Web orders',
                  value: formatMoney(totals.web_gross),
                  hint: `${formatCount(totals.web_orders)} ${totals.web_orders === 1 ? 'order' : 'orders'}`,
                },
                {
                  label: 'POS sales',
                  value: formatMoney(totals.pos_gross),
                  hint: `${formatCount(totals.pos_sales)} sales`,
                },
                {
                  label: 'Refunds',
                  value: formatMoney(totals.refunded),
                  hint: `${formatCount(totals.refunds)} web refunds and counter returns`,
                },
                { label: 'Tax', value: formatMoney(totals.tax), hint: 'Collected less refunded' },
              ]}
            />
            <Paper withBorder radius="md" p="md">
              <Title order={2} size="h5" mb="sm">
                Gross sales and refunds by {query.by}
              </Title>
              <BarChart
                h={280}
                data={data.periods.map((period) => ({
                  label: periodLabel(period, query.by),
                  web: chartDollars(period.web_gross),
                  pos: chartDollars(period.pos_gross),
                  refunds: -chartDollars(period.refunded),
                }))}
                dataKey="label"
                type="stacked"
                barChartProps={{ stackOffset: 'sign' }}
                series={[
                  { name: 'web', label: 'Web orders', color: 'blue.6' },
                  { name: 'pos', label: 'POS', color: 'teal.6' },
                  { name: 'refunds', label: 'Refunds', color: 'red.5' },
                ]}
                valueFormatter={chartMoney}
                withLegend
                tickLine="y"
                yAxisProps={{ width: 90 }}
              />
            </Paper>
            <Paper withBorder radius="md">
              <Table.ScrollContainer minWidth={820}>
                <Table
                  verticalSpacing="xs"
                  striped
                  style={{ whiteSpace: 'nowrap' }}
                  aria-label={`Sales by ${query.by}`}
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Period</Table.Th>
                      <Table.Th ta="right">Web orders</Table.Th>
                      <Table.Th ta="right">Web gross</Table.Th>
                      <Table.Th ta="right">POS sales</Table.Th>
                      <Table.Th ta="right">POS gross</Table.Th>
                      <Table.Th ta="right">Cash</Table.Th>
                      <Table.Th ta="right">Card</Table.Th>
                      <Table.Th ta="right">Interac</Table.Th>
                      <Table.Th ta="right">Refunds</Table.Th>
                      <Table.Th ta="right">Refunded</Table.Th>
                      <Table.Th ta="right">Net</Table.Th>
                      <Table.Th ta="right">Tax</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.periods.map((period) => (
                      <Table.Tr key={period.period}>
                        <Table.Td>{periodLabel(period, query.by)}</Table.Td>
                        <FiguresRow figures={period} />
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                  <Table.Tfoot>
                    <Table.Tr fw={700}>
                      <Table.Td>Total</Table.Td>
                      <FiguresRow figures={totals} />
                    </Table.Tr>
                  </Table.Tfoot>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          </>
        )}
      </ReportState>
      {data && data.manual_receipts > 0 && (
        <Text size="sm" c="dimmed">
          {formatCount(data.manual_receipts)} manual receipt{data.manual_receipts === 1 ? '' : 's'} (Generate
          Receipt) in this period: not payments, so not counted as sales.
        </Text>
      )}
    </Stack>
  );
}
