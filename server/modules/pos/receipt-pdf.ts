import { formatMoney } from '../../../domain/money.ts';
import type { Receipt } from '../../../domain/pos/receipts.ts';
import { startA5 } from '../invoices/pdf-document.ts';

/** A receipt on A5 portrait: the seller with its GST/HST number, the lines with their tax, totals. */
export function renderReceiptPdf(receipt: Receipt): Promise<Buffer> {
  const created = new Date(receipt.created);
  const pdf = startA5(`Receipt ${receipt.receipt_number}`, created);

  pdf.header(
    'RECEIPT',
    receipt.receipt_number,
    created,
    receipt.paymentIntentId ? `Payment: ${receipt.paymentIntentId}` : undefined,
  );

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
  pdf.doc.moveDown(0.8);
  pdf.line('Thank you for shopping with us!');
  return pdf.finish();
}
