import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { formatMoney, taxOn } from '../../../domain/money.ts';
import {
  type PlannedTender,
  planTenders,
  type Sale,
  type SaleRequestData,
  saleFingerprint,
  saleLineName,
  type TenderPlan,
} from '../../../domain/pos/register.ts';
import { RETURN_MESSAGES } from '../../../domain/pos/returns.ts';
import { SHIFT_MESSAGES } from '../../../domain/pos/shifts.ts';
import type { Database, DbOrTx } from '../../db/database.ts';
import type { StoredReceiptLine } from '../../db/schema.ts';
import {
  clients,
  outsideRefunds,
  type PosSaleLine,
  packages,
  posReturns,
  posReturnTenders,
  posSales,
  posSaleTenders,
  products,
  receipts,
  registerShifts,
  sizes,
} from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, badRequest, missingAsNotFound, notFound } from '../../lib/errors.ts';
import type { PaymentGateway } from '../../providers/payments/gateway.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { catalogChangeNotice } from '../catalog/catalog-cache.ts';
import { ShortStock, takeStock } from '../inventory/stock-taking.ts';
import { recordPaymentRefund } from '../orders/order-payment-events.ts';
import { storeTaxRatePpm } from '../settings/settings.service.ts';
import { POS_SOURCE } from './pos.service.ts';
import type { ReceiptsService } from './receipts.service.ts';

type SaleRow = typeof posSales.$inferSelect;
type TenderRow = typeof posSaleTenders.$inferSelect;

/** What a sale's answer holds besides its row. */
interface SaleParts {
  tenders: readonly TenderRow[];
  saleReturns: readonly {
    id: number;
    status: string;
    lines: readonly { line: number; quantity: number }[];
    refunded: number;
    receiptNumber: number | null;
    createdAt: Date;
  }[];
  refundedByTender: readonly { saleTenderId: number; amount: number }[];
  refundedOutside: readonly { paymentIntentId: string; amount: number }[];
  receipt: { id: number; receiptNumber: number };
  cashier: string;
}

/** The sale as the API answers it, from its row and parts. */
function saleOf(row: SaleRow, parts: SaleParts): Sale {
  const returnedOf = (index: number) =>
    parts.saleReturns
      .flatMap((made) => made.lines)
      .filter((line) => line.line === index)
      .reduce((sum, line) => sum + line.quantity, 0);
  const refundedThrough = (saleTenderId: number) =>
    parts.refundedByTender.find((refund) => refund.saleTenderId === saleTenderId)?.amount ?? 0;
  const refundedOutside = (paymentIntentId: string | null) =>
    parts.refundedOutside.find((refund) => refund.paymentIntentId === paymentIntentId)?.amount ?? 0;
  return {
    id: row.id,
    cashier: parts.cashier,
    shiftId: row.shiftId,
    lines: row.lines.map((line, index) => ({ ...line, returned: returnedOf(index) })),
    subtotal: row.subtotal,
    taxRatePpm: row.taxRatePpm,
    tax: row.tax,
    total: row.total,
    rounding: row.rounding,
    paid: row.paid,
    change: row.change,
    tenders: parts.tenders.map((tender) => ({
      id: tender.id,
      type: tender.type,
      amount: tender.amount,
      tendered: tender.tendered,
      change: tender.change,
      paymentIntentId: tender.paymentIntentId,
      brand: tender.brand,
      last4: tender.last4,
      authorizationCode: tender.authorizationCode,
      refunded: refundedThrough(tender.id),
      refundedOutside: refundedOutside(tender.paymentIntentId),
    })),
    receipt: { receipt_id: parts.receipt.id, receipt_number: parts.receipt.receiptNumber },
    returns: parts.saleReturns.map((made) => ({
      id: made.id,
      status: made.status,
      refunded: made.refunded,
      receipt_number: made.receiptNumber,
      createdAt: made.createdAt.toISOString(),
    })),
    createdAt: row.createdAt.toISOString(),
  };
}

