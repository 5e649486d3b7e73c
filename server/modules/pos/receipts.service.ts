import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { endingWith } from '../../../domain/messages.ts';
import { receiptTotals } from '../../../domain/pos/invoices.ts';
import { POS_MESSAGES } from '../../../domain/pos/messages.ts';
import type {
  CreateReceipt,
  Receipt,
  ReceiptCreated,
  ReceiptLine,
  ReceiptTender,
  Seller,
} from '../../../domain/pos/receipts.ts';
import type { Database } from '../../db/database.ts';
import { clients, posReturns, posReturnTenders, posSaleTenders, receipts } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { enqueueMail } from '../../providers/mail/outbox.ts';
import { isPaymentError, type PaymentGateway } from '../../providers/payments/gateway.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { sellerFrom } from '../invoices/pdf-document.ts';
import { readSettings, storeTaxRatePpm } from '../settings/settings.service.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';

/** A stored line keeps the rate it was taxed at, so a later change of rate does not rewrite it. */
type StoredLine = ReceiptLine & { tax_rate_ppm: number };
type ReceiptRow = typeof receipts.$inferSelect;

/** The first key of the advisory lock that makes one receipt per payment (the second: the payment). */
const RECEIPT_LOCK = 4_702_001;

export interface ReceiptsDeps {
  db: Database;
  payments: PaymentGateway;
  clock: Clock;
}

/**
 * Receipts (spec pos.md §2 Generate Receipt, Receipt actions): numbered from a sequence and stored;
 * the server recomputes every line's tax with the store's rate (rounded per line), renders the A5
 * PDF and e-mails it through the outbox. Any POS user may read and send any receipt.
 */
