/**
 * Register shifts over HTTP: open, cash in and out, the counted close, the Z report (figures from
 * pos_sales and pos_sale_tenders rows written here directly, as the register's sales write them),
 * its PDF, who may read it, and the owner's list.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginRecord } from '../../../domain/auth.ts';
import { planTenders, type TenderInput } from '../../../domain/pos/register.ts';
import {
  type AdminShiftsPage,
  SHIFT_MESSAGES,
  type ShiftReport,
  type ShiftSummary,
} from '../../../domain/pos/shifts.ts';
import { countRows } from '../../db/database.ts';
import {
  cashMovements,
  posSales,
  posSaleTenders,
  products,
  registerShifts,
  settings,
  stock,
} from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.ts';
import { bearer, createTestApp, expectAdminOnly, logIn, signUp, type TestApp } from '../../test/app.ts';
import { parsePdf } from '../../test/pdf.ts';
import { stockedProducts } from '../orders/orders-test-kit.ts';
import {
  assignReader,
  FRONT_COUNTER,
  newCashier,
  posCall,
  processOn,
  refundOnScreen,
} from './pos-test-helpers.ts';

let t: TestApp;
let cashier: LoginRecord;
let admin: LoginRecord;
let client: LoginRecord;
beforeAll(async () => {
  t = await createTestApp();
  cashier = await logIn(t.app, DEMO_ACCOUNTS.pos.user_name, DEMO_ACCOUNTS.pos.password);
  admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
  client = await signUp(t.app);
});
afterAll(() => t.close());

function call(who: LoginRecord | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: who ? bearer(who) : {},
  });
}

async function openShift(who: LoginRecord, float: number): Promise<ShiftSummary> {
  const response = await call(who, 'POST', '/api/pos/shifts/open', { float });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ShiftSummary>();
}

async function current(who: LoginRecord): Promise<ShiftSummary> {
  const response = await call(who, 'GET', '/api/pos/shifts/current');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ShiftSummary>();
}

async function closeShift(who: LoginRecord, counted: number): Promise<ShiftReport> {
  const response = await call(who, 'POST', '/api/pos/shifts/close', { counted });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ShiftReport>();
}

let saleKeys = 0;

/**
 * A completed sale as the register writes it: its totals at a tax rate, its tenders planned by the
 * domain's planTenders (cash rounded to 5 cents, change), one pos_sales row and its tender rows.
 */
async function insertSale(
  shiftId: number | null,
  cashierId: number,
  sale: { subtotal: number; ratePpm: number; tenders: (total: number) => TenderInput[] },
) {
  const tax = Math.round((sale.subtotal * sale.ratePpm) / 1_000_000);
  const total = sale.subtotal + tax;
  const planned = planTenders(total, sale.tenders(total));
  if (!planned.ok) throw new Error(planned.message);
  const { plan } = planned;
  saleKeys += 1;
  const [row] = await t.db
    .insert(posSales)
    .values({
      cashierId,
      shiftId,
      idempotencyKey: `shift-test-${saleKeys}`,
      lines: [],
      addTax: true,
      taxRatePpm: sale.ratePpm,
      subtotal: sale.subtotal,
      tax,
      total,
      rounding: plan.rounding,
      paid: plan.paid,
      change: plan.change,
    })
    .returning({ id: posSales.id });
  if (!row) throw new Error('no sale');
  await t.db.insert(posSaleTenders).values(
    plan.tenders.map((tender) => ({
      saleId: row.id,
      type: tender.type,
      amount: tender.amount,
      tendered: tender.tendered,
      change: tender.change,
      paymentIntentId: tender.paymentIntentId,
      brand: tender.type === 'card' ? 'visa' : null,
      last4: tender.type === 'cash' ? null : '4242',
    })),
  );
  return { tax, total, ...plan };
}

const cash = (tendered: number): TenderInput => ({ type: 'cash', tendered });
let intents = 0;
function card(amount: number, type: 'card' | 'interac' = 'card'): TenderInput {
  intents += 1;
  return { type, amount, paymentIntentId: `pi_shift_test_${intents}` };
}

