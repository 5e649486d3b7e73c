/**
 * The daily reconciliation (issue "Going live with Stripe"): a store day's charges, refunds and
 * disputes at the card processor against the shop's web orders, register sales, POS payments and
 * refunds (compare.ts says what is a difference). Each run is stored; the nightly job reconciles
 * yesterday once and e-mails the store when something differs.
 */
import { and, desc, eq, gte, inArray, isNotNull, lt, type SQL } from 'drizzle-orm';
import type { ReconciliationList, ReconciliationReport } from '../../../domain/admin/reconciliation.ts';
import { calendarDayOf, isCalendarDay, nextCalendarDay, startOfDay } from '../../../domain/dates.ts';
import type { DbOrTx } from '../../db/database.ts';
import {
  orderRefunds,
  orders,
  outsideRefunds,
  posPayments,
  posReturns,
  posReturnTenders,
  posSales,
  posSaleTenders,
  reconciliationReports,
} from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { enqueueMail } from '../../providers/mail/outbox.ts';
import {
  type ChargeSummary,
  type CreatedWindow,
  isPaymentError,
  type PaymentGateway,
} from '../../providers/payments/gateway.ts';
import { AUTHORIZATION_LIFETIME_MS } from '../checkout/authorization-release.ts';
import { readSettings, storeTimeZone } from '../settings/settings.service.ts';
import { compareActivity, type ProcessorIntent, type ShopPayment, type ShopRefund } from './compare.ts';

const HOUR_MS = 3_600_000;
/** The nightly run waits this long into the store's day, so yesterday's last payments have settled. */
export const NIGHTLY_RUN_AFTER_HOUR = 2;
/** How often the shop looks whether yesterday is reconciled (server/main.ts). */
export const RECONCILE_INTERVAL_MS = HOUR_MS / 4;
/** The back office lists this many recent days. */
const LISTED_DAYS = 60;

export interface ReconciliationDeps {
  db: DbOrTx;
  payments: PaymentGateway;
  clock: Clock;
}

type Column = Parameters<typeof gte>[0];

/** A query's condition on its date column (rows of a window) or on its id column (rows of given ids). */
function conditionsOf(filter: CreatedWindow | readonly string[]) {
  return {
    inWindow: (column: Column): SQL | undefined =>
      'from' in filter ? and(gte(column, filter.from), lt(column, filter.to)) : undefined,
    ofIds: (column: Column): SQL | undefined => ('from' in filter ? undefined : inArray(column, [...filter])),
  };
}

type PaymentsFilter = { window: CreatedWindow } | { intents: string[] };

/** The shop's card payments of a window, or of given intents: sales first (compare.ts byIntent). */
async function shopPaymentsOf(db: DbOrTx, filter: PaymentsFilter): Promise<ShopPayment[]> {
  if ('intents' in filter && filter.intents.length === 0) return [];
  const { inWindow, ofIds: ofIntents } = conditionsOf('window' in filter ? filter.window : filter.intents);

  const [tenders, readerPayments, webOrders] = await Promise.all([
    db
      .select({
        saleId: posSales.id,
        paymentIntentId: posSaleTenders.paymentIntentId,
        amount: posSaleTenders.amount,
      })
      .from(posSaleTenders)
      .innerJoin(posSales, eq(posSales.id, posSaleTenders.saleId))
      .where(
        and(
          isNotNull(posSaleTenders.paymentIntentId),
          inWindow(posSales.createdAt),
          ofIntents(posSaleTenders.paymentIntentId),
        ),
      ),
    db
      .select({
        id: posPayments.id,
        paymentIntentId: posPayments.paymentIntentId,
        amount: posPayments.amount,
      })
      .from(posPayments)
      .where(and(inWindow(posPayments.createdAt), ofIntents(posPayments.paymentIntentId))),
    db
      .select({
        orderNumber: orders.orderNumber,
        paymentIntentId: orders.paymentIntentId,
        total: orders.total,
        status: orders.status,
        disputedAt: orders.disputedAt,
      })
      .from(orders)
      .where(
        and(isNotNull(orders.paymentIntentId), inWindow(orders.createdAt), ofIntents(orders.paymentIntentId)),
      ),
  ]);
  return [
    ...tenders.map(
      (row): ShopPayment => ({
        paymentIntentId: row.paymentIntentId ?? '',
        record: `Register sale ${row.saleId}`,
        orderNumber: null,
        amount: row.amount,
        expects: 'captured',
        disputed: null,
      }),
    ),
    ...readerPayments.map(
      (row): ShopPayment => ({
        paymentIntentId: row.paymentIntentId,
        record: `POS payment ${row.id}`,
        orderNumber: null,
        amount: row.amount,
        expects: 'captured',
        disputed: null,
      }),
    ),
    ...webOrders.map(
      (row): ShopPayment => ({
        paymentIntentId: row.paymentIntentId ?? '',
        record: `Order ${row.orderNumber}`,
        orderNumber: row.orderNumber,
        amount: row.total,
        expects: row.status === 'placed' ? 'authorized' : row.status === 'cancelled' ? 'either' : 'captured',
        disputed: row.disputedAt !== null,
      }),
    ),
  ];
}

