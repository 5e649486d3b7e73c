/**
 * The back office's sales and tax reports (ADMIN): api/admin/reports/{sales,tax,top-products}, as
 * JSON and as CSV. Periods are calendar days in the store's time zone, both ends included; amounts
 * are cents, tax included unless a field says otherwise.
 */
import { z } from 'zod';
import { addDays } from '../dates.ts';
import { optionalCalendarDay } from '../validation.ts';

/** How the sales report groups its days; a week starts on Monday. */
export const REPORT_GRANULARITIES = ['day', 'week', 'month'] as const;
export type ReportGranularity = (typeof REPORT_GRANULARITIES)[number];

/** The longest period one report covers, in days (a leap year). */
export const REPORT_RANGE_MAX_DAYS = 366;
/** The period when none is given: the last 30 days, today included. */
export const REPORT_DEFAULT_DAYS = 30;

export const TOP_PRODUCTS_DEFAULT = 10;
export const TOP_PRODUCTS_MAX = 100;
export const TOP_PRODUCTS_SORTS = ['quantity', 'revenue'] as const;
export type TopProductsSort = (typeof TOP_PRODUCTS_SORTS)[number];

/**
 * How POS sales were paid: the register's tenders (cash, card, Interac; a split sale counts in each
 * of its tenders), and a payment taken on the reader outside a register sale as 'card'.
 */
export const SALES_TENDERS = ['cash', 'card', 'interac'] as const;
export type SalesTender = (typeof SALES_TENDERS)[number];

export const REPORT_MESSAGES = {
  toBeforeFrom: 'To must be on or after From.',
  rangeTooLong: `A report covers at most ${REPORT_RANGE_MAX_DAYS} days.`,
} as const;

// ---------------------------------------------------------------- calendar days

const DAY_MS = 86_400_000;

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}

/** How many days a period covers, both ends included. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

/** The first day of the day, week (Monday) or month a calendar day is in. */
export function periodStart(day: string, by: ReportGranularity): string {
  if (by === 'month') return `${day.slice(0, 7)}-01`;
  if (by === 'week') {
    // 1970-01-01 was a Thursday: day number 0 is 3 days after a Monday.
    return addDays(day, -((dayNumber(day) + 3) % 7));
  }
  return day;
}

export interface ReportPeriod {
  /** The first day of the day, week or month (also when it began before the report). */
  period: string;
  /** Its days within the report. */
  from: string;
  to: string;
}

/** Every day, week or month of a report, in order, the first and last cut to the report's days. */
export function reportPeriods(from: string, to: string, by: ReportGranularity): ReportPeriod[] {
  const periods: ReportPeriod[] = [];
  let day = from;
  while (day <= to) {
    const period = periodStart(day, by);
    const next =
      by === 'day'
        ? addDays(period, 1)
        : by === 'week'
          ? addDays(period, 7)
          : // The 1st of the next month: day 28 of any month plus 4 days is in the next one.
            `${addDays(`${period.slice(0, 7)}-28`, 4).slice(0, 7)}-01`;
    const last = addDays(next, -1);
    periods.push({ period, from: day, to: last < to ? last : to });
    day = next;
  }
  return periods;
}

/** What is wrong with a report's period, as field messages; undefined when it is right. */
export function reportRangeProblem(from: string, to: string): Record<string, string> | undefined {
  if (from > to) return { to: REPORT_MESSAGES.toBeforeFrom };
  if (daysBetween(from, to) > REPORT_RANGE_MAX_DAYS) return { from: REPORT_MESSAGES.rangeTooLong };
  return undefined;
}

/** The period a report covers: `to` is today unless given, `from` 30 days before `to` unless given. */
export function resolveReportRange(
  query: { from?: string | undefined; to?: string | undefined },
  today: string,
): { from: string; to: string } {
  const to = query.to ?? today;
  return { from: query.from ?? addDays(to, 1 - REPORT_DEFAULT_DAYS), to };
}

// ---------------------------------------------------------------- queries

const rangeFields = { from: optionalCalendarDay('From'), to: optionalCalendarDay('To') };

/** Both ends given: the second after the first, and not more than a year apart. */
function checkRange(query: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (query.from === undefined || query.to === undefined) return;
  for (const [field, message] of Object.entries(reportRangeProblem(query.from, query.to) ?? {})) {
    ctx.addIssue({ code: 'custom', path: [field], message });
  }
}

/** GET api/admin/reports/tax?from=&to= (and .csv). */
export const reportRangeQuerySchema = z.strictObject(rangeFields).superRefine(checkRange);
export type ReportRangeQuery = z.output<typeof reportRangeQuerySchema>;

/** GET api/admin/reports/sales?from=&to=&by= (and .csv). */
export const salesReportQuerySchema = z
  .strictObject({
    ...rangeFields,
    by: z.enum(REPORT_GRANULARITIES, { error: 'By must be day, week or month.' }).default('day'),
  })
  .superRefine(checkRange);
export type SalesReportQuery = z.output<typeof salesReportQuerySchema>;

