import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostalAddress } from '../../../domain/address.ts';
import {
  REPORT_MESSAGES,
  REPORT_RANGE_MAX_DAYS,
  reportPeriods,
  type SalesReport,
  type TaxReport,
  type TopProductsReport,
} from '../../../domain/admin/reports.ts';
import type { LoginRecord } from '../../../domain/auth.ts';
import { addDays, calendarDayOf, DEFAULT_STORE_TIME_ZONE } from '../../../domain/dates.ts';
import { rowsOf } from '../../db/database.ts';
import {
  orderLines,
  orderRefunds,
  orders,
  outsideRefunds,
  posReturns,
  posSales,
  posSaleTenders,
  receipts,
  settings,
  taxComponents,
} from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.ts';
import {
  bearer,
  createTestApp,
  expectAdminOnly,
  firstSizedProductAndPackage,
  type InjectOptions,
  logIn,
  type TestApp,
} from '../../test/app.ts';
import { rowChecks } from '../../test/rows.ts';
import * as queries from './reports.queries.ts';

/**
 * The reports over rows written straight into the tables: web orders in Ontario (HST), British
 * Columbia (GST + PST, whose PST changes on March 15) and Quebec (GST + QST), refunds (succeeded,
 * failed, pending), a cancelled order, POS receipts with and without a payment, and rows just
 * outside March in the store's time zone.
 */
let t: TestApp;
let admin: LoginRecord;
const { expectRows, unchecked } = rowChecks(queries);

const asAdmin = (url: string) => t.app.inject({ url, headers: bearer(admin) });
const MARCH = 'from=2026-03-01&to=2026-03-31';

function address(province: string): PostalAddress {
  return {
    first_name: 'Jamie',
    middle_initial: '',
    last_name: 'Tremblay',
    address: '1 Main St',
    address2: '',
    city: 'Somewhere',
    province,
    postalcode: 'A1A 1A1',
    country_code: 'CA',
    country: 'Canada',
    email: 'jamie@example.ca',
    phone: '416-555-0100',
  };
}

interface OrderInput {
  at: string;
  province: string | null;
  /** Items less discount, plus shipping: what the tax is on. */
  base: number;
  ratePpm: number;
  status?: 'paid' | 'cancelled' | 'shipped' | 'refunded';
  cancelledAt?: string;
  lines?: { code: string; quantity: number; lineTotal: number; refunded?: number; productId?: number }[];
}

/** What the test wrote, to check the reports against. */
const written = { orders: [] as { id: number; tax: number; total: number; at: string }[] };

async function insertOrder(input: OrderInput) {
  const tax = Math.round((input.base * input.ratePpm) / 1_000_000);
  const shipping = input.province === null ? '1 Main St, Somewhere' : address(input.province);
  const [order] = await t.db
    .insert(orders)
    .values({
      clientId: admin.client_id,
      clientName: 'Jamie Tremblay',
      email: 'jamie@example.ca',
      status: input.status ?? 'paid',
      subtotal: input.base - 1000,
      shippingFee: 1000,
      taxRatePpm: input.ratePpm,
      tax,
      total: input.base + tax,
      shippingAddress: shipping,
      billingAddress: shipping,
      createdAt: new Date(input.at),
      cancelledAt: input.cancelledAt ? new Date(input.cancelledAt) : null,
    })
    .returning();
  if (!order) throw new Error('no order');
  for (const line of input.lines ?? []) {
    await t.db.insert(orderLines).values({
      orderId: order.id,
      productId: line.productId ?? null,
      code: line.code,
      name: `Sock ${line.code}`,
      unitPrice: Math.round(line.lineTotal / line.quantity),
      quantity: line.quantity,
      lineTotal: line.lineTotal,
      quantityRefunded: line.refunded ?? 0,
    });
  }
  written.orders.push({ id: order.id, tax, total: order.total, at: input.at });
  return order;
}

let refundKeys = 0;
async function insertRefund(orderId: number, at: string, items: number, tax: number, status = 'succeeded') {
  refundKeys += 1;
  await t.db.insert(orderRefunds).values({
    orderId,
    status,
    amount: items + tax,
    itemsAmount: items,
    shippingAmount: 0,
    tax,
    lines: [],
    source: 'admin',
    idempotencyKey: `report-test-${refundKeys}`,
    createdAt: new Date(at),
  });
}

