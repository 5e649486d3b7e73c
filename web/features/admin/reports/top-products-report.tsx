import { BarChart } from '@mantine/charts';
import { Badge, Group, Paper, SegmentedControl, Select, Stack, Table, Text, Title } from '@mantine/core';
import { TOP_PRODUCTS_SORTS, type TopProductsSort } from '../../../../domain/admin/reports.ts';
import { formatMoney } from '../../../../domain/money.ts';
import {
  chartDollars,
  chartMoney,
  DownloadCsvButton,
  formatCount,
  formatDay,
  ReportState,
} from './report-parts.tsx';
import { type TopProductsQuery, useTopProducts } from './reports.api.ts';

const LIMITS = ['10', '25', '50', '100'];

/** The products sold most in the period, by units or revenue kept after refunds. */
export function TopProductsReportView({
  query,
  onChange,
}: {
  query: TopProductsQuery;
  onChange: (change: { limit?: number; sort?: TopProductsSort }) => void;
}) {
  const report = useTopProducts(query);
  const products = report.data?.products ?? [];
  const byRevenue = query.sort === 'revenue';
  return (
    <Stack gap="md">
      <Group justify="space-between" align="end">
        <Group align="end">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Rank by
            </Text>
            <SegmentedControl
              value={query.sort}
              onChange={(sort) =>
                onChange({ sort: TOP_PRODUCTS_SORTS.find((s) => s === sort) ?? 'quantity' })
              }
              data={[
                { value: 'quantity', label: 'Units' },
                { value: 'revenue', label: 'Revenue' },
              ]}
            />
          </Stack>
          <Select
            label="Show"
            data={LIMITS.map((limit) => ({ value: limit, label: `Top ${limit}` }))}
            value={String(query.limit)}
            onChange={(limit) => onChange({ limit: Number(limit ?? 10) })}
            allowDeselect={false}
            w={120}
          />
        </Group>
        <DownloadCsvButton
          report="top-products"
          query={query}
          filename={`top-products-by-${query.sort}-${query.from}-to-${query.to}.csv`}
        />
      </Group>
      <Text size="sm" c="dimmed">
        Web orders and register sales. Refunded and returned units are taken off, and a cancelled or fully
        refunded order sold nothing; revenue is the lines' prices, before an order's discount, tax and
        shipping.
      </Text>
      <ReportState
        query={report}
        what="best sellers"
        empty={products.length === 0}
        emptyText={`No products sold from ${formatDay(query.from)} to ${formatDay(query.to)}.`}
      >
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h5" mb="sm">
            {byRevenue ? 'Revenue kept' : 'Units kept'}
          </Title>
          <BarChart
            h={Math.max(160, 48 + products.length * 30)}
            data={products.map((product) => ({
              product: product.code,
              value: byRevenue ? chartDollars(product.revenue) : product.quantity,
            }))}
            dataKey="product"
            orientation="vertical"
            series={[{ name: 'value', label: byRevenue ? 'Revenue' : 'Units', color: 'blue.6' }]}
            {...(byRevenue ? { valueFormatter: chartMoney } : {})}
            tickLine="x"
            // Units are counted whole: no tick at a quarter of a unit when one was sold.
            xAxisProps={{ allowDecimals: byRevenue }}
            yAxisProps={{ width: 110 }}
          />
        </Paper>
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="xs" striped style={{ whiteSpace: 'nowrap' }} aria-label="Best sellers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th ta="right">#</Table.Th>
                  <Table.Th>Code</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th ta="right">Sold</Table.Th>
                  <Table.Th ta="right">Refunded</Table.Th>
                  <Table.Th ta="right">Units kept</Table.Th>
                  <Table.Th ta="right">Gross</Table.Th>
                  <Table.Th ta="right">Revenue kept</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {products.map((product, index) => (
                  <Table.Tr key={`${product.product_id ?? ''}-${product.package_id ?? ''}-${product.code}`}>
                    <Table.Td ta="right">{index + 1}</Table.Td>
                    <Table.Td>{product.code}</Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <span>{product.name}</span>
                        {product.package_id !== null && (
                          <Badge size="xs" variant="light">
                            Package
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">{formatCount(product.quantity_sold)}</Table.Td>
                    <Table.Td ta="right">{formatCount(product.quantity_refunded)}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {formatCount(product.quantity)}
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(product.gross)}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {formatMoney(product.revenue)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      </ReportState>
    </Stack>
  );
}
