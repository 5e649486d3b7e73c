import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { calendarDayOf, nextCalendarDay, startOfDay } from '../../../domain/dates.ts';
import { formatMoney, splitTax } from '../../../domain/money.ts';
import {
  type cashMovementSchema,
  type closeShiftSchema,
  type openShiftSchema,
  TENDER_TYPES,
  type TenderType,
} from '../../../domain/pos/register.ts';
import {
  ADMIN_SHIFTS_PAGE_SIZE,
  type AdminShiftsPage,
  type AdminShiftsQuery,
  type CashierFigures,
  type DayReport,
  type RegisterFigures,
  SHIFT_MESSAGES,
  type ShiftReport,
  type ShiftSummary,
  type TenderFigures,
} from '../../../domain/pos/shifts.ts';
import { hasAnyRole } from '../../../domain/roles.ts';
import type { Database, DbOrTx } from '../../db/database.ts';
import {
  cashMovements,
  clients,
  outsideRefunds,
  posPayments,
  posReturns,
  posReturnTenders,
  posSales,
  posSaleTenders,
  registerShifts,
} from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { sellerFrom } from '../invoices/pdf-document.ts';
import { readSettings, storeTimeZone, taxComponentsOn } from '../settings/settings.service.ts';
import { renderDayReportPdf, renderShiftReportPdf } from './shift-report-pdf.ts';

type OpenShiftData = z.output<typeof openShiftSchema>;
type CloseShiftData = z.output<typeof closeShiftSchema>;
type CashMovementData = z.output<typeof cashMovementSchema>;

export interface ShiftsDeps {
  db: Database;
  clock: Clock;
}

const shiftOpen = () => new AppError('shift_open', SHIFT_MESSAGES.shiftOpen, 409);
const noOpenShift = () => new AppError('no_open_shift', SHIFT_MESSAGES.noOpenShift, 404);
const noShiftForCash = () => new AppError('no_open_shift', SHIFT_MESSAGES.noOpenShift, 409);
const salePaymentUnfinished = (amounts: readonly number[]) =>
  new AppError(
    'sale_payment_unfinished',
    SHIFT_MESSAGES.salePaymentUnfinished(amounts.map((amount) => formatMoney(amount)).join(', ')),
    409,
  );

/**
 * The amounts of the cashier's reader payments taken for a sale since `since` that no sale names
 * and that were not refunded in full: the register lost them (its browser's storage gone mid-sale).
 */
async function unfinishedSalePayments(tx: DbOrTx, cashierId: number, since: Date): Promise<number[]> {
  const rows = await tx
    .select({ amount: posPayments.amount })
    .from(posPayments)
    .where(
      and(
        eq(posPayments.clientId, cashierId),
        eq(posPayments.forSale, true),
        gte(posPayments.createdAt, since),
        sql`NOT EXISTS (SELECT 1 FROM pos_sale_tenders t WHERE t.payment_intent_id = ${posPayments.paymentIntentId})`,
        sql`${posPayments.amount} > (SELECT coalesce(sum(r.amount), 0) FROM outside_refunds r
                                     WHERE r.payment_intent_id = ${posPayments.paymentIntentId})`,
      ),
    )
    .orderBy(asc(posPayments.createdAt));
  return rows.map((row) => row.amount);
}

const cashierName = sql<string>`trim(${clients.firstName} || ' ' || ${clients.lastName})`;

// A shift's running figures, each one aggregate correlated with the shift's row (no query per sale).
const salesCount = sql<number>`(SELECT count(*)::int FROM ${posSales} WHERE ${posSales.shiftId} = ${registerShifts.id})`;
const salesTotal = sql<number>`(SELECT coalesce(sum(${posSales.total}), 0)::int FROM ${posSales}
  WHERE ${posSales.shiftId} = ${registerShifts.id})`;
const cashSales = sql<number>`(SELECT coalesce(sum(${posSaleTenders.amount}), 0)::int
  FROM ${posSaleTenders} JOIN ${posSales} ON ${posSales.id} = ${posSaleTenders.saleId}
  WHERE ${posSales.shiftId} = ${registerShifts.id} AND ${posSaleTenders.type} = 'cash')`;
