/**
 * The back office's reports (GET api/admin/reports/...): sales per day, week or month by channel
 * and tender, tax per province and component, and the products sold most. Each is one statement
 * of reports.queries.ts (the aggregation happens in SQL); here only the period is settled, the
 * empty days filled in and the totals added up. The CSV files hold the same figures, in dollars.
 */
import { stringify } from 'csv-stringify/sync';
import {
  type ReportRangeQuery,
  reportPeriods,
  reportRangeProblem,
  resolveReportRange,
  SALES_CSV_COLUMNS,
  SALES_TENDERS,
  type SalesFigures,
  type SalesReport,
  type SalesReportQuery,
  TAX_CSV_COLUMNS,
  type TaxFigures,
  type TaxReport,
  TOP_PRODUCTS_CSV_COLUMNS,
  type TopProductsQuery,
  type TopProductsReport,
  taxAuthorityOf,
} from '../../../domain/admin/reports.ts';
import { calendarDayOf, nextCalendarDay, startOfDay } from '../../../domain/dates.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import { readSettings, storeTimeZone } from '../settings/settings.service.ts';
import {
  type ReportInstants,
  selectSalesBuckets,
  selectTaxRows,
  selectTenderBuckets,
  selectTopProducts,
} from './reports.queries.ts';

export interface ReportsDeps {
  db: Database;
  clock: Clock;
}

/** A CSV file to download. */
export interface ReportFile {
  filename: string;
  csv: string;
}

/** Cents as a spreadsheet shows dollars: 1250 -> '12.50', -1250 -> '-12.50'. */
const dollars = (cents: number) => (cents / 100).toFixed(2);

const noSales = (): SalesFigures => ({
  web_orders: 0,
  web_gross: 0,
  pos_sales: 0,
  pos_gross: 0,
  tenders: {
    cash: { count: 0, gross: 0 },
    card: { count: 0, gross: 0 },
    interac: { count: 0, gross: 0 },
  },
  refunds: 0,
  refunded: 0,
  net: 0,
  tax: 0,
});

const noTax = (): TaxFigures => ({
  taxable_sales: 0,
  taxable_refunded: 0,
  tax_collected: 0,
  tax_refunded: 0,
  net_tax: 0,
});

function addSales(sum: SalesFigures, add: SalesFigures): void {
  sum.web_orders += add.web_orders;
  sum.web_gross += add.web_gross;
  sum.pos_sales += add.pos_sales;
  sum.pos_gross += add.pos_gross;
  for (const tender of SALES_TENDERS) {
    sum.tenders[tender].count += add.tenders[tender].count;
    sum.tenders[tender].gross += add.tenders[tender].gross;
  }
  sum.refunds += add.refunds;
  sum.refunded += add.refunded;
  sum.net += add.net;
  sum.tax += add.tax;
}

function addTax(sum: TaxFigures, add: TaxFigures): void {
  sum.taxable_sales += add.taxable_sales;
  sum.taxable_refunded += add.taxable_refunded;
  sum.tax_collected += add.tax_collected;
  sum.tax_refunded += add.tax_refunded;
  sum.net_tax += add.net_tax;
}

