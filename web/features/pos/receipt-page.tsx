import './mantine-styles.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Collapse,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { formatStoreDate, formatStoreTime } from '../../../domain/dates.ts';
import { CURRENCY } from '../../../domain/money.ts';
import { receiptTotals } from '../../../domain/pos/invoices.ts';
import { POS_MESSAGES } from '../../../domain/pos/messages.ts';
import {
  cashRoundingText,
  MANUAL_RECEIPT_NOTE,
  type ReceiptKind,
  type ReceiptLine,
  type ReceiptTender,
  sendReceiptSchema,
  tenderText,
} from '../../../domain/pos/receipts.ts';
import { taxRateLabel } from '../../../domain/pos/sale.ts';
import { POS_PAID_DETAILS_KEY } from '../../../domain/storage-keys.ts';
import { TextField } from '../../components/form/text-field.tsx';
import { useConfig, useStoreTimeZone } from '../../lib/config.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatMoney } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { DocumentTitle, SellerBlock, type SellerView, TotalsBlock } from './document-parts.tsx';
import { useCreateReceipt, useReceipt, useSeller, useSendReceipt } from './pos.api.ts';
import classes from './pos.module.css';
import { parsePaidDetails, ratePpmOf, receiptDraftOf, storeRatePpm } from './pos-rules.ts';
import { PosPage, TaxRateMissingNotice } from './pos-ui.tsx';

/** What the receipt shows, stored (with its number) or still a draft from POS_PaidDetails. */
interface ReceiptView {
  number: number | undefined;
  date: Date;
  seller: SellerView;
  lines: ReceiptLine[];
  subtotal: number;
  tax: number;
  total: number;
  taxRatePpm: number;
  email: string | undefined;
  /** A stored receipt's: what it stands for, who made it, how it was paid. */
  kind?: ReceiptKind;
  /** A refund receipt: the sale's receipt number. */
  refundOf?: number | null;
  cashier?: string;
  tenders?: ReceiptTender[];
}

function readDraft() {
  try {
    const details = parsePaidDetails(window.localStorage.getItem(POS_PAID_DETAILS_KEY));
    return details ? receiptDraftOf(details) : undefined;
  } catch {
    return undefined;
  }
}

