/**
 * The reports' statements beside the schemas of their rows (reports.queries.test.ts checks them on
 * PGlite and PostgreSQL). Raw SQL: each report is one aggregate over orders, refunds and receipts,
 * with window functions for the tax split, which the query builder would only make harder to read.
 * Sums are cast to float8: exact for whole cents below 2^53, and a number on both drivers (a bigint
 * is a string from node-postgres).
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ReportGranularity, TopProductsSort } from '../../../domain/admin/reports.ts';
import { typedQuery } from '../../db/typed-query.ts';

/**
 * A report's instants, from the start of its first day to the start of the day after its last, and
 * the store's time zone its days are in.
 */
export interface ReportInstants {
  start: string;
  end: string;
  timeZone: string;
}

const zoneOf = (range: ReportInstants) => sql`${range.timeZone}::text`;
const within = (column: string, range: ReportInstants) =>
  sql`${sql.raw(column)} >= ${range.start}::timestamptz AND ${sql.raw(column)} < ${range.end}::timestamptz`;

/**
 * Money given back on web orders in the period, one row each: `key`, the order, when, how much,
 * its tax, and the tax the order's refunds gave back before it (`tax_before`, whatever their period).
 * A succeeded refund counts; a cancelled order was refunded whole by its cancellation, so what its
 * refund rows leave of its total counts as given back when it was cancelled.
 */
function refundEvents(range: ReportInstants) {
  return sql`
    SELECT 'r' || r.id AS key, r.order_id, r.created_at AS at, r.amount, r.tax,
           (SELECT coalesce(sum(p.tax), 0) FROM order_refunds p
            WHERE p.order_id = r.order_id AND p.status = 'succeeded'
              AND (p.created_at, p.id) < (r.created_at, r.id)) AS tax_before
    FROM order_refunds r
    WHERE r.status = 'succeeded' AND ${within('r.created_at', range)}
    UNION ALL
    SELECT 'c' || o.id, o.id, coalesce(o.cancelled_at, o.created_at),
           o.total - coalesce(g.amount, 0), o.tax - coalesce(g.tax, 0), coalesce(g.tax, 0)
    FROM orders o
    LEFT JOIN LATERAL (SELECT sum(amount) AS amount, sum(tax) AS tax FROM order_refunds
                       WHERE order_id = o.id AND status = 'succeeded') g ON true
    WHERE o.status = 'cancelled' AND ${within('coalesce(o.cancelled_at, o.created_at)', range)}
      AND o.total > coalesce(g.amount, 0)`;
}

/**
 * Money given back in the period on a register sale's card or a POS payment outside the register's
 * returns (the POS refund screen, the processor's dashboard: outside_refunds), one row each: `key`,
 * when, how much, the tax in it (the sale's share of tax in the amount), what it is net of tax when
 * the sale was taxed, and the sale's day.
 */
function outsideRefundEvents(range: ReportInstants) {
  return sql`
    SELECT 'u' || u.refund_id AS key, u.created_at AS at, u.amount,
           coalesce(round(u.amount::numeric * coalesce(s.tax, p.tax) / nullif(coalesce(s.total, p.total), 0)), 0)::int
             AS tax,
           (coalesce(s.created_at, p.created_at, u.created_at) AT TIME ZONE ${zoneOf(range)})::date AS day
    FROM outside_refunds u
    LEFT JOIN pos_sale_tenders t ON t.payment_intent_id = u.payment_intent_id
    LEFT JOIN pos_sales s ON s.id = t.sale_id
    LEFT JOIN LATERAL (SELECT r.tax, r.total, r.created_at FROM receipts r
                       WHERE s.id IS NULL AND r.payment_intent_id = u.payment_intent_id
                         AND r.sale_id IS NULL AND r.return_id IS NULL
                       ORDER BY r.id LIMIT 1) p ON true
    WHERE ${within('u.created_at', range)}
      -- A payment that is neither a sale's tender nor a POS payment with its receipt (taken for a
      -- sale that was never made) was never counted as sold: its refund is not counted either.
      AND (s.id IS NOT NULL OR p.total IS NOT NULL)`;
}

