import { eq } from 'drizzle-orm';
import {
  type CreateReceipt,
  type Receipt,
  type ReceiptCreated,
  type ReceiptLine,
  receiptTotals,
} from '../../../domain/pos.ts';
import type { Database } from '../../db/database.ts';
import { receipts } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { enqueueMail } from '../../providers/mail/outbox.ts';
import { isPaymentError, type PaymentGateway } from '../../providers/payments/gateway.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { storeTaxRatePpm } from '../invoices/invoices.service.ts';
import { sellerFrom } from '../invoices/pdf-document.ts';
import { readSettings } from '../settings/settings.service.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';

/** A stored line keeps the rate it was taxed at, so a later change of rate does not rewrite it. */
type StoredLine = ReceiptLine & { tax_rate_ppm: number };
type ReceiptRow = typeof receipts.$inferSelect;

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
  async function toReceipt(row: ReceiptRow): Promise<Receipt> {
    const lines = row.lines as StoredLine[];
    return {
      receipt_id: row.id,
      receipt_number: row.receiptNumber,
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
    async create(user: AuthUser, input: CreateReceipt): Promise<ReceiptCreated> {
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
      const lines: StoredLine[] = totals.lines.map((line) => ({ ...line, tax_rate_ppm: ppm }));
      const [row] = await db
        .insert(receipts)
        .values({
          clientId: user.id,
          paymentIntentId: input.paymentIntentId ?? null,
          lines,
          subtotal: totals.subtotal,
          tax: totals.tax,
          total: totals.total,
          email: input.email || null,
          createdAt: clock.now(),
        })
        .returning();
      if (!row) throw new Error('receipt insert returned nothing');
      return {
        receipt_id: row.id,
        receipt_number: row.receiptNumber,
        subtotal: row.subtotal,
        tax: row.tax,
        total: row.total,
      };
    },

    async get(id: number): Promise<Receipt> {
      return toReceipt(await find(id));
    },

    async pdf(id: number): Promise<{ receipt: Receipt; pdf: Buffer }> {
      const receipt = await toReceipt(await find(id));
      return { receipt, pdf: await renderReceiptPdf(receipt) };
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
            `Please find attached receipt ${receipt.receipt_number} from ${company_name}.`,
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