type RefundsFilter = { window: CreatedWindow } | { refundIds: string[] };

/**
 * The refunds the shop recorded as done at the processor: web orders' (made by the shop, or in the
 * processor's dashboard as their webhook told), the register's returns, and the dashboard's refunds
 * of the register's payments.
 */
async function shopRefundsOf(db: DbOrTx, filter: RefundsFilter): Promise<ShopRefund[]> {
  if ('refundIds' in filter && filter.refundIds.length === 0) return [];
  const { inWindow, ofIds } = conditionsOf('window' in filter ? filter.window : filter.refundIds);
  const [webRefunds, returnRefunds, madeOutside] = await Promise.all([
    db
      .select({
        refundId: orderRefunds.gatewayRefundId,
        amount: orderRefunds.amount,
        orderNumber: orders.orderNumber,
      })
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
      .where(
        and(
          eq(orderRefunds.status, 'succeeded'),
          isNotNull(orderRefunds.gatewayRefundId),
          inWindow(orderRefunds.createdAt),
          ofIds(orderRefunds.gatewayRefundId),
        ),
      ),
    db
      .select({
        refundId: posReturnTenders.refundId,
        amount: posReturnTenders.amount,
        returnId: posReturns.id,
      })
      .from(posReturnTenders)
      .innerJoin(posReturns, eq(posReturns.id, posReturnTenders.returnId))
      .where(
        and(
          eq(posReturns.status, 'succeeded'),
          isNotNull(posReturnTenders.refundId),
          inWindow(posReturns.createdAt),
          ofIds(posReturnTenders.refundId),
        ),
      ),
    db
      .select({
        refundId: outsideRefunds.refundId,
        amount: outsideRefunds.amount,
        paymentIntentId: outsideRefunds.paymentIntentId,
      })
      .from(outsideRefunds)
      .where(and(inWindow(outsideRefunds.createdAt), ofIds(outsideRefunds.refundId))),
  ]);
  return [
    ...webRefunds.map((row) => ({
      refundId: row.refundId ?? '',
      record: `Order ${row.orderNumber}`,
      orderNumber: row.orderNumber,
      amount: row.amount,
    })),
    ...returnRefunds.map((row) => ({
      refundId: row.refundId ?? '',
      record: `Register return ${row.returnId}`,
      orderNumber: null,
      amount: row.amount,
    })),
    ...madeOutside.map((row) => ({
      refundId: row.refundId,
      record: `Refund outside the shop of ${row.paymentIntentId}`,
      orderNumber: null,
      amount: row.amount,
    })),
  ];
}

