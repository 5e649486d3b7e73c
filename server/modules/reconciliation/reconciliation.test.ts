/**
 * The daily reconciliation against the sandbox: a day of web orders matches; differences planted
 * on purpose (money taken in the processor's dashboard, an order's amount changed, a POS payment
 * the processor never had, a refund made outside the shop, a refund recorded but never made, a
 * dispute the order does not show) are each listed; reports are stored; the nightly job runs once.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Difference, ReconciliationReport } from '../../../domain/admin/reconciliation.ts';
import {
  calendarDayOf,
  DEFAULT_STORE_TIME_ZONE,
  nextCalendarDay,
  startOfDay,
} from '../../../domain/dates.ts';
import { taxOn } from '../../../domain/money.ts';
import {
  orderRefunds,
  orders,
  outbox,
  posPayments,
  reconciliationReports,
  settings,
  stock,
} from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.ts';
import type { Clock } from '../../lib/clock.ts';
import { createSandboxGateway } from '../../providers/payments/sandbox/index.ts';
import { CARD_EXPIRY_YEAR, createTestApp, expectAdminOnly, logIn, type TestApp } from '../../test/app.ts';
import { placeWebOrder, readyToPay, sandboxCard, stockedProducts } from '../orders/orders-test-kit.ts';
import { assignReader, FRONT_COUNTER, newCashier, payOnReader } from '../pos/pos-test-helpers.ts';
import { storeTaxRatePpm } from '../settings/settings.service.ts';

const DISPUTED_CARD = '4000000000000259';

let t: TestApp;
let now = new Date();
const clock: Clock = { now: () => now };
let admin: { authorization: string };
let products: { id: number }[];
const today = () => calendarDayOf(now, DEFAULT_STORE_TIME_ZONE);

beforeAll(async () => {
  t = await createTestApp({ clock });
  products = await stockedProducts(t.db, 3);
  const owner = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
  admin = { authorization: `Bearer ${owner.token}` };
});
afterAll(() => t.close());

async function run(day: string): Promise<ReconciliationReport> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/admin/reconciliation/${day}`,
    headers: admin,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReconciliationReport>();
}

function kinds(report: ReconciliationReport): Difference['kind'][] {
  return report.differences.map((difference) => difference.kind).sort();
}

/** The processor's dashboard: the same sandbox, without the shop (no webhook, no record). */
function dashboard() {
  return createSandboxGateway(t.db, clock);
}

