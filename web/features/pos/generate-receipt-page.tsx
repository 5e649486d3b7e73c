import './mantine-styles.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Button,
  Group,
  Pagination,
  Paper,
  Popover,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toCents } from '../../../domain/money.ts';
import {
  DEFAULT_RECEIPT_PRODUCT,
  RECEIPT_FALLBACK_PRODUCTS,
  RECEIPT_LINES_MAX,
} from '../../../domain/pos/constants.ts';
import { POS_MESSAGES } from '../../../domain/pos/messages.ts';
import { type ReceiptProductForm, receiptProductFormSchema } from '../../../domain/pos/receipts.ts';
import { posTotals } from '../../../domain/pos/sale.ts';
import { POS_PAID_DETAILS_KEY } from '../../../domain/storage-keys.ts';
import { CheckboxField } from '../../components/form/checkbox-field.tsx';
import { MoneyField } from '../../components/form/number-field.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { useConfig } from '../../lib/config.ts';
import { formatMoney } from '../../lib/format.ts';
import { notifyError } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { usePosProducts } from './pos.api.ts';
import classes from './pos.module.css';
import { amountHint, paidLine, storeRatePpm, typedCents } from './pos-rules.ts';
import { EmptyTableRow, PosPage, SortHeader, TaxRateMissingNotice } from './pos-ui.tsx';
import { nextSort, pageOf, type SortState, sortRows } from './table-rules.ts';

const PAGE_SIZE = 5;

interface Line {
  key: number;
  product_name: string;
  amount: number;
  tax: number;
  total: number;
  addTax: boolean;
}

type Column = 'product_name' | 'amount' | 'tax' | 'total';