function ReceiptDocument({ receipt }: { receipt: ReceiptView }) {
  const timeZone = useStoreTimeZone();
  const rounding = receipt.tenders
    ? cashRoundingText(
        { total: receipt.total, tenders: receipt.tenders, refund: receipt.kind === 'refund' },
        formatMoney,
      )
    : null;
  return (
    <Paper
      withBorder
      radius="lg"
      className={`${classes.document} ${classes.documentPadding} ${classes.printArea}`}
      component="section"
      aria-label={receipt.number ? `Receipt ${receipt.number}` : 'Receipt'}
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="lg">
          <Box flex={1} miw={220}>
            <SellerBlock seller={receipt.seller} />
          </Box>
          <Stack gap={2} align="flex-end" ta="right">
            <DocumentTitle>{receipt.kind === 'refund' ? 'REFUND' : 'RECEIPT'}</DocumentTitle>
            <Text size="sm">
              {receipt.number ? (
                `Receipt No. ${receipt.number}`
              ) : (
                <Badge variant="light">Not generated yet</Badge>
              )}
            </Text>
            <Text size="sm">
              {formatStoreDate(receipt.date, timeZone)} {formatStoreTime(receipt.date, timeZone)}
            </Text>
            {receipt.cashier ? <Text size="sm">Served by {receipt.cashier}</Text> : null}
            {receipt.refundOf ? <Text size="sm">Refund of receipt No. {receipt.refundOf}</Text> : null}
            {receipt.kind === 'manual' ? (
              <Badge color="orange" variant="light">
                {MANUAL_RECEIPT_NOTE}
              </Badge>
            ) : null}
          </Stack>
        </Group>
        <Table verticalSpacing="xs" className={classes.documentTable}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th className={classes.numeric}>Amount</Table.Th>
              <Table.Th className={classes.numeric}>Tax</Table.Th>
              <Table.Th className={classes.numeric}>Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {receipt.lines.map((line, index) => (
              // Lines have no id of their own; their order is fixed.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Table.Tr key={index}>
                <Table.Td>{line.product_name}</Table.Td>
                <Table.Td className={classes.numeric}>{formatMoney(line.amount)}</Table.Td>
                <Table.Td className={classes.numeric}>{formatMoney(line.tax)}</Table.Td>
                <Table.Td className={classes.numeric}>{formatMoney(line.total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <TotalsBlock
          subtotal={receipt.subtotal}
          tax={receipt.tax}
          total={receipt.total}
          taxLabel={`Tax (HST ${taxRateLabel(receipt.taxRatePpm)})`}
        />
        {receipt.tenders && receipt.tenders.length > 0 ? (
          <Stack gap={2} aria-label={receipt.kind === 'refund' ? 'Refunded' : 'Paid'}>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              {receipt.kind === 'refund' ? 'Refunded' : 'Paid'}
            </Text>
            {receipt.tenders.map((tender) => (
              <Text size="sm" key={`${tender.type}-${tender.amount}-${tender.last4 ?? ''}`}>
                {tenderText(tender, formatMoney)}
              </Text>
            ))}
            {rounding ? <Text size="sm">{rounding}</Text> : null}
          </Stack>
        ) : null}
        <Divider />
        <Text size="sm" c="dimmed" ta="center">
          Amounts in {CURRENCY}. Thank you for your business!
        </Text>
      </Stack>
    </Paper>
  );
}

function SendReceiptForm({
  defaultEmail,
  onSend,
}: {
  defaultEmail: string | undefined;
  onSend: (email: string) => Promise<void>;
}) {
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm({
    resolver: zodResolver(sendReceiptSchema),
    mode: 'onTouched',
    defaultValues: { email: defaultEmail ?? '' },
  });
  return (
    <form
      onSubmit={handleSubmit((values) => onSend(values.email))}
      noValidate
      aria-label="Send receipt to Email"
    >
      <Group align="flex-start" gap="sm">
        <TextField
          control={control}
          name="email"
          label="Send receipt to Email"
          type="email"
          withAsterisk
          autoComplete="off"
          style={{ flex: 1, minWidth: 220 }}
        />
        <Button type="submit" mt={25} loading={isSubmitting}>
          Send
        </Button>
      </Group>
    </form>
  );
}

/**
 * The receipt (spec pos §2 Receipt actions block; DESIGN.md "POS": receipts are numbered and
 * stored on the server, printable, and e-mailed as a PDF the server renders). Opened with ?id= it
 * shows a stored receipt; without, the draft kept in POS_PaidDetails, which Generate Receipt stores.
 */
export function ReceiptPage() {
  const { config } = useConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const id = Number(searchParams.get('id')) || undefined;
  const stored = useReceipt(id);
  const createReceipt = useCreateReceipt();
  const sendReceipt = useSendReceipt();
  const [emailOpened, setEmailOpened] = useState(false);
  const draft = useMemo(() => (id ? undefined : readDraft()), [id]);
  // The draft names the seller the stored receipt will (company name, GST/HST number).
  const seller = useSeller(draft !== undefined);
  const ratePpm = storeRatePpm(config.storeTaxRate);
  const printed = useRef(false);

  const view: ReceiptView | undefined = useMemo(() => {
    if (stored.data) {
      const receipt = stored.data;
      return {
        number: receipt.receipt_number,
        date: new Date(receipt.created),
        seller: receipt.seller,
        lines: receipt.lines,
        subtotal: receipt.subtotal,
        tax: receipt.tax,
        total: receipt.total,
        taxRatePpm: ratePpmOf(receipt.tax_rate),
        email: receipt.email ?? undefined,
        kind: receipt.kind,
        refundOf: receipt.refundOf,
        cashier: receipt.cashier,
        tenders: receipt.tenders,
      };
    }
    if (!draft || draft.lines.length === 0 || ratePpm === undefined) return undefined;
    const totals = receiptTotals(draft.lines, ratePpm);
    return {
      number: undefined,
      date: new Date(),
      seller: seller.data ?? {
        company_name: config.storeName,
        address: config.storeAddress,
        email: config.storeEmail,
        gst_hst_number: '',
      },
      ...totals,
      taxRatePpm: ratePpm,
      email: draft.email,
    };
  }, [stored.data, draft, seller.data, config, ratePpm]);

  // Print asked for before the receipt was generated: print once it shows with its number.
  const printWhenReady = (location.state as { print?: boolean } | null)?.print === true;
  useEffect(() => {
    if (printWhenReady && stored.data && !printed.current) {
      printed.current = true;
      window.setTimeout(() => window.print(), 100);
    }
  }, [printWhenReady, stored.data]);

  /**
   * Stores the draft on the server, once: a second click (or Print or Send meanwhile) waits for the
   * same receipt rather than making another number. A draft of typed lines is then forgotten, so
   * that the receipt page opened again does not offer to generate it a second time (a payment's
   * receipt is the server's one for that payment anyway).
   */
  const generating = useRef<Promise<number | undefined> | undefined>(undefined);
  const generate = (email?: string): Promise<number | undefined> => {
    if (id) return Promise.resolve(id);
    if (!draft) return Promise.resolve(undefined);
    generating.current ??= createReceipt
      .mutateAsync({
        lines: draft.lines,
        ...(draft.paymentIntentId ? { paymentIntentId: draft.paymentIntentId } : {}),
        ...(email || draft.email ? { email: email || draft.email } : {}),
      })
      .then((created) => {
        if (!draft.paymentIntentId) window.localStorage.removeItem(POS_PAID_DETAILS_KEY);
        return created.receipt_id;
      })
      .catch((error: unknown) => {
        generating.current = undefined;
        notifyError(errorMessage(error));
        return undefined;
      });
    return generating.current;
  };

  const onGenerate = async () => {
    const receiptId = await generate();
    if (receiptId) {
      notifySuccess('Receipt generated.');
      navigate(paths.storedReceipt(receiptId), { replace: true });
    }
  };

  const onPrint = async () => {
    if (id) {
      window.print();
      return;
    }
    const receiptId = await generate();
    if (receiptId) navigate(paths.storedReceipt(receiptId), { replace: true, state: { print: true } });
  };

  const onSend = async (email: string) => {
    const receiptId = await generate(email);
    if (!receiptId) return;
    try {
      const sent = await sendReceipt.mutateAsync({ id: receiptId, email });
      if (sent === true) {
        notifySuccess(POS_MESSAGES.receiptSent);
        setEmailOpened(false);
      } else {
        notifyError(POS_MESSAGES.receiptSendError);
      }
    } catch {
      notifyError(POS_MESSAGES.receiptSendError);
    }
    if (!id) navigate(paths.storedReceipt(receiptId), { replace: true });
  };

  if (id && stored.isPending) {
    return (
      <Center mih="50vh">
        <Loader aria-label="Loading the receipt" />
      </Center>
    );
  }

  return (
    <PosPage title="Receipt" back={{ to: paths.pos(), label: 'Back to POS' }} width={820}>
      {id ? null : <TaxRateMissingNotice />}
      {id && stored.isError ? (
        <Alert color="red" variant="light" title="This receipt cannot be shown">
          {errorMessage(stored.error)}
        </Alert>
      ) : !view ? (
        <Alert color="gray" variant="light" title="No receipt to show">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Take a payment or add products in the receipt generator first.</Text>
            <Group gap="sm">
              <Button component={Link} to={paths.generateReceipt()} size="xs" variant="light">
                Generate Receipt
              </Button>
              <Button component={Link} to={paths.pos()} size="xs" variant="default">
                POS Payment
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <>
          <Paper withBorder radius="lg" p="md" className={classes.noPrint}>
            <Stack gap="sm">
              <Group gap="sm">
                <Button onClick={onGenerate} loading={createReceipt.isPending} disabled={Boolean(id)}>
                  {id ? 'Receipt Generated' : 'Generate Receipt'}
                </Button>
                <Button
                  variant="light"
                  onClick={() => setEmailOpened((open) => !open)}
                  aria-expanded={emailOpened}
                >
                  Send Receipt
                </Button>
                <Button variant="default" onClick={onPrint}>
                  Print Receipt
                </Button>
              </Group>
              <Collapse expanded={emailOpened}>
                <SendReceiptForm defaultEmail={view.email} onSend={onSend} />
              </Collapse>
            </Stack>
          </Paper>
          <ReceiptDocument receipt={view} />
        </>
      )}
    </PosPage>
  );
}
