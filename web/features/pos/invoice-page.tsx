import './mantine-styles.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Center,
  Collapse,
  Divider,
  Group,
  Loader,
  LoadingOverlay,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { formatStoreDate } from '../../../domain/dates.ts';
import { posEmailSchema } from '../../../domain/pos/fields.ts';
import type { Invoice } from '../../../domain/pos/invoices.ts';
import { POS_MESSAGES } from '../../../domain/pos/messages.ts';
import { taxRateLabel } from '../../../domain/pos/sale.ts';
import { TextField } from '../../components/form/text-field.tsx';
import { FreeText } from '../../components/free-text.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatMoney } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { DocumentTitle, SellerBlock, TotalsBlock } from './document-parts.tsx';
import { readInvoiceDetails } from './invoice-storage.ts';
import { useInvoice, useSendInvoice } from './pos.api.ts';
import classes from './pos.module.css';
import { ratePpmOf } from './pos-rules.ts';
import { PosPage } from './pos-ui.tsx';

const sendFormSchema = z.object({ email: posEmailSchema });

/** BILL TO: each line only when it is there (spec §2 Invoice screen). */
function BillTo({ invoice }: { invoice: Invoice }) {
  const lines = [
    { field: 'client_name', text: invoice.client_name },
    { field: 'address', text: invoice.address },
    { field: 'email', text: invoice.email },
    { field: 'contact_no', text: invoice.contact_no },
  ].filter((line) => line.text.trim() !== '');
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        Bill to
      </Text>
      {lines.map((line) => (
        <Text key={line.field} size="sm" fw={line.field === 'client_name' ? 700 : 400}>
          {line.text}
        </Text>
      ))}
    </Stack>
  );
}

function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  return (
    <Paper
      withBorder
      radius="lg"
      className={`${classes.document} ${classes.documentPadding} ${classes.printArea}`}
      aria-label={`Invoice ${invoice.invoice_number}`}
      component="section"
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="lg">
          <DocumentTitle>INVOICE</DocumentTitle>
          <Stack gap={2} align="flex-end">
            <Text size="sm">
              Invoice No. <strong>{invoice.invoice_number}</strong>
            </Text>
            <Text size="sm">
              Date: {formatStoreDate(new Date(invoice.created), invoice.seller.time_zone)}
            </Text>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
          <SellerBlock seller={invoice.seller} heading="From" />
          <BillTo invoice={invoice} />
        </SimpleGrid>
        <Table verticalSpacing="xs" className={classes.documentTable}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th className={classes.numeric}>Price</Table.Th>
              <Table.Th className={classes.numeric}>Qty</Table.Th>
              <Table.Th className={classes.numeric}>Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.products.map((line, index) => (
              // Lines have no id of their own; their order is fixed.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Table.Tr key={index}>
                <Table.Td>{line.product_name}</Table.Td>
                <Table.Td className={classes.numeric}>{formatMoney(line.price)}</Table.Td>
                <Table.Td className={classes.numeric}>{line.quantity}</Table.Td>
                <Table.Td className={classes.numeric}>{formatMoney(line.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <TotalsBlock
          subtotal={invoice.subtotal}
          tax={invoice.tax}
          total={invoice.total}
          taxLabel={`Tax (HST ${taxRateLabel(ratePpmOf(invoice.tax_rate))})`}
        />
        {invoice.additionalDetails.trim() ? (
          <>
            <Divider />
            <Box>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                Additional details
              </Text>
              <FreeText>{invoice.additionalDetails}</FreeText>
            </Box>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

function SendInvoiceForm({ invoice, onSent }: { invoice: Invoice; onSent: () => void }) {
  const sendInvoice = useSendInvoice();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(sendFormSchema),
    mode: 'onTouched',
    defaultValues: { email: invoice.email },
  });

  const send = handleSubmit(async ({ email }) => {
    try {
      const sent = await sendInvoice.mutateAsync({ invoice_id: invoice.id, email });
      if (sent === true) {
        notifySuccess(POS_MESSAGES.invoiceSent);
        onSent();
      } else {
        notifyError(POS_MESSAGES.invoiceSendError);
      }
    } catch {
      notifyError(POS_MESSAGES.invoiceSendHttpError);
    }
  });

  return (
    <Box pos="relative">
      <LoadingOverlay visible={sendInvoice.isPending} loaderProps={{ 'aria-label': 'Sending the invoice' }} />
      <form onSubmit={send} noValidate aria-label="Send invoice">
        <Group align="flex-start" gap="sm">
          <TextField
            control={control}
            name="email"
            label="Send invoice to Email"
            type="email"
            withAsterisk
            autoComplete="off"
            style={{ flex: 1, minWidth: 220 }}
          />
          <Button type="submit" mt={25} disabled={sendInvoice.isPending}>
            Send
          </Button>
        </Group>
      </form>
    </Box>
  );
}

/**
 * The invoice (spec pos §2 Invoice screen, §4 Invoice sending): the one Generate Invoice kept in
 * POS_InvoiceDetails, read back from the server (its number, totals and seller are the server's).
 * Send Invoice e-mails the A5 PDF the server renders; Print prints the invoice alone.
 */
export function InvoicePage() {
  const stored = useMemo(() => readInvoiceDetails(), []);
  const invoice = useInvoice(stored?.id);
  const [sendOpened, setSendOpened] = useState(false);

  if (stored && invoice.isPending) {
    return (
      <Center mih="50vh">
        <Loader aria-label="Loading the invoice" />
      </Center>
    );
  }

  return (
    <PosPage title="Invoice" back={{ to: paths.generateInvoice() }} width={820}>
      {!stored ? (
        <Alert color="gray" variant="light" title="No invoice to show">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Create an invoice first.</Text>
            <Button component={Link} to={paths.generateInvoice()} size="xs" variant="light">
              Generate Invoice
            </Button>
          </Stack>
        </Alert>
      ) : invoice.isError ? (
        <Alert color="red" variant="light" title="This invoice cannot be shown">
          {errorMessage(invoice.error)}
        </Alert>
      ) : invoice.data ? (
        <>
          <Paper withBorder radius="lg" p="md" className={classes.noPrint}>
            <Stack gap="sm">
              <Group gap="sm">
                <Button
                  variant="light"
                  onClick={() => setSendOpened((open) => !open)}
                  aria-expanded={sendOpened}
                >
                  Send Invoice
                </Button>
                <Button variant="default" onClick={() => window.print()}>
                  Print
                </Button>
              </Group>
              <Collapse expanded={sendOpened}>
                <SendInvoiceForm invoice={invoice.data} onSent={() => setSendOpened(false)} />
              </Collapse>
            </Stack>
          </Paper>
          <InvoiceDocument invoice={invoice.data} />
        </>
      ) : null}
    </PosPage>
  );
}