export interface RegisterSalesDeps {
  db: Database;
  payments: PaymentGateway;
  receiptsService: ReceiptsService;
  log: (message: string, error?: unknown) => void;
}

const noOpenShift = () => new AppError('no_open_shift', SHIFT_MESSAGES.noOpenShift, 409);

/** A receipt's line for some of a sold line: '2 x Crew Sock (M)', its amount, tax and rate. */
export function receiptLineOf(
  name: string,
  quantity: number,
  amount: number,
  tax: number,
  addTax: boolean,
  ratePpm: number,
): StoredReceiptLine {
  return {
    product_name: `${quantity} x ${name}`,
    amount,
    tax,
    total: amount + tax,
    addTax,
    tax_rate_ppm: ratePpm,
  };
}

/** A sale's tax, line by line at the rate (as receipts show it), and its totals. */
export function totalsOf(lines: readonly Pick<PosSaleLine, 'lineTotal'>[], ratePpm: number) {
  const taxes = lines.map((line) => taxOn(line.lineTotal, ratePpm));
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const tax = taxes.reduce((sum, lineTax) => sum + lineTax, 0);
  return { taxes, subtotal, tax, total: subtotal + tax };
}

/** A sale ready to record: priced lines, the tax rate, the tenders checked. */
interface PaidSale {
  lines: PosSaleLine[];
  addTax: boolean;
  ratePpm: number;
  plan: TenderPlan;
  tenders: CheckedTender[];
  email: string | null;
}

/** A tender with what the card processor says of its card (brand, last 4). */
type CheckedTender = PlannedTender & {
  brand: string | null;
  last4: string | null;
  authorizationCode: string | null;
};

/**
 * Sales at the register from the shop's own catalogue (issue "The POS as a real register"): priced
 * from the catalogue, taxed at the store's rate, paid by card or Interac on the reader and/or cash
 * (rounded to 5 cents), taking their stock from the same stock as the web, each with its receipt.
 */
