import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  outboxAttachmentParamsSchema,
  outboxDetailSchema,
  outboxEntrySchema,
  outboxHealthSchema,
  outboxParamsSchema,
  outboxQuerySchema,
} from '../../../domain/admin/outbox.ts';
import {
  stockChangesSchema,
  stockHistoryQuerySchema,
  stockHistorySchema,
  stockImportResultSchema,
  stockImportSchema,
  stockLevelsSchema,
  stockListQuerySchema,
  stockListSchema,
} from '../../../domain/admin/stock.ts';
import type { OutboxService } from './outbox.service.ts';
import type { StockService } from './stock.service.ts';
import type { StockCsvService } from './stock-csv.service.ts';

export interface AdminRoutesOptions {
  stock: StockService;
  stockCsv: StockCsvService;
  outbox: OutboxService;
}

/** The owner's back office (DESIGN.md "The owner's back office"), for admins. */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { stock, stockCsv, outbox },
) => {
  /** Sets or adjusts stock levels, with a reason; every line or none (409 when one would go below 0). */
  app.put(
    '/api/admin/stock',
    {
      config: { access: 'admin' },
      schema: { body: stockChangesSchema, response: { 200: stockLevelsSchema } },
    },
    (request) => stock.change(request.caller, request.body),
  );

  app.get(
    '/api/admin/stock',
    {
      config: { access: 'admin' },
      schema: { querystring: stockListQuerySchema, response: { 200: stockListSchema } },
    },
    (request) => stock.list(request.query),
  );

  app.get(
    '/api/admin/stock/history',
    {
      config: { access: 'admin' },
      schema: { querystring: stockHistoryQuerySchema, response: { 200: stockHistorySchema } },
    },
    (request) => stock.history(request.query),
  );

  /** The whole stock as a CSV file to open in a spreadsheet. */
  app.get(
    '/api/admin/stock/export',
    { config: { access: 'admin' }, schema: { response: { 200: z.string() } } },
    async (_request, reply) => {
      const csv = await stockCsv.exportCsv();
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${await stockCsv.exportFileName()}"`)
        .send(csv);
    },
  );

  /** Reads a stock CSV: `apply` false answers what each line would do; true writes all or nothing. */
  app.post(
    '/api/admin/stock/import',
    {
      config: { access: 'admin' },
      schema: { body: stockImportSchema, response: { 200: stockImportResultSchema } },
    },
    (request) => stockCsv.importCsv(request.caller, request.body),
  );

  app.get(
    '/api/admin/outbox',
    {
      config: { access: 'admin' },
      schema: { querystring: outboxQuerySchema, response: { 200: z.array(outboxEntrySchema) } },
    },
    (request) => outbox.list(request.query),
  );

  /** Whether the mail server answers: `{ configured: false }` without SMTP_URL, never a 500. */
  app.get(
    '/api/admin/outbox/health',
    { config: { access: 'admin' }, schema: { response: { 200: outboxHealthSchema } } },
    () => outbox.health(),
  );

  app.get(
    '/api/admin/outbox/:id',
    {
      config: { access: 'admin' },
      schema: { params: outboxParamsSchema, response: { 200: outboxDetailSchema } },
    },
    (request) => outbox.get(request.params.id),
  );

  /** One attachment as a download: never shown inline, so no attachment runs in the shop's pages. */
  app.get(
    '/api/admin/outbox/:id/attachments/:index',
    { config: { access: 'admin' }, schema: { params: outboxAttachmentParamsSchema } },
    async (request, reply) => {
      const file = await outbox.attachment(request.params.id, request.params.index);
      const ascii = file.filename.replace(/[^\w.\- ]/g, '_');
      return reply
        .type(file.contentType)
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
        )
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );

  /** A failed or waiting e-mail is sent again from now; 409 for one already sent. */
  app.post(
    '/api/admin/outbox/:id/resend',
    {
      config: { access: 'admin' },
      schema: { params: outboxParamsSchema, response: { 200: outboxDetailSchema } },
    },
    (request) => outbox.resend(request.caller, request.params.id),
  );
};
