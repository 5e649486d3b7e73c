/**
 * The packing slip that goes in the box: the store, the order, where it goes and what is in it,
 * with no prices (a parcel may be a gift). Letter size, as the back office's printer takes it; a
 * day's slips print as one document, one page (or more) per order.
 */
import { formatStoreDate } from '../../../domain/dates.ts';

export interface PackingSlipLine {
  /** The product's code (SKU). */
  code: string;
  name: string;
  /** '' for a product without sizes. */
  sizeName: string;
  /** Pairs ordered. */
  quantity: number;
  /** Pairs refunded before shipping: they stay out of the box. */
  refundedQuantity?: number;
}

export interface PackingSlip {
  orderNumber: number;
  /** When the order was placed, and the store's time zone its day is written in. */
  date: Date;
  timeZone: string;
  /** The ship-to address, one line each (name first). */
  shipTo: string[];
  store: { name: string; address: string; email?: string; phone?: string };
  lines: PackingSlipLine[];
  /** The booked shipment, when there is one. */
  shipment?: { service: string; trackingNumber: string };
}

const INCH = 72;
const MARGIN = 0.75 * INCH;
const PAGE_WIDTH = 8.5 * INCH;
const WIDTH = PAGE_WIDTH - 2 * MARGIN;
const INK = '#111827';
const MUTED = '#4b5563';

/** What goes in the box: each line less its refunded pairs, lines with none left out. */
export function linesToPack(lines: readonly PackingSlipLine[]): Array<PackingSlipLine & { toPack: number }> {
  return lines
    .map((line) => ({ ...line, toPack: Math.max(0, line.quantity - (line.refundedQuantity ?? 0)) }))
    .filter((line) => line.toPack > 0);
}

function drawSlip(doc: PDFKit.PDFDocument, slip: PackingSlip): void {
  const left = MARGIN;
  const top = MARGIN;

  // The store on the left, the document's name and the order on the right.
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor(INK)
    .text(slip.store.name, left, top, { width: WIDTH * 0.55 });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  for (const line of [slip.store.address, slip.store.email, slip.store.phone]) {
    if (line) doc.text(line, left, doc.y, { width: WIDTH * 0.55 });
  }
  const storeBottom = doc.y;
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor(INK)
    .text('PACKING SLIP', left + WIDTH * 0.55, top, { width: WIDTH * 0.45, align: 'right' });
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(`Order No. ${slip.orderNumber}`, { width: WIDTH * 0.45, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Order date: ${formatStoreDate(slip.date, slip.timeZone)}`, {
      width: WIDTH * 0.45,
      align: 'right',
    });
  doc.y = Math.max(doc.y, storeBottom) + 12;
  rule(doc);

  // Where it goes, and how.
  const blockTop = doc.y;
  heading(doc, 'Ship To', left, blockTop, WIDTH / 2);
  slip.shipTo.forEach((line, index) => {
    doc
      .font(index === 0 ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(11)
      .fillColor(INK)
      .text(line, left, doc.y, { width: WIDTH / 2 - 12 });
  });
  const shipToBottom = doc.y;
  if (slip.shipment) {
    heading(doc, 'Shipped Via', left + WIDTH / 2, blockTop, WIDTH / 2);
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(INK)
      .text(slip.shipment.service, left + WIDTH / 2, doc.y);
    doc.text(`Tracking: ${slip.shipment.trackingNumber}`, left + WIDTH / 2, doc.y, { width: WIDTH / 2 });
  }
  doc.y = Math.max(doc.y, shipToBottom) + 14;
  doc.x = left;

  // What is in the box.
  const lines = linesToPack(slip.lines);
  const columns = [
    { label: 'Code', width: 0.2, align: 'left' as const },
    { label: 'Product', width: 0.5, align: 'left' as const },
    { label: 'Size', width: 0.15, align: 'left' as const },
    { label: 'Qty', width: 0.15, align: 'right' as const },
  ];
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  doc.table({
    position: { x: left, y: doc.y },
    maxWidth: WIDTH,
    columnStyles: columns.map((column) => ({
      width: column.width * WIDTH,
      align: { x: column.align, y: 'top' },
    })),
    defaultStyle: { border: 0, padding: [4, 4], textColor: INK },
    data: [
      columns.map((column) => ({
        text: column.label.toUpperCase(),
        type: 'TH' as const,
        font: { src: 'Helvetica-Bold', size: 9 },
        backgroundColor: '#e5e7eb',
        border: { bottom: 0.75 },
        borderColor: { bottom: INK },
      })),
      ...lines.map((line) => [line.code, line.name, line.sizeName || '-', String(line.toPack)]),
    ],
  });
  doc.x = left;
  rule(doc);
  const pairs = lines.reduce((total, line) => total + line.toPack, 0);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(INK)
    .text(lines.length === 0 ? 'Nothing left to ship.' : `Total items: ${pairs}`, left, doc.y, {
      width: WIDTH,
      align: 'right',
    });

  doc.moveDown(2.5);
  doc.font('Helvetica-Bold').fontSize(13).fillColor(INK).text('Thank you for your order!', left, doc.y, {
    width: WIDTH,
    align: 'center',
  });
  const contact = slip.store.email ? ` Questions about it? Write to us at ${slip.store.email}.` : '';
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Please check the contents of your parcel against this slip.${contact}`, left, doc.y + 4, {
      width: WIDTH,
      align: 'center',
    });
}

function heading(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number): void {
  doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED).text(text.toUpperCase(), x, y, { width });
  doc.moveDown(0.2);
}

function rule(doc: PDFKit.PDFDocument): void {
  doc.moveDown(0.4);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + WIDTH, doc.y)
    .lineWidth(0.75)
    .strokeColor('#9ca3af')
    .stroke();
  doc.moveDown(0.6);
}

/** The packing slips of several orders in one document, each starting on a new page. */
export function packingSlipsPdf(slips: readonly PackingSlip[]): Promise<Buffer> {
  if (slips.length === 0) throw new RangeError('There are no packing slips to print.');
  return renderSlips(slips);
}

async function renderSlips(slips: readonly PackingSlip[]): Promise<Buffer> {
  // Loaded with the first document, not when the server starts (the server seldom prints).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    autoFirstPage: false,
    info: {
      Title: slips.length === 1 ? `Packing slip ${slips[0]?.orderNumber}` : 'Packing slips',
      Author: slips[0]?.store.name ?? '',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // A long order runs onto more pages: each says whose slip it continues.
  let continuing: PackingSlip | null = null;
  doc.on('pageAdded', () => {
    if (!continuing) return;
    const { x, y } = doc;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`Packing slip, order No. ${continuing.orderNumber} (continued)`, MARGIN, MARGIN / 2, {
        width: WIDTH,
      });
    doc.x = x;
    doc.y = y;
  });
  for (const slip of slips) {
    continuing = null;
    doc.addPage({ size: 'LETTER', margin: MARGIN });
    continuing = slip;
    drawSlip(doc, slip);
  }
  doc.end();
  return done;
}

/** One order's packing slip. */
export function packingSlipPdf(slip: PackingSlip): Promise<Buffer> {
  return packingSlipsPdf([slip]);
}