const cashRefunds = sql<number>`(SELECT coalesce(sum(${posReturnTenders.amount}), 0)::int
  FROM ${posReturnTenders} JOIN ${posReturns} ON ${posReturns.id} = ${posReturnTenders.returnId}
  WHERE ${posReturns.shiftId} = ${registerShifts.id} AND ${posReturns.status} = 'succeeded'
    AND ${posReturnTenders.type} = 'cash')`;
const movementsTotal = sql<number>`(SELECT coalesce(sum(${cashMovements.amount}), 0)::int FROM ${cashMovements}
  WHERE ${cashMovements.shiftId} = ${registerShifts.id})`;

const summaryFields = {
  id: registerShifts.id,
  cashierId: registerShifts.cashierId,
  cashier: cashierName,
  status: registerShifts.status,
  openedAt: registerShifts.openedAt,
  closedAt: registerShifts.closedAt,
  float: registerShifts.float,
  expectedCash: registerShifts.expectedCash,
  counted: registerShifts.counted,
  sales: salesCount,
  salesTotal,
  cashSales,
  cashRefunds,
  cashMovements: movementsTotal,
};

function selectSummaries(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(summaryFields)
    .from(registerShifts)
    .innerJoin(clients, eq(clients.id, registerShifts.cashierId))
    .where(where);
}

type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

function toSummary(row: SummaryRow): ShiftSummary {
  const running = row.float + row.cashSales - row.cashRefunds + row.cashMovements;
  const closed = row.status === 'closed';
  // A closed shift keeps the figure it was reconciled against.
  const expectedCash = closed && row.expectedCash !== null ? row.expectedCash : running;
  return {
    id: row.id,
    cashierId: row.cashierId,
    cashier: row.cashier,
    status: closed ? 'closed' : 'open',
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    float: row.float,
    cashSales: row.cashSales,
    cashRefunds: row.cashRefunds,
    cashMovements: row.cashMovements,
    expectedCash,
    counted: row.counted,
    overShort: row.counted === null ? null : row.counted - expectedCash,
    sales: row.sales,
    salesTotal: row.salesTotal,
  };
}

/** A shift with its running figures (the drawer's expected cash among them). */
export async function summaryOf(tx: DbOrTx, id: number): Promise<ShiftSummary | undefined> {
  const [row] = await selectSummaries(tx, eq(registerShifts.id, id));
  return row && toSummary(row);
}

const isTender = (type: string): type is TenderType => (TENDER_TYPES as readonly string[]).includes(type);

/** Every tender type in order, 0 where the rows have none. */
function tendersFrom(rows: readonly { type: string; count: number; amount: number }[]): TenderFigures[] {
  return TENDER_TYPES.map((type) => {
    const mine = rows.filter((row) => row.type === type);
    return {
      type,
      count: mine.reduce((sum, row) => sum + row.count, 0),
      amount: mine.reduce((sum, row) => sum + row.amount, 0),
    };
  });
}

/**
 * Register shifts: a cashier opens one with a counted float (one open at a time, the partial unique
 * index register_shifts_one_open deciding a race), moves cash in and out with a reason, and closes
 * it with the cash counted; the Z report sums the shift's sales, tenders, tax and cash. Every figure
 * is an SQL aggregate over pos_sales, pos_sale_tenders and cash_movements.
 */
