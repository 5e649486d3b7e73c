import { Alert, Center, Group, Loader, Pagination, Paper, Stack, Table, Text } from '@mantine/core';
import { formatStoreDate } from '../../../../domain/dates.ts';
import { useStoreTimeZone } from '../../../lib/config.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useListQuery, usePageWithinList } from '../../../lib/list-query.ts';
import { useStockHistory } from './stock.api.ts';

/** Staff's stock changes, newest first: who, when, why, from what to what. */
export function StockHistoryTable() {
  const { page, setPage } = useListQuery({});
  const history = useStockHistory({ page });
  const timeZone = useStoreTimeZone();
  usePageWithinList(page, setPage, history.data);

  if (history.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the history" />
      </Center>
    );
  }
  if (history.isError) return <Alert color="red">{errorMessage(history.error)}</Alert>;
  if (history.data.entries.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Text ta="center" c="dimmed">
          No stock has been changed by hand yet.
        </Text>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" aria-label="Stock history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Before</Table.Th>
                <Table.Th ta="right">After</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th>By</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatStoreDate(new Date(entry.createdAt), timeZone)}</Table.Td>
                  <Table.Td>
                    {entry.code} {entry.name}
                    {entry.size_name ? `, size ${entry.size_name}` : ''}
                  </Table.Td>
                  <Table.Td ta="right">{entry.before}</Table.Td>
                  <Table.Td ta="right">{entry.after}</Table.Td>
                  <Table.Td tt="capitalize">{entry.reason}</Table.Td>
                  <Table.Td>{entry.changedBy ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Group justify="flex-end">
        <Pagination
          total={Math.ceil(history.data.total / history.data.pageSize)}
          value={page}
          onChange={setPage}
          hideWithOnePage
        />
      </Group>
    </Stack>
  );
}