/**
 * The sales report's figures per day, week or month and kind: `web` orders, register sales (`pos`),
 * POS `card` payments (receipts with a payment), `manual` receipts (Generate Receipt: not payments)
 * and `refund`s: web refunds, returns at the counter (what they gave back, cash rounding in) and
 * refunds of a register sale's card or a POS payment outside the returns.
 */
export const selectSalesBuckets = typedQuery(
  z.object({
    period: z.string(),
    kind: z.enum(['web', 'pos', 'card', 'manual', 'refund']),
    count: z.number().int(),
    amount: z.number().int(),
    tax: z.number().int(),
  }),
  (range: ReportInstants, by: ReportGranularity) => sql`
    SELECT date_trunc(${sql.raw(`'${by}'`)}, e.at AT TIME ZONE ${zoneOf(range)})::date::text AS period, e.kind,
           count(*)::int AS count, sum(e.amount)::float8 AS amount, sum(e.tax)::float8 AS tax
    FROM (
      SELECT o.created_at AS at, 'web' AS kind, o.total AS amount, o.tax FROM orders o
      WHERE ${within('o.created_at', range)}
      UNION ALL
      -- A register sale at what it took in (its cash rounded to 5 cents, as its tenders and its
      -- returns count it): a sale returned whole nets to nothing.
      SELECT p.created_at,
             CASE WHEN p.sale_id IS NOT NULL THEN 'pos' WHEN p.payment_intent_id IS NULL THEN 'manual' ELSE 'card' END,
             p.total + coalesce(s.rounding, 0), p.tax
      FROM receipts p LEFT JOIN pos_sales s ON s.id = p.sale_id
      WHERE p.return_id IS NULL AND ${within('p.created_at', range)}
      UNION ALL
      SELECT r.at, 'refund', r.amount, r.tax FROM (${refundEvents(range)}) r
      UNION ALL
      SELECT x.created_at, 'refund', x.refunded, x.tax FROM pos_returns x
      WHERE x.status = 'succeeded' AND ${within('x.created_at', range)}
      UNION ALL
      SELECT u.at, 'refund', u.amount, u.tax FROM (${outsideRefundEvents(range)}) u
    ) e
    GROUP BY 1, 2
    ORDER BY 1, 2`,
);

/** The register sales' tenders per day, week or month: how many sales each paid, and how much. */
export const selectTenderBuckets = typedQuery(
  z.object({
    period: z.string(),
    tender: z.enum(['cash', 'card', 'interac']),
    count: z.number().int(),
    amount: z.number().int(),
  }),
  (range: ReportInstants, by: ReportGranularity) => sql`
    SELECT date_trunc(${sql.raw(`'${by}'`)}, s.created_at AT TIME ZONE ${zoneOf(range)})::date::text AS period,
           t.type AS tender, count(DISTINCT s.id)::int AS count, sum(t.amount)::float8 AS amount
    FROM pos_sale_tenders t JOIN pos_sales s ON s.id = t.sale_id
    WHERE ${within('s.created_at', range)}
    GROUP BY 1, 2
    ORDER BY 1, 2`,
);

/**
 * Tax per province and component. Each sale and refund is taxed in a province on a day: a web
 * order in its shipping province on the day it was placed (its refunds too), a POS sale in the
 * store's province (a return at the counter, or a refund of its card outside the returns, too, on its
 * sale's day). Its tax is split between the components in effect there that day (each its
 * newest row from that day or before) in proportion to their rates, rounded, the last component by
 * name taking what rounding leaves, so the parts add up to the tax exactly; a refund's split follows
 * from the tax its sale's refunds gave back before it, so that refunds in parts add up to the sale's
 * split. Without components that day the whole tax stays in one row of component ''.
 */
