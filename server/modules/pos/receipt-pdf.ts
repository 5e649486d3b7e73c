import { formatStoreDate, formatStoreTime } from '../../../domain/dates.ts';
import { formatMoney } from '../../../domain/money.ts';
import {
  cashRoundingText,
  MANUAL_RECEIPT_NOTE,
  type Receipt,
  tenderText,
} from '../../../domain/pos/receipts.ts';
import { startA5 } from '../invoices/pdf-document.ts';

/**
 * A receipt on A5 portrait: the seller with its GST/HST number, when and by whom, the lines with
 * their tax, totals, and how it was paid. A receipt typed by hand says it is not proof of payment;
 * a print after the first says it is a copy.
 */
export async function renderReceiptPdf(
  receipt: Receipt,
  { copy = false }: { copy?: boolean } = {},
): Promise<Buffer> {
  const created = new Date(receipt.created);
  const timeZone = receipt.seller.time_zone;
  const pdf = await startA5(`Receipt ${receipt.receipt_number}`, created);

  const refund = receipt.kind === 'refund';
  pdf.header(
    refund ? 'REFUND' : 'RECEIPT',
    receipt.receipt_number,
    { at: created, timeZone },
    `Time: ${formatStoreTime(created, timeZone)} (${formatStoreDate(created, timeZone)})${receipt.cashier ? ` · Served by ${receipt.cashier}` : ''}`,
  );
  if (copy) pdf.line('COPY: a reprint of this receipt', { bold: true, size: 11 });
  if (receipt.refundOf) pdf.line(`Refund of receipt No. ${receipt.refundOf}`, { bold: true, size: 11 });
  if (receipt.kind === 'manual') pdf.line(MANUAL_RECEIPT_NOTE.toUpperCase(), { bold: true, size: 11 });

  pdf.seller(receipt.seller);
  pdf.rule();

  pdf.table(
    [
      { label: 'Product Name', width: 0.43 },
      { label: 'Amount', width: 0.19, align: 'right' },
      { label: 'Tax', width: 0.17, align: 'right' },
      { label: 'Subtotal', width: 0.21, align: 'right' },
    ],
    receipt.lines.map((line) => [
      line.product_name,
      formatMoney(line.amount),
      formatMoney(line.tax),
      formatMoney(line.total),
    ]),
  );
  pdf.totals(receipt);
  if (receipt.tenders.length > 0) {
    pdf.doc.moveDown(0.5);
    pdf.label(refund ? 'Refunded' : 'Paid');
    for (const tender of receipt.tenders) pdf.line(tenderText(tender, formatMoney));
    const rounding = cashRoundingText(
      { total: receipt.total, tenders: receipt.tenders, refund },
      formatMoney,
    );
    if (rounding) pdf.line(rounding);
  } else if (receipt.kind === 'payment') {
    pdf.doc.moveDown(0.5);
    pdf.line(`Paid on the card reader (payment ${receipt.paymentIntentId})`);
  }
  pdf.doc.moveDown(0.8);
  pdf.line('Thank you for shopping with us!');
  return pdf.finish();
}
