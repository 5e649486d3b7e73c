/** The built-in carrier, as a parcel carrier's API behaves: bookings, their labels, its account. */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, type Database } from '../../db/database.ts';
import { sandboxShipments } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { parsePdf } from '../../test/pdf.ts';
import { CarrierError, type ShipmentRequest, type ShippingCarrier } from './carrier.ts';
import {
  code128Values,
  code128Widths,
  createSandboxCarrier,
  formatTrackingNumber,
  LABEL_HEIGHT,
  LABEL_WIDTH,
  labelsPdf,
  newTrackingNumber,
} from './sandbox-carrier.ts';
import { createTableRates } from './table-rates.ts';

let t: TestApp;
let db: Database;
let carrier: ShippingCarrier;
/** Each booking a minute after the one before, so "newest first" has an answer. */
let now = new Date('2026-12-01T15:00:00Z').getTime();
const clock = {
  now: () => {
    now += 60_000;
    return new Date(now);
  },
};

beforeAll(async () => {
  t = await createTestApp({ data: 'empty' });
  db = t.db;
  carrier = createSandboxCarrier(db, createTableRates(), clock);
});
afterAll(() => t.close());

const FROM = {
  name: 'Maple Sock Co.',
  address: 'Unit 112, Square One Shopping Centre, 100 City Centre Dr, Mississauga, ON L5B 2C9',
  phone: '905-555-0142',
  timeZone: 'America/Toronto',
};

let orders = 0;
/** A booking of a new order: a 15 cm box of 900 g to Toronto by Canada Post Regular Parcel. */
function request(overrides: Partial<ShipmentRequest> = {}): ShipmentRequest {
  orders += 1;
  return {
    orderNo: `T-${orders}`,
    productCode: 'CP-REG',
    consignee: {
      name: 'Avery Lachance',
      company: 'Lachance Design Inc.',
      countryCode: 'CA',
      province: 'ON',
      city: 'Toronto',
      address1: '290 Bremner Blvd',
      address2: 'Suite 4',
      postCode: 'm5v 3l9',
      phone: '416-555-0199',
      email: 'avery@example.com',
    },
    box: { sideMm: 150, weightG: 900 },
    ...overrides,
  };
}

async function refusal(promise: Promise<unknown>): Promise<CarrierError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CarrierError);
    return error as CarrierError;
  }
  throw new Error('expected a CarrierError');
}

describe('booking a shipment', () => {
  it('prices the chosen service with the rate tables and gives it a tracking number', async () => {
    const booking = request();
    const shipment = await carrier.createShipment(booking);
    expect(shipment).toMatchObject({
      orderNo: booking.orderNo,
      productCode: 'CP-REG',
      productName: 'Canada Post Regular Parcel',
      status: 'created',
      totalPrice: 1099,
      box: { sideMm: 150, weightG: 900 },
    });
    expect(shipment.id).toMatch(/^shp_[A-Za-z0-9]{24}$/);
    expect(shipment.trackingNumber).toMatch(/^[1-9]\d{15}$/);
    expect(shipment.consignee).toMatchObject({
      name: 'Avery Lachance',
      postCode: 'M5V 3L9',
      countryCode: 'CA',
    });
    expect(await carrier.shipment(booking.orderNo)).toEqual(shipment);
  });

  it('prices another service, further away, with its own tracking number format', async () => {
    const base = request();
    const shipment = await carrier.createShipment({
      ...base,
      productCode: 'PUR-GRD',
      consignee: { ...base.consignee, province: 'BC', city: 'Vancouver', postCode: 'V6B 1A1' },
      box: { sideMm: 150, weightG: 3200 },
    });
    expect(shipment).toMatchObject({ productName: 'Purolator Ground', totalPrice: 2149 + 3 * 340 });
    expect(shipment.trackingNumber).toMatch(/^[1-9]\d{11}$/);
  });

  it('answers the booked shipment when an order is booked again, even with another service', async () => {
    const booking = request();
    const first = await carrier.createShipment(booking);
    const again = await carrier.createShipment({ ...booking, productCode: 'CP-EXP' });
    expect(again).toEqual(first);
    const rows = await db
      .select()
      .from(sandboxShipments)
      .where(eq(sandboxShipments.orderNo, booking.orderNo));
    expect(rows).toHaveLength(1);
  });

  it('books one shipment when the same order is booked several times at once', async () => {
    const booking = request();
    const answers = await Promise.all([1, 2, 3, 4].map(() => carrier.createShipment(booking)));
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.trackingNumber)).size).toBe(1);
    const rows = await db
      .select()
      .from(sandboxShipments)
      .where(eq(sandboxShipments.orderNo, booking.orderNo));
    expect(rows).toHaveLength(1);
  });

  it('refuses a service it does not have, booking nothing', async () => {
    const before = await countRows(db, sandboxShipments);
    const error = await refusal(carrier.createShipment(request({ productCode: 'UPS-SAVER' })));
    expect(error.code).toBe('no_service');
    expect(error.message).toContain('UPS-SAVER');
    expect(await countRows(db, sandboxShipments)).toBe(before);
  });

  it.each([
    ['outside Canada', { countryCode: 'US', province: 'NY', postCode: '10001' }],
    ['to a province that does not exist', { province: 'XX' }],
    ['without a postal code', { postCode: ' ' }],
    ['without a street address', { address1: '' }],
  ])('refuses a parcel %s, booking nothing', async (_name, consignee) => {
    const before = await countRows(db, sandboxShipments);
    const base = request();
    const error = await refusal(
      carrier.createShipment({ ...base, consignee: { ...base.consignee, ...consignee } }),
    );
    expect(error.code).toBe('not_shippable');
    expect(await countRows(db, sandboxShipments)).toBe(before);
  });

  it.each([
    ['over 30 kg', { sideMm: 300, weightG: 30_001 }, '30 kg'],
    ['over 3 m in length plus girth', { sideMm: 601, weightG: 1000 }, '3 m'],
    ['without a weight', { sideMm: 100, weightG: 0 }, 'weight'],
  ])('refuses a parcel %s', async (_name, box, message) => {
    const error = await refusal(carrier.createShipment(request({ box })));
    expect(error.code).toBe('not_shippable');
    expect(error.message).toContain(message);
  });
});