export const selectTaxRows = typedQuery(
  z.object({
    province: z.string(),
    component: z.string(),
    rates_ppm: z.array(z.number().int()),
    taxable_sales: z.number().int(),
    taxable_refunded: z.number().int(),
    tax_collected: z.number().int(),
    tax_refunded: z.number().int(),
    /** The taxable amounts of the sales whose last component is this row's: each sale once. */
    once_taxable_sales: z.number().int(),
    once_taxable_refunded: z.number().int(),
  }),
  (range: ReportInstants, storeProvince: string) => sql`
    WITH components AS (
      SELECT province_code, name, rate_ppm, effective_from,
             lead(effective_from) OVER (PARTITION BY province_code, name ORDER BY effective_from) AS until
      FROM tax_components WHERE country_code = 'CA'
    ),
    taxed AS (
      SELECT 'o' || o.id AS key, 'sale' AS kind, upper(coalesce(o.shipping_address->>'province', '')) AS province,
             (o.created_at AT TIME ZONE ${zoneOf(range)})::date AS day, o.total - o.tax AS base, o.tax, 0 AS tax_before
      FROM orders o WHERE ${within('o.created_at', range)}
      UNION ALL
      SELECT r.key, 'refund', upper(coalesce(o.shipping_address->>'province', '')),
             (o.created_at AT TIME ZONE ${zoneOf(range)})::date, r.amount - r.tax, r.tax, r.tax_before
      FROM (${refundEvents(range)}) r JOIN orders o ON o.id = r.order_id
      UNION ALL
      SELECT 'p' || p.id, 'sale', upper(${storeProvince}), (p.created_at AT TIME ZONE ${zoneOf(range)})::date,
             (SELECT coalesce(sum(coalesce(l->>'amount', l->>'subtotal')::int), 0) FROM jsonb_array_elements(p.lines) l
              WHERE coalesce((l->>'addTax')::boolean, true)),
             p.tax, 0
      FROM receipts p
      WHERE (p.payment_intent_id IS NOT NULL OR p.sale_id IS NOT NULL) AND ${within('p.created_at', range)}
      UNION ALL
      SELECT 'x' || x.id, 'refund', upper(${storeProvince}), (s.created_at AT TIME ZONE ${zoneOf(range)})::date,
             CASE WHEN s.add_tax THEN x.subtotal ELSE 0 END, x.tax,
             (SELECT coalesce(sum(e.tax), 0) FROM pos_returns e
              WHERE e.sale_id = x.sale_id AND e.status = 'succeeded' AND (e.created_at, e.id) < (x.created_at, x.id))
      FROM pos_returns x JOIN pos_sales s ON s.id = x.sale_id
      WHERE x.status = 'succeeded' AND ${within('x.created_at', range)}
      UNION ALL
      SELECT u.key, 'refund', upper(${storeProvince}), u.day, CASE WHEN u.tax > 0 THEN u.amount - u.tax ELSE 0 END,
             u.tax, 0
      FROM (${outsideRefundEvents(range)}) u
    ),
    -- A refund's share of a component is that component's share of all the tax its sale gave back
    -- so far less its share before it: refunds in parts give back each component in full, no cent
    -- moving from one to the other.
    shares AS (
      SELECT t.key, t.kind, t.province, t.base, t.tax, c.name, c.rate_ppm,
             round((t.tax_before + t.tax)::numeric * c.rate_ppm / nullif(sum(c.rate_ppm) OVER (PARTITION BY t.key), 0))
             - round(t.tax_before::numeric * c.rate_ppm / nullif(sum(c.rate_ppm) OVER (PARTITION BY t.key), 0))
               AS share,
             row_number() OVER (PARTITION BY t.key ORDER BY c.name DESC) AS from_last
      FROM taxed t
      LEFT JOIN components c ON c.province_code = t.province AND c.effective_from <= t.day
                            AND (c.until IS NULL OR c.until > t.day)
    ),
    parts AS (
      SELECT kind, province, coalesce(name, '') AS component, rate_ppm, base, from_last = 1 AS once,
             CASE WHEN from_last = 1
                  THEN tax - (coalesce(sum(share) OVER (PARTITION BY key), 0) - coalesce(share, 0))
                  ELSE coalesce(share, 0) END AS part
      FROM shares
    )
    SELECT province, component,
           coalesce(array_agg(DISTINCT rate_ppm ORDER BY rate_ppm) FILTER (WHERE rate_ppm IS NOT NULL),
                    '{}'::int[]) AS rates_ppm,
           coalesce(sum(base) FILTER (WHERE kind = 'sale'), 0)::float8 AS taxable_sales,
           coalesce(sum(base) FILTER (WHERE kind = 'refund'), 0)::float8 AS taxable_refunded,
           coalesce(sum(part) FILTER (WHERE kind = 'sale'), 0)::float8 AS tax_collected,
           coalesce(sum(part) FILTER (WHERE kind = 'refund'), 0)::float8 AS tax_refunded,
           coalesce(sum(base) FILTER (WHERE kind = 'sale' AND once), 0)::float8 AS once_taxable_sales,
           coalesce(sum(base) FILTER (WHERE kind = 'refund' AND once), 0)::float8 AS once_taxable_refunded
    FROM parts
    GROUP BY province, component
    ORDER BY province, component`,
);

