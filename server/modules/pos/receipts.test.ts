/**
 * Receipts (spec pos.md §2 Generate Receipt and Receipt actions, §5; DESIGN.md "POS"): created with
 * the server's tax per line, read back, rendered as an A5 PDF and e-mailed through the outbox.
 */
import { desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginRecord } from '../../../domain/auth.ts';
import { POS_MESSAGES } from '../../../domain/pos/messages.ts';
import type { Receipt, ReceiptCreated } from '../../../domain/pos/receipts.ts';
import { countRows } from '../../db/database.ts';
import { outbox, receipts, settings } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.ts';
import { bearer, createTestApp, logIn, type TestApp } from '../../test/app.ts';
import { parsePdf } from '../../test/pdf.ts';
import { assignReader, createIntent, FRONT_COUNTER, payOnReader, posCall } from './pos-test-helpers.ts';

const NOW = new Date('2026-11-22T15:30:00Z');

let t: TestApp;
let cashier: LoginRecord;
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => NOW } });
  cashier = await logIn(t.app, DEMO_ACCOUNTS.pos.user_name, DEMO_ACCOUNTS.pos.password);
  await assignReader(t, cashier, FRONT_COUNTER);
});
afterAll(() => t.close());

/** Socks taxed at 13%, a case sold without tax: tax is rounded per line. */
const LINES = [
  { product_name: 'Novelty Socks', amount: 1299, addTax: true },
  { product_name: 'iPhone Case', amount: 1999, addTax: false },
];