export function createShiftsService({ db, clock }: ShiftsDeps) {
  /** The caller's open shift, locked for the rest of the transaction; 409 without one. */
  async function lockOpenShift(tx: DbOrTx, caller: AuthUser, mode: 'update' | 'no key update') {
    const [shift] = await tx
      .select({ id: registerShifts.id })
      .from(registerShifts)
      .where(and(eq(registerShifts.cashierId, caller.id), eq(registerShifts.status, 'open')))
      .for(mode);
    if (!shift) throw noShiftForCash();
    const summary = await summaryOf(tx, shift.id);
    if (!summary) throw noShiftForCash();
    return summary;
  }

  /**
   * The figures of the sales, returns, refunds without a return and cash movements a filter picks
   * (a shift's, or a store day's), the tax split as on `day`; `lead` is named first among the
   * cashiers, even idle.
   */
  async function figures(
    where: { sales: SQL; returns: SQL; movements: SQL; cardRefunds: SQL },
    day: string,
    lead?: { cashierId: number; cashier: string },
  ): Promise<RegisterFigures> {
    const returned = and(where.returns, eq(posReturns.status, 'succeeded'));
    const [byCashier, byTender, movements, settings, returnsByCashier, returnTenders, [cardRefunds]] =
      await Promise.all([
        db
          .select({
            cashierId: posSales.cashierId,
            cashier: cashierName,
            sales: sql<number>`count(*)::int`,
            subtotal: sql<number>`coalesce(sum(${posSales.subtotal}), 0)::int`,
            tax: sql<number>`coalesce(sum(${posSales.tax}), 0)::int`,
            total: sql<number>`coalesce(sum(${posSales.total}), 0)::int`,
            rounding: sql<number>`coalesce(sum(${posSales.rounding}), 0)::int`,
            paid: sql<number>`coalesce(sum(${posSales.paid}), 0)::int`,
          })
          .from(posSales)
          .innerJoin(clients, eq(clients.id, posSales.cashierId))
          .where(where.sales)
          .groupBy(posSales.cashierId, clients.firstName, clients.lastName)
          .orderBy(asc(posSales.cashierId)),
        db
          .select({
            cashierId: posSales.cashierId,
            type: posSaleTenders.type,
            count: sql<number>`count(DISTINCT ${posSaleTenders.saleId})::int`,
            amount: sql<number>`coalesce(sum(${posSaleTenders.amount}), 0)::int`,
          })
          .from(posSaleTenders)
          .innerJoin(posSales, eq(posSales.id, posSaleTenders.saleId))
          .where(where.sales)
          .groupBy(posSales.cashierId, posSaleTenders.type),
        db
          .select({
            id: cashMovements.id,
            amount: cashMovements.amount,
            reason: cashMovements.reason,
            actor: sql<string | null>`CASE WHEN ${clients.id} IS NULL THEN NULL ELSE ${cashierName} END`,
            createdAt: cashMovements.createdAt,
          })
          .from(cashMovements)
          .leftJoin(clients, eq(clients.id, cashMovements.actorId))
          .where(where.movements)
          .orderBy(asc(cashMovements.createdAt), asc(cashMovements.id)),
        readSettings(db),
        db
          .select({
            cashierId: posReturns.cashierId,
            cashier: cashierName,
            returns: sql<number>`count(*)::int`,
            refunded: sql<number>`coalesce(sum(${posReturns.refunded}), 0)::int`,
            tax: sql<number>`coalesce(sum(${posReturns.tax}), 0)::int`,
          })
          .from(posReturns)
          .innerJoin(clients, eq(clients.id, posReturns.cashierId))
          .where(returned)
          .groupBy(posReturns.cashierId, clients.firstName, clients.lastName),
        db
          .select({
            type: posReturnTenders.type,
            count: sql<number>`count(DISTINCT ${posReturnTenders.returnId})::int`,
            amount: sql<number>`coalesce(sum(${posReturnTenders.amount}), 0)::int`,
          })
          .from(posReturnTenders)
          .innerJoin(posReturns, eq(posReturns.id, posReturnTenders.returnId))
          .where(returned)
          .groupBy(posReturnTenders.type),
        db
          .select({
            count: sql<number>`count(*)::int`,
            amount: sql<number>`coalesce(sum(${outsideRefunds.amount}), 0)::int`,
          })
          .from(outsideRefunds)
          .where(
            and(
              where.cardRefunds,
              sql`EXISTS (SELECT 1 FROM ${posSaleTenders}
                        WHERE ${posSaleTenders.paymentIntentId} = ${outsideRefunds.paymentIntentId})`,
            ),
          ),
      ]);
    const unknownTender = byTender.find((row) => !isTender(row.type));
    if (unknownTender) throw new Error(`a sale has a tender of unknown type ${unknownTender.type}`);

    // The lead (a shift's cashier) first, then whoever else sold or refunded.
    const people = new Map<number, string>(lead ? [[lead.cashierId, lead.cashier]] : []);
    for (const row of [...byCashier, ...returnsByCashier]) people.set(row.cashierId, row.cashier);
    const cashiers: CashierFigures[] = [...people].map(([cashierId, cashier]) => {
      const sold = byCashier.find((row) => row.cashierId === cashierId);
      const gaveBack = returnsByCashier.find((row) => row.cashierId === cashierId);
      return {
        cashierId,
        cashier,
        sales: sold?.sales ?? 0,
        subtotal: sold?.subtotal ?? 0,
        tax: sold?.tax ?? 0,
        total: sold?.total ?? 0,
        rounding: sold?.rounding ?? 0,
        tenders: tendersFrom(byTender.filter((tender) => tender.cashierId === cashierId)),
        returns: gaveBack?.returns ?? 0,
        refunded: gaveBack?.refunded ?? 0,
      };
    });
    const sum = (pick: (row: (typeof byCashier)[number]) => number) =>
      byCashier.reduce((total, row) => total + pick(row), 0);
    const sales = {
      count: sum((row) => row.sales),
      subtotal: sum((row) => row.subtotal),
      tax: sum((row) => row.tax),
      total: sum((row) => row.total),
      rounding: sum((row) => row.rounding),
      paid: sum((row) => row.paid),
    };

    const province = settings.store_province;
    const components = await taxComponentsOn(db, province, day);
    const refundsTax = returnsByCashier.reduce((total, row) => total + row.tax, 0);
    const taxCollected = sales.tax - refundsTax;
    // Without components on file that day the tax stays whole, under one line (never lost).
    const taxParts =
      components.length > 0
        ? splitTax(taxCollected, components)
        : [{ name: 'Tax', ratePpm: 0, amount: taxCollected }];

    const refundTenders = tendersFrom(returnTenders);
    return {
      sales,
      tenders: tendersFrom(byTender),
      refunds: {
        count: returnsByCashier.reduce((total, row) => total + row.returns, 0),
        amount: returnsByCashier.reduce((total, row) => total + row.refunded, 0),
        tax: refundsTax,
        cash: refundTenders.find((tender) => tender.type === 'cash')?.amount ?? 0,
        tenders: refundTenders,
      },
      cardRefunds: { count: cardRefunds?.count ?? 0, amount: cardRefunds?.amount ?? 0 },
      tax: { province, day, total: taxCollected, components: taxParts },
      cashiers,
      movements: movements.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    };
  }

  async function report(id: number): Promise<ShiftReport | undefined> {
    const shift = await summaryOf(db, id);
    if (!shift) return undefined;
    const day = calendarDayOf(new Date(shift.openedAt), await storeTimeZone(db));
    const shown = await figures(
      {
        sales: eq(posSales.shiftId, id),
        returns: eq(posReturns.shiftId, id),
        movements: eq(cashMovements.shiftId, id),
        cardRefunds: eq(outsideRefunds.shiftId, id),
      },
      day,
      shift,
    );
    return { ...shown, shift, final: shift.status === 'closed' };
  }

  /** A store day's report: every sale, return and cash movement of that day, and its shifts. */
  async function dayReport(day: string): Promise<DayReport> {
    const timeZone = await storeTimeZone(db);
    const from = startOfDay(day, timeZone);
    const to = startOfDay(nextCalendarDay(day), timeZone);
    const within = (column: AnyPgColumn) =>
      sql`${column} >= ${from.toISOString()}::timestamptz AND ${column} < ${to.toISOString()}::timestamptz`;
    const [shown, shifts] = await Promise.all([
      figures(
        {
          sales: within(posSales.createdAt),
          returns: within(posReturns.createdAt),
          movements: within(cashMovements.createdAt),
          cardRefunds: within(outsideRefunds.createdAt),
        },
        day,
      ),
      selectSummaries(db, and(gte(registerShifts.openedAt, from), lt(registerShifts.openedAt, to))).orderBy(
        asc(registerShifts.openedAt),
        asc(registerShifts.id),
      ),
    ]);
    return { ...shown, day, shifts: shifts.map(toSummary) };
  }

  /** A shift's report for the caller: their own shift's, or any for an ADMIN; 404 otherwise. */
  async function reportFor(caller: AuthUser, id: number): Promise<ShiftReport> {
    const found = await report(id);
    if (!found || (found.shift.cashierId !== caller.id && !hasAnyRole(caller.roles, ['ADMIN']))) {
      throw notFound('The shift');
    }
    return found;
  }

  return {
    /** Opens the caller's shift with its float; 409 shift_open while one is open. */
    async open(caller: AuthUser, { float }: OpenShiftData): Promise<ShiftSummary> {
      // Two opens at once: the partial unique index lets one in, the other inserts nothing.
      const [row] = await db
        .insert(registerShifts)
        .values({ cashierId: caller.id, float, openedAt: clock.now() })
        .onConflictDoNothing({ target: registerShifts.cashierId, where: sql`status = 'open'` })
        .returning({ id: registerShifts.id });
      if (!row) throw shiftOpen();
      const summary = await summaryOf(db, row.id);
      if (!summary) throw notFound('The shift');
      return summary;
    },

    /** The caller's open shift with its running figures; 404 no_open_shift without one. */
    async current(caller: AuthUser): Promise<ShiftSummary> {
      const [row] = await selectSummaries(
        db,
        and(eq(registerShifts.cashierId, caller.id), eq(registerShifts.status, 'open')),
      );
      if (!row) throw noOpenShift();
      return toSummary(row);
    },

    /** Cash put in (+) or taken out (-) of the caller's open shift; never more out than the drawer holds. */
    moveCash(caller: AuthUser, { amount, reason }: CashMovementData): Promise<ShiftSummary> {
      return db.transaction(async (tx) => {
        // Locked so that two withdrawals at once cannot both take the same cash.
        const shift = await lockOpenShift(tx, caller, 'no key update');
        if (shift.expectedCash + amount < 0) {
          throw new AppError(
            'not_enough_cash',
            SHIFT_MESSAGES.notEnoughCash(formatMoney(shift.expectedCash)),
            409,
          );
        }
        await tx.insert(cashMovements).values({
          shiftId: shift.id,
          amount,
          reason,
          actorId: caller.id,
          createdAt: clock.now(),
        });
        const moved = await summaryOf(tx, shift.id);
        if (!moved) throw noShiftForCash();
        return moved;
      });
    },

    /** Closes the caller's open shift with the cash counted -> its Z report. */
    async close(caller: AuthUser, { counted }: CloseShiftData): Promise<ShiftReport> {
      const id = await db.transaction(async (tx) => {
        // FOR UPDATE: a sale's reference to the shift waits for the close to be decided.
        const shift = await lockOpenShift(tx, caller, 'update');
        const unfinished = await unfinishedSalePayments(tx, caller.id, new Date(shift.openedAt));
        if (unfinished.length > 0) throw salePaymentUnfinished(unfinished);
        await tx
          .update(registerShifts)
          .set({ status: 'closed', closedAt: clock.now(), expectedCash: shift.expectedCash, counted })
          .where(eq(registerShifts.id, shift.id));
        return shift.id;
      });
      return reportFor(caller, id);
    },

    report: reportFor,

    /** GET api/admin/day-report?day=: the store day across every cashier and shift. */
    dayReport,

    async dayReportPdf(day: string): Promise<Buffer> {
      const found = await dayReport(day);
      return renderDayReportPdf(found, sellerFrom(await readSettings(db)), clock.now());
    },

    async reportPdf(caller: AuthUser, id: number): Promise<{ report: ShiftReport; pdf: Buffer }> {
      const found = await reportFor(caller, id);
      const pdf = await renderShiftReportPdf(found, sellerFrom(await readSettings(db)), clock.now());
      return { report: found, pdf };
    },

    /** Every shift, newest first, opened on the query's store days (both included). */
    async list(query: AdminShiftsQuery): Promise<AdminShiftsPage> {
      const conditions: SQL[] = [];
      if (query.from || query.to) {
        const timeZone = await storeTimeZone(db);
        if (query.from) conditions.push(gte(registerShifts.openedAt, startOfDay(query.from, timeZone)));
        if (query.to) {
          conditions.push(lt(registerShifts.openedAt, startOfDay(nextCalendarDay(query.to), timeZone)));
        }
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [rows, [counted]] = await Promise.all([
        selectSummaries(db, where)
          .orderBy(desc(registerShifts.openedAt), desc(registerShifts.id))
          .offset((query.page - 1) * ADMIN_SHIFTS_PAGE_SIZE)
          .limit(ADMIN_SHIFTS_PAGE_SIZE),
        db.select({ total: count() }).from(registerShifts).where(where),
      ]);
      return {
        shifts: rows.map(toSummary),
        total: Number(counted?.total ?? 0),
        page: query.page,
        pageSize: ADMIN_SHIFTS_PAGE_SIZE,
      };
    },
  };
}

export type ShiftsService = ReturnType<typeof createShiftsService>;
