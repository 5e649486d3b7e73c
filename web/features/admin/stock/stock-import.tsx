import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import {
  STOCK_CSV_COLUMNS,
  type StockImportLine,
  type StockImportResult,
} from '../../../../domain/admin/stock.ts';
import { formatMoney } from '../../../../domain/money.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useExportStock, useImportStock } from './stock.api.ts';

/** A line's changes in words: 'price CDN$12.00 → CDN$13.50; stock 4 → 10'. */
function describeChanges(changes: StockImportLine['changes']): string {
  const parts: string[] = [];
  if (changes.name) parts.push(`name "${changes.name.before}" → "${changes.name.after}"`);
  if (changes.price)
    parts.push(`price ${formatMoney(changes.price.before)} → ${formatMoney(changes.price.after)}`);
  if (changes.sale_price) {
    // A sale price of 0 is no sale.
    const sale = (cents: number) => (cents === 0 ? 'none' : formatMoney(cents));
    parts.push(`sale price ${sale(changes.sale_price.before)} → ${sale(changes.sale_price.after)}`);
  }
  if (changes.instock) parts.push(`stock ${changes.instock.before} → ${changes.instock.after}`);
  return parts.join('; ') || 'no change';
}

/**
 * The CSV in and out: export the stock, pick a file, read the preview (each line's changes or its
 * problem), then import it all, or fix the file and pick it again.
 */
export function StockImport() {
  const exportStock = useExportStock();
  const importStock = useImportStock();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [preview, setPreview] = useState<StockImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function pick(picked: File | null) {
    setPreview(null);
    setFailure(null);
    if (!picked) return;
    const csv = await picked.text();
    setFile({ name: picked.name, csv });
    try {
      setPreview(await importStock.mutateAsync({ csv, apply: false }));
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  async function apply() {
    if (!file) return;
    setFailure(null);
    try {
      const result = await importStock.mutateAsync({ csv: file.csv, apply: true });
      notifySuccess(`${result.changed} line${result.changed === 1 ? '' : 's'} imported from ${file.name}.`);
      setFile(null);
      setPreview(null);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  const changedLines =
    preview?.lines.filter((line) => line.error || Object.keys(line.changes).length > 0) ?? [];

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            Export
          </Title>
          <Text size="sm" c="dimmed">
            Every product in each size and every package, with names, prices in dollars and stock levels, as a
            CSV file to open in a spreadsheet.
          </Text>
          <Group>
            <Button variant="default" onClick={() => exportStock.mutate()} loading={exportStock.isPending}>
              Download the stock CSV
            </Button>
          </Group>
          {exportStock.isError && <Alert color="red">{errorMessage(exportStock.error)}</Alert>}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Import
          </Title>
          <Text size="sm" c="dimmed">
            Columns: {STOCK_CSV_COLUMNS.join(', ')} (code is required; leave a cell empty to keep its value).
            You see what each line changes before anything is written; a file with a problem is not imported
            at all.
          </Text>
          <Group>
            <FileButton onChange={(picked) => void pick(picked)} accept=".csv,text/csv">
              {(props) => (
                <Button {...props} variant="default" loading={importStock.isPending && !preview}>
                  {file ? 'Pick another file' : 'Pick a CSV file'}
                </Button>
              )}
            </FileButton>
            {file && <Text size="sm">{file.name}</Text>}
          </Group>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          {preview && (
            <>
              <Group gap="xs">
                <Badge color={preview.errors > 0 ? 'red' : 'green'} variant="light">
                  {preview.errors} problem{preview.errors === 1 ? '' : 's'}
                </Badge>
                {/* Not the theme's red, which reads as a problem. */}
                <Badge variant="light" color="blue">
                  {preview.changed} line{preview.changed === 1 ? '' : 's'} to change
                </Badge>
                <Badge variant="light" color="gray">
                  {preview.lines.length} read
                </Badge>
              </Group>
              {changedLines.length > 0 ? (
                <ScrollArea.Autosize mah={420}>
                  <Table striped verticalSpacing="xs" aria-label="Import preview">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Line</Table.Th>
                        <Table.Th>Item</Table.Th>
                        <Table.Th>What it does</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {changedLines.map((line) => (
                        <Table.Tr key={line.line}>
                          <Table.Td>{line.line}</Table.Td>
                          <Table.Td>
                            {line.code}
                            {line.size ? ` (${line.size})` : ''}
                          </Table.Td>
                          <Table.Td>
                            {line.error ? (
                              <Text size="sm" c="red">
                                {line.error}
                              </Text>
                            ) : (
                              describeChanges(line.changes)
                            )}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea.Autosize>
              ) : (
                <Text size="sm">Nothing in this file differs from the shop.</Text>
              )}
              <Group>
                <Button
                  onClick={() => void apply()}
                  disabled={preview.errors > 0 || preview.changed === 0}
                  loading={importStock.isPending}
                >
                  Import {preview.changed} line{preview.changed === 1 ? '' : 's'}
                </Button>
                {preview.errors > 0 && (
                  <Text size="sm" c="dimmed">
                    Fix the lines with a problem, then pick the file again.
                  </Text>
                )}
              </Group>
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