/**
 * The products sold in the period, on the web and at the register, by units kept (sold less
 * refunded or returned) or by revenue kept (the lines' totals less the refunded units' share): a
 * cancelled order's lines were all given back, and a refunded one's (all its money went back, also
 * when an amount given back named no line); a register sale's lines less their succeeded returns
 * at the counter. Grouped by product or package and code; the name is the newest line's.
 */
export const selectTopProducts = typedQuery(
  z.object({
    product_id: z.number().int().nullable(),
    package_id: z.number().int().nullable(),
    code: z.string(),
    name: z.string(),
    quantity_sold: z.number().int(),
    quantity_refunded: z.number().int(),
    quantity: z.number().int(),
    gross: z.number().int(),
    revenue: z.number().int(),
  }),
  (range: ReportInstants, sort: TopProductsSort, limit: number) => sql`
    WITH sold AS (
      SELECT l.product_id, l.package_id, l.code, l.name, o.created_at AS at, l.quantity, l.line_total,
             CASE WHEN o.status IN ('cancelled', 'refunded') THEN l.quantity ELSE l.quantity_refunded END
               AS refunded
      FROM order_lines l
      JOIN orders o ON o.id = l.order_id
      WHERE ${within('o.created_at', range)}
      UNION ALL
      -- A web order's package line carries its product's code, the register's its package's own.
      SELECT (line->>'productId')::int, (line->>'packageId')::int,
             CASE WHEN line->>'packageId' IS NULL THEN line->>'code' ELSE coalesce(p.code, line->>'code') END,
             line->>'name', s.created_at, (line->>'quantity')::int, (line->>'lineTotal')::int,
             (SELECT coalesce(sum((r->>'quantity')::int), 0) FROM pos_returns x, jsonb_array_elements(x.lines) r
              WHERE x.sale_id = s.id AND x.status = 'succeeded' AND (r->>'line')::int = n - 1)::int
      FROM pos_sales s
      CROSS JOIN LATERAL jsonb_array_elements(s.lines) WITH ORDINALITY AS sale_line(line, n)
      LEFT JOIN products p ON p.id = (line->>'productId')::int
      WHERE ${within('s.created_at', range)}
    )
    SELECT product_id, package_id, code, (array_agg(name ORDER BY at DESC))[1] AS name,
           sum(quantity)::int AS quantity_sold, sum(refunded)::int AS quantity_refunded,
           sum(quantity - refunded)::int AS quantity, sum(line_total)::float8 AS gross,
           coalesce(sum(round(line_total::numeric * (quantity - refunded) / nullif(quantity, 0))), 0)::float8
             AS revenue
    FROM sold
    GROUP BY product_id, package_id, code
    HAVING sum(quantity - refunded) > 0
    ORDER BY ${sort === 'revenue' ? sql`revenue DESC, quantity DESC` : sql`quantity DESC, revenue DESC`}, code
    LIMIT ${limit}`,
);