let onOrder: { id: number };
let qcOrder: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
  // BC's PST goes from 7% to 8% on March 15 (a made-up change, for the split by day).
  await t.db.insert(taxComponents).values({
    countryCode: 'CA',
    provinceCode: 'BC',
    name: 'PST',
    ratePpm: 80_000,
    effectiveFrom: '2026-03-15',
  });

  // 22:30 on February 28 in Toronto: not in March.
  await insertOrder({ at: '2026-03-01T03:30:00Z', province: 'ON', base: 5000, ratePpm: 130_000 });
  // 22:30 on March 1 in Toronto (EST): March 1.
  onOrder = await insertOrder({
    at: '2026-03-02T03:30:00Z',
    province: 'ON',
    base: 11_000,
    ratePpm: 130_000,
    lines: [
      { code: 'SOCK-A', quantity: 4, lineTotal: 8000 },
      { code: 'SOCK-B', quantity: 1, lineTotal: 2000 },
    ],
  });
  await insertOrder({
    at: '2026-03-10T15:00:00Z',
    province: 'BC',
    base: 6000,
    ratePpm: 120_000,
    lines: [{ code: 'SOCK-B', quantity: 3, lineTotal: 5000, refunded: 1 }],
  });
  await insertOrder({
    at: '2026-03-20T15:00:00Z',
    province: 'bc',
    base: 3333,
    ratePpm: 130_000,
    lines: [{ code: 'SOCK-D', quantity: 1, lineTotal: 2333 }],
  });
  qcOrder = await insertOrder({
    at: '2026-03-05T15:00:00Z',
    province: 'QC',
    base: 10_001,
    ratePpm: 149_750,
    lines: [{ code: 'SOCK-A', quantity: 2, lineTotal: 9001, refunded: 1 }],
  });
  // Cancelled the next day, no refund row: all of it was given back.
  await insertOrder({
    at: '2026-03-08T15:00:00Z',
    province: 'ON',
    base: 5000,
    ratePpm: 130_000,
    status: 'cancelled',
    cancelledAt: '2026-03-09T15:00:00Z',
    lines: [{ code: 'SOCK-C', quantity: 5, lineTotal: 4000 }],
  });
  // An order of the first days, whose address is only text: its province is unknown.
  await insertOrder({ at: '2026-03-03T15:00:00Z', province: null, base: 1000, ratePpm: 130_000 });
  // 23:00 on March 31 in Toronto (EDT): still March.
  await insertOrder({ at: '2026-04-01T03:00:00Z', province: 'ON', base: 2000, ratePpm: 130_000 });
  await insertOrder({ at: '2026-04-05T15:00:00Z', province: 'ON', base: 9000, ratePpm: 130_000 });

  await insertRefund(qcOrder.id, '2026-03-12T15:00:00Z', 1000, 150);
  await insertRefund(qcOrder.id, '2026-03-13T15:00:00Z', 500, 75, 'failed');
  await insertRefund(onOrder.id, '2026-03-14T15:00:00Z', 500, 65, 'pending');

  const line = (amount: number, addTax: boolean) => ({
    product_name: 'Socks',
    amount,
    tax: addTax ? Math.round(amount * 0.13) : 0,
    total: amount + (addTax ? Math.round(amount * 0.13) : 0),
    addTax,
    tax_rate_ppm: 130_000,
  });
  await t.db.insert(receipts).values([
    {
      clientId: admin.client_id,
      paymentIntentId: 'pi_report_card',
      lines: [line(2000, true), line(500, false)],
      subtotal: 2500,
      tax: 260,
      total: 2760,
      createdAt: new Date('2026-03-06T15:00:00Z'),
    },
    {
      clientId: admin.client_id,
      paymentIntentId: null,
      lines: [line(1000, true)],
      subtotal: 1000,
      tax: 130,
      total: 1130,
      createdAt: new Date('2026-03-06T16:00:00Z'),
    },
  ]);
});
afterAll(() => t.close());

const inMarch = () =>
  written.orders.filter((o) => o.at >= '2026-03-01T05:00:00Z' && o.at < '2026-04-01T04:00:00Z');

describe('who may read the reports', () => {
  it.each([
    '/api/admin/reports/sales',
    '/api/admin/reports/sales.csv',
    '/api/admin/reports/tax',
    '/api/admin/reports/tax.csv',
    '/api/admin/reports/top-products',
    '/api/admin/reports/top-products.csv',
  ])('GET %s: 401 to a visitor, 403 to a client or POS staff, 200 to an admin', async (url) => {
    await expectAdminOnly(t.app, { method: 'GET', url: `${url}?${MARCH}` } satisfies InjectOptions);
    expect((await asAdmin(`${url}?${MARCH}`)).statusCode).toBe(200);
  });
});