async function create(body: Record<string, unknown> = {}): Promise<ReceiptCreated> {
  const response = await posCall(t, cashier, '/api/pos/receipts', { lines: LINES, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReceiptCreated>();
}

const get = (url: string) => t.app.inject({ url, headers: bearer(cashier) });

describe('POST api/pos/receipts', () => {
  it('stores the lines with the server’s tax (13% per taxed line) and a sequential number', async () => {
    const first = await create();
    expect(first).toEqual({
      receipt_id: expect.any(Number),
      receipt_number: expect.any(Number),
      subtotal: 3298,
      tax: 169,
      total: 3467,
    });
    const second = await create({ lines: [{ product_name: 'Gift Box', amount: 1005 }] });
    expect(second.receipt_number).toBe(first.receipt_number + 1);
    // addTax defaults to true; 1005 x 13% = 130.65, rounded to 131.
    expect(second).toMatchObject({ subtotal: 1005, tax: 131, total: 1136 });
    const [row] = await t.db.select().from(receipts).where(eq(receipts.id, first.receipt_id));
    expect(row).toMatchObject({ clientId: cashier.client_id, subtotal: 3298, tax: 169, total: 3467 });
  });

  it('ignores the tax and total the web sends', async () => {
    const created = await create({
      lines: LINES.map((line) => ({ ...line, tax: 0, total: 1 })),
    });
    expect(created).toMatchObject({ subtotal: 3298, tax: 169, total: 3467 });
  });

  it('names a POS payment only when it succeeded', async () => {
    const { paymentIntentId } = await payOnReader(t, cashier, FRONT_COUNTER, 3467);
    const paid = await create({ paymentIntentId, email: 'buyer@example.ca' });
    const receipt = (await get(`/api/pos/receipts/${paid.receipt_id}`)).json<Receipt>();
    expect(receipt).toMatchObject({ paymentIntentId, email: 'buyer@example.ca' });

    const before = await countRows(t.db, receipts);
    const pending = await createIntent(t, cashier, 1000);
    for (const id of [pending, 'pi_DoesNotExist']) {
      const response = await posCall(t, cashier, '/api/pos/receipts', { lines: LINES, paymentIntentId: id });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.paymentIntentId).toBe('This payment has not succeeded.');
    }
    expect(await countRows(t.db, receipts)).toBe(before);
  });

  it('makes one receipt per payment: asked again, even at once, it answers the same number', async () => {
    const { paymentIntentId } = await payOnReader(t, cashier, FRONT_COUNTER, 3467);
    const before = await countRows(t.db, receipts);
    const [first, second] = await Promise.all([create({ paymentIntentId }), create({ paymentIntentId })]);
    const again = await create({ paymentIntentId, email: 'later@example.ca' });
    expect(second).toEqual(first);
    expect(again).toEqual(first);
    expect(await countRows(t.db, receipts)).toBe(before + 1);
  });

  it('refuses lines that do not add up to what the payment took, and writes nothing', async () => {
    const { paymentIntentId } = await payOnReader(t, cashier, FRONT_COUNTER, 3467);
    const before = await countRows(t.db, receipts);
    const response = await posCall(t, cashier, '/api/pos/receipts', {
      lines: [{ product_name: 'Novelty Socks', amount: 100 }],
      paymentIntentId,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.lines).toBe(POS_MESSAGES.paymentAmountMismatch);
    expect(await countRows(t.db, receipts)).toBe(before);
  });

  it('refuses bad lines with the spec messages, and writes nothing', async () => {
    const before = await countRows(t.db, receipts);
    const cases: [unknown, string, string][] = [
      [[], 'lines', 'Please add at least one product.'],
      [[{ product_name: '', amount: 100 }], 'lines.0.product_name', POS_MESSAGES.productNameRequired],
      [[{ product_name: '  ', amount: 100 }], 'lines.0.product_name', POS_MESSAGES.productNameRequired],
      [[{ product_name: 'Socks' }], 'lines.0.amount', POS_MESSAGES.amountRequired],
      [
        [{ product_name: 'Socks', amount: 12.5 }],
        'lines.0.amount',
        'Amount must be a whole number of cents.',
      ],
      [[{ product_name: 'Socks', amount: -1 }], 'lines.0.amount', 'Amount cannot be negative.'],
      [[{ product_name: 'Socks', amount: 100, price: 1 }], 'lines.0', ''],
    ];
    for (const [lines, field, message] of cases) {
      const response = await posCall(t, cashier, '/api/pos/receipts', { lines });
      expect(response.statusCode, JSON.stringify(lines)).toBe(400);
      if (message) expect(response.json().error.fields[field], JSON.stringify(lines)).toBe(message);
    }
    const email = await posCall(t, cashier, '/api/pos/receipts', { lines: LINES, email: 'nope' });
    expect(email.json().error.fields.email).toBe(POS_MESSAGES.emailInvalid);
    expect(await countRows(t.db, receipts)).toBe(before);
  });
});

describe('GET api/pos/receipts/{id} and its PDF', () => {
  it('answers the stored receipt with its lines, rate and seller', async () => {
    const created = await create();
    const response = await get(`/api/pos/receipts/${created.receipt_id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<Receipt>()).toEqual({
      receipt_id: created.receipt_id,
      receipt_number: created.receipt_number,
      // Typed in Generate Receipt with no payment: a manual receipt.
      kind: 'manual',
      refundOf: null,
      cashier: expect.any(String),
      tenders: [],
      paymentIntentId: null,
      lines: [
        { product_name: 'Novelty Socks', amount: 1299, tax: 169, total: 1468, addTax: true },
        { product_name: 'iPhone Case', amount: 1999, tax: 0, total: 1999, addTax: false },
      ],
      subtotal: 3298,
      tax: 169,
      total: 3467,
      tax_rate: 0.13,
      email: null,
      created: NOW.toISOString(),
      seller: expect.objectContaining({
        company_name: 'Maple Sock Co. Inc.',
        gst_hst_number: '812345678 RT0001',
      }),
    });
    expect((await get('/api/pos/receipts/999999')).statusCode).toBe(404);
    expect((await get('/api/pos/receipts/abc')).statusCode).toBe(400);
  });

  it('renders an A5 portrait PDF with the number, seller, products, tax and totals', async () => {
    const created = await create();
    const response = await get(`/api/pos/receipts/${created.receipt_id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="receipt-${created.receipt_number}.pdf"`,
    );
    const { info, text } = await parsePdf(response.rawPayload);
    expect(info.total).toBe(1);
    // A5 is 148 x 210 mm: 419.53 x 595.28 points, portrait.
    expect(info.pages[0]?.width).toBeCloseTo(419.53, 1);
    expect(info.pages[0]?.height).toBeCloseTo(595.28, 1);
    for (const expected of [
      'RECEIPT',
      `Receipt No. ${created.receipt_number}`,
      'Date: Nov 22, 2026',
      'Maple Sock Co. Inc.',
      'GST/HST Registration No. 812345678 RT0001',
      'Product Name',
      'Novelty Socks',
      'iPhone Case',
      'CDN$12.99',
      'CDN$1.69',
      'CDN$14.68',
      'CDN$19.99',
      'CDN$32.98',
      'Tax (13%)',
      'TOTAL',
      'CDN$34.67',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Lines typed by hand are no proof of payment; a second print is a copy.
    expect(text).toContain('MANUAL RECEIPT: NOT PROOF OF PAYMENT.');
    expect(text).not.toContain('COPY');
    const reprint = await parsePdf((await get(`/api/pos/receipts/${created.receipt_id}/pdf`)).rawPayload);
    expect(reprint.text).toContain('COPY: a reprint of this receipt');
    expect((await get('/api/pos/receipts/999999/pdf')).statusCode).toBe(404);
  });
});

describe("a receipt in the store's time zone", () => {
  it("prints the time of the store's clock, and names the zone for the register's page", async () => {
    const setZone = (value: string) =>
      t.db.update(settings).set({ value }).where(eq(settings.key, 'store_time_zone'));
    await setZone('America/Regina');
    try {
      const created = await create();
      const receipt = (await get(`/api/pos/receipts/${created.receipt_id}`)).json<Receipt>();
      expect(receipt.seller.time_zone).toBe('America/Regina');
      const { text } = await parsePdf((await get(`/api/pos/receipts/${created.receipt_id}/pdf`)).rawPayload);
      // 15:30 UTC is 09:30 in Regina (10:30 in Toronto).
      expect(text).toContain('Time: 09:30 (Nov 22, 2026)');
    } finally {
      await setZone('America/Toronto');
    }
  });
});

describe('GET api/pos/seller', () => {
  it('answers the seller printed on receipts, for a receipt not generated yet', async () => {
    const response = await get('/api/pos/seller');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      company_name: 'Maple Sock Co. Inc.',
      store_name: expect.any(String),
      address: expect.any(String),
      email: expect.any(String),
      gst_hst_number: '812345678 RT0001',
      time_zone: 'America/Toronto',
    });
    const created = await create();
    const receipt = (await get(`/api/pos/receipts/${created.receipt_id}`)).json<Receipt>();
    expect(response.json()).toEqual(receipt.seller);
  });
});

describe('POST api/pos/receipts/{id}/send', () => {
  it('queues an e-mail with the A5 PDF attached, remembers the address and answers true', async () => {
    const created = await create();
    const [last] = await t.db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1);
    const response = await posCall(t, cashier, `/api/pos/receipts/${created.receipt_id}/send`, {
      email: 'buyer@example.ca',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toBe(true);

    const mails = await t.db
      .select()
      .from(outbox)
      .where(gt(outbox.id, last?.id ?? 0));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'buyer@example.ca',
      subject: `Receipt ${created.receipt_number} from Maple Sock Co. Inc.`,
      status: 'pending',
    });
    const attachments = mails[0]?.attachments as {
      filename: string;
      contentType: string;
      contentBase64: string;
    }[];
    expect(attachments[0]).toMatchObject({
      filename: `receipt-${created.receipt_number}.pdf`,
      contentType: 'application/pdf',
    });
    const { info, text } = await parsePdf(Buffer.from(attachments[0]?.contentBase64 ?? '', 'base64'));
    expect(info.pages[0]?.width).toBeCloseTo(419.53, 1);
    expect(text).toContain(`Receipt No. ${created.receipt_number}`);
    expect(text).toContain('CDN$34.67');

    const stored = (await get(`/api/pos/receipts/${created.receipt_id}`)).json<Receipt>();
    expect(stored.email).toBe('buyer@example.ca');
  });

  it('refuses a bad address with the spec messages, and an unknown receipt with 404', async () => {
    const created = await create();
    const before = await countRows(t.db, outbox);
    const send = (id: number | string, body: unknown) =>
      posCall(t, cashier, `/api/pos/receipts/${id}/send`, body);
    const invalid = await send(created.receipt_id, { email: 'nope' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields.email).toBe(POS_MESSAGES.emailInvalid);
    const empty = await send(created.receipt_id, { email: '' });
    expect(empty.json().error.fields.email).toBe(POS_MESSAGES.emailRequired);
    expect((await send(created.receipt_id, {})).json().error.fields.email).toBe(POS_MESSAGES.emailRequired);
    expect((await send(999_999, { email: 'a@example.ca' })).statusCode).toBe(404);
    expect((await send('x', { email: 'a@example.ca' })).statusCode).toBe(400);
    expect(await countRows(t.db, outbox)).toBe(before);
  });
});
