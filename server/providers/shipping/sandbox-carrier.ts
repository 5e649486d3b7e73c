/**
 * The built-in carrier (DESIGN.md providers: shipping): it answers as a parcel carrier's API does,
 * the way the payment sandbox keeps Stripe's objects. Its shipments live in `sandbox_shipments`,
 * priced by the shop's rate tables, with tracking numbers in the carriers' own formats and 4x6 inch
 * labels with a Code 128 barcode. Nothing leaves the shop: the labels say they are not postage.
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { formatStoreDate } from '../../../domain/dates.ts';
import type { Database } from '../../db/database.ts';
import { sandboxShipments } from '../../db/schema.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { newId } from '../payments/sandbox/rows.ts';
import {
  type CarrierAccount,
  CarrierError,
  type Consignee,
  type ShipFrom,
  type Shipment,
  type ShipmentRequest,
  type ShipmentStatus,
  type ShippingCarrier,
} from './carrier.ts';
import type { ShippingRates } from './shipping-rates.ts';

export const SANDBOX_ACCOUNT: CarrierAccount = {
  customerNo: 'SANDBOX-0001',
  name: 'Sandbox carrier account',
  balance: null,
  currencyCode: 'CAD',
};

/** Canada Post and Purolator's limits for one parcel: 30 kg, length plus girth at most 3 m. */
const MAX_WEIGHT_G = 30_000;
const MAX_LENGTH_AND_GIRTH_MM = 3_000;

type ShipmentRow = typeof sandboxShipments.$inferSelect;

const CONSIGNEE_FIELDS = [
  'name',
  'company',
  'countryCode',
  'province',
  'city',
  'address1',
  'address2',
  'postCode',
  'phone',
  'email',
] as const satisfies readonly (keyof Consignee)[];

/** What a label cannot go without. */
const REQUIRED_CONSIGNEE_FIELDS: ReadonlyArray<[keyof Consignee, string]> = [
  ['name', 'name'],
  ['address1', 'street address'],
  ['city', 'city'],
  ['province', 'province'],
  ['postCode', 'postal code'],
];

function toConsignee(value: Record<string, string>): Consignee {
  const consignee = {} as Consignee;
  for (const field of CONSIGNEE_FIELDS) consignee[field] = value[field] ?? '';
  return consignee;
}

