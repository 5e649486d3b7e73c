import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createInvoiceSchema,
  invoiceCreatedSchema,
  invoiceSchema,
  posIdParamsSchema,
  sendInvoiceSchema,
  sendResultSchema,
} from '../../../domain/pos.ts';
import { requireRole } from '../auth/authenticate.ts';
import type { InvoicesService } from './invoices.service.ts';

export interface InvoicesRoutesOptions {
  invoices: InvoicesService;
}

/**
 * Invoices (spec pos.md §7): POS role on every call, checked before the body is read, so a visitor
 * gets 401 and a client 403 whatever they send. api/invoice/UpdateInvoice is unused by the spec and
 * left out.
 */
export const invoicesRoutes: FastifyPluginAsyncZod<InvoicesRoutesOptions> = async (app, { invoices }) => {
  app.addHook('onRequest', async (request) => {
    requireRole(request, 'POS');
  });

  app.post(
    '/api/invoice/CreateInvoice',
    { schema: { body: createInvoiceSchema, response: { 200: invoiceCreatedSchema } } },
    (request) => invoices.create(requireRole(request, 'POS'), request.body),
  );

  app.post(
    '/api/invoice/SendInvoice',
    { schema: { body: sendInvoiceSchema, response: { 200: sendResultSchema } } },
    (request) => invoices.send(request.body.invoice_id, request.body.email),
  );

  app.get(
    '/api/invoice/:id',
    { schema: { params: posIdParamsSchema, response: { 200: invoiceSchema } } },
    (request) => invoices.get(request.params.id),
  );

  app.get('/api/invoice/:id/pdf', { schema: { params: posIdParamsSchema } }, async (request, reply) => {
    const { invoice, pdf } = await invoices.pdf(request.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="invoice-${invoice.invoice_number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
};
