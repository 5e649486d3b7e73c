import { BarChart } from '@mantine/charts';
import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { TaxFigures, TaxReport } from '../../../../domain/admin/reports.ts';
import { formatMoney, PPM } from '../../../../domain/money.ts';
import {
  chartDollars,
  chartMoney,
  DownloadCsvButton,
  Figures,
  formatDay,
  ReportState,
} from './report-parts.tsx';
import { type ReportRange, useTaxReport } from './reports.api.ts';

const COMPONENT_COLORS: Record<string, string> = {
  GST: 'blue.6',
  HST: 'indigo.6',
  PST: 'orange.6',
  QST: 'grape.6',
  '': 'gray.5',
};

/** 130000 ppm as '13%', 149750 as '14.975%'. */
const percentOf = (ppm: number) => `${Number(((ppm / PPM) * 100).toFixed(4))}%`;

/** Net tax per province, a bar part per component. */
function chartOf(report: TaxReport) {
  const components = [...new Set(report.rows.map((row) => row.component))];
  const provinces = new Map<string, Record<string, string | number>>();
  for (const row of report.rows) {
    const province = provinces.get(row.province) ?? { province: row.province || 'Unknown' };
    province[row.component] = chartDollars(row.net_tax);
    provinces.set(row.province, province);
  }
  return {
    data: [...provinces.values()],
    series: components.map((name) => ({
      name,
      label: name || 'Not split',
      color: COMPONENT_COLORS[name] ?? 'gray.6',
    })),
  };
}

function TaxCells({ figures }: { figures: TaxFigures }) {
  return (
    <>
      <Table.Td ta="right">{formatMoney(figures.taxable_sales)}</Table.Td>
      <Table.Td ta="right">{formatMoney(figures.taxable_refunded)}</Table.Td>
      <Table.Td ta="right">{formatMoney(figures.tax_collected)}</Table.Td>
      <Table.Td ta="right">{formatMoney(figures.tax_refunded)}</Table.Td>
      <Table.Td ta="right" fw={600}>
        {formatMoney(figures.net_tax)}
      </Table.Td>
    </>
  );
}

/** Tax collected and refunded per province and component, and what each authority is owed. */
export function TaxReportView({ range }: { range: ReportRange }) {
  const report = useTaxReport(range);
  const data = report.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="start">
        <Text size="sm" c="dimmed" maw={640}>
          Web orders are taxed in the province they ship to, register sales in the store's
          {data ? ` (${data.store_province})` : ''}. Each sale's tax is split between the province's
          components at the rates of its day; a refund's tax as its order's was. GST and HST are declared to
          the CRA, QST to Revenu Québec, PST to its province.
        </Text>
        <DownloadCsvButton report="tax" query={range} filename={`tax-${range.from}-to-${range.to}.csv`} />
      </Group>
      <ReportState
        query={report}
        what="tax report"
        empty={!data || data.rows.length === 0}
        emptyText={`No tax collected or refunded from ${formatDay(range.from)} to ${formatDay(range.to)}.`}
      >
        {data && (
          <>
            <Figures
              figures={[
                ...data.authorities.map((authority) => ({
                  label: authority.authority,
                  value: formatMoney(authority.net_tax),
                  hint: `${formatMoney(authority.tax_collected)} collected, ${formatMoney(authority.tax_refunded)} refunded`,
                })),
                { label: 'All tax', value: formatMoney(data.totals.net_tax), hint: 'Net of refunds' },
              ]}
            />
            <Paper withBorder radius="md" p="md">
              <Title order={2} size="h5" mb="sm">
                Net tax by province
              </Title>
              <BarChart
                h={260}
                {...chartOf(data)}
                dataKey="province"
                type="stacked"
                valueFormatter={chartMoney}
                withLegend
                tickLine="y"
                yAxisProps={{ width: 90 }}
              />
            </Paper>
            <Paper withBorder radius="md">
              <Table.ScrollContainer minWidth={900}>
                <Table
                  verticalSpacing="xs"
                  striped
                  style={{ whiteSpace: 'nowrap' }}
                  aria-label="Tax by province and component"
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Province</Table.Th>
                      <Table.Th>Component</Table.Th>
                      <Table.Th>Declared to</Table.Th>
                      <Table.Th>Rate</Table.Th>
                      <Table.Th ta="right">Taxable sales</Table.Th>
                      <Table.Th ta="right">Taxable refunded</Table.Th>
                      <Table.Th ta="right">Tax collected</Table.Th>
                      <Table.Th ta="right">Tax refunded</Table.Th>
                      <Table.Th ta="right">Net tax</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.rows.map((row) => (
                      <Table.Tr key={`${row.province}-${row.component}`}>
                        <Table.Td>{row.province || 'Unknown'}</Table.Td>
                        <Table.Td>{row.component || 'Not split'}</Table.Td>
                        <Table.Td>{row.authority}</Table.Td>
                        <Table.Td>{row.rates_ppm.map(percentOf).join(', ') || '—'}</Table.Td>
                        <TaxCells figures={row} />
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                  <Table.Tfoot>
                    <Table.Tr fw={700}>
                      <Table.Td colSpan={4}>Total</Table.Td>
                      <TaxCells figures={data.totals} />
                    </Table.Tr>
                  </Table.Tfoot>
                </Table>
              </Table.ScrollContainer>
            </Paper>
            {data.rows.some((row) => row.component === '') && (
              <Text size="sm" c="orange.8">
                Some tax could not be split: its order has no province on record, or its province had no tax
                components on the day. Check those orders before declaring.
              </Text>
            )}
          </>
        )}
      </ReportState>
    </Stack>
  );
}
