import { Alert, Anchor, Container, Group, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useConfig } from '../../lib/config.ts';
import classes from './pos.module.css';
import type { SortDirection, SortState } from './table-rules.ts';

/** Small pieces every POS screen uses. */

interface PosPageProps {
  title: string;
  /** Where the Back link goes; none when undefined. */
  back?: { to: string; label?: string };
  /** Right of the title. */
  actions?: ReactNode;
  width?: number | string;
  children: ReactNode;
}

export function PosPage({ title, back, actions, width = 'lg', children }: PosPageProps) {
  return (
    <Container size={width} className={classes.page}>
      <Stack gap="lg">
        {back ? (
          <Anchor component={Link} to={back.to} size="sm" className={classes.noPrint} w="fit-content">
            ← {back.label ?? 'Back'}
          </Anchor>
        ) : null}
        <Group justify="space-between" align="flex-end" gap="sm" className={classes.noPrint}>
          <Title order={1}>{title}</Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}

/** The TEST MODE notice (sandbox or Stripe test keys; spec §2, §6). */
export function TestModeNotice({ children }: { children?: ReactNode }) {
  const { config } = useConfig();
  if (!config.testMode) return null;
  return (
    <Alert color="yellow" variant="light" title="TEST MODE" className={classes.noPrint}>
      {children ?? 'No real money moves: use the simulate buttons or the test cards.'}
    </Alert>
  );
}

/** Why the register takes no sale: the store's province has no tax rate (the server's words). */
export function TaxRateMissingNotice() {
  const { config, isFallback } = useConfig();
  if (isFallback || config.storeTaxRate !== null) return null;
  return (
    <Alert color="red" variant="light" title="No tax rate" className={classes.noPrint}>
      There is no tax rate for province {config.storeProvince}; the sale cannot be completed.
    </Alert>
  );
}

/** A phone's width: the register's tables stack their rows there (pos.module.css .stackedTable). */
export function useIsPhone(): boolean {
  return useMediaQuery('(max-width: 36em)') === true;
}

/**
 * The one row of a table with nothing to show. Its text stays in view when the table is wider than a
 * phone's screen and scrolls sideways.
 */
export function EmptyTableRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed" ta="center" py="md" className={classes.emptyTableText}>
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

function SortMark({ direction }: { direction: SortDirection | undefined }) {
  const mark = direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕';
  return (
    <Text component="span" size="xs" c={direction ? 'maple.8' : 'dimmed'} aria-hidden="true">
      {mark}
    </Text>
  );
}

interface SortHeaderProps<Column extends string> {
  column: Column;
  sort: SortState<Column>;
  onSort: (column: Column) => void;
  children: ReactNode;
  numeric?: boolean;
  className?: string;
}

/** A column header that sorts (spec §4 Sorting); aria-sort tells a screen reader the order. */
export function SortHeader<Column extends string>({
  column,
  sort,
  onSort,
  children,
  numeric,
  className,
}: SortHeaderProps<Column>) {
  const direction = sort.column === column ? sort.direction : undefined;
  const ariaSort = direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
  const classNames = [numeric ? classes.numeric : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <Table.Th aria-sort={ariaSort} className={classNames || undefined}>
      <UnstyledButton className={classes.sortButton} onClick={() => onSort(column)}>
        {children}
        <SortMark direction={direction} />
      </UnstyledButton>
    </Table.Th>
  );
}

/** A fresh key for a request the server must not repeat (a refund). */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