/** What a charge holds, as its intent says it: taken, or authorized; null when it holds nothing. */
function holdOf(charge: ChargeSummary): ProcessorIntent | null {
  if (charge.status !== 'succeeded') return null;
  if (charge.captured) {
    return { status: 'succeeded', amountReceived: charge.amountCaptured, amountCapturable: 0 };
  }
  const authorized = charge.amount - charge.amountRefunded;
  return authorized > 0
    ? { status: 'requires_capture', amountReceived: 0, amountCapturable: authorized }
    : null;
}

export function createReconciliation({ db, payments, clock }: ReconciliationDeps) {
  /** The processor's intent of a payment, or null when it has none by that id. */
  async function processorIntent(id: string): Promise<ProcessorIntent | null> {
    try {
      const intent = await payments.retrievePaymentIntent(id);
      return {
        status: intent.status,
        amountReceived: intent.amount_received,
        amountCapturable: intent.amount_capturable,
      };
    } catch (error) {
      if (isPaymentError(error) && error.statusCode === 404) return null;
      throw error;
    }
  }

  /** Reconciles a store day now: asks the processor, compares, answers the report (not stored). */
  async function reconcile(day: string): Promise<ReconciliationReport> {
    const timeZone = await storeTimeZone(db);
    const window = { from: startOfDay(day, timeZone), to: startOfDay(nextCalendarDay(day), timeZone) };
    const around = {
      from: new Date(window.from.getTime() - 24 * HOUR_MS),
      to: new Date(window.to.getTime() + 24 * HOUR_MS),
    };
    // An order is placed on an authorization up to Stripe's 7 days old: its charge is in this week.
    const weekBefore = { from: new Date(window.from.getTime() - AUTHORIZATION_LIFETIME_MS), to: window.from };
    const [charges, chargesBefore, refundsAround, disputes, shopPayments, shopRefunds] = await Promise.all([
      payments.listCharges(window),
      payments.listCharges(weekBefore),
      payments.listRefunds(around),
      payments.listDisputes({ created: window }),
      shopPaymentsOf(db, { window }),
      shopRefundsOf(db, { window }),
    ]);
    const refunds = refundsAround.filter(
      (refund) =>
        refund.created >= window.from.getTime() / 1000 && refund.created < window.to.getTime() / 1000,
    );
    const recorded = new Set(shopPayments.map((payment) => payment.paymentIntentId));
    const chargeIntents = new Set(
      charges.flatMap((charge) => (charge.paymentIntentId ? [charge.paymentIntentId] : [])),
    );
    const disputedIntents = disputes.flatMap((dispute) =>
      dispute.payment_intent ? [dispute.payment_intent] : [],
    );
    const [shopPaymentsOfCharges, shopRefundsOfProcessor] = await Promise.all([
      shopPaymentsOf(db, {
        intents: [...new Set([...chargeIntents, ...disputedIntents])].filter((id) => !recorded.has(id)),
      }),
      shopRefundsOf(db, { refundIds: refunds.map((refund) => refund.id) }),
    ]);
    // A shop payment whose charge is not of the day: read from the week's charges in one list; only
    // one found in neither (a difference, rare) is asked for by its id.
    const intents = new Map<string, ProcessorIntent | null>(
      chargesBefore.flatMap((charge) => {
        const held = charge.paymentIntentId ? holdOf(charge) : null;
        return held && charge.paymentIntentId ? [[charge.paymentIntentId, held] as const] : [];
      }),
    );
    for (const payment of shopPayments) {
      if (chargeIntents.has(payment.paymentIntentId) || intents.has(payment.paymentIntentId)) continue;
      intents.set(payment.paymentIntentId, await processorIntent(payment.paymentIntentId));
    }
    return compareActivity({
      day,
      ranAt: clock.now(),
      provider: payments.provider,
      charges,
      refunds,
      refundsAround,
      disputes,
      shopPayments,
      shopPaymentsOfCharges,
      intents,
      shopRefunds,
      shopRefundsOfProcessor,
    });
  }

  async function checkDay(day: string): Promise<void> {
    if (!isCalendarDay(day)) throw badRequest('The day is not a real calendar day.');
    if (day > calendarDayOf(clock.now(), await storeTimeZone(db))) {
      throw badRequest('A day still to come cannot be reconciled.');
    }
  }

  /** Stores a report; with `onlyNew`, keeps the one there (answers false) rather than replacing it. */
  async function store(report: ReconciliationReport, onlyNew: boolean): Promise<boolean> {
    const values = {
      day: report.day,
      ranAt: new Date(report.ranAt),
      differenceCount: report.differences.length,
      report,
    };
    const insert = db.insert(reconciliationReports).values(values);
    const rows = await (onlyNew
      ? insert.onConflictDoNothing()
      : insert.onConflictDoUpdate({ target: reconciliationReports.day, set: values })
    ).returning({ day: reconciliationReports.day });
    return rows.length > 0;
  }

  return {
    /** GET api/admin/reconciliation: the recent days reconciled, newest first. */
    async list(): Promise<ReconciliationList> {
      const rows = await db
        .select({
          day: reconciliationReports.day,
          ranAt: reconciliationReports.ranAt,
          differenceCount: reconciliationReports.differenceCount,
        })
        .from(reconciliationReports)
        .orderBy(desc(reconciliationReports.day))
        .limit(LISTED_DAYS);
      return { reports: rows.map((row) => ({ ...row, ranAt: row.ranAt.toISOString() })) };
    },

    /** GET api/admin/reconciliation/{day}: the stored report. */
    async report(day: string): Promise<ReconciliationReport> {
      await checkDay(day);
      const [row] = await db
        .select({ report: reconciliationReports.report })
        .from(reconciliationReports)
        .where(eq(reconciliationReports.day, day));
      if (!row) throw new AppError('not_found', 'This day was not reconciled yet.', 404);
      return row.report;
    },

    /** POST api/admin/reconciliation/{day}: reconciles the day now and keeps this report. */
    async run(day: string): Promise<ReconciliationReport> {
      await checkDay(day);
      const report = await reconcile(day);
      await store(report, false);
      return report;
    },

    /**
     * The nightly job: yesterday, once, after NIGHTLY_RUN_AFTER_HOUR in the store's day. Two
     * instances may both compare (it only reads); the first to store the report e-mails the store
     * when something differs. Answers the day reconciled, or null when there was nothing to do.
     */
    async reconcileYesterday(): Promise<string | null> {
      const now = clock.now();
      const timeZone = await storeTimeZone(db);
      const todayStart = startOfDay(calendarDayOf(now, timeZone), timeZone);
      if (now.getTime() - todayStart.getTime() < NIGHTLY_RUN_AFTER_HOUR * HOUR_MS) return null;
      const yesterday = calendarDayOf(new Date(todayStart.getTime() - HOUR_MS), timeZone);
      const [done] = await db
        .select({ day: reconciliationReports.day })
        .from(reconciliationReports)
        .where(eq(reconciliationReports.day, yesterday));
      if (done) return null;
      const report = await reconcile(yesterday);
      if (!(await store(report, true))) return null;
      const settings = await readSettings(db);
      if (report.differences.length > 0 && settings.store_email) {
        await enqueueMail(db, {
          to: settings.store_email,
          subject: `Payments of ${yesterday}: ${report.differences.length} to look at`,
          text: [
            `The reconciliation of ${yesterday} found ${report.differences.length} difference(s) between the card processor and the shop:`,
            '',
            ...report.differences.map((difference) => `- ${difference.detail}`),
            '',
            `Details: the back office, Reconciliation, ${yesterday}.`,
            '',
            settings.store_name,
          ].join('\n'),
        });
      }
      return yesterday;
    },
  };
}

export type ReconciliationService = ReturnType<typeof createReconciliation>;
