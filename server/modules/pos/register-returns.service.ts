import { and, asc, eq } from 'drizzle-orm';
import { formatMoney } from '../../../domain/money.ts';
import type { Sale } from '../../../domain/pos/register.ts';
import { saleLineName } from '../../../domain/pos/register.ts';
import {
  type PlannedReturnTender,
  planReturn,
  RETURN_MESSAGES,
  type ReturnPlan,
  type ReturnRequestData,
  type SaleReturn,
} from '../../../domain/pos/returns.ts';
import type { Database, DbOrTx } from '../../db/database.ts';
import {
  clients,
  outsideRefunds,
  posReturns,
  posReturnTenders,
  posSales,
  posSaleTenders,
  receipts,
  registerShifts,
} from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { isPaymentError, type PaymentGateway } from '../../providers/payments/gateway.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { notifyCatalogChanged } from '../catalog/catalog-cache.ts';
import { putBackStock } from '../inventory/stock-taking.ts';
import { POS_SOURCE } from './pos.service.ts';
import type { ReceiptsService } from './receipts.service.ts';
import type { RegisterSales } from './register-sales.service.ts';
import { receiptLineOf } from './register-sales.service.ts';
import { summaryOf } from './shifts.service.ts';

type ReturnRow = typeof posReturns.$inferSelect;

export interface RegisterReturnsDeps {
  db: Database;
  payments: PaymentGateway;
  clock: Clock;
  registerSales: RegisterSales;
  receiptsService: ReceiptsService;
  log: (message: string, error?: unknown) => void;
}

const keyReused = () =>
  new AppError(
    'idempotency_key_reused',
    'This Idempotency-Key was used for another return: start again.',
    409,
  );

/**
 * Returns at the counter (issue "The POS as a real register", docs/decisions/006): a register sale's
 * lines refunded to its own tenders. Like an order's refund (decision 005), a return is first held
 * under the sale's row lock (its quantities and amounts, `pending`), then the card part is refunded
 * online with a key of its own, then it is settled: stock back if asked, the refund receipt, the
 * e-mail. Cash leaves the refunding cashier's drawer; the Interac part is refunded on the reader
 * before the return is asked for, and the return names that refund.
 */
