import { Alert, Button, Group, Loader, NumberInput, Select, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useState } from 'react';
import type { PosCatalogueItem, PosCatalogueSize } from '../../../domain/pos/catalogue.ts';
import { formatMoney } from '../../lib/format.ts';
import classes from './pos.module.css';
import { EmptyTableRow, useIsPhone } from './pos-ui.tsx';
import { catalogueQuery, useCatalogueSearch } from './register.api.ts';
import { LINE_QUANTITY_MAX, onlySize, scannedItem } from './register-rules.ts';

export type AddItem = (item: PosCatalogueItem, size: PosCatalogueSize | null, quantity: number) => void;

function stockText(item: PosCatalogueItem): string {
  if (item.sizes === null) return String(item.instock ?? 0);
  if (item.sizes.length === 0) return 'no sizes';
  return item.sizes.map((size) => `${size.name} ${size.instock}`).join(' · ');
}

/** One item found: its size (when it has several), the quantity and Add. */
function ResultRow({ item, onAdd }: { item: PosCatalogueItem; onAdd: AddItem }) {
  const only = onlySize(item);
  const [sizeId, setSizeId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number>(1);
  const size = only ? only.size : (item.sizes?.find((choice) => String(choice.size_id) === sizeId) ?? null);
  const ready = only !== undefined || size !== null;
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600}>
          {item.name}
        </Text>
        <Text size="xs" c="dimmed">
          {item.code}
          {item.kind === 'package' ? ' · package' : ''}
        </Text>
      </Table.Td>
      <Table.Td className={classes.numeric}>{formatMoney(item.unitPrice)}</Table.Td>
      <Table.Td>
        <Text size="xs">{stockText(item)}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {item.sizes && item.sizes.length > 1 ? (
            <Select
              aria-label={`Size of ${item.name}`}
              placeholder="Size"
              size="xs"
              w={130}
              data={item.sizes.map((choice) => ({
                value: String(choice.size_id),
                label: `${choice.name} (${choice.instock})`,
              }))}
              value={sizeId}
              onChange={setSizeId}
            />
          ) : null}
          <NumberInput
            aria-label={`Quantity of ${item.name}`}
            size="xs"
            w={70}
            min={1}
            max={LINE_QUANTITY_MAX}
            allowDecimal={false}
            allowNegative={false}
            value={quantity}
            onChange={(value) => setQuantity(typeof value === 'number' && value >= 1 ? value : 1)}
          />
          <Button
            size="xs"
            disabled={!ready}
            onClick={() => onAdd(item, size, quantity)}
            aria-label={`Add ${item.name}`}
          >
            Add
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

interface SearchProps {
  inputRef: RefObject<HTMLInputElement | null>;
  onAdd: AddItem;
  disabled: boolean;
}

/**
 * The register's search: by name or code; a barcode scanner types the code and Enter, which adds
 * the item when the code names exactly one (a sized product with several sizes waits for its size).
 */
export function RegisterSearch({ inputRef, onAdd, disabled }: SearchProps) {
  const queryClient = useQueryClient();
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 200);
  const results = useCatalogueSearch(debounced);
  const [notice, setNotice] = useState<string>();
  const items = debounced === '' ? [] : (results.data ?? []);
  const phone = useIsPhone();

  const add: AddItem = (item, size, quantity) => {
    onAdd(item, size, quantity);
    setQ('');
    setNotice(undefined);
  };

  const enter = async () => {
    const typed = q.trim();
    if (typed === '') return;
    try {
      const found = await queryClient.fetchQuery(catalogueQuery(typed));
      const item = scannedItem(found, typed);
      if (!item) {
        setNotice(
          found.length === 0 ? `Nothing matches “${typed}”.` : 'Several items match: choose one below.',
        );
        return;
      }
      const only = onlySize(item);
      if (!only) {
        setNotice(`Choose a size of ${item.name} below.`);
        return;
      }
      add(item, only.size, 1);
    } catch (error) {
      setNotice(error instanceof Error ? error.message : 'The search failed.');
    }
  };

  return (
    <>
      <TextInput
        ref={inputRef}
        // The register's first field: the cashier (or the scanner) types here at once.
        autoFocus
        label="Find a product"
        description="Name or code; scan a barcode and Enter adds it"
        placeholder="A name or a product code, e.g. crew"
        value={q}
        disabled={disabled}
        onChange={(event) => {
          setQ(event.currentTarget.value);
          setNotice(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void enter();
          }
        }}
        rightSection={results.isFetching ? <Loader size="xs" aria-label="Searching" /> : null}
        size="md"
      />
      {notice ? (
        <Alert color="yellow" variant="light" role="status">
          {notice}
        </Alert>
      ) : null}
      {results.isError ? (
        <Alert color="red" variant="light" title="The search failed">
          {results.error.message}
        </Alert>
      ) : null}
      {debounced !== '' ? (
        <Table.ScrollContainer minWidth={phone ? 0 : 560}>
          <Table
            aria-label="Products found"
            verticalSpacing="xs"
            highlightOnHover
            className={phone ? classes.stackedTable : undefined}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th className={classes.numeric}>Price</Table.Th>
                <Table.Th>In stock</Table.Th>
                <Table.Th>Add</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <ResultRow key={`${item.kind}-${item.packageId ?? item.productId}`} item={item} onAdd={add} />
              ))}
              {items.length === 0 && !results.isFetching ? (
                <EmptyTableRow columns={4}>No product or package matches “{debounced}”.</EmptyTableRow>
              ) : null}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </>
  );
}
