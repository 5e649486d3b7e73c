import {
  Badge,
  Checkbox,
  Group,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { REFUND_PAGE_SIZE_START, REFUND_PAGE_SIZES } from '../../../domain/pos/constants.ts';
import type { PosCharge } from '../../../domain/pos/refunds.ts';
import { useStoreTimeZone } from '../../lib/config.ts';
import { formatMoney } from '../../lib/format.ts';
import classes from './pos.module.css';
import { chargeMatches, formatPaidAt } from './pos-rules.ts';
import { EmptyTableRow, SortHeader } from './pos-ui.tsx';
import { nextSort, pageOf, type SortState, sortRows } from './table-rules.ts';

type Column = 'amount' | 'brand' | 'network' | 'source' | 'country' | 'last4' | 'created' | 'status';

const pageSizeOptions = REFUND_PAGE_SIZES.map(String);

function valueOfColumn(charge: PosCharge, column: Column): string | number | null {
  return column === 'created' ? Date.parse(charge.created) : charge[column];
}

/**
 * The charges found (spec pos §2 Refund screen): a free-text filter, sortable columns (Brand,
 * Country and Status hidden on small screens), one selectable row, and a paginator of 5, 10, 25 or
 * 100 rows starting at 10.
 */
export function ChargesTable({
  charges,
  selectedId,
  onToggle,
}: {
  charges: readonly PosCharge[];
  selectedId: string | undefined;
  onToggle: (charge: PosCharge) => void;
}) {
  const timeZone = useStoreTimeZone();
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<SortState<Column>>({ column: undefined, direction: undefined });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(REFUND_PAGE_SIZE_START);

  const filtered = charges.filter((charge) => chargeMatches(charge, filter, timeZone));
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
                <EmptyTableRow columns={9}>
                  {charges.length === 0 ? 'No charges match the search.' : 'No charges match the filter.'}
                </EmptyTableRow>
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
                          aria-label={`Select ${formatMoney(charge.amount)} paid ${formatPaidAt(charge.created, timeZone)}${charge.last4 ? ` with card ending ${charge.last4}` : ''}`}
                          checked={selected}
                          onChange={() => onToggle(charge)}
                        />
                      </Table.Td>
                      <Table.Td className={classes.numeric}>
                        {formatMoney(charge.amount)}
                        {charge.amountRefunded > 0 ? (
                          <Text size="xs" c="dimmed">
                            {/* An authorization released uncaptured shows as refunded at the processor: no money moved. */}
                            {!charge.captured
                              ? 'released, never taken'
                              : charge.refunded
                                ? 'refunded'
                                : `${formatMoney(charge.amountRefunded)} refunded`}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td className={classes.wideOnly}>{charge.brand ?? ''}</Table.Td>
                      <Table.Td>{charge.network ?? ''}</Table.Td>
                      <Table.Td>{charge.source ?? ''}</Table.Td>
                      <Table.Td className={classes.wideOnly}>{charge.country ?? ''}</Table.Td>
                      <Table.Td>{charge.last4 ?? ''}</Table.Td>
                      <Table.Td className={classes.nowrap}>{formatPaidAt(charge.created, timeZone)}</Table.Td>
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