describe('sales', () => {
  it('adds up web orders, POS card sales and refunds per month, in the store’s days', async () => {
    const response = await asAdmin(`/api/admin/reports/sales?${MARCH}&by=month`);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<SalesReport>();
    const march = inMarch();
    const webGross = march.reduce((sum, o) => sum + o.total, 0);
    const webTax = march.reduce((sum, o) => sum + o.tax, 0);
    // The QC refund (1150) and the cancelled order's total (5650); failed and pending do not count.
    const refunded = 1150 + 5650;
    expect(report.periods).toHaveLength(1);
    expect(report.totals).toEqual({
      web_orders: march.length,
      web_gross: webGross,
      pos_sales: 1,
      pos_gross: 2760,
      tenders: {
        cash: { count: 0, gross: 0 },
        card: { count: 1, gross: 2760 },
        interac: { count: 0, gross: 0 },
      },
      refunds: 2,
      refunded,
      net: webGross + 2760 - refunded,
      tax: webTax + 260 - 150 - 650,
    });
    expect(report.manual_receipts).toBe(1);
    expect(report.periods[0]).toMatchObject({ period: '2026-03-01', from: '2026-03-01', to: '2026-03-31' });
  });

  it('has every day, week or month of the period, empty ones too, adding up to the totals', async () => {
    const monthly = (await asAdmin(`/api/admin/reports/sales?${MARCH}&by=month`)).json<SalesReport>();
    for (const by of ['day', 'week'] as const) {
      const report = (await asAdmin(`/api/admin/reports/sales?${MARCH}&by=${by}`)).json<SalesReport>();
      expect(report.periods.map((p) => p.period)).toEqual(
        reportPeriods('2026-03-01', '2026-03-31', by).map((p) => p.period),
      );
      expect(report.totals).toEqual(monthly.totals);
      const net = report.periods.reduce((sum, p) => sum + p.net, 0);
      expect(net).toBe(report.totals.net);
    }
    const daily = (await asAdmin(`/api/admin/reports/sales?${MARCH}&by=day`)).json<SalesReport>();
    expect(daily.periods).toHaveLength(31);
    // The order placed at 22:30 in Toronto on March 1 is March 1's, though it was March 2 in UTC.
    expect(daily.periods[0]).toMatchObject({ period: '2026-03-01', web_orders: 1, web_gross: 12_430 });
    // The cancellation counts on the day it happened.
    expect(daily.periods[8]).toMatchObject({ period: '2026-03-09', refunds: 1, refunded: 5650 });
    const weekly = (await asAdmin(`/api/admin/reports/sales?${MARCH}&by=week`)).json<SalesReport>();
    // March 1, 2026 is a Sunday: its week began on Monday, February 23.
    expect(weekly.periods[0]).toMatchObject({ period: '2026-02-23', from: '2026-03-01', to: '2026-03-01' });
    expect(weekly.periods[1]).toMatchObject({ period: '2026-03-02', from: '2026-03-02', to: '2026-03-08' });
  });

  it("has the days of the store's own time zone", async () => {
    // St. John's is an hour and a half ahead of Toronto: the orders placed at 22:30 in Toronto
    // were placed at midnight there, the next day.
    const zone = (value: string) =>
      t.db.update(settings).set({ value }).where(eq(settings.key, 'store_time_zone'));
    await zone('America/St_Johns');
    try {
      const daily = (await asAdmin(`/api/admin/reports/sales?${MARCH}&by=day`)).json<SalesReport>();
      expect(daily.periods[0]).toMatchObject({ period: '2026-03-01', web_orders: 1, web_gross: 5650 });
      expect(daily.periods[1]).toMatchObject({ period: '2026-03-02', web_orders: 1, web_gross: 12_430 });
    } finally {
      await zone(DEFAULT_STORE_TIME_ZONE);
    }
  });

  it('covers the last 30 days, today included, when no period is given', async () => {
    const report = (await asAdmin('/api/admin/reports/sales')).json<SalesReport>();
    const today = calendarDayOf(new Date(), DEFAULT_STORE_TIME_ZONE);
    expect(report).toMatchObject({ from: addDays(today, -29), to: today, by: 'day' });
    expect(report.periods).toHaveLength(30);
  });
});