describe('confirming and reading shipments', () => {
  it('saves a booked shipment, and saving it again changes nothing', async () => {
    const booked = await carrier.createShipment(request());
    const saved = await carrier.saveShipment(booked.orderNo);
    expect(saved).toEqual({ ...booked, status: 'saved' });
    expect(await carrier.saveShipment(booked.orderNo)).toEqual(saved);
    expect(await carrier.shipment(booked.orderNo)).toEqual(saved);
  });

  it('knows no shipment of an order it did not book', async () => {
    expect(await carrier.shipment('NEVER-BOOKED')).toBeNull();
    expect((await refusal(carrier.saveShipment('NEVER-BOOKED'))).code).toBe('shipment_not_found');
    expect((await refusal(carrier.label('NEVER-BOOKED', FROM))).code).toBe('shipment_not_found');
  });

  it('neither saves nor labels a cancelled shipment', async () => {
    const booked = await carrier.createShipment(request());
    await db.update(sandboxShipments).set({ status: 'cancelled' }).where(eq(sandboxShipments.id, booked.id));
    expect((await refusal(carrier.saveShipment(booked.orderNo))).code).toBe('shipment_cancelled');
    expect((await refusal(carrier.label(booked.orderNo, FROM))).code).toBe('shipment_cancelled');
  });

  it('lists the newest shipments first, as many as asked', async () => {
    const older = await carrier.createShipment(request());
    const newer = await carrier.createShipment(request());
    const listed = await carrier.listShipments(2);
    expect(listed.map((shipment) => shipment.orderNo)).toEqual([newer.orderNo, older.orderNo]);
    const all = await carrier.listShipments(100);
    expect(all.length).toBe(await countRows(db, sandboxShipments));
    const times = all.map((shipment) => shipment.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('answers its sandbox account', async () => {
    expect(await carrier.account()).toEqual({
      customerNo: 'SANDBOX-0001',
      name: 'Sandbox carrier account',
      balance: null,
      currencyCode: 'CAD',
    });
  });
});

describe('labels', () => {
  it('prints a 4x6 inch label with the sender, the consignee, the service and the tracking number', async () => {
    const booked = await carrier.createShipment(request());
    const pdf = await carrier.label(booked.orderNo, FROM);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { info, text } = await parsePdf(pdf);
    expect(info.total).toBe(1);
    expect(info.pages[0]?.width).toBe(LABEL_WIDTH);
    expect(info.pages[0]?.height).toBe(LABEL_HEIGHT);
    expect(LABEL_WIDTH).toBe(4 * 72);
    expect(LABEL_HEIGHT).toBe(6 * 72);
    for (const expected of [
      formatTrackingNumber(booked.trackingNumber),
      'AVERY LACHANCE',
      'LACHANCE DESIGN INC.',
      '290 BREMNER BLVD',
      'TORONTO ON',
      'M5V 3L9',
      'Canada Post Regular Parcel',
      'Maple Sock Co.',
      '0.90 kg',
      '15 x 15 x 15 cm',
      booked.orderNo,
      'Dec 01, 2026',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints several shipments into one document, a 4x6 page each', async () => {
    const first = await carrier.createShipment(request());
    const second = await carrier.createShipment(request({ productCode: 'PUR-GRD' }));
    const { info, text } = await parsePdf(await labelsPdf([first, second], FROM));
    expect(info.total).toBe(2);
    for (const page of info.pages) expect([page.width, page.height]).toEqual([LABEL_WIDTH, LABEL_HEIGHT]);
    expect(text).toContain(formatTrackingNumber(first.trackingNumber));
    expect(text).toContain(formatTrackingNumber(second.trackingNumber));
    expect(text).toContain('Purolator Ground');
    expect(() => labelsPdf([], FROM)).toThrow(CarrierError);
  });
});

describe('tracking numbers', () => {
  it('are 16 digits at Canada Post and 12 at Purolator, never starting with 0, and differ', () => {
    const numbers = new Set<string>();
    for (let index = 0; index < 200; index++) {
      const canadaPost = newTrackingNumber('CP-EXP');
      expect(canadaPost).toMatch(/^[1-9]\d{15}$/);
      expect(newTrackingNumber('PUR-GRD')).toMatch(/^[1-9]\d{11}$/);
      numbers.add(canadaPost);
    }
    expect(numbers.size).toBe(200);
  });

  it('print in groups of four', () => {
    expect(formatTrackingNumber('7023210839414519')).toBe('7023 2108 3941 4519');
    expect(formatTrackingNumber('329028416441')).toBe('3290 2841 6441');
  });
});

describe('Code 128', () => {
  it('computes the check symbol: start plus each value times its position, modulo 103', () => {
    // P J J 1 2 3 C in set B (value = ASCII - 32); (104 + 48 + 84 + 126 + 68 + 90 + 114 + 245) % 103 = 55
    expect(code128Values('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55]);
    // Set C, two digits a symbol: (105 + 12 + 68 + 168) % 103 = 44
    expect(code128Values('123456')).toEqual([105, 12, 34, 56, 44]);
  });

  // The bar and space widths GNU barcode 0.99 prints for these texts (`barcode -e 128b|128c -E`).
  it.each([
    ['PJJ123C', 'B', '2112143131211121331121331232212232112211321313213113212331112'],
    [
      'Hello, World!',
      'B',
      '2112142311131122142211142211141341111122322122223113211341111212412211141412212221222211142331112',
    ],
    ['Wikipedia', 'B', '2112143113211421122412111421121112421122141412211421121211244212112331112'],
    ['1234567890123456', 'C', '2112321122321311233311212411122141211122321311233311212211322331112'],
    ['329028416441', 'C', '2112322321212141213221122313111114222313113111412331112'],
    // Their check symbols are 100, 101 and 102, the patterns no data character of sets B and C uses.
    ['AA', 'B', '2112141113231113231141312331112'],
    ['BA', 'B', '2112141311231113233111412331112'],
    ['AB', 'B', '2112141113231311234111312331112'],
    [
      '1234567890123456',
      'B',
      '2112141232212232112211322212312132122231123121313112223211221231221232212232112211322212312132122231121242112331112',
    ],
  ] as const)('encodes %s in set %s as GNU barcode does', (text, set, widths) => {
    expect(code128Widths(text, set)).toBe(widths);
  });

  it('encodes every symbol of sets B and C as GNU barcode does', () => {
    let digits = '';
    for (let value = 0; value < 100; value++) digits += String(value).padStart(2, '0');
    let ascii = '';
    for (let code = 32; code < 127; code++) ascii += String.fromCharCode(code);
    // SHA-256 of GNU barcode's widths for '000102…99' in set C and ' !"#…~' in set B (600-odd digits each).
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    expect(sha256(code128Widths(digits, 'C'))).toBe(
      '4163d11d1358ec4d1344d96540ccd621d3c6dc6a49c46a72e0d45dbe1f2d955b',
    );
    expect(sha256(code128Widths(ascii, 'B'))).toBe(
      '852c75bf74cca4055773799588e3b7fedb2964550de09d291befc311229b42f1',
    );
  });

  it('picks set C for an even number of digits and set B otherwise', () => {
    expect(code128Values('7023210839414519')[0]).toBe(105);
    expect(code128Values('12345')[0]).toBe(104);
    expect(code128Values('AB12')[0]).toBe(104);
  });

  it('draws 11 modules a symbol and 13 for the stop, starting and ending with a bar', () => {
    const widths = code128Widths('Hello');
    const modules = [...widths].reduce((sum, digit) => sum + Number(digit), 0);
    // start + 5 characters + check = 7 symbols
    expect(modules).toBe(7 * 11 + 13);
    expect(widths.length % 2).toBe(1);
  });

  it('refuses what it cannot encode', () => {
    expect(() => code128Values('')).toThrow(RangeError);
    expect(() => code128Values('Montréal')).toThrow(RangeError);
    expect(() => code128Values('123', 'C')).toThrow(RangeError);
  });
});