function toShipment(row: ShipmentRow): Shipment {
  return {
    id: row.id,
    orderNo: row.orderNo,
    productCode: row.productCode,
    productName: row.productName,
    trackingNumber: row.trackingNumber,
    status: row.status as ShipmentStatus,
    totalPrice: row.totalPrice,
    consignee: toConsignee(row.consignee),
    box: { sideMm: row.box.sideMm, weightG: row.box.weightG },
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A tracking number as the service's carrier writes them: Purolator's 12-digit PIN, Canada Post's
 * 16 digits (and 16 digits for any other service). Random digits, never starting with 0.
 */
export function newTrackingNumber(productCode: string): string {
  const length = productCode.startsWith('PUR-') ? 12 : 16;
  let number = String(randomInt(1, 10));
  while (number.length < length) number += String(randomInt(0, 10));
  return number;
}

function shipmentNotFound(orderNo: string): CarrierError {
  return new CarrierError('shipment_not_found', `No shipment was booked for order ${orderNo}.`);
}

function shipmentCancelled(orderNo: string): CarrierError {
  return new CarrierError('shipment_cancelled', `The shipment of order ${orderNo} was cancelled.`);
}

function checkParcel(request: ShipmentRequest): void {
  const { consignee, box } = request;
  if (!request.orderNo.trim()) throw new CarrierError('not_shippable', 'A shipment needs an order number.');
  if (consignee.countryCode.trim().toUpperCase() !== 'CA') {
    throw new CarrierError('not_shippable', 'Parcels can only be shipped to addresses in Canada.');
  }
  for (const [field, name] of REQUIRED_CONSIGNEE_FIELDS) {
    if (!consignee[field].trim())
      throw new CarrierError('not_shippable', `The consignee's ${name} is missing.`);
  }
  if (
    !Number.isInteger(box.sideMm) ||
    !Number.isInteger(box.weightG) ||
    box.sideMm <= 0 ||
    box.weightG <= 0
  ) {
    throw new CarrierError('not_shippable', 'The parcel needs a size and a weight.');
  }
  if (box.weightG > MAX_WEIGHT_G)
    throw new CarrierError('not_shippable', 'A parcel may weigh at most 30 kg.');
  // A cube's length plus girth is five times its side.
  if (box.sideMm * 5 > MAX_LENGTH_AND_GIRTH_MM) {
    throw new CarrierError('not_shippable', 'A parcel may measure at most 3 m in length plus girth.');
  }
}

export function createSandboxCarrier(
  db: Database,
  rates: ShippingRates,
  clock: Clock = systemClock,
): ShippingCarrier {
  async function find(orderNo: string): Promise<Shipment | null> {
    const [row] = await db.select().from(sandboxShipments).where(eq(sandboxShipments.orderNo, orderNo));
    return row ? toShipment(row) : null;
  }

  /** The chosen service's name and price for this parcel, or the carrier's refusal. */
  async function price(request: ShipmentRequest): Promise<{ productName: string; totalPrice: number }> {
    const service = rates.carriers().find((carrier) => carrier.code === request.productCode);
    if (!service) throw new CarrierError('no_service', `There is no service '${request.productCode}'.`);
    const { consignee } = request;
    const quotes = await rates.quote(request.box, {
      province: consignee.province.trim(),
      postalcode: consignee.postCode.trim(),
      countryCode: 'CA',
    });
    if (quotes.length === 0) {
      throw new CarrierError('not_shippable', `No service delivers to the province '${consignee.province}'.`);
    }
    const quote = quotes.find((candidate) => candidate.productCode === service.code);
    if (!quote)
      throw new CarrierError('no_service', `${service.name} does not deliver to ${consignee.province}.`);
    return { productName: quote.productName, totalPrice: quote.totalPrice };
  }

  async function mustFind(orderNo: string): Promise<Shipment> {
    const shipment = await find(orderNo);
    if (!shipment) throw shipmentNotFound(orderNo);
    return shipment;
  }

  return {
    async createShipment(request) {
      const booked = await find(request.orderNo);
      if (booked) return booked;
      checkParcel(request);
      const { productName, totalPrice } = await price(request);
      const consignee: Record<string, string> = {};
      for (const field of CONSIGNEE_FIELDS) consignee[field] = request.consignee[field].trim();
      consignee.countryCode = 'CA';
      consignee.postCode = consignee.postCode?.toUpperCase() ?? '';
      // Two bookings of one order race on order_no's unique constraint: the loser answers the
      // winner's shipment. A clash of tracking numbers (or ids) draws new ones.
      for (let attempt = 0; attempt < 5; attempt++) {
        const [row] = await db
          .insert(sandboxShipments)
          .values({
            id: newId('shp'),
            orderNo: request.orderNo,
            productCode: request.productCode,
            productName,
            trackingNumber: newTrackingNumber(request.productCode),
            status: 'created',
            consignee,
            box: { sideMm: request.box.sideMm, weightG: request.box.weightG },
            totalPrice,
            createdAt: clock.now(),
          })
          .onConflictDoNothing()
          .returning();
        if (row) return toShipment(row);
        const raced = await find(request.orderNo);
        if (raced) return raced;
      }
      throw new Error('The sandbox carrier could not draw a free tracking number.');
    },

    async saveShipment(orderNo) {
      const [row] = await db
        .update(sandboxShipments)
        .set({ status: 'saved' })
        .where(
          and(eq(sandboxShipments.orderNo, orderNo), inArray(sandboxShipments.status, ['created', 'saved'])),
        )
        .returning();
      if (row) return toShipment(row);
      const shipment = await mustFind(orderNo);
      throw shipmentCancelled(shipment.orderNo);
    },

    shipment: find,

    async listShipments(limit) {
      const rows = await db
        .select()
        .from(sandboxShipments)
        .orderBy(desc(sandboxShipments.createdAt), desc(sandboxShipments.id))
        .limit(Math.max(0, Math.floor(limit)));
      return rows.map(toShipment);
    },

    async label(orderNo, from) {
      const shipment = await mustFind(orderNo);
      if (shipment.status === 'cancelled') throw shipmentCancelled(orderNo);
      return labelsPdf([shipment], from, clock.now());
    },

    async account() {
      return { ...SANDBOX_ACCOUNT };
    },
  };
}

// ---------------------------------------------------------------- Code 128

/**
 * Bar and space widths of Code 128's symbols 0 to 105, bar first, 11 modules each (ISO/IEC 15417
 * table 1); STOP is the stop pattern with its final bar, 13 modules.
 */
const CODE128_PATTERNS: readonly string[] = [
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213',
  '221312 231212 112232 122132 122231 113222 123122 123221 223211 221132',
  '221231 213212 223112 312131 311222 321122 321221 312212 322112 322211',
  '212123 212321 232121 111323 131123 131321 112313 132113 132311 211313',
  '231113 231311 112133 112331 132131 113123 113321 133121 313121 211331',
  '231131 213113 213311 213131 311123 311321 331121 312113 312311 332111',
  '314111 221411 431111 111224 111422 121124 121421 141122 141221 112214',
  '112412 122114 122411 142112 142211 241211 221114 413111 241112 134111',
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141',
  '214121 412121 111143 111341 131141 114113 114311 411113 411311 113141',
  '114131 311141 411131 211412 211214 211232',
]
  .join(' ')
  .split(' ');
const START_B = 104;
const START_C = 105;
const STOP = '2331112';

export type Code128Set = 'B' | 'C';

/**
 * The symbol values of a text in Code 128: the start, the data, the check symbol (the start plus
 * each value times its position, modulo 103); the stop pattern is added by code128Widths. Set C
 * (two digits a symbol) when the text is an even number of digits, as tracking numbers are; set B
 * (printable ASCII) otherwise.
 */
export function code128Values(text: string, set: Code128Set = /^(\d\d)+$/.test(text) ? 'C' : 'B'): number[] {
  if (text.length === 0) throw new RangeError('A Code 128 barcode needs at least one character.');
  const values: number[] = [];
  if (set === 'C') {
    if (!/^(\d\d)+$/.test(text)) throw new RangeError('Code 128 set C encodes an even number of digits.');
    values.push(START_C);
    for (let index = 0; index < text.length; index += 2) values.push(Number(text.slice(index, index + 2)));
  } else {
    values.push(START_B);
    for (const char of text) {
      const code = char.codePointAt(0) ?? 0;
      if (code < 32 || code > 126) throw new RangeError(`Code 128 set B cannot encode '${char}'.`);
      values.push(code - 32);
    }
  }
  let sum = values[0] ?? 0;
  for (let position = 1; position < values.length; position++) sum += (values[position] ?? 0) * position;
  values.push(sum % 103);
  return values;
}

/** The widths, in modules, of the bars and spaces that print the text, bar first, stop included. */
export function code128Widths(text: string, set?: Code128Set): string {
  return code128Values(text, set)
    .map((value) => CODE128_PATTERNS[value])
    .join('')
    .concat(STOP);
}

/** Draws the barcode as filled rectangles, centred in the box with a 10-module quiet zone each side. */
function drawCode128(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  height: number,
): void {
  const widths = [...code128Widths(text)].map(Number);
  const modules = widths.reduce((total, w) => total + w, 0);
  // Wider modules scan better, up to 2 pt (0.7 mm) where the text is short.
  const module = Math.min(2, width / (modules + 20));
  let cursor = x + (width - modules * module) / 2;
  doc.save().fillColor('black');
  for (const [index, w] of widths.entries()) {
    if (index % 2 === 0) doc.rect(cursor, y, w * module, height);
    cursor += w * module;
  }
  doc.fill().restore();
}

// ---------------------------------------------------------------- labels

export const LABEL_WIDTH = 288;
export const LABEL_HEIGHT = 432;
const EDGE = 10;
const INNER = LABEL_WIDTH - 2 * EDGE;

/** '1234 5678 9012 3456', as carriers print their numbers. */
export function formatTrackingNumber(number: string): string {
  return number.replace(/(.{4})(?=.)/g, '$1 ');
}

function serviceMark(productCode: string): string {
  const tail = productCode.split('-').pop() ?? productCode;
  return tail.slice(0, 4).toUpperCase();
}

function trimNumber(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function pdfBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

function drawLabel(doc: PDFKit.PDFDocument, shipment: Shipment, from: ShipFrom): void {
  const left = EDGE;
  /** One block of text, clipped to its lines rather than spilling onto a new page. */
  const text = (
    value: string,
    y: number,
    size: number,
    options: {
      bold?: boolean;
      lines?: number;
      x?: number;
      width?: number;
      align?: 'left' | 'center' | 'right';
    } = {},
  ) => {
    if (!value) return;
    const lines = options.lines ?? 1;
    doc
      .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(size)
      .fillColor('black')
      .text(value, options.x ?? left, y, {
        width: options.width ?? INNER,
        height: size * 1.2 * lines,
        ellipsis: true,
        align: options.align ?? 'left',
      });
  };
  const rule = (y: number, weight = 1) => {
    doc
      .moveTo(left, y)
      .lineTo(LABEL_WIDTH - EDGE, y)
      .lineWidth(weight)
      .strokeColor('black')
      .stroke();
  };

  // The service: its name, and its mark in a black box as carriers print it for the sorters.
  doc
    .rect(left, EDGE, INNER, LABEL_HEIGHT - 2 * EDGE)
    .lineWidth(1.5)
    .strokeColor('black')
    .stroke();
  const markWidth = 64;
  doc.rect(LABEL_WIDTH - EDGE - markWidth, EDGE, markWidth, 46).fill('black');
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor('white')
    .text(serviceMark(shipment.productCode), LABEL_WIDTH - EDGE - markWidth, EDGE + 14, {
      width: markWidth,
      align: 'center',
      lineBreak: false,
    });
  text(shipment.productName, EDGE + 6, 12, {
    bold: true,
    lines: 2,
    x: left + 6,
    width: INNER - markWidth - 12,
  });
  text(shipment.productCode, EDGE + 34, 7, { x: left + 6, width: INNER - markWidth - 12 });
  rule(EDGE + 46, 1.5);

  // The sender, small.
  const fromX = left + 6;
  const fromWidth = INNER - 12;
  text('FROM:', 62, 6.5, { bold: true, x: fromX, width: fromWidth });
  text(from.name, 70, 8, { bold: true, x: fromX, width: fromWidth });
  text(from.address, 80, 7.5, { lines: 2, x: fromX, width: fromWidth });
  text(from.phone ? `Tel. ${from.phone}` : '', 99, 7.5, { x: fromX, width: fromWidth });
  rule(112);

  // The consignee, big: the part a driver reads.
  const to = shipment.consignee;
  const toX = left + 8;
  const toWidth = INNER - 16;
  text('SHIP TO:', 118, 7, { bold: true, x: toX, width: toWidth });
  let y = 128;
  const toLine = (value: string, size: number, bold = false) => {
    if (!value) return;
    text(value, y, size, { bold, x: toX, width: toWidth });
    y += size * 1.2;
  };
  toLine(to.name.toUpperCase(), 14, true);
  toLine(to.company.toUpperCase(), 11, true);
  toLine(to.address1.toUpperCase(), 12);
  toLine(to.address2.toUpperCase(), 12);
  toLine(`${to.city} ${to.province}`.toUpperCase(), 12, true);
  toLine(to.postCode.toUpperCase(), 18, true);
  toLine('CANADA', 10, true);
  toLine(to.phone ? `Tel. ${to.phone}` : '', 8);
  rule(250);

  // What and when.
  const half = INNER / 2;
  const detail = (name: string, value: string, column: 0 | 1, row: 0 | 1) => {
    const x = left + 6 + column * half;
    const top = 256 + row * 20;
    text(name, top, 6, { bold: true, x, width: half - 12 });
    text(value, top + 7, 9, { bold: true, x, width: half - 12 });
  };
  const side = trimNumber(shipment.box.sideMm / 10);
  detail('WEIGHT', `${(shipment.box.weightG / 1000).toFixed(2)} kg`, 0, 0);
  detail('DIMENSIONS', `${side} x ${side} x ${side} cm`, 0, 1);
  detail('SHIP DATE', formatStoreDate(new Date(shipment.createdAt), from.timeZone), 1, 0);
  detail('ORDER NO.', shipment.orderNo, 1, 1);
  rule(298, 1.5);

  // The tracking number: the barcode the carrier scans, and its digits.
  text('TRACKING NUMBER / PIN', 304, 6.5, { bold: true, align: 'center' });
  drawCode128(doc, shipment.trackingNumber, left, 314, INNER, 72);
  text(formatTrackingNumber(shipment.trackingNumber), 391, 13, { bold: true, align: 'center' });
  text(`Sandbox label: not valid for postage  |  ${shipment.id}`, 410, 5.5, { align: 'center' });
}

/**
 * Labels of several shipments in one document, one 4x6 inch page each (the back office prints a
 * day's parcels in one go); the carrier's label() prints one with the same drawing.
 */
export function labelsPdf(
  shipments: readonly Shipment[],
  from: ShipFrom,
  printedAt = new Date(),
): Promise<Buffer> {
  if (shipments.length === 0)
    throw new CarrierError('shipment_not_found', 'There are no shipments to print.');
  return renderLabels(shipments, from, printedAt);
}

async function renderLabels(
  shipments: readonly Shipment[],
  from: ShipFrom,
  printedAt: Date,
): Promise<Buffer> {
  // Loaded with the first label, not when the server starts (the server seldom prints).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    autoFirstPage: false,
    info: {
      Title: shipments.length === 1 ? `Shipping label ${shipments[0]?.orderNo}` : 'Shipping labels',
      Author: from.name,
      CreationDate: printedAt,
    },
  });
  const done = pdfBuffer(doc);
  for (const shipment of shipments) {
    doc.addPage({ size: [LABEL_WIDTH, LABEL_HEIGHT], margin: 0 });
    drawLabel(doc, shipment, from);
  }
  doc.end();
  return done;
}