/** GET api/admin/reports/top-products?from=&to=&limit=&sort= (and .csv). */
export const topProductsQuerySchema = z
  .strictObject({
    ...rangeFields,
    limit: z.coerce
      .number({ error: 'Limit must be a number.' })
      .int('Limit must be a whole number.')
      .min(1, 'Limit must be at least 1.')
      .max(TOP_PRODUCTS_MAX, `Limit cannot be more than ${TOP_PRODUCTS_MAX}.`)
      .default(TOP_PRODUCTS_DEFAULT),
    sort: z.enum(TOP_PRODUCTS_SORTS, { error: 'Sort must be quantity or revenue.' }).default('quantity'),
  })
  .superRefine(checkRange);
export type TopProductsQuery = z.output<typeof topProductsQuerySchema>;

// ---------------------------------------------------------------- replies

const count = z.number().int();
const cents = z.number().int();

const tenderTotalsSchema = z.object({ count, gross: cents });

const salesFiguresSchema = z.object({
  /** Web orders placed, and their totals (cancelled ones too: their refund is in `refunded`). */
  web_orders: count,
  web_gross: cents,
  /** POS sales paid on the reader, and their totals; manual receipts are not payments. */
  pos_sales: count,
  pos_gross: cents,
  tenders: z.object({ cash: tenderTotalsSchema, card: tenderTotalsSchema, interac: tenderTotalsSchema }),
  /**
   * Web refunds and returns at the counter made in the period (a cancellation counts as the refund
   * of what remained).
   */
  refunds: count,
  refunded: cents,
  /** web_gross + pos_gross - refunded. */
  net: cents,
  /** Tax collected less tax refunded. */
  tax: cents,
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

export const salesPeriodSchema = salesFiguresSchema.extend({
  period: z.string(),
  from: z.string(),
  to: z.string(),
});
export type SalesPeriod = z.infer<typeof salesPeriodSchema>;

export const salesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(REPORT_GRANULARITIES),
  periods: z.array(salesPeriodSchema),
  totals: salesFiguresSchema,
  /** Receipts made with Generate Receipt in the period: listed, not counted as sales. */
  manual_receipts: count,
});
export type SalesReport = z.infer<typeof salesReportSchema>;

/** Where a tax component is declared: GST and HST to the CRA, QST to Revenu Québec, PST to its province. */
export function taxAuthorityOf(component: string, province: string): string {
  if (component === 'GST' || component === 'HST') return 'CRA';
  if (component === 'QST') return 'Revenu Québec';
  if (component === 'PST') return `${province} PST`;
  return 'Unassigned';
}

const taxFiguresSchema = z.object({
  /** What the tax was charged on (before tax), sold and given back. */
  taxable_sales: cents,
  taxable_refunded: cents,
  tax_collected: cents,
  tax_refunded: cents,
  /** tax_collected - tax_refunded: what is declared. */
  net_tax: cents,
});
export type TaxFigures = z.infer<typeof taxFiguresSchema>;

export const taxReportRowSchema = taxFiguresSchema.extend({
  /** The shipping address's province for web orders, the store's for POS sales ('' unknown). */
  province: z.string(),
  /** GST, HST, PST or QST; '' for tax of a province that had no components on the day. */
  component: z.string(),
  authority: z.string(),
  /** The component's rates in the period, in parts per million (two after a change of rate). */
  rates_ppm: z.array(z.number().int()),
});
export type TaxReportRow = z.infer<typeof taxReportRowSchema>;

export const taxReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  store_province: z.string(),
  rows: z.array(taxReportRowSchema),
  /** Per authority (CRA, Revenu Québec, a province's PST): the figures to declare. */
  authorities: z.array(taxFiguresSchema.extend({ authority: z.string() })),
  totals: taxFiguresSchema,
});
export type TaxReport = z.infer<typeof taxReportSchema>;

export const topProductSchema = z.object({
  product_id: z.number().int().nullable(),
  package_id: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  quantity_sold: count,
  quantity_refunded: count,
  /** quantity_sold - quantity_refunded. */
  quantity: count,
  /** The lines' totals (before the order's discount, tax and shipping), and less the refunded units. */
  gross: cents,
  revenue: cents,
});
export type TopProduct = z.infer<typeof topProductSchema>;

export const topProductsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  sort: z.enum(TOP_PRODUCTS_SORTS),
  products: z.array(topProductSchema),
});
export type TopProductsReport = z.infer<typeof topProductsReportSchema>;

// ---------------------------------------------------------------- CSV

/** The CSV files' columns, in order; amounts in dollars ('12.50'). */
export const SALES_CSV_COLUMNS = [
  'period',
  'from',
  'to',
  'web_orders',
  'web_gross',
  'pos_sales',
  'pos_gross',
  'pos_cash_sales',
  'pos_cash_gross',
  'pos_card_sales',
  'pos_card_gross',
  'pos_interac_sales',
  'pos_interac_gross',
  'refunds',
  'refunded',
  'net',
  'tax',
] as const;

export const TAX_CSV_COLUMNS = [
  'province',
  'component',
  'authority',
  'rates',
  'taxable_sales',
  'taxable_refunded',
  'tax_collected',
  'tax_refunded',
  'net_tax',
] as const;

export const TOP_PRODUCTS_CSV_COLUMNS = [
  'rank',
  'code',
  'name',
  'quantity_sold',
  'quantity_refunded',
  'quantity',
  'gross',
  'revenue',
] as const;
