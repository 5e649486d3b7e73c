import { Alert, Button, Center, Loader, Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../../domain/money.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { type ReportName, useDownloadReport } from './reports.api.ts';

/** Charts plot dollars (a tooltip shows them as money); tables show cents formatted. */
export const chartDollars = (cents: number) => cents / 100;
export const chartMoney = (dollars: number) => formatMoney(Math.round(dollars * 100));
export const formatCount = (count: number) => count.toLocaleString('en-CA');

const UTC_NOON = 'T12:00:00Z';

/** A calendar day as 'Mar 1, 2026' (or with other parts), whatever the browser's zone. */
export function formatDay(day: string, parts: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  return new Intl.DateTimeFormat('en-CA', { ...parts, timeZone: 'UTC' }).format(
    new Date(`${day}${UTC_NOON}`),
  );
}

/** The loading, failed and empty states every report shares; the report itself otherwise. */
export function ReportState({
  query,
  what,
  empty,
  emptyText,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  what: string;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={`Loading the ${what}`} />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title={`The ${what} could not be loaded`} role="alert">
        {errorMessage(query.error)}{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (empty) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Text ta="center" c="dimmed">
          {emptyText}
        </Text>
      </Paper>
    );
  }
  return children;
}

export interface Figure {
  label: string;
  value: string;
  hint?: string | undefined;
}

/** A row of headline figures above a report's chart. */
export function Figures({ figures }: { figures: readonly Figure[] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: figures.length }} spacing="sm">
      {figures.map((figure) => (
        <Paper key={figure.label} withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {figure.label}
          </Text>
          <Text fw={700} size="lg">
            {figure.value}
          </Text>
          {figure.hint && (
            <Text size="xs" c="dimmed">
              {figure.hint}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** Downloads the report as the server writes it in CSV. */
export function DownloadCsvButton({
  report,
  query,
  filename,
}: {
  report: ReportName;
  query: Record<string, string | number>;
  filename: string;
}) {
  const download = useDownloadReport();
  return (
    <div>
      <Button
        variant="default"
        loading={download.isPending}
        onClick={() => download.mutate({ report, query, filename })}
      >
        Download CSV
      </Button>
      {download.isError && (
        <Text size="sm" c="red" role="alert">
          {errorMessage(download.error)}
        </Text>
      )}
    </div>
  );
}