function DeleteLine({ line, onDelete }: { line: Line; onDelete: () => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="left" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete ${line.product_name} ${formatMoney(line.amount)}`}
          onClick={() => setOpened((open) => !open)}
        >
          ✕
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm">{POS_MESSAGES.deleteProductConfirm}</Text>
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              No
            </Button>
            <Button
              size="xs"
              color="red"
              onClick={() => {
                setOpened(false);
                onDelete();
              }}
            >
              Yes
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * The receipt generator (spec pos §2 Generate Receipt screen, §5): lines of product and amount,
 * with tax per line; Submit keeps them (POS_PaidDetails) and opens the receipt.
 */
export function GenerateReceiptPage() {
  const { config } = useConfig();
  const ratePpm = storeRatePpm(config.storeTaxRate);
  const navigate = useNavigate();
  const products = usePosProducts();
  const [lines, setLines] = useState<Line[]>([]);
  const [nextKey, setNextKey] = useState(1);
  const [sort, setSort] = useState<SortState<Column>>({ column: undefined, direction: undefined });
  const [page, setPage] = useState(1);

  // The product list, or the spec's fallback when it is empty (or cannot be loaded).
  const productNames = useMemo(() => {
    const names = (products.data ?? []).map((product) => product.name);
    const unique = [...new Set(names)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
    if (unique.length === 0) return [...RECEIPT_FALLBACK_PRODUCTS];
    // The default product is always offered, so the select never starts blank.
    return unique.includes(DEFAULT_RECEIPT_PRODUCT) ? unique : [DEFAULT_RECEIPT_PRODUCT, ...unique];
  }, [products.data]);

  const {
    control,
    handleSubmit,
    resetField,
    formState: { isValid },
  } = useForm({
    resolver: zodResolver(receiptProductFormSchema),
    mode: 'onTouched',
    defaultValues: {
      addTax: true,
      product_name: DEFAULT_RECEIPT_PRODUCT,
      amount: '',
    } satisfies ReceiptProductForm,
  });
  const [addTax, amount] = useWatch({ control, name: ['addTax', 'amount'] });
  const amountCents = typedCents(amount);
  const preview =
    amountCents === undefined || ratePpm === undefined ? undefined : posTotals(amountCents, addTax, ratePpm);

  const addProduct = handleSubmit((values) => {
    if (ratePpm === undefined) return;
    if (lines.length >= RECEIPT_LINES_MAX) {
      notifyError(`A receipt cannot have more than ${RECEIPT_LINES_MAX} lines.`);
      return;
    }
    const totals = posTotals(toCents(values.amount), values.addTax, ratePpm);
    setLines((current) => [
      ...current,
      { key: nextKey, product_name: values.product_name, ...totals, addTax: values.addTax },
    ]);
    setNextKey((key) => key + 1);
    resetField('amount', { defaultValue: '' });
  });

  const sorted = sortRows(lines, sort, (line, column) => line[column]);
  const { rows, pages } = pageOf(sorted, page, PAGE_SIZE);
  const totals = lines.reduce(
    (sum, line) => ({
      amount: sum.amount + line.amount,
      tax: sum.tax + line.tax,
      total: sum.total + line.total,
    }),
    { amount: 0, tax: 0, total: 0 },
  );

  const onSort = (column: Column) => setSort((current) => nextSort(current, column));

  const submit = () => {
    try {
      window.localStorage.setItem(POS_PAID_DETAILS_KEY, JSON.stringify(lines.map(paidLine)));
    } catch {
      notifyError('The browser did not keep the receipt lines; please allow site storage and try again.');
      return;
    }
    navigate(paths.receipt());
  };

  return (
    <PosPage title="Generate Receipt" back={{ to: paths.pos() }}>
      <TaxRateMissingNotice />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={addProduct} noValidate aria-label="Add a product">
          <Stack gap="md">
            <CheckboxField control={control} name="addTax" label="Add tax" />
            <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
              <SelectField
                control={control}
                name="product_name"
                label="Product"
                withAsterisk
                data={productNames}
                searchable
                allowDeselect={false}
                miw={220}
              />
              <MoneyField
                control={control}
                name="amount"
                label="Amount"
                withAsterisk
                description={
                  ratePpm === undefined ? undefined : amountHint(preview, addTax, ratePpm, 'receipt')
                }
                miw={220}
              />
            </Group>
            <Group>
              <Button type="submit" variant="light" disabled={!isValid || ratePpm === undefined}>
                Add Product
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }}>
        <Table.ScrollContainer minWidth={520}>
          <Table striped highlightOnHover verticalSpacing="sm" className={classes.documentTable}>
            <Table.Thead>
              <Table.Tr>
                <SortHeader column="product_name" sort={sort} onSort={onSort}>
                  Product Name
                </SortHeader>
                <SortHeader column="amount" sort={sort} onSort={onSort} numeric>
                  Amount
                </SortHeader>
                <SortHeader column="tax" sort={sort} onSort={onSort} numeric>
                  Tax
                </SortHeader>
                <SortHeader column="total" sort={sort} onSort={onSort} numeric>
                  Subtotal
                </SortHeader>
                <Table.Th w={56}>
                  <VisuallyHidden>Delete</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <EmptyTableRow columns={5}>
                  No products yet: choose a product, enter its amount and Add Product.
                </EmptyTableRow>
              ) : (
                rows.map((line) => (
                  <Table.Tr key={line.key}>
                    <Table.Td>{line.product_name}</Table.Td>
                    <Table.Td className={classes.numeric}>{formatMoney(line.amount)}</Table.Td>
                    <Table.Td className={classes.numeric}>{formatMoney(line.tax)}</Table.Td>
                    <Table.Td className={classes.numeric}>{formatMoney(line.total)}</Table.Td>
                    <Table.Td>
                      <DeleteLine
                        line={line}
                        onDelete={() =>
                          setLines((current) => current.filter((other) => other.key !== line.key))
                        }
                      />
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>
                  Total ({lines.length} {lines.length === 1 ? 'line' : 'lines'})
                </Table.Th>
                <Table.Th className={classes.numeric}>{formatMoney(totals.amount)}</Table.Th>
                <Table.Th className={classes.numeric}>{formatMoney(totals.tax)}</Table.Th>
                <Table.Th className={classes.numeric}>{formatMoney(totals.total)}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between" mt="md" gap="sm">
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={setPage}
            size="sm"
            withEdges
            hideWithOnePage
          />
          <Button onClick={submit} disabled={lines.length === 0}>
            Submit
          </Button>
        </Group>
      </Paper>
    </PosPage>
  );
}