export function createRegisterSales({ db, payments, receiptsService, log }: RegisterSalesDeps) {
  /** The sale's lines at today's catalogue prices, or why one cannot be sold. */
  async function priceLines(lines: SaleRequestData['lines']): Promise<PosSaleLine[]> {
    const productIds = [...new Set(lines.map((line) => line.productId))];
    const sizeIds = lines.flatMap((line) => (line.size_id === null ? [] : [line.size_id]));
    const packageIds = lines.flatMap((line) => (line.packageId === null ? [] : [line.packageId]));
    const [productRows, sizeRows, packageRows] = [
      await db.select().from(products).where(inArray(products.id, productIds)),
      sizeIds.length === 0 ? [] : await db.select().from(sizes).where(inArray(sizes.id, sizeIds)),
      packageIds.length === 0 ? [] : await db.select().from(packages).where(inArray(packages.id, packageIds)),
    ];
    return lines.map((line, index) => {
      const product = productRows.find((row) => row.id === line.productId);
      const where = `lines.${index}`;
      if (!product?.active)
        throw badRequest('This product is not sold.', { [where]: 'This product is not sold.' });
      if (line.packageId !== null) {
        const box = packageRows.find((row) => row.id === line.packageId && row.productId === product.id);
        if (!box?.active)
          throw badRequest('This package is not sold.', { [where]: 'This package is not sold.' });
        return {
          productId: product.id,
          size_id: null,
          packageId: box.id,
          code: box.code,
          name: box.name,
          sizeName: '',
          unitPrice: box.pricing,
          quantity: line.quantity,
          lineTotal: box.pricing * line.quantity,
        };
      }
      const size = sizeRows.find((row) => row.id === line.size_id);
      if (product.sizeTypeId !== null && size?.typeId !== product.sizeTypeId) {
        throw badRequest(`Choose a size of ${product.name}.`, {
          [where]: `Choose a size of ${product.name}.`,
        });
      }
      if (product.sizeTypeId === null && line.size_id !== null) {
        throw badRequest(`${product.name} has no sizes.`, { [where]: `${product.name} has no sizes.` });
      }
      const unitPrice = product.pricing - Math.min(product.priceDiscount, product.pricing);
      return {
        productId: product.id,
        size_id: line.size_id,
        packageId: null,
        code: product.code,
        name: product.name,
        sizeName: size?.name ?? '',
        unitPrice,
        quantity: line.quantity,
        lineTotal: unitPrice * line.quantity,
      };
    });
  }

  /** A reader payment named by a tender: this cashier's, succeeded, for that amount and type. */
  async function checkCardTender(user: AuthUser, tender: PlannedTender): Promise<CheckedTender> {
    if (tender.type === 'cash' || !tender.paymentIntentId) {
      return { ...tender, brand: null, last4: null, authorizationCode: null };
    }
    const refused = (message: string) => new AppError('payment_not_usable', message, 409);
    const { intent, charge } = await payments
      .retrievePaymentIntentWithCharge(tender.paymentIntentId)
      .catch(missingAsNotFound('Payment'));
    if (intent.metadata.source !== POS_SOURCE || intent.metadata.pos_user !== String(user.id)) {
      throw notFound('Payment');
    }
    if (intent.status !== 'succeeded' || !charge) {
      throw refused('This payment has not been taken on the reader yet.');
    }
    if (intent.amount_received !== tender.amount) {
      throw refused(
        `This payment took ${formatMoney(intent.amount_received)}, not ${formatMoney(tender.amount)}.`,
      );
    }
    const interac = charge.source === 'interac_present';
    if (interac !== (tender.type === 'interac')) {
      // Its own code: the sale screen cannot tell an Interac card from the reader, and asks again.
      throw new AppError(
        interac ? 'tender_is_interac' : 'tender_is_card',
        interac ? 'This payment was made with Interac.' : 'This payment was made by card, not Interac.',
        409,
      );
    }
    return {
      ...tender,
      brand: charge.brand,
      last4: charge.last4,
      authorizationCode: charge.authorizationCode,
    };
  }

  /**
   * Card payments taken for a sale that could not be made (its stock went meanwhile): cards are
   * refunded online at once; an Interac payment is refunded on the reader, from the refund screen.
   */
  async function giveBack(tenders: readonly CheckedTender[]): Promise<string> {
    const interac = tenders.filter((tender) => tender.type === 'interac');
    for (const tender of tenders) {
      const { paymentIntentId } = tender;
      if (tender.type !== 'card' || !paymentIntentId) continue;
      try {
        const refund = await payments.createRefund({
          paymentIntentId,
          reason: 'requested_by_customer',
          metadata: { source: POS_SOURCE, voided_sale: 'true' },
          idempotencyKey: `register-void:${paymentIntentId}`,
        });
        // Recorded on the payment, as the refund screen's refunds are: given back in full, it keeps
        // its cashier's shift from closing no longer (shifts.service.ts).
        if (refund.status === 'succeeded')
          await recordPaymentRefund(db, { id: refund.id, paymentIntentId, amount: refund.amount });
      } catch (error) {
        log(`refund of ${paymentIntentId} after a short sale failed`, error);
      }
    }
    if (interac.length > 0)
      return ' The Interac payment must be refunded on the reader, from the refund screen.';
    return tenders.some((tender) => tender.type === 'card') ? ' The card payment was refunded.' : '';
  }

  /** What card payments of a sale were refunded in the processor's dashboard, by payment. */
  async function refundedOutsideOf(
    conn: DbOrTx,
    tenders: readonly TenderRow[],
  ): Promise<SaleParts['refundedOutside']> {
    const cardIntents = tenders.flatMap((tender) => (tender.paymentIntentId ? [tender.paymentIntentId] : []));
    if (cardIntents.length === 0) return [];
    return conn
      .select({
        paymentIntentId: outsideRefunds.paymentIntentId,
        amount: sql<number>`sum(${outsideRefunds.amount})::int`,
      })
      .from(outsideRefunds)
      .where(inArray(outsideRefunds.paymentIntentId, cardIntents))
      .groupBy(outsideRefunds.paymentIntentId);
  }

  /** The sale as the API answers it; inside a transaction, read through it. */
  async function view(row: SaleRow, conn: DbOrTx = db): Promise<Sale> {
    const tenders = await conn
      .select()
      .from(posSaleTenders)
      .where(eq(posSaleTenders.saleId, row.id))
      .orderBy(asc(posSaleTenders.id));
    // Returns on their way hold their quantities and amounts as the succeeded ones do.
    const saleReturns = await conn
      .select({
        id: posReturns.id,
        status: posReturns.status,
        lines: posReturns.lines,
        refunded: posReturns.refunded,
        receiptNumber: receipts.receiptNumber,
        createdAt: posReturns.createdAt,
      })
      .from(posReturns)
      .leftJoin(receipts, eq(receipts.returnId, posReturns.id))
      .where(and(eq(posReturns.saleId, row.id), ne(posReturns.status, 'failed')))
      .orderBy(asc(posReturns.id));
    const refundedByTender =
      saleReturns.length === 0
        ? []
        : await conn
            .select({
              saleTenderId: posReturnTenders.saleTenderId,
              amount: sql<number>`sum(${posReturnTenders.amount})::int`,
            })
            .from(posReturnTenders)
            .where(
              inArray(
                posReturnTenders.returnId,
                saleReturns.map((made) => made.id),
              ),
            )
            .groupBy(posReturnTenders.saleTenderId);
    const refundedOutside = await refundedOutsideOf(conn, tenders);
    const [receipt] = await conn
      .select({ id: receipts.id, receiptNumber: receipts.receiptNumber })
      .from(receipts)
      .where(eq(receipts.saleId, row.id));
    const [cashier] = await conn
      .select({ firstName: clients.firstName, lastName: clients.lastName })
      .from(clients)
      .where(eq(clients.id, row.cashierId));
    if (!receipt) throw new Error(`sale ${row.id} has no receipt`);
    return saleOf(row, {
      tenders,
      saleReturns,
      refundedByTender,
      refundedOutside,
      receipt,
      cashier: cashier ? `${cashier.firstName} ${cashier.lastName}` : '',
    });
  }

  /** A sale; inside a transaction (a return holding the sale's lock), read through it. */
  async function get(id: number, conn: DbOrTx = db): Promise<Sale> {
    const [row] = await conn.select().from(posSales).where(eq(posSales.id, id));
    if (!row) throw notFound('Sale');
    return view(row, conn);
  }

  /** A retry answers its sale; the same key with another sale's content is refused, as Stripe does. */
  async function answerRetry(row: SaleRow, input: SaleRequestData): Promise<Sale> {
    const sale = await view(row);
    const asked = saleFingerprint(input);
    const made = saleFingerprint({
      lines: row.lines,
      addTax: row.addTax,
      tenders: sale.tenders.map((tender) => ({ ...tender, amount: tender.amount })),
    });
    if (asked !== made) {
      throw new AppError(
        'idempotency_key_reused',
        'This Idempotency-Key was used for another sale: start a new sale.',
        409,
      );
    }
    return sale;
  }

  async function byKey(key: string): Promise<SaleRow | undefined> {
    const [row] = await db.select().from(posSales).where(eq(posSales.idempotencyKey, key));
    return row;
  }

  /**
   * Records a paid sale in one transaction: the sale, its stock taken (the web's guard), its
   * tenders and its receipt, which tells the catalogue of the stock taken; then the receipt is
   * e-mailed. Stock gone meanwhile or a shift closed meanwhile gives the card payments back.
   * `onDuplicate` answers a key another request used at the same time. The answer is built from
   * the rows written, not read again.
   */
  async function record(
    user: Pick<AuthUser, 'id'>,
    key: string,
    { lines, addTax, ratePpm, plan, tenders, email }: PaidSale,
    onDuplicate: (row: SaleRow) => Promise<Sale>,
  ): Promise<Sale> {
    const { taxes, subtotal, tax, total } = totalsOf(lines, ratePpm);
    const paysCash = plan.tenders.some((tender) => tender.type === 'cash');
    const [cashier] = await db
      .select({ firstName: clients.firstName, lastName: clients.lastName, shiftId: registerShifts.id })
      .from(clients)
      .leftJoin(
        registerShifts,
        and(eq(registerShifts.cashierId, clients.id), eq(registerShifts.status, 'open')),
      )
      .where(eq(clients.id, user.id));
    const shiftId = cashier?.shiftId ?? null;
    if (shiftId === null && paysCash) throw noOpenShift();

    let written: { sale: SaleRow; tenderRows: TenderRow[]; receipt: SaleParts['receipt'] };
    try {
      written = await db.transaction(async (tx) => {
        // The sale's row first. Two requests with one key (the cashier's page and the processor's
        // webhook completing one checkout) take turns on its unique key: the second waits here for
        // the first to commit and finds its sale, before taking any stock (and, finding too little,
        // refunding a payment that made a sale). The shift stays open until the sale is in it: a
        // close waits for the share lock taken with the sale.
        const [sale] = await tx
          .insert(posSales)
          .values({
            cashierId: user.id,
            shiftId:
              shiftId === null
                ? null
                : sql`(SELECT ${registerShifts.id} FROM ${registerShifts} WHERE ${registerShifts.id} = ${shiftId} AND ${registerShifts.status} = 'open' FOR SHARE)`,
            idempotencyKey: key,
            lines,
            addTax,
            taxRatePpm: ratePpm,
            subtotal,
            tax,
            total,
            rounding: plan.rounding,
            paid: plan.paid,
            change: plan.change,
            email,
          })
          .returning();
        if (!sale) throw new Error('sale insert returned nothing');
        if (sale.shiftId === null && paysCash) throw noOpenShift();
        await takeStock(
          tx,
          lines.map((line) => ({
            productId: line.productId,
            sizeId: line.size_id,
            packageId: line.packageId,
            quantity: line.quantity,
            name: saleLineName(line),
          })),
        );
        const tenderRows = await tx
          .insert(posSaleTenders)
          .values(
            tenders.map((tender) => ({
              saleId: sale.id,
              type: tender.type,
              amount: tender.amount,
              tendered: tender.tendered,
              change: tender.change,
              paymentIntentId: tender.paymentIntentId,
              brand: tender.brand,
              last4: tender.last4,
              authorizationCode: tender.authorizationCode,
            })),
          )
          .returning();
        const [receipt] = await tx
          .insert(receipts)
          .values({
            clientId: user.id,
            saleId: sale.id,
            paymentIntentId: tenders.find((tender) => tender.paymentIntentId)?.paymentIntentId ?? null,
            lines: lines.map((line, index) =>
              receiptLineOf(
                saleLineName(line),
                line.quantity,
                line.lineTotal,
                taxes[index] ?? 0,
                addTax,
                ratePpm,
              ),
            ),
            subtotal,
            tax,
            total,
            email,
          })
          .returning({
            id: receipts.id,
            receiptNumber: receipts.receiptNumber,
            // Sent by PostgreSQL at the commit, as the web order's statement sends its own.
            notice: catalogChangeNotice(lines.map((line) => line.productId)),
          });
        if (!receipt) throw new Error('receipt insert returned nothing');
        return { sale, tenderRows, receipt: { id: receipt.id, receiptNumber: receipt.receiptNumber } };
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        // The same key sent twice at once: the other request made the sale.
        const again = await byKey(key);
        if (again) return onDuplicate(again);
        throw new AppError('payment_used', 'A payment of this sale already paid another sale.', 409);
      }
      if (error instanceof AppError && error.code === 'no_open_shift') {
        throw new AppError('no_open_shift', `${error.message}${await giveBack(tenders)}`, 409);
      }
      if (error instanceof ShortStock) {
        const given = await giveBack(tenders);
        throw new AppError(
          'not_enough_stock',
          `Not enough stock of ${error.productName} for this sale.${given}`,
          409,
        );
      }
      throw error;
    }
    const sale = saleOf(written.sale, {
      tenders: written.tenderRows,
      saleReturns: [],
      refundedByTender: [],
      refundedOutside: await refundedOutsideOf(db, written.tenderRows),
      receipt: written.receipt,
      cashier: cashier ? `${cashier.firstName} ${cashier.lastName}` : '',
    });
    if (email) {
      // The receipt goes out through the outbox; the sale stands even if its e-mail cannot be written.
      await receiptsService
        .send(sale.receipt.receipt_id, email)
        .catch((error: unknown) => log(`receipt ${sale.receipt.receipt_number} was not e-mailed`, error));
    }
    return sale;
  }

  return {
    /** POST api/pos/sales: one sale per Idempotency-Key; a retry answers the sale it made. */
    async create(user: AuthUser, idempotencyKey: string, input: SaleRequestData): Promise<Sale> {
      const key = `${user.id}:${idempotencyKey}`;
      const done = await byKey(key);
      if (done) return answerRetry(done, input);

      const lines = await priceLines(input.lines);
      const ratePpm = input.addTax ? (await storeTaxRatePpm(db)).ppm : 0;
      const planned = planTenders(totalsOf(lines, ratePpm).total, input.tenders);
      if (!planned.ok) throw badRequest(planned.message, { tenders: planned.message });
      const { plan } = planned;

      const tenders: CheckedTender[] = [];
      for (const tender of plan.tenders) tenders.push(await checkCardTender(user, tender));
      return record(
        user,
        key,
        { lines, addTax: input.addTax, ratePpm, plan, tenders, email: input.email ?? null },
        (again) => answerRetry(again, input),
      );
    },

    /**
     * A sale paid by card on the hosted payment page (Card Checkout): its lines as priced when the
     * session was made, one card tender for the payment the page took. One sale per key (the
     * session); its stock is taken now, and a payment for stock gone meanwhile is refunded.
     */
    async recordPaid(
      cashier: Pick<AuthUser, 'id'>,
      key: string,
      paid: {
        lines: PosSaleLine[];
        addTax: boolean;
        ratePpm: number;
        paymentIntentId: string;
        email: string | null;
      },
    ): Promise<Sale> {
      const done = await byKey(key);
      if (done) return view(done);
      const { total } = totalsOf(paid.lines, paid.ratePpm);
      const { intent, charge } = await payments.retrievePaymentIntentWithCharge(paid.paymentIntentId);
      if (intent.status !== 'succeeded' || !charge || intent.amount_received !== total) {
        throw new AppError('payment_not_usable', 'This checkout has not been paid in full.', 409);
      }
      const tender: CheckedTender = {
        type: 'card',
        amount: total,
        tendered: null,
        change: null,
        paymentIntentId: intent.id,
        brand: charge.brand,
        last4: charge.last4,
        authorizationCode: charge.authorizationCode,
      };
      return record(
        cashier,
        key,
        {
          lines: paid.lines,
          addTax: paid.addTax,
          ratePpm: paid.ratePpm,
          plan: { tenders: [tender], paid: total, rounding: 0, change: 0 },
          tenders: [tender],
          email: paid.email,
        },
        view,
      );
    },

    get,

    /** Lines from the catalogue at today's prices (the hosted checkout prices its session with them). */
    priceLines,

    /** The sale a receipt was printed for (a return starts from the receipt in the client's hand). */
    async byReceipt(receiptNumber: number): Promise<Sale> {
      const [receipt] = await db
        .select({ saleId: receipts.saleId })
        .from(receipts)
        .where(eq(receipts.receiptNumber, receiptNumber));
      if (!receipt) throw notFound('Receipt');
      if (receipt.saleId === null) {
        throw new AppError('not_a_register_sale', RETURN_MESSAGES.notASale(receiptNumber), 409);
      }
      return get(receipt.saleId);
    },
  };
}

export type RegisterSales = ReturnType<typeof createRegisterSales>;