describe('the daily reconciliation', () => {
  it('matches a day of web orders, then lists each difference planted on purpose', async () => {
    const first = await placeWebOrder(t.app, [{ productId: products[0]!.id, quantity: 1 }]);
    const second = await placeWebOrder(t.app, [{ productId: products[1]!.id, quantity: 2 }]);
    await t.app.sandboxEvents?.idle();
    const clean = await run(today());
    expect(clean.differences).toEqual([]);
    expect(clean.processor.charges).toBe(2);
    expect(clean.shop.payments).toBe(2);
    expect(clean.processor.charged).toBe(clean.shop.paid);

    // A dispute: the order is paid with Stripe's dispute test card; the sandbox's
    // charge.dispute.created flags it, so it is no difference.
    const { client, post } = await readyToPay(t.app, [{ productId: products[2]!.id, quantity: 1 }]);
    const paymentMethodId = await sandboxCard(post, DISPUTED_CARD);
    const paid = await post('/api/Payment', { userId: client.client_id, paymentMethodId });
    const disputedIntent = String(paid.paymentIntentId);
    await post('/api/Payment/confirm', { userId: client.client_id, paymentIntentId: disputedIntent });
    await t.app.sandboxEvents?.idle();
    const [flagged] = await t.db
      .select({ disputedAt: orders.disputedAt, orderNumber: orders.orderNumber })
      .from(orders)
      .where(eq(orders.paymentIntentId, disputedIntent));
    expect(flagged?.disputedAt).toBeInstanceOf(Date);
    const withDispute = await run(today());
    expect(withDispute.differences).toEqual([]);
    expect(withDispute.processor.disputes).toBe(1);

    // Money taken in the dashboard, then partly refunded there: no order records either.
    const gateway = dashboard();
    const method = await gateway.sandbox?.createPaymentMethod({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: CARD_EXPIRY_YEAR,
      cvc: '123',
    });
    const stray = await gateway.createPaymentIntent({
      amount: 4321,
      paymentMethodId: method?.id,
      confirm: true,
    });
    const strayRefund = await gateway.createRefund({
      paymentIntentId: stray.id,
      amount: 1000,
      idempotencyKey: 'dashboard-refund',
    });
    // The first order's amount changed in the shop; a POS payment the processor never had; a
    // refund recorded on the second order that the processor never made; the dispute unflagged.
    await t.db.update(orders).set({ total: 9999 }).where(eq(orders.orderNumber, first.orderNumber));
    await t.db.insert(posPayments).values({
      clientId: client.client_id,
      readerId: 'tmr_missing',
      amount: 2500,
      paymentIntentId: 'pi_never_made',
    });
    const [secondOrder] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderNumber, second.orderNumber));
    await t.db.insert(orderRefunds).values({
      orderId: secondOrder?.id ?? 0,
      status: 'succeeded',
      amount: 500,
      itemsAmount: 500,
      shippingAmount: 0,
      tax: 0,
      lines: [],
      source: 'admin',
      idempotencyKey: 'planted-refund',
      gatewayRefundId: 're_never_made',
    });
    await t.db.update(orders).set({ disputedAt: null }).where(eq(orders.paymentIntentId, disputedIntent));

    const report = await run(today());
    expect(kinds(report)).toEqual([
      'amount_differs',
      'charge_without_record',
      'dispute_not_recorded',
      'record_without_charge',
      'refund_without_processor',
      'refund_without_record',
    ]);
    const find = (kind: Difference['kind']) =>
      report.differences.find((difference) => difference.kind === kind);
    expect(find('charge_without_record')).toMatchObject({
      paymentIntentId: stray.id,
      record: null,
      processorAmount: 4321,
    });
    expect(find('amount_differs')).toMatchObject({
      paymentIntentId: first.paymentIntentId,
      record: `Order ${first.orderNumber}`,
      orderNumber: first.orderNumber,
      shopAmount: 9999,
    });
    expect(find('record_without_charge')).toMatchObject({
      paymentIntentId: 'pi_never_made',
      shopAmount: 2500,
      processorAmount: null,
    });
    expect(find('refund_without_record')).toMatchObject({
      processorId: strayRefund.id,
      processorAmount: 1000,
    });
    expect(find('refund_without_processor')).toMatchObject({
      processorId: 're_never_made',
      record: `Order ${second.orderNumber}`,
      shopAmount: 500,
    });
    expect(find('dispute_not_recorded')).toMatchObject({
      paymentIntentId: disputedIntent,
      orderNumber: flagged?.orderNumber,
    });
    expect(report.processor).toMatchObject({ charges: 4, refunds: 1, refunded: 1000, disputes: 1 });

    // Stored: the day answers the last run, and the list shows it.
    const stored = await t.app.inject({ url: `/api/admin/reconciliation/${today()}`, headers: admin });
    expect(stored.json()).toEqual(report);
    const list = await t.app.inject({ url: '/api/admin/reconciliation', headers: admin });
    expect(list.json().reports[0]).toEqual({ day: today(), ranAt: report.ranAt, differenceCount: 6 });
  });

  it('matches a register sale voided for its stock: its card payment, and the refund the register made at once', async () => {
    const before = await run(today());
    const cashier = await newCashier(t);
    await assignReader(t, cashier, FRONT_COUNTER);
    const [item] = await stockedProducts(t.db, 1);
    if (!item) throw new Error('no product');
    await t.db.update(stock).set({ instock: 0 }).where(eq(stock.productId, item.id));
    const { ppm } = await storeTaxRatePpm(t.db);
    const total = item.pricing + taxOn(item.pricing, ppm);
    const { paymentIntentId } = await payOnReader(t, cashier, FRONT_COUNTER, total);
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/pos/sales',
      headers: { authorization: `Bearer ${cashier.token}`, 'idempotency-key': 'reconciliation-voided-sale' },
      payload: {
        lines: [{ productId: item.id, size_id: null, packageId: null, quantity: 1 }],
        addTax: true,
        tenders: [{ type: 'card', amount: total, paymentIntentId }],
      },
    });
    expect(short.statusCode, short.body).toBe(409);
    await t.app.sandboxEvents?.idle();
    const after = await run(today());
    expect(after.differences.filter((difference) => difference.paymentIntentId === paymentIntentId)).toEqual(
      [],
    );
    expect(kinds(after)).toEqual(kinds(before));
  });

  it('answers 404 for a day not reconciled yet, 400 for a day to come or not a day, and only to the owner', async () => {
    const yesterday = calendarDayOf(
      new Date(startOfDay(today(), DEFAULT_STORE_TIME_ZONE).getTime() - 3_600_000),
      DEFAULT_STORE_TIME_ZONE,
    );
    const missing = await t.app.inject({ url: `/api/admin/reconciliation/${yesterday}`, headers: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('This day was not reconciled yet.');
    for (const day of [nextCalendarDay(today()), '2026-02-30', 'yesterday']) {
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/admin/reconciliation/${day}`,
        headers: admin,
      });
      expect(refused.statusCode, day).toBe(400);
    }
    await expectAdminOnly(t.app, { method: 'POST', url: `/api/admin/reconciliation/${yesterday}` });
    await expectAdminOnly(t.app, { url: '/api/admin/reconciliation' });
  });

  it('the nightly job reconciles yesterday once, after 2 a.m., and e-mails the store its differences', async () => {
    const day = today();
    await t.db.delete(reconciliationReports);
    const storeEmail = 'owner@maplesock.example';
    await t.db.update(settings).set({ value: storeEmail }).where(eq(settings.key, 'store_email'));
    const tomorrowStart = startOfDay(nextCalendarDay(day), DEFAULT_STORE_TIME_ZONE);
    now = new Date(tomorrowStart.getTime() + 3_600_000);
    expect(await t.app.jobs.reconcileYesterday()).toBeNull();
    now = new Date(tomorrowStart.getTime() + 3 * 3_600_000);
    expect(await t.app.jobs.reconcileYesterday()).toBe(day);
    expect(await t.app.jobs.reconcileYesterday()).toBeNull();
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, storeEmail))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail?.subject).toBe(`Payments of ${day}: 6 to look at`);
    expect(mail?.text).toContain('no order, register sale or POS payment records it');
  });

  it("the nightly job waits for 2 a.m. on the store's own clock", async () => {
    const day = today();
    await t.db.delete(reconciliationReports);
    await t.db.update(settings).set({ value: 'America/Regina' }).where(eq(settings.key, 'store_time_zone'));
    try {
      // 2:30 a.m. in Toronto is 1:30 (0:30 in summer) in Regina, which keeps standard time: the
      // day there is not over long enough.
      const tomorrowInToronto = startOfDay(nextCalendarDay(day), DEFAULT_STORE_TIME_ZONE);
      now = new Date(tomorrowInToronto.getTime() + 2.5 * 3_600_000);
      expect(await t.app.jobs.reconcileYesterday()).toBeNull();
      const tomorrowInRegina = startOfDay(nextCalendarDay(day), 'America/Regina');
      now = new Date(tomorrowInRegina.getTime() + 3 * 3_600_000);
      expect(await t.app.jobs.reconcileYesterday()).toBe(day);
    } finally {
      await t.db
        .update(settings)
        .set({ value: DEFAULT_STORE_TIME_ZONE })
        .where(eq(settings.key, 'store_time_zone'));
    }
  });
});
