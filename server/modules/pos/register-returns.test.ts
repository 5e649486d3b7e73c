import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginRecord } from '../../../domain/auth.ts';
import { calendarDayOf, DEFAULT_STORE_TIME_ZONE } from '../../../domain/dates.ts';
import type { PosReader } from '../../../domain/pos/readers.ts';
import type { Receipt } from '../../../domain/pos/receipts.ts';
import type { Sale, SaleRequest } from '../../../domain/pos/register.ts';
import type { SaleReturn } from '../../../domain/pos/returns.ts';
import type { DayReport, ShiftReport, ShiftSummary } from '../../../domain/pos/shifts.ts';
import { countRows } from '../../db/database.ts';
import {
  outbox,
  outsideRefunds,
  posReturns,
  posSales,
  products,
  sandboxCharges,
  stock,
} from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.ts';
import { bearer, createTestApp, logIn, stockOf, type TestApp } from '../../test/app.ts';
import { parsePdf } from '../../test/pdf.ts';
import {
  assignReader,
  FRONT_COUNTER,
  newCashier,
  payOnReader,
  posCall,
  refundOnScreen,
} from './pos-test-helpers.ts';

let t: TestApp;
let cashier: LoginRecord;
let shift: ShiftSummary;
/** A product without sizes, priced 10.00 (11.30 with Ontario's 13% HST). */
let item: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  cashier = await newCashier(t);
  await assignReader(t, cashier, FRONT_COUNTER);
  shift = (await posCall(t, cashier, '/api/pos/shifts/open', { float: 10_000 })).json<ShiftSummary>();
  const [row] = await t.db
    .select({ id: products.id })
    .from(products)
    .innerJoin(stock, eq(stock.productId, products.id))
    .where(and(isNull(products.sizeTypeId), eq(products.active, true)))
    .limit(1);
  if (!row) throw new Error('the demo data has no product without sizes');
  item = row;
  await t.db.update(products).set({ pricing: 1000, priceDiscount: 0 }).where(eq(products.id, item.id));
  await t.db.update(stock).set({ instock: 100 }).where(eq(stock.productId, item.id));
});
afterAll(() => t.close());

const lines = (quantity: number) => [{ productId: item.id, size_id: null, packageId: null, quantity }];

