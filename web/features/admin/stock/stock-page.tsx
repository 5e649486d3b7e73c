import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LOW_STOCK_LEVEL, type StockItem } from '../../../../domain/admin/stock.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useListQuery, usePageWithinList } from '../../../lib/list-query.ts';
import { useStockList } from './stock.api.ts';
import { StockChangeModal } from './stock-change-modal.tsx';
import { StockHistoryTable } from './stock-history.tsx';
import { StockImport } from './stock-import.tsx';

const VIEWS = ['levels', 'low', 'history', 'csv'] as const;
type View = (typeof VIEWS)[number];

function viewOf(text: string | null): View {
  return VIEWS.find((view) => view === text) ?? 'levels';
}

/** #/admin/stock: levels per product and size and per package, what is low, the history, the CSV. */
export function StockPage() {
  const [params, setParams] = useSearchParams();
  const view = viewOf(params.get('view'));
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Stock
        </Title>
        <Text c="dimmed">Set or adjust levels with a reason; every change is kept in the history.</Text>
      </div>
      <Tabs
        value={view}
        // Another tab opens at its first page, without the search typed in this one.
        onChange={(next) => setParams(next && next !== 'levels' ? { view: next } : {})}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="levels">All items</Tabs.Tab>
          <Tabs.Tab value="low">Low stock</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
          <Tabs.Tab value="csv">CSV export and import</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="levels" pt="md">
          <StockLevels low={false} />
        </Tabs.Panel>
        <Tabs.Panel value="low" pt="md">
          <StockLevels low />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <StockHistoryTable />
        </Tabs.Panel>
        <Tabs.Panel value="csv" pt="md">
          <StockImport />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function StockLevels({ low }: { low: boolean }) {
  const { filters, page, setFilters, setPage } = useListQuery({ q: '' });
  const [q] = useDebouncedValue(filters.q.trim(), 250);
  const [changing, setChanging] = useState<StockItem | null>(null);
  const list = useStockList({ q: q || undefined, low, page });
  usePageWithinList(page, setPage, list.data);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="end">
        <TextInput
          label="Find an item"
          placeholder="Code or name"
          value={filters.q}
          onChange={(event) => setFilters({ q: event.currentTarget.value }, { replace: true })}
          w={{ base: '100%', sm: 320 }}
        />
        {low && (
          <Text size="sm" c="dimmed">
            Items on sale with {LOW_STOCK_LEVEL} or fewer, lowest first.
          </Text>
        )}
      </Group>
      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the stock" />
        </Center>
      ) : list.isError ? (
        <Alert color="red" title="The stock could not be loaded">
          {errorMessage(list.error)}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : list.data.items.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" c="dimmed">
            {q
              ? `Nothing matches "${q}".`
              : low
                ? 'Nothing is low on stock.'
                : 'There is nothing in stock yet: add products first.'}
          </Text>
        </Paper>
      ) : (
        <>
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="xs" highlightOnHover aria-label={low ? 'Low stock' : 'Stock levels'}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Code</Table.Th>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Size</Table.Th>
                    <Table.Th ta="right">In stock</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.items.map((item) => (
                    <Table.Tr key={`${item.productId}-${item.size_id ?? ''}-${item.packageId ?? ''}`}>
                      <Table.Td>{item.code}</Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <span>{item.name}</span>
                          {item.packageId !== null && (
                            <Badge size="xs" variant="light">
                              Package
                            </Badge>
                          )}
                          {!item.active && (
                            <Badge size="xs" variant="light" color="gray">
                              Archived
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>{item.size_name ?? '—'}</Table.Td>
                      <Table.Td ta="right">
                        <Text span fw={600} c={item.instock <= LOW_STOCK_LEVEL ? 'red' : undefined}>
                          {item.instock}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Button size="compact-sm" variant="light" onClick={() => setChanging(item)}>
                          Change
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {list.data.total} item{list.data.total === 1 ? '' : 's'}
            </Text>
            <Pagination
              total={Math.ceil(list.data.total / list.data.pageSize)}
              value={page}
              onChange={setPage}
              hideWithOnePage
            />
          </Group>
        </>
      )}
      <StockChangeModal item={changing} onClose={() => setChanging(null)} />
    </Stack>
  );
}