describe('tax', () => {
  let report: TaxReport;
  beforeAll(async () => {
    const response = await asAdmin(`/api/admin/reports/tax?${MARCH}`);
    expect(response.statusCode, response.body).toBe(200);
    report = response.json<TaxReport>();
  });
  const row = (province: string, component: string) =>
    report.rows.find((r) => r.province === province && r.component === component);

  it("adds up to the orders', the receipts' and the refunds' tax", () => {
    const march = inMarch();
    const collected = march.reduce((sum, o) => sum + o.tax, 0) + 260;
    expect(report.rows.reduce((sum, r) => sum + r.tax_collected, 0)).toBe(collected);
    expect(report.rows.reduce((sum, r) => sum + r.tax_refunded, 0)).toBe(150 + 650);
    expect(report.totals).toMatchObject({
      tax_collected: collected,
      tax_refunded: 800,
      net_tax: collected - 800,
      // Each sale's amount before tax once, not once per component.
      taxable_sales: march.reduce((sum, o) => sum + o.total - o.tax, 0) + 2000,
      taxable_refunded: 1000 + 5000,
    });
    const byAuthority = report.authorities.reduce((sum, a) => sum + a.net_tax, 0);
    expect(byAuthority).toBe(report.totals.net_tax);
  });

  it('splits a sale between its components at the rates of its day and province', () => {
    // BC: 720 at 5% + 7% on March 10; 433 at 5% + 8% on March 20 (167 + 266, PST taking the rest).
    expect(row('BC', 'GST')).toMatchObject({
      tax_collected: 300 + 167,
      rates_ppm: [50_000],
      authority: 'CRA',
    });
    expect(row('BC', 'PST')).toMatchObject({
      tax_collected: 420 + 266,
      rates_ppm: [70_000, 80_000],
      authority: 'BC PST',
      taxable_sales: 6000 + 3333,
    });
    // QC: 1498 at 5% + 9.975% (500 + 998); the refund's 150 at the order's rates (50 + 100).
    expect(row('QC', 'GST')).toMatchObject({ tax_collected: 500, tax_refunded: 50, net_tax: 450 });
    expect(row('QC', 'QST')).toMatchObject({
      tax_collected: 998,
      tax_refunded: 100,
      net_tax: 898,
      authority: 'Revenu Québec',
    });
    // ON: the web orders' HST and the POS card sale's (the store is in Ontario), less the cancellation.
    expect(row('ON', 'HST')).toMatchObject({
      tax_collected: 1430 + 650 + 260 + 260,
      tax_refunded: 650,
      taxable_sales: 11_000 + 5000 + 2000 + 2000,
      taxable_refunded: 5000,
    });
    // The order whose address is text: its whole tax in one row, to be looked at.
    expect(row('', '')).toMatchObject({ tax_collected: 130, authority: 'Unassigned' });
    const revenuQuebec = report.authorities.find((a) => a.authority === 'Revenu Québec');
    expect(revenuQuebec?.net_tax).toBe(898);
  });
});

describe('tax refunded in parts', () => {
  it('gives back each component in full, no cent moving between GST and QST', async () => {
    // 72.92 in Quebec at 14.975%: 10.92 of tax, 3.65 GST and 7.27 QST; given back in two refunds.
    const order = await insertOrder({
      at: '2026-08-05T15:00:00Z',
      province: 'QC',
      base: 7292,
      ratePpm: 149_750,
    });
    await insertRefund(order.id, '2026-08-06T15:00:00Z', 1300, 195);
    await insertRefund(order.id, '2026-08-07T15:00:00Z', 5992, 897);
    const august = await asAdmin('/api/admin/reports/tax?from=2026-08-01&to=2026-08-31');
    expect(august.statusCode, august.body).toBe(200);
    const rows = august.json<TaxReport>().rows;
    const qc = (component: string) => rows.find((r) => r.province === 'QC' && r.component === component);
    expect(qc('GST')).toMatchObject({ tax_collected: 365, tax_refunded: 365, net_tax: 0 });
    expect(qc('QST')).toMatchObject({ tax_collected: 727, tax_refunded: 727, net_tax: 0 });
  });
});

describe('top products', () => {
  it('ranks by units kept, net of refunded ones; a cancelled order sold nothing', async () => {
    const response = await asAdmin(`/api/admin/reports/top-products?${MARCH}`);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<TopProductsReport>();
    expect(report.products.map((p) => [p.code, p.quantity, p.revenue])).toEqual([
      // 4 + 2 - 1; 8000 + 4501 (the QC line's kept half, rounded)
      ['SOCK-A', 5, 12_501],
      // 1 + 3 - 1; 2000 + 3333 (two thirds of the BC line)
      ['SOCK-B', 3, 5333],
      ['SOCK-D', 1, 2333],
    ]);
    expect(report.products[0]).toMatchObject({ quantity_sold: 6, quantity_refunded: 1, gross: 17_001 });
  });

  it('ranks by revenue and keeps to the limit', async () => {
    const report = (
      await asAdmin(`/api/admin/reports/top-products?${MARCH}&sort=revenue&limit=2`)
    ).json<TopProductsReport>();
    expect(report.products.map((p) => p.code)).toEqual(['SOCK-A', 'SOCK-B']);
  });
});