export function createReceiptsService({ db, payments, clock }: ReceiptsDeps) {
  /**
   * A payment taken on the POS Payment screen, as the processor tells it: the card's brand and last
   * 4 (or Interac) and the authorization code. Nothing when the processor cannot say at the moment:
   * the receipt still names the payment.
   */
  async function readerPayment(paymentIntentId: string): Promise<ReceiptTender[]> {
    try {
      const intent = await payments.retrievePaymentIntent(paymentIntentId);
      if (intent.status !== 'succeeded' || !intent.latest_charge) return [];
      const charge = await payments.retrieveCharge(intent.latest_charge);
      return [
        {
          type: charge.source === 'interac_present' ? 'interac' : 'card',
          amount: intent.amount_received,
          tendered: null,
          change: null,
          brand: charge.brand,
          last4: charge.last4,
          authorizationCode: charge.authorizationCode,
        },
      ];
    } catch (error) {
      if (isPaymentError(error)) return [];
      throw error;
    }
  }

  /** How a sale was paid, or through which of its tenders a return gave the money back. */
  async function paymentsOf(row: ReceiptRow): Promise<{ tenders: ReceiptTender[]; refundOf: number | null }> {
    if (row.saleId !== null) {
      const tenders = await db
        .select({
          type: posSaleTenders.type,
          amount: posSaleTenders.amount,
          tendered: posSaleTenders.tendered,
          change: posSaleTenders.change,
          brand: posSaleTenders.brand,
          last4: posSaleTenders.last4,
          authorizationCode: posSaleTenders.authorizationCode,
        })
        .from(posSaleTenders)
        .where(eq(posSaleTenders.saleId, row.saleId))
        .orderBy(asc(posSaleTenders.id));
      return { tenders, refundOf: null };
    }
    if (row.returnId === null) {
      return { tenders: row.paymentIntentId ? await readerPayment(row.paymentIntentId) : [], refundOf: null };
    }
    const saleReceipt = alias(receipts, 'sale_receipt');
    const [tenders, [refunded]] = await Promise.all([
      db
        .select({
          type: posReturnTenders.type,
          amount: posReturnTenders.amount,
          brand: posSaleTenders.brand,
          last4: posSaleTenders.last4,
        })
        .from(posReturnTenders)
        .innerJoin(posSaleTenders, eq(posSaleTenders.id, posReturnTenders.saleTenderId))
        .where(eq(posReturnTenders.returnId, row.returnId))
        .orderBy(asc(posReturnTenders.id)),
      db
        .select({ receiptNumber: saleReceipt.receiptNumber })
        .from(posReturns)
        .innerJoin(saleReceipt, eq(saleReceipt.saleId, posReturns.saleId))
        .where(eq(posReturns.id, row.returnId)),
    ]);
    return {
      tenders: tenders.map((tender) => ({
        ...tender,
        tendered: null,
        change: null,
        authorizationCode: null,
      })),
      refundOf: refunded?.receiptNumber ?? null,
    };
  }

  async function toReceipt(row: ReceiptRow): Promise<Receipt> {
    const lines = row.lines;
    const { tenders, refundOf } = await paymentsOf(row);
    const [maker] = await db
      .select({ firstName: clients.firstName, lastName: clients.lastName })
      .from(clients)
      .where(eq(clients.id, row.clientId));
    return {
      receipt_id: row.id,
      receipt_number: row.receiptNumber,
      kind:
        row.saleId !== null
          ? 'sale'
          : row.returnId !== null
            ? 'refund'
            : row.paymentIntentId
              ? 'payment'
              : 'manual',
      refundOf,
      cashier: maker ? `${maker.firstName} ${maker.lastName}` : '',
      tenders,
      paymentIntentId: row.paymentIntentId,
      lines: lines.map(({ product_name, amount, tax, total, addTax }) => ({
        product_name,
        amount,
        tax,
        total,
        addTax,
      })),
      subtotal: row.subtotal,
      tax: row.tax,
      total: row.total,
      tax_rate: (lines[0]?.tax_rate_ppm ?? 0) / 1_000_000,
      email: row.email,
      created: row.createdAt.toISOString(),
      seller: sellerFrom(await readSettings(db)),
    };
  }

  async function find(id: number): Promise<ReceiptRow> {
    const [row] = await db.select().from(receipts).where(eq(receipts.id, id));
    if (!row) throw notFound('Receipt');
    return row;
  }

  return {
    /**
     * A receipt of its own for lines typed in the generator; for a POS payment, its one receipt:
     * the lines must add up to what was taken, and asking again answers the receipt made before
     * (a second click, or the receipt opened again later), never a second number.
     */
    async create(user: AuthUser, input: CreateReceipt): Promise<ReceiptCreated> {
      let received: number | undefined;
      if (input.paymentIntentId) {
        // Only a payment the shop really took may be named on a receipt.
        const intent = await payments.retrievePaymentIntent(input.paymentIntentId).catch((error: unknown) => {
          if (isPaymentError(error)) return undefined;
          throw error;
        });
        if (intent?.status !== 'succeeded') {
          const message = 'This payment has not succeeded.';
          throw badRequest(message, { paymentIntentId: message });
        }
        received = intent.amount_received;
      }
      const { ppm } = await storeTaxRatePpm(db);
      const totals = receiptTotals(
        input.lines.map((line) => ({
          product_name: line.product_name,
          amount: line.amount,
          addTax: line.addTax ?? true,
        })),
        ppm,
      );
      if (received !== undefined && totals.total !== received) {
        throw badRequest(POS_MESSAGES.paymentAmountMismatch, { lines: POS_MESSAGES.paymentAmountMismatch });
      }
      const lines: StoredLine[] = totals.lines.map((line) => ({ ...line, tax_rate_ppm: ppm }));
      const row = await db.transaction(async (tx) => {
        const paymentIntentId = input.paymentIntentId ?? null;
        if (paymentIntentId) {
          // One receipt per payment, also when two requests for it arrive together.
          await tx.execute(sql`SELECT pg_advisory_xact_lock(${RECEIPT_LOCK}, hashtext(${paymentIntentId}))`);
          const [made] = await tx
            .select()
            .from(receipts)
            .where(eq(receipts.paymentIntentId, paymentIntentId))
            .orderBy(asc(receipts.id))
            .limit(1);
          if (made) return made;
        }
        const [inserted] = await tx
          .insert(receipts)
          .values({
            clientId: user.id,
            paymentIntentId,
            lines,
            subtotal: totals.subtotal,
            tax: totals.tax,
            total: totals.total,
            email: input.email || null,
            createdAt: clock.now(),
          })
          .returning();
        return inserted;
      });
      if (!row) throw new Error('receipt insert returned nothing');
      return {
        receipt_id: row.id,
        receipt_number: row.receiptNumber,
        subtotal: row.subtotal,
        tax: row.tax,
        total: row.total,
      };
    },

    /** Who receipts and invoices name as the seller, for a receipt not generated yet. */
    async seller(): Promise<Seller> {
      return sellerFrom(await readSettings(db));
    },

    async get(id: number): Promise<Receipt> {
      return toReceipt(await find(id));
    },

    /** The receipt printed: the first print is the original, every later one is marked a copy. */
    async pdf(id: number): Promise<{ receipt: Receipt; pdf: Buffer }> {
      const [printed] = await db
        .update(receipts)
        .set({ printedCount: sql`${receipts.printedCount} + 1` })
        .where(eq(receipts.id, id))
        .returning();
      if (!printed) throw notFound('Receipt');
      const receipt = await toReceipt(printed);
      return { receipt, pdf: await renderReceiptPdf(receipt, { copy: printed.printedCount > 1 }) };
    },

    /** Queues the e-mail with the PDF attached and remembers the address; true once queued. */
    async send(id: number, email: string): Promise<boolean> {
      const receipt = await toReceipt(await find(id));
      const pdf = await renderReceiptPdf(receipt);
      const { company_name } = receipt.seller;
      await db.transaction(async (tx) => {
        await tx.update(receipts).set({ email }).where(eq(receipts.id, id));
        await enqueueMail(tx, {
          to: email,
          subject: `Receipt ${receipt.receipt_number} from ${company_name}`,
          text: [
            'Hello,',
            '',
            endingWith(`Please find attached receipt ${receipt.receipt_number} from ${company_name}`),
            '',
            'Thank you for shopping with us!',
            company_name,
          ].join('\n'),
          attachments: [
            {
              filename: `receipt-${receipt.receipt_number}.pdf`,
              contentType: 'application/pdf',
              contentBase64: pdf.toString('base64'),
            },
          ],
        });
      });
      return true;
    },
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