export function createReportsService({ db, clock }: ReportsDeps) {
  /** The report's days (30 up to today unless given) and its instants; 400 for a wrong period. */
  async function periodOf(
    query: ReportRangeQuery,
  ): Promise<{ from: string; to: string; instants: ReportInstants }> {
    const timeZone = await storeTimeZone(db);
    const { from, to } = resolveReportRange(query, calendarDayOf(clock.now(), timeZone));
    const problem = reportRangeProblem(from, to);
    if (problem) throw badRequest(Object.values(problem).join(' '), problem);
    return {
      from,
      to,
      instants: {
        start: startOfDay(from, timeZone).toISOString(),
        end: startOfDay(nextCalendarDay(to), timeZone).toISOString(),
        timeZone,
      },
    };
  }

  async function sales(query: SalesReportQuery): Promise<SalesReport> {
    const { from, to, instants } = await periodOf(query);
    const buckets = await selectSalesBuckets(db, instants, query.by);
    const tenderBuckets = await selectTenderBuckets(db, instants, query.by);
    const periods = reportPeriods(from, to, query.by).map((period) => ({ ...period, ...noSales() }));
    const byStart = new Map(periods.map((period) => [period.period, period]));
    let manualReceipts = 0;
    for (const bucket of buckets) {
      const period = byStart.get(bucket.period);
      if (!period) continue;
      switch (bucket.kind) {
        case 'web':
          period.web_orders += bucket.count;
          period.web_gross += bucket.amount;
          period.net += bucket.amount;
          period.tax += bucket.tax;
          break;
        case 'card':
          // A payment taken on the reader outside a register sale: its receipt is its record.
          period.tenders.card.count += bucket.count;
          period.tenders.card.gross += bucket.amount;
          period.pos_sales += bucket.count;
          period.pos_gross += bucket.amount;
          period.net += bucket.amount;
          period.tax += bucket.tax;
          break;
        case 'pos':
          period.pos_sales += bucket.count;
          period.pos_gross += bucket.amount;
          period.net += bucket.amount;
          period.tax += bucket.tax;
          break;
        case 'refund':
          period.refunds += bucket.count;
          period.refunded += bucket.amount;
          period.net -= bucket.amount;
          period.tax -= bucket.tax;
          break;
        case 'manual':
          manualReceipts += bucket.count;
          break;
      }
    }
    for (const bucket of tenderBuckets) {
      const period = byStart.get(bucket.period);
      if (!period) continue;
      period.tenders[bucket.tender].count += bucket.count;
      period.tenders[bucket.tender].gross += bucket.amount;
    }
    const totals = noSales();
    for (const period of periods) addSales(totals, period);
    return { from, to, by: query.by, periods, totals, manual_receipts: manualReceipts };
  }

  async function tax(query: ReportRangeQuery): Promise<TaxReport> {
    const { from, to, instants } = await periodOf(query);
    const { store_province: storeProvince } = await readSettings(db);
    const rows = (await selectTaxRows(db, instants, storeProvince)).map((row) => ({
      ...row,
      authority: taxAuthorityOf(row.component, row.province),
      net_tax: row.tax_collected - row.tax_refunded,
    }));
    const totals = noTax();
    const authorities = new Map<string, TaxFigures>();
    for (const row of rows) {
      addTax(totals, row);
      const authority = authorities.get(row.authority) ?? noTax();
      addTax(authority, row);
      authorities.set(row.authority, authority);
    }
    // A sale's taxable amount is in each of its components' rows: the total counts it once.
    totals.taxable_sales = sumOf(rows, (row) => row.once_taxable_sales);
    totals.taxable_refunded = sumOf(rows, (row) => row.once_taxable_refunded);
    return {
      from,
      to,
      store_province: storeProvince,
      rows: rows.map(({ once_taxable_sales, once_taxable_refunded, ...row }) => row),
      authorities: [...authorities].map(([authority, figures]) => ({ authority, ...figures })),
      totals,
    };
  }

  async function topProducts(query: TopProductsQuery): Promise<TopProductsReport> {
    const { from, to, instants } = await periodOf(query);
    const products = await selectTopProducts(db, instants, query.sort, query.limit);
    return { from, to, sort: query.sort, products };
  }

  return {
    sales,
    tax,
    topProducts,

    async salesCsv(query: SalesReportQuery): Promise<ReportFile> {
      const report = await sales(query);
      const line = (period: string, from: string, to: string, f: SalesFigures) => [
        period,
        from,
        to,
        f.web_orders,
        dollars(f.web_gross),
        f.pos_sales,
        dollars(f.pos_gross),
        ...SALES_TENDERS.flatMap((tender) => [f.tenders[tender].count, dollars(f.tenders[tender].gross)]),
        f.refunds,
        dollars(f.refunded),
        dollars(f.net),
        dollars(f.tax),
      ];
      const records = [
        ...report.periods.map((p) => line(p.period, p.from, p.to, p)),
        line('total', report.from, report.to, report.totals),
      ];
      return {
        filename: `sales-by-${report.by}-${report.from}-to-${report.to}.csv`,
        csv: stringify(records, { header: true, columns: [...SALES_CSV_COLUMNS] }),
      };
    },

    async taxCsv(query: ReportRangeQuery): Promise<ReportFile> {
      const report = await tax(query);
      const records = report.rows.map((row) => [
        row.province,
        row.component,
        row.authority,
        row.rates_ppm.map((ppm) => `${ppm / 10_000}%`).join(' '),
        dollars(row.taxable_sales),
        dollars(row.taxable_refunded),
        dollars(row.tax_collected),
        dollars(row.tax_refunded),
        dollars(row.net_tax),
      ]);
      const { totals } = report;
      records.push([
        'total',
        '',
        '',
        '',
        dollars(totals.taxable_sales),
        dollars(totals.taxable_refunded),
        dollars(totals.tax_collected),
        dollars(totals.tax_refunded),
        dollars(totals.net_tax),
      ]);
      return {
        filename: `tax-${report.from}-to-${report.to}.csv`,
        csv: stringify(records, { header: true, columns: [...TAX_CSV_COLUMNS] }),
      };
    },

    async topProductsCsv(query: TopProductsQuery): Promise<ReportFile> {
      const report = await topProducts(query);
      const records = report.products.map((product, index) => [
        index + 1,
        product.code,
        product.name,
        product.quantity_sold,
        product.quantity_refunded,
        product.quantity,
        dollars(product.gross),
        dollars(product.revenue),
      ]);
      return {
        filename: `top-products-by-${report.sort}-${report.from}-to-${report.to}.csv`,
        csv: stringify(records, { header: true, columns: [...TOP_PRODUCTS_CSV_COLUMNS] }),
      };
    },
  };
}

function sumOf<T>(items: readonly T[], value: (item: T) => number): number {
  return items.reduce((sum, item) => sum + value(item), 0);
}

export type ReportsService = ReturnType<typeof createReportsService>;
