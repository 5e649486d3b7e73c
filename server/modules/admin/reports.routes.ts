import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  reportRangeQuerySchema,
  salesReportQuerySchema,
  salesReportSchema,
  taxReportSchema,
  topProductsQuerySchema,
  topProductsReportSchema,
} from '../../../domain/admin/reports.ts';
import type { ReportFile, ReportsService } from './reports.service.ts';

function sendCsv(reply: FastifyReply, file: ReportFile) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.csv);
}

const csvReply = { 200: z.string() };

/** The owner's sales, tax and best-seller reports, as JSON for the page and as CSV files. */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.get(
    '/api/admin/reports/sales',
    {
      config: { access: 'admin' },
      schema: { querystring: salesReportQuerySchema, response: { 200: salesReportSchema } },
    },
    (request) => reports.sales(request.query),
  );

  app.get(
    '/api/admin/reports/sales.csv',
    { config: { access: 'admin' }, schema: { querystring: salesReportQuerySchema, response: csvReply } },
    async (request, reply) => sendCsv(reply, await reports.salesCsv(request.query)),
  );

  app.get(
    '/api/admin/reports/tax',
    {
      config: { access: 'admin' },
      schema: { querystring: reportRangeQuerySchema, response: { 200: taxReportSchema } },
    },
    (request) => reports.tax(request.query),
  );

  app.get(
    '/api/admin/reports/tax.csv',
    { config: { access: 'admin' }, schema: { querystring: reportRangeQuerySchema, response: csvReply } },
    async (request, reply) => sendCsv(reply, await reports.taxCsv(request.query)),
  );

  app.get(
    '/api/admin/reports/top-products',
    {
      config: { access: 'admin' },
      schema: { querystring: topProductsQuerySchema, response: { 200: topProductsReportSchema } },
    },
    (request) => reports.topProducts(request.query),
  );

  app.get(
    '/api/admin/reports/top-products.csv',
    { config: { access: 'admin' }, schema: { querystring: topProductsQuerySchema, response: csvReply } },
    async (request, reply) => sendCsv(reply, await reports.topProductsCsv(request.query)),
  );
};