describe('top products at the register', () => {
  it('counts a register sale’s lines less their succeeded returns, beside the web’s lines of the same item', async () => {
    const { pack } = await firstSizedProductAndPackage(t.db);
    const [product] = await rowsOf<{ code: string }>(
      t.db,
      sql`SELECT code FROM products WHERE id = ${pack.product_id}`,
    );
    if (!product) throw new Error('no product');
    const [sale] = await t.db
      .insert(posSales)
      .values({
        cashierId: admin.client_id,
        idempotencyKey: 'report-top-register-sale',
        lines: [
          {
            productId: pack.product_id,
            size_id: null,
            packageId: null,
            code: product.code,
            name: 'Register name',
            sizeName: '',
            unitPrice: 1500,
            quantity: 3,
            lineTotal: 4500,
          },
          {
            productId: pack.product_id,
            size_id: null,
            packageId: pack.id,
            code: 'BOX-CODE',
            name: 'Gift box',
            sizeName: '',
            unitPrice: 2000,
            quantity: 1,
            lineTotal: 2000,
          },
        ],
        addTax: false,
        taxRatePpm: 0,
        subtotal: 6500,
        tax: 0,
        total: 6500,
        paid: 6500,
        createdAt: new Date('2026-10-10T15:00:00Z'),
      })
      .returning();
    if (!sale) throw new Error('no sale');
    const returned = (status: string) => ({
      saleId: sale.id,
      cashierId: admin.client_id,
      idempotencyKey: `report-top-return-${status}`,
      status,
      lines: [{ line: 0, quantity: 1, amount: 1500, tax: 0 }],
      restock: true,
      subtotal: 1500,
      tax: 0,
      total: 1500,
      refunded: 1500,
      createdAt: new Date('2026-10-11T15:00:00Z'),
    });
    // A failed return gave nothing back.
    await t.db.insert(posReturns).values([returned('succeeded'), returned('failed')]);
    await insertOrder({
      at: '2026-10-12T15:00:00Z',
      province: 'ON',
      base: 2600,
      ratePpm: 130_000,
      lines: [{ code: product.code, quantity: 1, lineTotal: 1600, productId: pack.product_id }],
    });
    // An order refunded in full kept nothing, even when its refunds named none of its lines (an
    // amount given back on the POS refund screen).
    await insertOrder({
      at: '2026-10-13T15:00:00Z',
      province: 'ON',
      base: 3000,
      ratePpm: 130_000,
      status: 'refunded',
      lines: [{ code: 'SOCK-GIVEN-BACK', quantity: 2, lineTotal: 2000 }],
    });

    const report = (
      await asAdmin('/api/admin/reports/top-products?from=2026-10-01&to=2026-10-31')
    ).json<TopProductsReport>();
    expect(report.products).toEqual([
      {
        product_id: pack.product_id,
        package_id: null,
        code: product.code,
        // The newest line's: the web order's.
        name: `Sock ${product.code}`,
        quantity_sold: 4,
        quantity_refunded: 1,
        quantity: 3,
        gross: 6100,
        // Two thirds of the register's line, and the web's.
        revenue: 3000 + 1600,
      },
      {
        product_id: pack.product_id,
        package_id: pack.id,
        code: product.code,
        name: 'Gift box',
        quantity_sold: 1,
        quantity_refunded: 0,
        quantity: 1,
        gross: 2000,
        revenue: 2000,
      },
    ]);
  });
});