describe('who may call the shift routes', () => {
  const posCalls: ['GET' | 'POST', string, object?][] = [
    ['POST', '/api/pos/shifts/open', { float: 1000 }],
    ['GET', '/api/pos/shifts/current'],
    ['POST', '/api/pos/shifts/cash', { amount: 100, reason: 'Coins' }],
    ['POST', '/api/pos/shifts/close', { counted: 1000 }],
    ['GET', '/api/pos/shifts/1/report'],
    ['GET', '/api/pos/shifts/1/report.pdf'],
  ];

  it.each(posCalls)(
    '%s %s: 401 for a visitor, 403 for a client, and nothing written',
    async (method, url, body) => {
      expect((await call(null, method, url, body)).statusCode).toBe(401);
      const asClient = await call(client, method, url, body);
      expect(asClient.statusCode, asClient.body).toBe(403);
      expect(await countRows(t.db, registerShifts)).toBe(0);
    },
  );

  it('GET /api/admin/shifts is the owner’s only', async () => {
    await expectAdminOnly(t.app, { method: 'GET', url: '/api/admin/shifts' }, cashier);
  });
});

describe('opening and closing a shift', () => {
  let alex: LoginRecord;
  beforeAll(async () => {
    alex = await newCashier(t);
  });

  it('has no current shift before one is opened, and cash cannot move without one', async () => {
    const none = await call(alex, 'GET', '/api/pos/shifts/current');
    expect(none.statusCode).toBe(404);
    expect(none.json().error.code).toBe('no_open_shift');
    const cashIn = await call(alex, 'POST', '/api/pos/shifts/cash', { amount: 500, reason: 'Coins' });
    expect(cashIn.statusCode).toBe(409);
    expect(cashIn.json().error).toMatchObject({
      code: 'no_open_shift',
      message: expect.stringMatching(/open/i),
    });
    const close = await call(alex, 'POST', '/api/pos/shifts/close', { counted: 0 });
    expect(close.statusCode).toBe(409);
    expect(close.json().error.code).toBe('no_open_shift');
  });

  it('opens one shift at a time, with its float as the expected cash', async () => {
    const opened = await openShift(alex, 15_000);
    expect(opened).toMatchObject({
      cashierId: alex.client_id,
      status: 'open',
      closedAt: null,
      float: 15_000,
      cashSales: 0,
      cashRefunds: 0,
      cashMovements: 0,
      expectedCash: 15_000,
      counted: null,
      overShort: null,
      sales: 0,
      salesTotal: 0,
    });
    const again = await call(alex, 'POST', '/api/pos/shifts/open', { float: 100 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'shift_open',
      message: expect.stringMatching(/already/),
    });
    expect(await current(alex)).toEqual(opened);
  });

  it('refuses a bad float, counted or movement with a message per field, writing nothing', async () => {
    const bad: [string, object][] = [
      ['/api/pos/shifts/open', { float: -1 }],
      ['/api/pos/shifts/open', { float: 12.5 }],
      ['/api/pos/shifts/open', {}],
      ['/api/pos/shifts/close', { counted: 'lots' }],
      ['/api/pos/shifts/cash', { amount: 0, reason: 'Nothing' }],
      ['/api/pos/shifts/cash', { amount: 100, reason: '  ' }],
      ['/api/pos/shifts/cash', { amount: 100, reason: 'x'.repeat(201) }],
      ['/api/pos/shifts/cash', { amount: 100, reason: 'Coins', shiftId: 1 }],
    ];
    const shifts = await countRows(t.db, registerShifts);
    for (const [url, body] of bad) {
      const response = await call(alex, 'POST', url, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json().error.code).toBe('invalid_input');
    }
    expect(await countRows(t.db, registerShifts)).toBe(shifts);
    expect(await countRows(t.db, cashMovements)).toBe(0);
    expect((await current(alex)).status).toBe('open');
  });

  it('moves cash in and out, never more out than the drawer holds', async () => {
    const inAfter = await call(alex, 'POST', '/api/pos/shifts/cash', {
      amount: 2_500,
      reason: 'Rolls of coins',
    });
    expect(inAfter.statusCode, inAfter.body).toBe(200);
    expect(inAfter.json()).toMatchObject({ cashMovements: 2_500, expectedCash: 17_500 });
    const out = await call(alex, 'POST', '/api/pos/shifts/cash', { amount: -7_500, reason: 'Bank deposit' });
    expect(out.json()).toMatchObject({ cashMovements: -5_000, expectedCash: 10_000 });

    const tooMuch = await call(alex, 'POST', '/api/pos/shifts/cash', { amount: -10_001, reason: 'Deposit' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toMatchObject({
      code: 'not_enough_cash',
      message: 'The drawer holds only CDN$100.00: that is more than it can give.',
    });
    const all = await call(alex, 'POST', '/api/pos/shifts/cash', { amount: -10_000, reason: 'Deposit' });
    expect(all.json()).toMatchObject({ expectedCash: 0 });
    const rows = await t.db
      .select({ amount: cashMovements.amount, reason: cashMovements.reason, actorId: cashMovements.actorId })
      .from(cashMovements);
    expect(rows).toEqual([
      { amount: 2_500, reason: 'Rolls of coins', actorId: alex.client_id },
      { amount: -7_500, reason: 'Bank deposit', actorId: alex.client_id },
      { amount: -10_000, reason: 'Deposit', actorId: alex.client_id },
    ]);
  });

  it('closes with counted and over/short, and the next shift can open', async () => {
    await call(alex, 'POST', '/api/pos/shifts/cash', { amount: 5_000, reason: 'Float top-up' });
    const report = await closeShift(alex, 5_025);
    expect(report.final).toBe(true);
    expect(report.shift).toMatchObject({
      status: 'closed',
      expectedCash: 5_000,
      counted: 5_025,
      overShort: 25,
    });
    expect(report.shift.closedAt).not.toBeNull();
    const [stored] = await t.db.select().from(registerShifts).where(eq(registerShifts.id, report.shift.id));
    expect(stored).toMatchObject({ status: 'closed', expectedCash: 5_000, counted: 5_025 });

    expect((await call(alex, 'GET', '/api/pos/shifts/current')).statusCode).toBe(404);
    const again = await call(alex, 'POST', '/api/pos/shifts/close', { counted: 5_025 });
    expect(again.statusCode).toBe(409);
    const next = await openShift(alex, 5_000);
    expect(next.id).not.toBe(report.shift.id);
    const short = await closeShift(alex, 4_990);
    expect(short.shift).toMatchObject({ expectedCash: 5_000, counted: 4_990, overShort: -10 });
  });

  it('lets one of two opens at once through (the partial unique index)', async () => {
    const racer = await newCashier(t);
    const answers = await Promise.all(
      [1_000, 2_000, 3_000].map((float) => call(racer, 'POST', '/api/pos/shifts/open', { float })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const open = await t.db
      .select()
      .from(registerShifts)
      .where(and(eq(registerShifts.cashierId, racer.client_id), eq(registerShifts.status, 'open')));
    expect(open).toHaveLength(1);
    await closeShift(racer, open[0]?.float ?? 0);
  });

  it('lets two withdrawals at once take no more than the drawer holds', async () => {
    const racer = await newCashier(t);
    await openShift(racer, 1_000);
    const answers = await Promise.all(
      [0, 1].map(() => call(racer, 'POST', '/api/pos/shifts/cash', { amount: -700, reason: 'Deposit' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await current(racer)).expectedCash).toBe(300);
    await closeShift(racer, 300);
  });
});

describe('a reader payment taken for a sale the register never finished', () => {
  let sam: LoginRecord;
  beforeAll(async () => {
    sam = await newCashier(t);
    await assignReader(t, sam, FRONT_COUNTER);
  });

  async function pay(amount: number, forSale: boolean, interac = false): Promise<string> {
    const created = await posCall(t, sam, '/api/pos/create_payment_intent', {
      amount: String(amount),
      ...(forSale ? { forSale } : {}),
    });
    expect(created.statusCode, created.body).toBe(200);
    const paymentIntentId = created.json<{ id: string }>().id;
    expect((await processOn(t, sam, FRONT_COUNTER, paymentIntentId)).statusCode).toBe(200);
    const simulate = interac ? '/api/pos/simulate_interac_payment' : '/api/pos/simulate_payment';
    const presented = await posCall(t, sam, simulate, {}, { reader_id: FRONT_COUNTER });
    expect(presented.statusCode, presented.body).toBe(200);
    // The processor's webhook records every reader payment as the cashier's POS payment.
    await t.app.sandboxEvents?.idle();
    return paymentIntentId;
  }

  async function refund(paymentIntentId: string, amount: number): Promise<void> {
    await refundOnScreen(t, sam, paymentIntentId, amount);
    await t.app.sandboxEvents?.idle();
  }

  const close = () => call(sam, 'POST', '/api/pos/shifts/close', { counted: 0 });

  it('keeps the shift from closing until it is refunded in full; a sale’s own payment and a POS payment do not', async () => {
    const shift = await openShift(sam, 0);
    const sold = await pay(1_130, true);
    await insertSale(shift.id, sam.client_id, {
      subtotal: 1_000,
      ratePpm: 130_000,
      tenders: () => [{ type: 'card', amount: 1_130, paymentIntentId: sold }],
    });
    // The POS Payment page's payment is a sale of its own; an Interac one is refunded on the reader,
    // which the shop records only as a return's, so it does not hold the shift either.
    await pay(2_000, false);
    await pay(2_500, true, true);
    const lost = await pay(3_000, true);

    const refused = await close();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'sale_payment_unfinished',
      message: SHIFT_MESSAGES.salePaymentUnfinished('CDN$30.00'),
    });
    await refund(lost, 1_000);
    expect((await close()).statusCode).toBe(409);
    await refund(lost, 2_000);
    const closed = await close();
    expect(closed.statusCode, closed.body).toBe(200);
  });

  it('does not count a payment the register gave back itself, its sale short of stock', async () => {
    await openShift(sam, 0);
    const [item] = await stockedProducts(t.db, 1);
    if (!item) throw new Error('no product');
    await t.db.update(products).set({ pricing: 1_000, priceDiscount: 0 }).where(eq(products.id, item.id));
    await t.db.update(stock).set({ instock: 0 }).where(eq(stock.productId, item.id));
    const paymentIntentId = await pay(1_130, true);
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/pos/sales',
      headers: { ...bearer(sam), 'idempotency-key': 'shift-test-short-sale' },
      payload: {
        lines: [{ productId: item.id, size_id: null, packageId: null, quantity: 1 }],
        addTax: true,
        tenders: [{ type: 'card', amount: 1_130, paymentIntentId }],
      },
    });
    expect(short.statusCode, short.body).toBe(409);
    expect(short.json().error.code).toBe('not_enough_stock');
    await t.app.sandboxEvents?.idle();
    const closed = await close();
    expect(closed.statusCode, closed.body).toBe(200);
  });
});

describe('the Z report (store in British Columbia: GST 5% + PST 7%)', () => {
  const BC_PPM = 120_000;
  let shift: ShiftSummary;
  let other: LoginRecord;
  let othersShift: ShiftSummary;
  let report: ShiftReport;

  beforeAll(async () => {
    await t.db
      .insert(settings)
      .values({ key: 'store_province', value: 'BC' })
      .onConflictDoUpdate({ target: settings.key, set: { value: 'BC' } });
    other = await newCashier(t);
    shift = await openShift(cashier, 20_000);
    othersShift = await openShift(other, 10_000);

    // Cash only: 19.99 + 2.40 tax = 22.39, 22.40 in cash (+1), 50.00 tendered, 27.60 change.
    await insertSale(shift.id, cashier.client_id, {
      subtotal: 1_999,
      ratePpm: BC_PPM,
      tenders: () => [cash(5_000)],
    });
    // Split: 45.53 + 5.46 = 50.99; 30.00 by card, 20.99 due in cash is 21.00 (+1), 21.00 tendered.
    await insertSale(shift.id, cashier.client_id, {
      subtotal: 4_553,
      ratePpm: BC_PPM,
      tenders: () => [card(3_000), cash(2_100)],
    });
    // Interac: 10.00 + 1.20 = 11.20, never rounded.
    await insertSale(shift.id, cashier.client_id, {
      subtotal: 1_000,
      ratePpm: BC_PPM,
      tenders: (total) => [card(total, 'interac')],
    });
    // Not this shift's: another cashier's shift, and a card sale outside any shift.
    await insertSale(othersShift.id, other.client_id, {
      subtotal: 800,
      ratePpm: BC_PPM,
      tenders: () => [cash(1_000)],
    });
    await insertSale(null, cashier.client_id, {
      subtotal: 700,
      ratePpm: BC_PPM,
      tenders: (total) => [card(total)],
    });

    await call(cashier, 'POST', '/api/pos/shifts/cash', { amount: 1_000, reason: 'Coins from the bank' });
    await call(cashier, 'POST', '/api/pos/shifts/cash', { amount: -500, reason: 'Window cleaner paid' });
  });

  it('keeps the running figures of the open shift', async () => {
    expect(await current(cashier)).toMatchObject({
      id: shift.id,
      cashier: 'Alex Martin',
      float: 20_000,
      cashSales: 2_240 + 2_100,
      cashMovements: 500,
      expectedCash: 20_000 + 4_340 + 500,
      sales: 3,
      salesTotal: 2_239 + 5_099 + 1_120,
    });
    const running = await call(cashier, 'GET', `/api/pos/shifts/${shift.id}/report`);
    expect(running.statusCode, running.body).toBe(200);
    expect(running.json<ShiftReport>()).toMatchObject({
      final: false,
      shift: { status: 'open', counted: null },
    });
  });

  it('adds up to the shift’s sales, tenders, rounding and tax at the close', async () => {
    report = await closeShift(cashier, 24_800);
    expect(report.sales).toEqual({
      count: 3,
      subtotal: 1_999 + 4_553 + 1_000,
      tax: 240 + 546 + 120,
      total: 2_239 + 5_099 + 1_120,
      rounding: 2,
      paid: 2_240 + 5_100 + 1_120,
    });
    expect(report.tenders).toEqual([
      { type: 'cash', count: 2, amount: 4_340 },
      { type: 'card', count: 1, amount: 3_000 },
      { type: 'interac', count: 1, amount: 1_120 },
    ]);
    const byTenders = report.tenders.reduce((sum, tender) => sum + tender.amount, 0);
    expect(byTenders).toBe(report.sales.paid);
    expect(report.sales.total + report.sales.rounding).toBe(report.sales.paid);
    expect(report.shift).toMatchObject({
      status: 'closed',
      float: 20_000,
      cashSales: 4_340,
      cashRefunds: 0,
      cashMovements: 500,
      expectedCash: 24_840,
      counted: 24_800,
      overShort: -40,
    });
  });

  it('splits the tax over the province’s components, the last taking the rounding', () => {
    // 906 x 5/12 = 377.5 -> 378 GST; PST takes the 528 left.
    expect(report.tax).toMatchObject({
      province: 'BC',
      total: 906,
      components: [
        { name: 'GST', ratePpm: 50_000, amount: 378 },
        { name: 'PST', ratePpm: 70_000, amount: 528 },
      ],
    });
    expect(report.tax.components.reduce((sum, part) => sum + part.amount, 0)).toBe(report.sales.tax);
  });

  it('lists the cashier, the movements, and no returns', () => {
    expect(report.cashiers).toEqual([
      {
        cashierId: cashier.client_id,
        cashier: 'Alex Martin',
        sales: 3,
        subtotal: report.sales.subtotal,
        tax: report.sales.tax,
        total: report.sales.total,
        rounding: 2,
        tenders: report.tenders,
        returns: 0,
        refunded: 0,
      },
    ]);
    expect(report.movements.map(({ amount, reason, actor }) => ({ amount, reason, actor }))).toEqual([
      { amount: 1_000, reason: 'Coins from the bank', actor: 'Alex Martin' },
      { amount: -500, reason: 'Window cleaner paid', actor: 'Alex Martin' },
    ]);
    expect(report.refunds).toMatchObject({ count: 0, amount: 0, tax: 0, cash: 0 });
  });

  it('is the same when read again, its cashier’s or the owner’s; another cashier gets 404', async () => {
    const again = await call(cashier, 'GET', `/api/pos/shifts/${shift.id}/report`);
    expect(again.json()).toEqual(report);
    const asAdmin = await call(admin, 'GET', `/api/pos/shifts/${shift.id}/report`);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual(report);
    for (const url of [`/api/pos/shifts/${shift.id}/report`, `/api/pos/shifts/${shift.id}/report.pdf`]) {
      const asOther = await call(other, 'GET', url);
      expect(asOther.statusCode, url).toBe(404);
      expect(asOther.json().error.code).toBe('not_found');
    }
    expect((await call(cashier, 'GET', `/api/pos/shifts/${othersShift.id}/report`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', '/api/pos/shifts/999999/report')).statusCode).toBe(404);
    expect((await call(cashier, 'GET', '/api/pos/shifts/abc/report')).statusCode).toBe(400);
  });

  it('prints the report as a PDF', async () => {
    const response = await call(cashier, 'GET', `/api/pos/shifts/${shift.id}/report.pdf`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const { text } = await parsePdf(response.rawPayload);
    for (const expected of [
      'Z REPORT',
      `Shift No. ${shift.id}`,
      'Cashier: Alex Martin',
      'Number of sales',
      'CDN$84.58',
      'Cash rounding',
      'Interac',
      'CDN$11.20',
      'GST',
      'CDN$3.78',
      'PST',
      'CDN$5.28',
      'RETURNS AT THE COUNTER',
      'Coins from the bank',
      '-CDN$5.00',
      'Expected cash',
      'CDN$248.40',
      'CDN$248.00',
      'Short',
      '-CDN$0.40',
      'GST/HST Registration No.',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('shows the owner every shift newest first with its figures, 50 a page', async () => {
    const response = await call(admin, 'GET', '/api/admin/shifts');
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<AdminShiftsPage>();
    expect(page).toMatchObject({ page: 1, pageSize: 50, total: await countRows(t.db, registerShifts) });
    const opened = page.shifts.map((row) => row.openedAt);
    expect(opened).toEqual([...opened].sort().reverse());
    expect(page.shifts.find((row) => row.id === shift.id)).toEqual(report.shift);
    expect(page.shifts.find((row) => row.id === othersShift.id)).toMatchObject({
      cashierId: other.client_id,
      status: 'open',
      // 8.00 + 0.96 = 8.96, 8.95 in cash.
      cashSales: 895,
      expectedCash: 10_895,
      sales: 1,
    });

    const past = await call(admin, 'GET', '/api/admin/shifts?from=2020-01-01&to=2020-01-31');
    expect(past.json()).toMatchObject({ shifts: [], total: 0 });
    const secondPage = await call(admin, 'GET', '/api/admin/shifts?page=2');
    expect(secondPage.json()).toMatchObject({ shifts: [], page: 2 });
    const bad = await call(admin, 'GET', '/api/admin/shifts?from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.from).toBe('From must be a date as YYYY-MM-DD.');
  });
});
