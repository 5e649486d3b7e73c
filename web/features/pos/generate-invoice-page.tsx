import './mantine-styles.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Alert, Button, Grid, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { invoiceFormValuesOf } from '../../../domain/admin/requests.ts';
import { INVOICE_LINES_MAX, INVOICE_QUANTITY_MAX } from '../../../domain/pos/constants.ts';
import {
  type InvoiceFormInput,
  invoiceFormSchema,
  invoiceTotals,
  toInvoiceRequest,
} from '../../../domain/pos/invoices.ts';
import { taxRateLabel } from '../../../domain/pos/sale.ts';
import { MoneyField, NumberField } from '../../components/form/number-field.tsx';
import { TextAreaField, TextField } from '../../components/form/text-field.tsx';
import { useConfig } from '../../lib/config.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { formatMoney } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { TotalsBlock } from './document-parts.tsx';
import { storeInvoiceDetails } from './invoice-storage.ts';
import { useCreateInvoice } from './pos.api.ts';
import classes from './pos.module.css';
import { storeRatePpm, typedCents } from './pos-rules.ts';
import { PosPage, TaxRateMissingNotice } from './pos-ui.tsx';

const EMPTY_LINE = { product_name: '', price: '', quantity: 1 };

const DEFAULT_VALUES: InvoiceFormInput = {
  client_name: '',
  address: '',
  email: '',
  contact_no: '',
  products: [EMPTY_LINE],
  additionalDetails: '',
};

/**
 * Generate Invoice (spec pos §2, §4 Invoice creation, §5): buyer details, order lines and
 * additional details; Open Invoice creates the numbered invoice on the server (which computes the
 * tax with the store's rate), keeps it in POS_InvoiceDetails and opens it.
 */
export function GenerateInvoicePage() {
  const { config } = useConfig();
  const ratePpm = storeRatePpm(config.storeTaxRate);
  const navigate = useNavigate();
  // The back office opens the form with a wish list's draft (the request page's Make an invoice).
  const { state } = useLocation();
  const createInvoice = useCreateInvoice();
  const [formError, setFormError] = useState<string>();

  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(invoiceFormSchema),
    defaultValues: invoiceFormValuesOf(state) ?? DEFAULT_VALUES,
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'products' });
  const lines = useWatch({ control, name: 'products' }) ?? [];
  const previewLines = lines.map((line) => ({
    price: typedCents(line?.price) ?? 0,
    quantity: Math.max(0, Math.trunc(Number(line?.quantity) || 0)),
  }));
  const totals = ratePpm === undefined ? undefined : invoiceTotals(previewLines, ratePpm);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    const request = toInvoiceRequest(values);
    try {
      const created = await createInvoice.mutateAsync(request);
      storeInvoiceDetails({
        id: created.invoice_id,
        invoice_number: created.invoice_number,
        client_name: request.client_name,
        address: request.address,
        email: request.email,
        contactNo: request.contact_no,
        products: request.products,
        additionalDetails: values.additionalDetails ?? '',
      });
      navigate(paths.invoice());
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['client_name', 'address', 'email', 'contact_no']));
    }
  });

  return (
    <PosPage title="Generate Invoice" back={{ to: paths.pos() }} width={960}>
      <TaxRateMissingNotice />
      <form onSubmit={onSubmit} noValidate aria-label="Generate invoice">
        <Stack gap="lg">
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <Title order={2} size="h4" mb="md">
              Buyer Details
            </Title>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextField
                  control={control}
                  name="client_name"
                  label="Customer Name"
                  withAsterisk
                  autoComplete="off"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextField
                  control={control}
                  name="email"
                  label="Email"
                  type="email"
                  withAsterisk
                  autoComplete="off"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextField control={control} name="address" label="Address" withAsterisk />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextField control={control} name="contact_no" label="Contact No." type="tel" withAsterisk />
              </Grid.Col>
            </Grid>
          </Paper>

          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <Group justify="space-between" mb="md">
              <Title order={2} size="h4">
                Order Details
              </Title>
              <Button
                variant="light"
                onClick={() => append(EMPTY_LINE)}
                disabled={fields.length >= INVOICE_LINES_MAX}
              >
                Add Row
              </Button>
            </Group>
            <Table verticalSpacing="xs" className={`${classes.documentTable} ${classes.invoiceLines}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th w={160}>Price</Table.Th>
                  <Table.Th w={110}>Quantity</Table.Th>
                  <Table.Th w={130} className={classes.numeric}>
                    Amount
                  </Table.Th>
                  <Table.Th w={48} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {fields.map((field, index) => {
                  const line = previewLines[index];
                  const row = index + 1;
                  return (
                    <Table.Tr key={field.id}>
                      <Table.Td data-cell="product" data-label="Product">
                        <TextField
                          control={control}
                          name={`products.${index}.product_name`}
                          aria-label={`Product ${row}`}
                          placeholder="Product"
                        />
                      </Table.Td>
                      <Table.Td data-label="Price">
                        <MoneyField
                          control={control}
                          name={`products.${index}.price`}
                          aria-label={`Price ${row}`}
                          placeholder="0.00"
                          thousandSeparator={false}
                        />
                      </Table.Td>
                      <Table.Td data-label="Quantity">
                        <NumberField
                          control={control}
                          name={`products.${index}.quantity`}
                          aria-label={`Quantity ${row}`}
                          min={1}
                          max={INVOICE_QUANTITY_MAX}
                          allowDecimal={false}
                          allowNegative={false}
                        />
                      </Table.Td>
                      <Table.Td className={classes.numeric} data-cell="amount" data-label="Amount">
                        {formatMoney((line?.price ?? 0) * (line?.quantity ?? 0))}
                      </Table.Td>
                      <Table.Td data-cell="remove">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove row ${row}`}
                          onClick={() => remove(index)}
                          disabled={fields.length === 1}
                        >
                          ✕
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
            {errors.products?.root?.message || errors.products?.message ? (
              <Text c="red" size="sm" mt="xs">
                {errors.products?.root?.message ?? errors.products?.message}
              </Text>
            ) : null}
            {totals && ratePpm !== undefined ? (
              <Stack mt="md">
                <TotalsBlock
                  subtotal={totals.subtotal}
                  tax={totals.tax}
                  total={totals.total}
                  taxLabel={`Tax (${taxRateLabel(ratePpm)})`}
                />
              </Stack>
            ) : null}
          </Paper>

          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <Title order={2} size="h4" mb="md">
              Additional Details
            </Title>
            <TextAreaField
              control={control}
              name="additionalDetails"
              aria-label="Additional Details"
              autosize
              minRows={3}
              maxLength={2000}
            />
          </Paper>

          {formError ? (
            <Alert color="red" variant="light" title="The invoice was not created">
              {formError}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" size="md" loading={isSubmitting} disabled={ratePpm === undefined}>
              Open Invoice
            </Button>
          </Group>
        </Stack>
      </form>
    </PosPage>
  );
}