describe('CSV files', () => {
  const dollars = (cents: number) => (cents / 100).toFixed(2);
  const read = async (url: string) => {
    const response = await asAdmin(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[\w.-]+\.csv"$/);
    return parse(response.body, { columns: true }) as Record<string, string>[];
  };

  it('sales: a line per period and the totals, as the JSON has them', async () => {
    const json = (await asAdmin(`/api/admin/reports/sales?${MARCH}&by=week`)).json<SalesReport>();
    const lines = await read(`/api/admin/reports/sales.csv?${MARCH}&by=week`);
    expect(lines).toHaveLength(json.periods.length + 1);
    for (const [index, period] of [...json.periods, { ...json.totals, period: 'total' }].entries()) {
      expect(lines[index]).toMatchObject({
        period: period.period,
        web_orders: String(period.web_orders),
        web_gross: dollars(period.web_gross),
        pos_card_gross: dollars(period.tenders.card.gross),
        refunded: dollars(period.refunded),
        net: dollars(period.net),
        tax: dollars(period.tax),
      });
    }
  });

  it('tax: a line per province and component and the totals', async () => {
    const json = (await asAdmin(`/api/admin/reports/tax?${MARCH}`)).json<TaxReport>();
    const lines = await read(`/api/admin/reports/tax.csv?${MARCH}`);
    expect(lines).toHaveLength(json.rows.length + 1);
    for (const [index, row] of json.rows.entries()) {
      expect(lines[index]).toEqual({
        province: row.province,
        component: row.component,
        authority: row.authority,
        rates: row.rates_ppm.map((ppm) => `${ppm / 10_000}%`).join(' '),
        taxable_sales: dollars(row.taxable_sales),
        taxable_refunded: dollars(row.taxable_refunded),
        tax_collected: dollars(row.tax_collected),
        tax_refunded: dollars(row.tax_refunded),
        net_tax: dollars(row.net_tax),
      });
    }
    expect(lines.at(-1)).toMatchObject({ province: 'total', net_tax: dollars(json.totals.net_tax) });
    expect(lines.find((l) => l.province === 'BC' && l.component === 'PST')?.rates).toBe('7% 8%');
  });

  it('top products: the same ranking', async () => {
    const json = (await asAdmin(`/api/admin/reports/top-products?${MARCH}`)).json<TopProductsReport>();
    const lines = await read(`/api/admin/reports/top-products.csv?${MARCH}`);
    expect(lines.map((l) => [l.rank, l.code, l.quantity, l.revenue])).toEqual(
      json.products.map((p, index) => [String(index + 1), p.code, String(p.quantity), dollars(p.revenue)]),
    );
  });
});

describe('bad periods', () => {
  it.each([
    ['from=2026-03-10&to=2026-03-01', { to: REPORT_MESSAGES.toBeforeFrom }],
    [
      `from=2025-01-01&to=${addDays('2025-01-01', REPORT_RANGE_MAX_DAYS)}`,
      { from: REPORT_MESSAGES.rangeTooLong },
    ],
    ['from=2026-02-30', { from: 'From must be a date as YYYY-MM-DD.' }],
    ['to=yesterday', { to: 'To must be a date as YYYY-MM-DD.' }],
  ])('%s: 400 with the field’s message, on every report and its CSV', async (query, fields) => {
    for (const report of ['sales', 'sales.csv', 'tax', 'tax.csv', 'top-products', 'top-products.csv']) {
      const response = await asAdmin(`/api/admin/reports/${report}?${query}`);
      expect(response.statusCode, `${report}: ${response.body}`).toBe(400);
      expect(response.json().error.fields).toEqual(fields);
    }
  });

  it('a year of 366 days is fine; a from after today’s default to is not', async () => {
    const leap = await asAdmin(`/api/admin/reports/tax?from=2024-01-01&to=2024-12-31`);
    expect(leap.statusCode, leap.body).toBe(200);
    const future = await asAdmin('/api/admin/reports/sales?from=2999-01-01');
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields).toEqual({ to: REPORT_MESSAGES.toBeforeFrom });
  });

  it('refuses an unknown grouping, a bad limit and unknown parameters', async () => {
    expect((await asAdmin(`/api/admin/reports/sales?${MARCH}&by=year`)).json().error.fields).toEqual({
      by: 'By must be day, week or month.',
    });
    for (const limit of ['0', '101', 'ten', '2.5']) {
      expect((await asAdmin(`/api/admin/reports/top-products?limit=${limit}`)).statusCode).toBe(400);
    }
    expect((await asAdmin(`/api/admin/reports/tax?${MARCH}&by=day`)).statusCode).toBe(400);
  });
});

/**
 * A register sale of 50.00 with Ontario's 13% (5650), paid by `tenders`, with its receipt (naming
 * `paymentIntentId`, its card or Interac payment) on `at`.
 */
async function insertRegisterSale(
  idempotencyKey: string,
  at: Date,
  paymentIntentId: string,
  tenders: Omit<typeof posSaleTenders.$inferInsert, 'saleId'>[],
) {
  const [sale] = await t.db
    .insert(posSales)
    .values({
      cashierId: admin.client_id,
      idempotencyKey,
      lines: [],
      addTax: true,
      taxRatePpm: 130_000,
      subtotal: 5000,
      tax: 650,
      total: 5650,
      rounding: 0,
      paid: 5650,
      createdAt: at,
    })
    .returning();
  if (!sale) throw new Error('no sale');
  await t.db.insert(posSaleTenders).values(tenders.map((tender) => ({ ...tender, saleId: sale.id })));
  await t.db.insert(receipts).values({
    clientId: admin.client_id,
    saleId: sale.id,
    paymentIntentId,
    lines: [
      { product_name: 'Socks', amount: 5000, tax: 650, total: 5650, addTax: true, tax_rate_ppm: 130_000 },
    ],
    subtotal: 5000,
    tax: 650,
    total: 5650,
    createdAt: at,
  });
  return sale;
}

