import { eq } from 'drizzle-orm';
import { endingWith } from '../../../domain/messages.ts';
import {
  type CreateInvoice,
  type Invoice,
  type InvoiceCreated,
  invoiceTotals,
} from '../../../domain/pos/invoices.ts';
import type { Database, DbOrTx } from '../../db/database.ts';
import { invoices } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { enqueueMail } from '../../providers/mail/outbox.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { readSettings, storeTaxRatePpm } from '../settings/settings.service.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { sellerFrom } from './pdf-document.ts';

/** Prices are cents; the products column keeps them as sent, the totals are the server's. */
interface StoredProduct {
  product_name: string;
  price: number;
  quantity: number;
}

type InvoiceRow = typeof invoices.$inferSelect;

export interface InvoicesDeps {
  db: Database;
  clock: Clock;
}

/**
 * Invoices (spec pos.md §2 Generate Invoice and Invoice, §4, §7): numbered from a sequence, stored,
 * rendered as an A5 PDF by the server and e-mailed through the outbox. Any POS user may read and
 * send any invoice: they are the shop's, not one cashier's.
 */
export function createInvoicesService({ db, clock }: InvoicesDeps) {
  async function toInvoice(row: InvoiceRow, tx: DbOrTx = db): Promise<Invoice> {
    const products = row.products;
    return {
      id: row.id,
      invoice_number: row.invoiceNumber,
      client_name: row.clientName,
      address: row.address,
      email: row.email,
      contact_no: row.contactNo,
      products: products.map((line) => ({ ...line, amount: line.price * line.quantity })),
      additionalDetails: row.additionalDetails,
      subtotal: row.subtotal,
      tax: row.tax,
      tax_rate: row.taxRatePpm / 1_000_000,
      total: row.total,
      created: row.createdAt.toISOString(),
      seller: sellerFrom(await readSettings(tx)),
    };
  }

  async function find(tx: DbOrTx, id: number): Promise<InvoiceRow> {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, id));
    if (!row) throw notFound('Invoice');
    return row;
  }

  return {
    async create(user: AuthUser, input: CreateInvoice): Promise<InvoiceCreated> {
      const { ppm } = await storeTaxRatePpm(db);
      const products: StoredProduct[] = input.products.map((line) => ({
        product_name: line.product_name,
        price: line.price,
        quantity: line.quantity,
      }));
      const totals = invoiceTotals(products, ppm);
      const [row] = await db
        .insert(invoices)
        .values({
          clientId: user.id,
          clientName: input.client_name,
          address: input.address,
          email: input.email,
          contactNo: input.contact_no,
          products,
          additionalDetails: input.additionalDetails ?? '',
          subtotal: totals.subtotal,
          taxRatePpm: ppm,
          tax: totals.tax,
          total: totals.total,
          createdAt: clock.now(),
        })
        .returning();
      if (!row) throw new Error('invoice insert returned nothing');
      return {
        invoice_id: row.id,
        invoice_number: row.invoiceNumber,
        subtotal: row.subtotal,
        tax: row.tax,
        total: row.total,
        tax_rate: ppm / 1_000_000,
        created: row.createdAt.toISOString(),
      };
    },

    async get(id: number): Promise<Invoice> {
      return toInvoice(await find(db, id));
    },

    async pdf(id: number): Promise<{ invoice: Invoice; pdf: Buffer }> {
      const invoice = await toInvoice(await find(db, id));
      return { invoice, pdf: await renderInvoicePdf(invoice) };
    },

    /** Renders the PDF and queues the e-mail with it attached; true once queued. */
    async send(id: number, email: string): Promise<boolean> {
      const invoice = await toInvoice(await find(db, id));
      const pdf = await renderInvoicePdf(invoice);
      const { company_name } = invoice.seller;
      await enqueueMail(db, {
        to: email,
        subject: `Invoice ${invoice.invoice_number} from ${company_name}`,
        text: [
          `Hello ${invoice.client_name},`,
          '',
          endingWith(`Please find attached invoice ${invoice.invoice_number} from ${company_name}`),
          '',
          `Thank you for your business!`,
          company_name,
        ].join('\n'),
        attachments: [
          {
            filename: `invoice-${invoice.invoice_number}.pdf`,
            contentType: 'application/pdf',
            contentBase64: pdf.toString('base64'),
          },
        ],
      });
      return true;
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