export function createRegisterReturns({
  db,
  payments,
  clock,
  registerSales,
  receiptsService,
  log,
}: RegisterReturnsDeps) {
  /** The reader's Interac refund this return names: succeeded, of this sale's payment, for this amount. */
  async function checkInteracRefund(
    sale: Sale,
    planned: PlannedReturnTender | undefined,
    refundId: string | undefined,
  ): Promise<void> {
    if (!planned) {
      if (refundId) throw badRequest('This return has no Interac part.', { interacRefundId: 'Not needed.' });
      return;
    }
    if (!refundId) {
      throw new AppError(
        'interac_refund_needed',
        `${RETURN_MESSAGES.interacOnReader} (${formatMoney(planned.amount)})`,
        409,
      );
    }
    const mismatch = () =>
      new AppError('interac_refund_mismatch', RETURN_MESSAGES.interacRefundMismatch, 409);
    const tender = sale.tenders.find((candidate) => candidate.id === planned.saleTenderId);
    if (!tender?.paymentIntentId) throw mismatch();
    // Asked of the processor, not of the reader's last action: the reader may have done something
    // else since (a return finished after a reload, say).
    const refund = await payments.retrieveRefund(refundId).catch((error: unknown) => {
      if (isPaymentError(error) && error.statusCode < 500) return undefined;
      throw error;
    });
    if (
      refund?.status !== 'succeeded' ||
      refund.payment_intent !== tender.paymentIntentId ||
      refund.amount !== planned.amount
    ) {
      throw mismatch();
    }
  }

  /**
   * The sale as a return naming `refundId` sees it: a reader refund the refund screen made was
   * recorded on the payment as refunded outside the returns; the return that names it takes it as
   * its own, so it is not counted against what is left as well.
   */
  async function namingRefund(conn: DbOrTx, sale: Sale, refundId: string | undefined): Promise<Sale> {
    if (!refundId) return sale;
    const [outside] = await conn.select().from(outsideRefunds).where(eq(outsideRefunds.refundId, refundId));
    if (!outside) return sale;
    return {
      ...sale,
      tenders: sale.tenders.map((tender) =>
        tender.paymentIntentId === outside.paymentIntentId
          ? { ...tender, refundedOutside: tender.refundedOutside - outside.amount }
          : tender,
      ),
    };
  }

  /** Holds the return under the sale's lock: its plan made again there, so two returns cannot both take a line. */
  async function hold(
    user: AuthUser,
    saleId: number,
    key: string,
    input: ReturnRequestData,
    checked: ReturnPlan,
  ): Promise<ReturnRow> {
    return db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ email: posSales.email })
        .from(posSales)
        .where(eq(posSales.id, saleId))
        .for('update');
      const sale = await namingRefund(tx, await registerSales.get(saleId, tx), input.interacRefundId);
      const planned = planReturn(sale, input.lines);
      // The same answer as the check before the lock, so a cashier's screen does not depend on timing.
      if (!planned.ok) throw badRequest(planned.message, { lines: planned.message });
      const { plan } = planned;
      // Another return of this sale came in between: the refund checked (Interac's) may not fit.
      if (JSON.stringify(plan) !== JSON.stringify(checked)) {
        throw new AppError('sale_changed', 'This sale was changed by another return: find it again.', 409);
      }
      const cash = plan.tenders.find((tender) => tender.type === 'cash');
      const [shift] = await tx
        .select({ id: registerShifts.id })
        .from(registerShifts)
        .where(and(eq(registerShifts.cashierId, user.id), eq(registerShifts.status, 'open')))
        .for('no key update');
      if (cash) {
        if (!shift) throw new AppError('no_open_shift', RETURN_MESSAGES.cashNeedsShift, 409);
        const drawer = await summaryOf(tx, shift.id);
        if (!drawer || drawer.expectedCash < cash.amount) {
          throw new AppError(
            'not_enough_cash',
            RETURN_MESSAGES.notEnoughCash(formatMoney(drawer?.expectedCash ?? 0)),
            409,
          );
        }
      }
      const [row] = await tx
        .insert(posReturns)
        .values({
          saleId,
          cashierId: user.id,
          shiftId: shift?.id ?? null,
          idempotencyKey: key,
          lines: plan.lines,
          restock: input.restock,
          subtotal: plan.subtotal,
          tax: plan.tax,
          total: plan.total,
          rounding: plan.rounding,
          refunded: plan.refunded,
          email: input.email ?? locked?.email ?? null,
          createdAt: clock.now(),
        })
        .returning();
      if (!row) throw new Error('return insert returned nothing');
      // The reader's refund this return names is the return's alone (namingRefund).
      if (input.interacRefundId) {
        await tx.delete(outsideRefunds).where(eq(outsideRefunds.refundId, input.interacRefundId));
      }
      if (plan.tenders.length > 0) {
        await tx.insert(posReturnTenders).values(
          plan.tenders.map((tender) => ({
            returnId: row.id,
            saleTenderId: tender.saleTenderId,
            type: tender.type,
            amount: tender.amount,
            refundId: tender.type === 'interac' ? (input.interacRefundId ?? null) : null,
          })),
        );
      }
      return row;
    });
  }

  /**
   * The card part refunded online, each tender with its own key (a retry never refunds twice). A
   * refusal before any money moved fails the return (its hold released); once money moved, or when
   * the processor did not answer, the return stays pending and the same request finishes it.
   */
  async function refundCards(row: ReturnRow): Promise<void> {
    const owed = await db
      .select({
        id: posReturnTenders.id,
        amount: posReturnTenders.amount,
        refundId: posReturnTenders.refundId,
        paymentIntentId: posSaleTenders.paymentIntentId,
      })
      .from(posReturnTenders)
      .innerJoin(posSaleTenders, eq(posSaleTenders.id, posReturnTenders.saleTenderId))
      .where(and(eq(posReturnTenders.returnId, row.id), eq(posReturnTenders.type, 'card')))
      .orderBy(asc(posReturnTenders.id));
    for (const tender of owed) {
      if (tender.refundId || !tender.paymentIntentId) continue;
      try {
        const refund = await payments.createRefund({
          paymentIntentId: tender.paymentIntentId,
          amount: tender.amount,
          reason: 'requested_by_customer',
          metadata: { source: POS_SOURCE, pos_return: String(row.id) },
          idempotencyKey: `pos-return:${row.id}:${tender.id}`,
        });
        await db
          .update(posReturnTenders)
          .set({ refundId: refund.id })
          .where(eq(posReturnTenders.id, tender.id));
      } catch (error) {
        if (!isPaymentError(error) || error.statusCode >= 500) throw error;
        const refunds = await db
          .select({ refundId: posReturnTenders.refundId })
          .from(posReturnTenders)
          .where(eq(posReturnTenders.returnId, row.id));
        if (refunds.every((tender) => tender.refundId === null)) {
          await db.update(posReturns).set({ status: 'failed' }).where(eq(posReturns.id, row.id));
        }
        throw new AppError('refund_refused', `The card refund was refused: ${error.message}`, 409);
      }
    }
  }

  /** The return done: stock back if asked, its refund receipt, the e-mail. */
  async function settle(row: ReturnRow): Promise<void> {
    const sale = await registerSales.get(row.saleId);
    const settled = await db.transaction(async (tx) => {
      const [pending] = await tx
        .update(posReturns)
        .set({ status: 'succeeded' })
        .where(and(eq(posReturns.id, row.id), eq(posReturns.status, 'pending')))
        .returning();
      if (!pending) return false;
      const named = pending.lines.map((line) => ({ returned: line, sold: sale.lines[line.line] }));
      if (pending.restock) {
        await putBackStock(
          tx,
          named.flatMap(({ returned, sold }) =>
            sold
              ? [
                  {
                    productId: sold.productId,
                    sizeId: sold.size_id,
                    packageId: sold.packageId,
                    quantity: returned.quantity,
                  },
                ]
              : [],
          ),
        );
      }
      await tx.insert(receipts).values({
        clientId: pending.cashierId,
        returnId: pending.id,
        paymentIntentId: null,
        lines: named.map(({ returned, sold }) =>
          receiptLineOf(
            sold ? saleLineName(sold) : 'Item',
            returned.quantity,
            returned.amount,
            returned.tax,
            sale.taxRatePpm > 0,
            sale.taxRatePpm,
          ),
        ),
        subtotal: pending.subtotal,
        tax: pending.tax,
        total: pending.total,
        email: pending.email,
        createdAt: clock.now(),
      });
      return true;
    });
    if (!settled) return;
    if (row.restock)
      await notifyCatalogChanged(
        db,
        sale.lines.map((line) => line.productId),
      );
    const receipt = await receiptOf(row.id);
    if (row.email && receipt) {
      await receiptsService
        .send(receipt.receipt_id, row.email)
        .catch((error: unknown) => log(`refund receipt ${receipt.receipt_number} was not e-mailed`, error));
    }
  }

  async function receiptOf(returnId: number) {
    const [receipt] = await db
      .select({ receipt_id: receipts.id, receipt_number: receipts.receiptNumber })
      .from(receipts)
      .where(eq(receipts.returnId, returnId));
    return receipt ?? null;
  }

  async function view(row: ReturnRow): Promise<SaleReturn> {
    const [sale] = await db
      .select({ lines: posSales.lines })
      .from(posSales)
      .where(eq(posSales.id, row.saleId));
    const [tenders, [cashier], receipt] = await Promise.all([
      db
        .select({
          type: posReturnTenders.type,
          amount: posReturnTenders.amount,
          refundId: posReturnTenders.refundId,
        })
        .from(posReturnTenders)
        .where(eq(posReturnTenders.returnId, row.id))
        .orderBy(asc(posReturnTenders.id)),
      db
        .select({ firstName: clients.firstName, lastName: clients.lastName })
        .from(clients)
        .where(eq(clients.id, row.cashierId)),
      receiptOf(row.id),
    ]);
    return {
      id: row.id,
      saleId: row.saleId,
      cashier: cashier ? `${cashier.firstName} ${cashier.lastName}` : '',
      status: row.status === 'succeeded' || row.status === 'failed' ? row.status : 'pending',
      lines: row.lines.map((line) => {
        const sold = sale?.lines[line.line];
        return {
          ...line,
          name: sold ? saleLineName(sold) : 'Item',
        };
      }),
      restock: row.restock,
      subtotal: row.subtotal,
      tax: row.tax,
      total: row.total,
      rounding: row.rounding,
      refunded: row.refunded,
      tenders,
      receipt,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** The return planned from the sale as it is, its Interac refund checked, then held. */
  async function planAndHold(
    user: AuthUser,
    saleId: number,
    key: string,
    input: ReturnRequestData,
  ): Promise<ReturnRow> {
    const sale = await namingRefund(db, await registerSales.get(saleId), input.interacRefundId);
    const planned = planReturn(sale, input.lines);
    if (!planned.ok) throw badRequest(planned.message, { lines: planned.message });
    await checkInteracRefund(
      sale,
      planned.plan.tenders.find((tender) => tender.type === 'interac'),
      input.interacRefundId,
    );
    return hold(user, saleId, key, input, planned.plan);
  }

  /** Refunds what is owed and settles; a pending return (a retry) carries on where it stopped. */
  async function finish(row: ReturnRow): Promise<{ return: SaleReturn; sale: Sale }> {
    if (row.status === 'pending') {
      await refundCards(row);
      await settle(row);
    }
    const [done] = await db.select().from(posReturns).where(eq(posReturns.id, row.id));
    if (!done) throw new Error('a return vanished');
    if (done.status === 'failed') {
      throw new AppError('refund_refused', 'This return failed: its card refund was refused.', 409);
    }
    return { return: await view(done), sale: await registerSales.get(done.saleId) };
  }

  return {
    /** POST api/pos/sales/{id}/returns: one return per Idempotency-Key; a retry answers (or finishes) it. */
    async create(
      user: AuthUser,
      saleId: number,
      idempotencyKey: string,
      input: ReturnRequestData,
    ): Promise<{ return: SaleReturn; sale: Sale }> {
      const key = `${user.id}:${idempotencyKey}`;
      /** The return this key made, if any (another sale or other lines under it are refused). */
      const madeByKey = async (): Promise<ReturnRow | undefined> => {
        const [made] = await db.select().from(posReturns).where(eq(posReturns.idempotencyKey, key));
        if (!made) return undefined;
        const asked = JSON.stringify(input.lines.map((line) => [line.line, line.quantity]));
        const held = JSON.stringify(made.lines.map((line) => [line.line, line.quantity]));
        if (made.saleId !== saleId || asked !== held) throw keyReused();
        return made;
      };
      const made = await madeByKey();
      if (made) return finish(made);
      const row = await planAndHold(user, saleId, key, input).catch(async (error: unknown) => {
        // The same key sent twice at once (a double click): the other request held the return first,
        // and this one, finding its lines returned or the sale changed, answers that return.
        const again = await madeByKey();
        if (again) return again;
        if (isUniqueViolation(error)) {
          throw new AppError('refund_used', 'This Interac refund was recorded for another return.', 409);
        }
        throw error;
      });
      return finish(row);
    },

    async get(id: number): Promise<SaleReturn> {
      const [row] = await db.select().from(posReturns).where(eq(posReturns.id, id));
      if (!row) throw notFound('Return');
      return view(row);
    },
  };
}

export type RegisterReturns = ReturnType<typeof createRegisterReturns>;
