import { formatMoney } from '../../../domain/money.ts';
import type { Invoice } from '../../../domain/pos/invoices.ts';
import { startA5 } from './pdf-document.ts';

/**
 * The invoice as the spec's Invoice screen shows it (FROM, BILL TO, number and date, Product / Price
 * / Qty / Amount, Subtotal, Tax, TOTAL, additional details), on A5 portrait, with the seller's
 * GST/HST registration number as Canadian invoices need.
 */
export async function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  const created = new Date(invoice.created);
  const pdf = await startA5(`Invoice ${invoice.invoice_number}`, created);

  pdf.header('INVOICE', invoice.invoice_number, { at: created, timeZone: invoice.seller.time_zone });

  pdf.seller(invoice.seller);
  pdf.doc.moveDown(0.6);
  pdf.label('Bill To');
  pdf.line(invoice.client_name, { bold: true, size: 10 });
  pdf.line(invoice.address);
  pdf.line(invoice.email);
  pdf.line(invoice.contact_no);
  pdf.rule();

  pdf.table(
    [
      { label: 'Product', width: 0.46 },
      { label: 'Price', width: 0.2, align: 'right' },
      { label: 'Qty', width: 0.1, align: 'right' },
      { label: 'Amount', width: 0.24, align: 'right' },
    ],
    invoice.products.map((line) => [
      line.product_name,
      formatMoney(line.price),
      String(line.quantity),
      formatMoney(line.amount),
    ]),
  );
  pdf.totals(invoice);

  if (invoice.additionalDetails) {
    pdf.doc.moveDown(0.8);
    pdf.label('Additional Details');
    pdf.line(invoice.additionalDetails);
  }
  pdf.doc.moveDown(0.8);
  pdf.line('Thank you for your business!');
  return pdf.finish();
}