describe('register sales', () => {
  it('count once in POS sales and in each of their tenders, and their tax in the store’s province', async () => {
    await insertRegisterSale('report-register-sale', new Date('2026-05-12T15:00:00Z'), 'pi_report_interac', [
      { type: 'interac', amount: 3000, paymentIntentId: 'pi_report_interac' },
      { type: 'cash', amount: 2650, tendered: 3000, change: 350 },
    ]);
    const may = 'from=2026-05-01&to=2026-05-31';
    const report = (await asAdmin(`/api/admin/reports/sales?${may}&by=month`)).json<SalesReport>();
    expect(report.totals).toMatchObject({
      pos_sales: 1,
      pos_gross: 5650,
      tenders: {
        cash: { count: 1, gross: 2650 },
        card: { count: 0, gross: 0 },
        interac: { count: 1, gross: 3000 },
      },
      tax: 650,
    });
    expect(report.manual_receipts).toBe(0);
    const tax = (await asAdmin(`/api/admin/reports/tax?${may}`)).json<{
      totals: { tax_collected: number };
    }>();
    expect(tax.totals.tax_collected).toBe(650);
  });

  it('count a return at the counter as a refund with its tax, its refund receipt in no other figure', async () => {
    const [sale] = await t.db
      .select()
      .from(posSales)
      .where(eq(posSales.idempotencyKey, 'report-register-sale'));
    if (!sale) throw new Error('no sale');
    const at = new Date('2026-05-20T15:00:00Z');
    const [made] = await t.db
      .insert(posReturns)
      .values({
        saleId: sale.id,
        cashierId: admin.client_id,
        idempotencyKey: 'report-register-return',
        status: 'succeeded',
        lines: [{ line: 0, quantity: 1, amount: 1000, tax: 130 }],
        restock: true,
        subtotal: 1000,
        tax: 130,
        total: 1130,
        refunded: 1130,
        createdAt: at,
      })
      .returning();
    if (!made) throw new Error('no return');
    await t.db.insert(receipts).values({
      clientId: admin.client_id,
      returnId: made.id,
      lines: [
        { product_name: 'Socks', amount: 1000, tax: 130, total: 1130, addTax: true, tax_rate_ppm: 130_000 },
      ],
      subtotal: 1000,
      tax: 130,
      total: 1130,
      createdAt: at,
    });
    const may = 'from=2026-05-01&to=2026-05-31';
    const report = (await asAdmin(`/api/admin/reports/sales?${may}&by=month`)).json<SalesReport>();
    expect(report.totals).toMatchObject({ pos_sales: 1, pos_gross: 5650, refunds: 1, refunded: 1130 });
    expect(report.manual_receipts).toBe(0);
    const tax = (await asAdmin(`/api/admin/reports/tax?${may}`)).json<{
      totals: { tax_collected: number; tax_refunded: number; taxable_refunded: number };
    }>();
    expect(tax.totals).toMatchObject({ tax_collected: 650, tax_refunded: 130, taxable_refunded: 1000 });
  });
});

describe('a register sale paid in cash, rounded to 5 cents', () => {
  it('counts what it took in, as its tender and its return do: returned whole, it nets to nothing', async () => {
    const at = new Date('2026-07-14T15:00:00Z');
    // 8.99 + 1.17 tax = 10.16, paid 10.15 in cash (rounded down a cent).
    const [sale] = await t.db
      .insert(posSales)
      .values({
        cashierId: admin.client_id,
        idempotencyKey: 'report-rounded-sale',
        lines: [],
        addTax: true,
        taxRatePpm: 130_000,
        subtotal: 899,
        tax: 117,
        total: 1016,
        rounding: -1,
        paid: 1015,
        createdAt: at,
      })
      .returning();
    if (!sale) throw new Error('no sale');
    await t.db
      .insert(posSaleTenders)
      .values({ saleId: sale.id, type: 'cash', amount: 1015, tendered: 1015, change: 0 });
    const saleLine = {
      product_name: 'Socks',
      amount: 899,
      tax: 117,
      total: 1016,
      addTax: true,
      tax_rate_ppm: 130_000,
    };
    await t.db.insert(receipts).values({
      clientId: admin.client_id,
      saleId: sale.id,
      lines: [saleLine],
      subtotal: 899,
      tax: 117,
      total: 1016,
      createdAt: at,
    });
    await t.db.insert(posReturns).values({
      saleId: sale.id,
      cashierId: admin.client_id,
      idempotencyKey: 'report-rounded-return',
      status: 'succeeded',
      lines: [{ line: 0, quantity: 1, amount: 899, tax: 117 }],
      restock: true,
      subtotal: 899,
      tax: 117,
      total: 1016,
      rounding: -1,
      refunded: 1015,
      createdAt: new Date('2026-07-15T15:00:00Z'),
    });
    const july = 'from=2026-07-01&to=2026-07-31';
    const report = (await asAdmin(`/api/admin/reports/sales?${july}&by=month`)).json<SalesReport>();
    expect(report.totals).toMatchObject({
      pos_sales: 1,
      pos_gross: 1015,
      tenders: { cash: { count: 1, gross: 1015 } },
      refunded: 1015,
      net: 0,
      tax: 0,
    });
  });
});

