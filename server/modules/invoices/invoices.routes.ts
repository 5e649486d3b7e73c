import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { posIdParamsSchema } from '../../../domain/pos/fields.ts';
import {
  createInvoiceSchema,
  invoiceCreatedSchema,
  invoiceSchema,
  sendInvoiceSchema,
  sendResultSchema,
} from '../../../domain/pos/invoices.ts';
import type { InvoicesService } from './invoices.service.ts';

export interface InvoicesRoutesOptions {
  invoices: InvoicesService;
}

/** Invoices (spec pos.md §7), for POS staff. api/invoice/UpdateInvoice is unused by the spec and left out. */
export const invoicesRoutes: FastifyPluginAsyncZod<InvoicesRoutesOptions> = async (app, { invoices }) => {
  app.post(
    '/api/invoice/CreateInvoice',
    {
      config: { access: 'pos' },
      schema: { body: createInvoiceSchema, response: { 200: invoiceCreatedSchema } },
    },
    (request) => invoices.create(request.caller, request.body),
  );

  app.post(
    '/api/invoice/SendInvoice',
    { config: { access: 'pos' }, schema: { body: sendInvoiceSchema, response: { 200: sendResultSchema } } },
    (request) => invoices.send(request.body.invoice_id, request.body.email),
  );

  app.get(
    '/api/invoice/:id',
    { config: { access: 'pos' }, schema: { params: posIdParamsSchema, response: { 200: invoiceSchema } } },
    (request) => invoices.get(request.params.id),
  );

  app.get(
    '/api/invoice/:id/pdf',
    { config: { access: 'pos' }, schema: { params: posIdParamsSchema } },
    async (request, reply) => {
      const { invoice, pdf } = await invoices.pdf(request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="invoice-${invoice.invoice_number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
