/**
 * What invoices and receipts print alike: an A5 portrait page of real text (pdfkit's built-in
 * Helvetica), the seller with its GST/HST registration number, and money as the shop shows it.
 */
import { formatStoreDate } from '../../../domain/dates.ts';
import { formatMoney, PPM } from '../../../domain/money.ts';
import { A5_WIDTH_MM, PDF_PAGE_SIZE } from '../../../domain/pos/constants.ts';
import type { Seller } from '../../../domain/pos/receipts.ts';
import { taxRateLabel } from '../../../domain/pos/sale.ts';
import type { Settings } from '../settings/settings.service.ts';

export const MM = 72 / 25.4;
export const MARGIN = 12 * MM;
const CONTENT_WIDTH = (A5_WIDTH_MM - 24) * MM;

export function sellerFrom(settings: Settings): Seller {
  return {
    company_name: settings.seller_company_name,
    store_name: settings.store_name,
    address: settings.store_address,
    email: settings.store_email,
    gst_hst_number: settings.gst_hst_number,
    time_zone: settings.store_time_zone,
  };
}

export interface PdfColumn {
  label: string;
  width: number;
  align?: 'left' | 'right';
}

/**
 * An A5 portrait document and the helpers the two layouts share. pdfkit is loaded with the first
 * document, not when the server starts (about 14 MB and 130 ms the server needs only when it prints).
 */
export async function startA5(title: string, clockNow: Date) {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: PDF_PAGE_SIZE,
    layout: 'portrait',
    margin: MARGIN,
    info: { Title: title, Author: 'Maple Sock Co.', CreationDate: clockNow },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = MARGIN;
  const right = MARGIN + CONTENT_WIDTH;

  function heading(text: string, size = 18): void {
    doc
      .font('Helvetica-Bold')
      .fontSize(size)
      .fillColor('#1f2937')
      .text(text, left, doc.y, { width: CONTENT_WIDTH });
    doc.moveDown(0.3);
  }

  function label(text: string): void {
    doc
      .font('Helvetica-Bold')
      .fontSize(8)
      .fillColor('#6b7280')
      .text(text.toUpperCase(), { width: CONTENT_WIDTH });
  }

  function line(text: string, options: { bold?: boolean; size?: number } = {}): void {
    if (!text) return;
    doc
      .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(options.size ?? 9)
      .fillColor('#111827')
      .text(text, left, doc.y, { width: CONTENT_WIDTH });
  }

  function rule(): void {
    doc.moveDown(0.3);
    doc.moveTo(left, doc.y).lineTo(right, doc.y).lineWidth(0.5).strokeColor('#9ca3af').stroke();
    doc.moveDown(0.4);
  }

  function newPageIfNeeded(height: number): void {
    if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
  }

  /**
   * A table (pdfkit's own: it measures rows and breaks pages) whose widths are fractions of the
   * content width; a bold header with a rule under it, then the rows, cells in the columns' order.
   */
  function table(columns: PdfColumn[], rows: string[][]): void {
    doc.font('Helvetica').fontSize(9).fillColor('#111827');
    const header = columns.map((column) => ({
      text: column.label,
      type: 'TH' as const,
      font: { src: 'Helvetica-Bold' },
      border: { bottom: 0.5 },
      borderColor: { bottom: '#9ca3af' },
    }));
    doc.table({
      position: { x: left, y: doc.y },
      maxWidth: CONTENT_WIDTH,
      columnStyles: columns.map((column) => ({
        width: column.width * CONTENT_WIDTH,
        align: { x: column.align ?? 'left', y: 'top' },
      })),
      defaultStyle: { border: 0, padding: [1.5, 2], textColor: '#111827' },
      data: [header, ...rows],
    });
    doc.x = left;
    rule();
  }

  /** Label and amount on one line, right-aligned. */
  function total(name: string, cents: number, bold = false): void {
    newPageIfNeeded(14);
    const top = doc.y;
    const font = bold ? 'Helvetica-Bold' : 'Helvetica';
    const size = bold ? 11 : 9;
    doc.font(font).fontSize(size).fillColor('#111827');
    doc.text(name, left + CONTENT_WIDTH * 0.45, top, { width: CONTENT_WIDTH * 0.3, align: 'right' });
    doc.text(formatMoney(cents), left + CONTENT_WIDTH * 0.75, top, {
      width: CONTENT_WIDTH * 0.25,
      align: 'right',
    });
    doc.x = left;
    doc.y = top + size + 5;
  }

  /** 'INVOICE' (or RECEIPT, REFUND), its number and its date in the store's time zone, then a rule. */
  function header(
    kind: 'INVOICE' | 'RECEIPT' | 'REFUND',
    number: number,
    date: { at: Date; timeZone: string },
    extra?: string,
  ): void {
    heading(kind);
    line(`${kind === 'INVOICE' ? 'Invoice' : 'Receipt'} No. ${number}`, { bold: true });
    line(`Date: ${formatStoreDate(date.at, date.timeZone)}`);
    if (extra) line(extra);
    rule();
  }

  /** Subtotal, tax with its rate, and the total in bold. */
  function totals(amounts: { subtotal: number; tax: number; tax_rate: number; total: number }): void {
    total('Subtotal', amounts.subtotal);
    total(`Tax (${taxRateLabel(Math.round(amounts.tax_rate * PPM))})`, amounts.tax);
    total('TOTAL', amounts.total, true);
  }

  function seller(from: Seller): void {
    label('From');
    line(from.company_name, { bold: true, size: 10 });
    if (from.store_name && from.store_name !== from.company_name) line(from.store_name);
    line(from.address);
    line(from.email);
    line(`GST/HST Registration No. ${from.gst_hst_number}`);
  }

  function finish(): Promise<Buffer> {
    doc.end();
    return done;
  }

  return { doc, header, label, line, rule, table, totals, seller, finish };
}

export type A5Document = Awaited<ReturnType<typeof startA5>>;