describe('refunds of a register sale’s card or a POS payment outside the returns', () => {
  it('count as refunds with the share of tax of the sale or POS payment, in the store’s province; the refund of a payment that was neither is not counted', async () => {
    const at = new Date('2026-09-12T15:00:00Z');
    await insertRegisterSale('report-refunded-outside', at, 'pi_report_outside', [
      { type: 'card', amount: 5650, paymentIntentId: 'pi_report_outside' },
    ]);
    // 20.00 given back on the refund screen: 2.30 of it is tax (650 / 5650 of it).
    await t.db.insert(outsideRefunds).values({
      refundId: 're_report_outside',
      paymentIntentId: 'pi_report_outside',
      amount: 2000,
      createdAt: new Date('2026-09-14T15:00:00Z'),
    });
    // A POS payment (its one receipt, no sale) of 22.60, half of it given back: 1.30 of it is tax.
    await t.db.insert(receipts).values({
      clientId: admin.client_id,
      paymentIntentId: 'pi_report_outside_payment',
      lines: [
        { product_name: 'Socks', amount: 2000, tax: 260, total: 2260, addTax: true, tax_rate_ppm: 130_000 },
      ],
      subtotal: 2000,
      tax: 260,
      total: 2260,
      createdAt: at,
    });
    await t.db.insert(outsideRefunds).values({
      refundId: 're_report_outside_payment',
      paymentIntentId: 'pi_report_outside_payment',
      amount: 1130,
      createdAt: new Date('2026-09-15T15:00:00Z'),
    });
    // A reader payment taken for a sale that was never made (no sale, no receipt), given back in
    // full: never counted as sold, so its refund is not counted either.
    await t.db.insert(outsideRefunds).values({
      refundId: 're_report_outside_unsold',
      paymentIntentId: 'pi_report_outside_unsold',
      amount: 1500,
      createdAt: new Date('2026-09-16T15:00:00Z'),
    });
    const september = 'from=2026-09-01&to=2026-09-30';
    const sales = (await asAdmin(`/api/admin/reports/sales?${september}&by=month`)).json<SalesReport>();
    expect(sales.totals).toMatchObject({
      refunds: 2,
      refunded: 2000 + 1130,
      net: 5650 + 2260 - 3130,
      tax: 650 + 260 - 230 - 130,
    });
    const tax = (await asAdmin(`/api/admin/reports/tax?${september}`)).json<TaxReport>();
    expect(tax.rows.find((r) => r.province === 'ON' && r.component === 'HST')).toMatchObject({
      tax_collected: 650 + 260,
      tax_refunded: 230 + 130,
      taxable_refunded: 1770 + 1000,
    });
  });
});

describe('the statements answer the shapes of their row schemas', () => {
  const march = {
    start: '2026-03-01T05:00:00.000Z',
    end: '2026-04-01T04:00:00.000Z',
    timeZone: 'America/Toronto',
  };

  it('on this run’s database (PGlite, or PostgreSQL with TEST_DATABASE_URL)', async () => {
    await expectRows(queries.selectSalesBuckets, t.db, march, 'week');
    await expectRows(queries.selectTaxRows, t.db, march, 'ON');
    await expectRows(queries.selectTopProducts, t.db, march, 'revenue', 10);
    // The register sale of the test above, in May.
    const may = {
      start: '2026-05-01T04:00:00.000Z',
      end: '2026-06-01T04:00:00.000Z',
      timeZone: 'America/Toronto',
    };
    await expectRows(queries.selectTenderBuckets, t.db, may, 'month');
  });

  it('every statement of reports.queries.ts is checked', () => expect(unchecked()).toEqual([]));
});