async function sell(sale: Omit<SaleRequest, 'addTax'>): Promise<Sale> {
  const response = await posCall(
    t,
    cashier,
    '/api/pos/sales',
    { addTax: true, ...sale },
    {
      'idempotency-key': randomUUID(),
    },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Sale>();
}

function giveBack(saleId: number, body: object, key: string = randomUUID(), who = cashier) {
  return posCall(t, who, `/api/pos/sales/${saleId}/returns`, body, { 'idempotency-key': key });
}

async function returned(saleId: number, body: object): Promise<{ return: SaleReturn; sale: Sale }> {
  const response = await giveBack(saleId, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function receiptOf(id: number): Promise<Receipt> {
  return (await t.app.inject({ url: `/api/pos/receipts/${id}`, headers: bearer(cashier) })).json<Receipt>();
}

/** The sandbox processor's charge of a payment: what it says was refunded. */
async function chargeOf(paymentIntentId: string) {
  const [charge] = await t.db
    .select({ amountRefunded: sandboxCharges.amountRefunded, amount: sandboxCharges.amount })
    .from(sandboxCharges)
    .where(eq(sandboxCharges.paymentIntentId, paymentIntentId));
  return charge;
}

describe('finding a sale by its receipt', () => {
  it('answers the sale of a register receipt, and says why not for others', async () => {
    const sale = await sell({ lines: lines(1), tenders: [{ type: 'cash', tendered: 2000 }] });
    const found = await t.app.inject({
      url: `/api/pos/sales/by-receipt/${sale.receipt.receipt_number}`,
      headers: bearer(cashier),
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<Sale>()).toMatchObject({ id: sale.id, lines: [{ quantity: 1, returned: 0 }] });

    const manual = await posCall(t, cashier, '/api/pos/receipts', {
      lines: [{ product_name: 'Novelty Socks', amount: 500 }],
    });
    const notASale = await t.app.inject({
      url: `/api/pos/sales/by-receipt/${manual.json().receipt_number}`,
      headers: bearer(cashier),
    });
    expect(notASale.statusCode).toBe(409);
    expect(notASale.json().error).toMatchObject({ code: 'not_a_register_sale' });
    const unknown = await t.app.inject({ url: '/api/pos/sales/by-receipt/999999', headers: bearer(cashier) });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('a return of a cash sale', () => {
  it('gives the cash back from the drawer (5-cent rounding), restocks, makes a refund receipt', async () => {
    // 2 x 10.00 + 2.60 HST = 22.60, paid 22.60 in cash.
    const sale = await sell({ lines: lines(2), tenders: [{ type: 'cash', tendered: 3000 }] });
    const stockBefore = await stockOf(t.db, item.id);
    const drawerBefore = (
      await t.app.inject({ url: '/api/pos/shifts/current', headers: bearer(cashier) })
    ).json<ShiftSummary>().expectedCash;

    const first = await returned(sale.id, { lines: [{ line: 0, quantity: 1 }], email: 'robin@example.ca' });
    // 10.00 + 1.30 = 11.30 in cash, already a multiple of 5 cents.
    expect(first.return).toMatchObject({
      status: 'succeeded',
      subtotal: 1000,
      tax: 130,
      total: 1130,
      refunded: 1130,
      restock: true,
      tenders: [{ type: 'cash', amount: 1130, refundId: null }],
      lines: [{ line: 0, quantity: 1, amount: 1000, tax: 130 }],
    });
    expect(first.sale.lines[0]).toMatchObject({ quantity: 2, returned: 1 });
    expect(first.sale.tenders[0]).toMatchObject({ type: 'cash', refunded: 1130 });
    expect(await stockOf(t.db, item.id)).toBe(stockBefore + 1);
    const drawer = (
      await t.app.inject({ url: '/api/pos/shifts/current', headers: bearer(cashier) })
    ).json<ShiftSummary>();
    expect(drawer.expectedCash).toBe(drawerBefore - 1130);

    const receiptId = first.return.receipt?.receipt_id ?? 0;
    const receipt = await receiptOf(receiptId);
    expect(receipt).toMatchObject({
      kind: 'refund',
      refundOf: sale.receipt.receipt_number,
      total: 1130,
      tenders: [{ type: 'cash', amount: 1130 }],
    });
    const pdf = await t.app.inject({ url: `/api/pos/receipts/${receiptId}/pdf`, headers: bearer(cashier) });
    const { text } = await parsePdf(pdf.rawPayload);
    expect(text).toContain('REFUND');
    expect(text).toContain(`Refund of receipt No. ${sale.receipt.receipt_number}`);
    expect(text).toContain('REFUNDED');
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, 'robin@example.ca'));
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringContaining(`Receipt ${first.return.receipt?.receipt_number}`),
    ]);

    // The second pair: its tax is what is left of the line's (2.60 - 1.30).
    const second = await returned(sale.id, { lines: [{ line: 0, quantity: 1 }], restock: false });
    expect(second.return).toMatchObject({ total: 1130, refunded: 1130, restock: false });
    expect(await stockOf(t.db, item.id)).toBe(stockBefore + 1);
    expect(second.sale.tenders[0]).toMatchObject({ refunded: 2260 });

    const again = await giveBack(sale.id, { lines: [{ line: 0, quantity: 1 }] });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toContain('has been returned already');
  });

  it('never gives back more cash than was paid when the rounding went the other way', async () => {
    // 3 x 10.01 = 30.03 + 3.90 tax = 33.93 -> 33.95 in cash; each pair's return is 11.31 -> 11.30,
    // and the last one takes what is left (11.35): 33.95 in all, what was paid.
    await t.db.update(products).set({ pricing: 1001 }).where(eq(products.id, item.id));
    const sale = await sell({ lines: lines(3), tenders: [{ type: 'cash', tendered: 5000 }] });
    await t.db.update(products).set({ pricing: 1000 }).where(eq(products.id, item.id));
    expect(sale).toMatchObject({ total: 3393, paid: 3395 });
    const refunds: number[] = [];
    for (let pair = 0; pair < 3; pair += 1) {
      refunds.push((await returned(sale.id, { lines: [{ line: 0, quantity: 1 }] })).return.refunded);
    }
    expect(refunds).toEqual([1130, 1130, 1135]);
    expect(refunds.every((amount) => amount % 5 === 0)).toBe(true);
  });

  it('takes the last item back when the earlier returns were rounded up, giving back what was paid', async () => {
    // 2 x 12.99 = 25.98 + 3.38 tax = 29.36 -> 29.35 in cash; the first pair's 14.68 -> 14.70, and the
    // second's 14.68 gets the 14.65 left.
    await t.db.update(products).set({ pricing: 1299 }).where(eq(products.id, item.id));
    const sale = await sell({ lines: lines(2), tenders: [{ type: 'cash', tendered: 3000 }] });
    await t.db.update(products).set({ pricing: 1000 }).where(eq(products.id, item.id));
    expect(sale).toMatchObject({ total: 2936, paid: 2935 });
    const first = await returned(sale.id, { lines: [{ line: 0, quantity: 1 }] });
    expect(first.return).toMatchObject({ total: 1468, refunded: 1470 });
    const last = await returned(sale.id, { lines: [{ line: 0, quantity: 1 }] });
    expect(last.return).toMatchObject({ total: 1468, refunded: 1465, rounding: -3 });
    expect(last.sale.tenders[0]).toMatchObject({ amount: 2935, refunded: 2935 });
  });

  it('refuses a cash return without an open shift, writing nothing', async () => {
    const other = await newCashier(t);
    const sale = await sell({ lines: lines(1), tenders: [{ type: 'cash', tendered: 2000 }] });
    const before = await countRows(t.db, posReturns);
    const refused = await giveBack(sale.id, { lines: [{ line: 0, quantity: 1 }] }, randomUUID(), other);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'no_open_shift' });
    expect(await countRows(t.db, posReturns)).toBe(before);
  });

  it('is one return for one Idempotency-Key, and refuses the key for another return', async () => {
    const sale = await sell({ lines: lines(2), tenders: [{ type: 'cash', tendered: 3000 }] });
    const key = randomUUID();
    const once = await giveBack(sale.id, { lines: [{ line: 0, quantity: 1 }] }, key);
    const twice = await giveBack(sale.id, { lines: [{ line: 0, quantity: 1 }] }, key);
    expect(twice.statusCode, twice.body).toBe(200);
    expect(twice.json().return.id).toBe(once.json().return.id);
    expect(twice.json().sale.lines[0].returned).toBe(1);
    const other = await giveBack(sale.id, { lines: [{ line: 0, quantity: 2 }] }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('idempotency_key_reused');
  });

  it('answers one return to the same key sent twice at once (a double click)', async () => {
    const sale = await sell({ lines: lines(1), tenders: [{ type: 'cash', tendered: 2000 }] });
    const key = randomUUID();
    const before = await countRows(t.db, posReturns);
    const both = await Promise.all([
      giveBack(sale.id, { lines: [{ line: 0, quantity: 1 }] }, key),
      giveBack(sale.id, { lines: [{ line: 0, quantity: 1 }] }, key),
    ]);
    for (const response of both) expect(response.statusCode, response.body).toBe(200);
    const [first, second] = both.map((response) => response.json<{ return: SaleReturn }>().return);
    expect(second?.id).toBe(first?.id);
    expect(await countRows(t.db, posReturns)).toBe(before + 1);
  });

  it('lets one of two returns of the last item at once through', async () => {
    const sale = await sell({ lines: lines(1), tenders: [{ type: 'cash', tendered: 2000 }] });
    const both = await Promise.all([
      giveBack(sale.id, { lines: [{ line: 0, quantity: 1 }] }),
      giveBack(sale.id, { lines: [{ line: 0, quantity: 1 }] }),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    const refused = both.find((response) => response.statusCode === 400);
    expect(refused?.json().error.fields.lines).toMatch(/has been returned already/);
    const made = await t.db.select().from(posReturns).where(eq(posReturns.saleId, sale.id));
    expect(made).toHaveLength(1);
  });

  it('refuses lines the sale does not have, and bad input, with a message', async () => {
    const sale = await sell({ lines: lines(1), tenders: [{ type: 'cash', tendered: 2000 }] });
    const noLine = await giveBack(sale.id, { lines: [{ line: 3, quantity: 1 }] });
    expect(noLine.statusCode).toBe(400);
    expect(noLine.json().error.message).toBe('This sale has no such line.');
    const empty = await giveBack(sale.id, { lines: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.lines).toBe('Choose at least one item to return.');
    const noKey = await posCall(t, cashier, `/api/pos/sales/${sale.id}/returns`, {
      lines: [{ line: 0, quantity: 1 }],
    });
    expect(noKey.statusCode).toBe(400);
    const unknown = await giveBack(999_999, { lines: [{ line: 0, quantity: 1 }] });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('a return of a card sale', () => {
  it('refunds the card online, once, and names it on the refund receipt', async () => {
    const paid = await payOnReader(t, cashier, FRONT_COUNTER, 2260);
    const sale = await sell({
      lines: lines(2),
      tenders: [{ type: 'card', amount: 2260, paymentIntentId: paid.paymentIntentId }],
    });
    expect(sale.tenders[0]?.authorizationCode).toMatch(/^[A-Z0-9]{6}$/);
    const key = randomUUID();
    const response = await giveBack(sale.id, { lines: [{ line: 0, quantity: 1 }] }, key);
    expect(response.statusCode, response.body).toBe(200);
    const made = response.json<{ return: SaleReturn }>().return;
    expect(made.tenders).toEqual([{ type: 'card', amount: 1130, refundId: expect.stringMatching(/^re_/) }]);
    await giveBack(sale.id, { lines: [{ line: 0, quantity: 1 }] }, key);
    expect(await chargeOf(paid.paymentIntentId)).toMatchObject({ amountRefunded: 1130 });
    const receipt = await receiptOf(made.receipt?.receipt_id ?? 0);
    expect(receipt.tenders).toEqual([
      expect.objectContaining({ type: 'card', amount: 1130, brand: 'visa', last4: '4242' }),
    ]);
  });

  it('refunds a split sale to the card first, then the rest in cash', async () => {
    // 3 x 11.30 = 33.90: 20.00 by card, 13.90 in cash.
    const paid = await payOnReader(t, cashier, FRONT_COUNTER, 2000);
    const sale = await sell({
      lines: lines(3),
      tenders: [
        { type: 'card', amount: 2000, paymentIntentId: paid.paymentIntentId },
        { type: 'cash', tendered: 1390 },
      ],
    });
    const all = await returned(sale.id, { lines: [{ line: 0, quantity: 3 }] });
    expect(all.return.tenders).toEqual([
      { type: 'card', amount: 2000, refundId: expect.stringMatching(/^re_/) },
      { type: 'cash', amount: 1390, refundId: null },
    ]);
    expect(all.return.refunded).toBe(3390);
    expect(await chargeOf(paid.paymentIntentId)).toMatchObject({ amountRefunded: 2000, amount: 2000 });
  });
});

describe('a return of an Interac sale', () => {
  it('needs the Interac refund made on the reader first, for its amount, and uses it once, whatever the reader did since', async () => {
    const paid = await payOnReader(t, cashier, FRONT_COUNTER, 1130, { interac: true });
    const sale = await sell({
      lines: lines(1),
      tenders: [{ type: 'interac', amount: 1130, paymentIntentId: paid.paymentIntentId }],
    });
    const asked = { lines: [{ line: 0, quantity: 1 }] };
    const first = await giveBack(sale.id, asked);
    expect(first.statusCode).toBe(409);
    expect(first.json().error).toMatchObject({ code: 'interac_refund_needed' });
    expect(first.json().error.message).toContain('CDN$11.30');

    const onReader = await posCall(
      t,
      cashier,
      '/api/pos/refund-interac',
      { paymentIntentId: paid.paymentIntentId, amount: 1130, forReturn: true },
      { reader_id: FRONT_COUNTER, 'idempotency-key': randomUUID() },
    );
    expect(onReader.statusCode, onReader.body).toBe(200);
    await posCall(t, cashier, '/api/pos/simulate_interac_payment', {}, { reader_id: FRONT_COUNTER });
    const reader = (
      await posCall(t, cashier, '/api/pos/get_reader', undefined, { reader_id: FRONT_COUNTER })
    ).json<PosReader>();
    const refundId = reader.action?.refund_payment?.refund ?? '';
    expect(refundId).toMatch(/^re_/);

    const wrong = await giveBack(sale.id, { ...asked, interacRefundId: 're_not_this_one' });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error.code).toBe('interac_refund_mismatch');

    // The reader takes another payment before the return is recorded: the refund is still its own.
    await payOnReader(t, cashier, FRONT_COUNTER, 700);
    const done = await giveBack(sale.id, { ...asked, interacRefundId: refundId });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().return.tenders).toEqual([{ type: 'interac', amount: 1130, refundId }]);
    const receipt = await receiptOf(done.json().return.receipt.receipt_id);
    expect(receipt.tenders).toEqual([expect.objectContaining({ type: 'interac', amount: 1130 })]);
  });
});

describe('a refund of a sale’s card on the refund screen, without a return', () => {
  it('is recorded with its cashier and their shift; one of a payment no sale names is too', async () => {
    const paid = await payOnReader(t, cashier, FRONT_COUNTER, 2260);
    const sale = await sell({
      lines: lines(2),
      tenders: [{ type: 'card', amount: 2260, paymentIntentId: paid.paymentIntentId }],
    });
    const alone = await payOnReader(t, cashier, FRONT_COUNTER, 900);
    const screenRefunds = {
      ofSale: await refundOnScreen(t, cashier, paid.paymentIntentId, 500),
      ofPayment: await refundOnScreen(t, cashier, alone.paymentIntentId, 300),
    };
    const recorded = await t.db
      .select({
        refundId: outsideRefunds.refundId,
        cashierId: outsideRefunds.cashierId,
        shiftId: outsideRefunds.shiftId,
      })
      .from(outsideRefunds)
      .where(inArray(outsideRefunds.refundId, Object.values(screenRefunds)));
    expect(recorded).toHaveLength(2);
    for (const row of recorded)
      expect(row).toMatchObject({ cashierId: cashier.client_id, shiftId: shift.id });
    const after = await t.app.inject({
      url: `/api/pos/sales/by-receipt/${sale.receipt.receipt_number}`,
      headers: bearer(cashier),
    });
    expect(after.json<Sale>().tenders[0]).toMatchObject({ refunded: 0, refundedOutside: 500 });
  });
});

describe('the Z report with returns', () => {
  it('adds up to the shift’s sales less its refunds, by tender, tax and cashier', async () => {
    const closed = await posCall(t, cashier, '/api/pos/shifts/close', { counted: 0 });
    expect(closed.statusCode, closed.body).toBe(200);
    const report = closed.json<ShiftReport>();
    const made = await t.db
      .select()
      .from(posReturns)
      .where(and(eq(posReturns.shiftId, shift.id), eq(posReturns.status, 'succeeded')));
    const refunded = made.reduce((sum, row) => sum + row.refunded, 0);
    const refundedTax = made.reduce((sum, row) => sum + row.tax, 0);
    expect(report.refunds.count).toBe(made.length);
    expect(report.refunds.amount).toBe(refunded);
    expect(report.refunds.tenders.reduce((sum, tender) => sum + tender.amount, 0)).toBe(refunded);
    expect(report.refunds.tenders.find((tender) => tender.type === 'cash')?.amount).toBe(report.refunds.cash);
    expect(report.tax.total).toBe(report.sales.tax - refundedTax);
    expect(report.tax.components.reduce((sum, part) => sum + part.amount, 0)).toBe(report.tax.total);
    expect(report.shift.expectedCash).toBe(
      report.shift.float + report.shift.cashSales - report.shift.cashRefunds + report.shift.cashMovements,
    );
    expect(report.shift.cashRefunds).toBe(report.refunds.cash);
    expect(report.cashiers).toEqual([
      expect.objectContaining({ cashierId: cashier.client_id, returns: made.length, refunded }),
    ]);
    // The sale's card refund on the refund screen, apart from the returns; not the payment's.
    expect(report.cardRefunds).toEqual({ count: 1, amount: 500 });
    const pdf = await t.app.inject({
      url: `/api/pos/shifts/${shift.id}/report.pdf`,
      headers: bearer(cashier),
    });
    const { text } = await parsePdf(pdf.rawPayload);
    expect(text).toContain('RETURNS AT THE COUNTER');
    expect(text).toContain('All returns');
    expect(text).toContain('CARD REFUNDS WITHOUT A RETURN');
  });
});

describe('the day report', () => {
  it('adds up every sale and return of the store day, across cashiers and shifts', async () => {
    const admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
    const day = calendarDayOf(new Date(), DEFAULT_STORE_TIME_ZONE);
    const response = await t.app.inject({ url: `/api/admin/day-report?day=${day}`, headers: bearer(admin) });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<DayReport>();
    const sales = await t.db.select().from(posSales);
    const made = await t.db.select().from(posReturns).where(eq(posReturns.status, 'succeeded'));
    expect(report.sales.count).toBe(sales.length);
    expect(report.sales.total).toBe(sales.reduce((sum, sale) => sum + sale.total, 0));
    expect(report.tenders.reduce((sum, tender) => sum + tender.amount, 0)).toBe(report.sales.paid);
    expect(report.refunds.amount).toBe(made.reduce((sum, row) => sum + row.refunded, 0));
    expect(report.tax.total).toBe(report.sales.tax - made.reduce((sum, row) => sum + row.tax, 0));
    expect(report.cashiers.reduce((sum, row) => sum + row.sales, 0)).toBe(sales.length);
    expect(report.shifts.map((row) => row.id)).toEqual([shift.id]);
    expect(report.cardRefunds).toEqual({ count: 1, amount: 500 });

    const pdf = await t.app.inject({ url: `/api/admin/day-report.pdf?day=${day}`, headers: bearer(admin) });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await parsePdf(pdf.rawPayload);
    expect(text).toContain('DAY REPORT');
    expect(text).toContain('SHIFTS OPENED THAT DAY');

    const quiet = await t.app.inject({ url: '/api/admin/day-report?day=2020-01-01', headers: bearer(admin) });
    expect(quiet.json<DayReport>()).toMatchObject({
      sales: { count: 0 },
      refunds: { count: 0 },
      cardRefunds: { count: 0, amount: 0 },
      shifts: [],
    });
    const cashierAsks = await t.app.inject({
      url: `/api/admin/day-report?day=${day}`,
      headers: bearer(cashier),
    });
    expect(cashierAsks.statusCode).toBe(403);
    const bad = await t.app.inject({ url: '/api/admin/day-report?day=today', headers: bearer(admin) });
    expect(bad.statusCode).toBe(400);
  });
});
