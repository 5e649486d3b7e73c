import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { posIdParamsSchema } from '../../../domain/pos/fields.ts';
import { cashMovementSchema, closeShiftSchema, openShiftSchema } from '../../../domain/pos/register.ts';
import {
  adminShiftsPageSchema,
  adminShiftsQuerySchema,
  dayReportQuerySchema,
  dayReportSchema,
  shiftReportSchema,
  shiftSummarySchema,
} from '../../../domain/pos/shifts.ts';
import type { ShiftsService } from './shifts.service.ts';

/**
 * Register shifts for POS staff (the caller's own), their Z reports, and the owner's list of them
 * and report of a whole store day.
 */
export const shiftsRoutes: FastifyPluginAsyncZod<{ shifts: ShiftsService }> = async (app, { shifts }) => {
  app.post(
    '/api/pos/shifts/open',
    { config: { access: 'pos' }, schema: { body: openShiftSchema, response: { 200: shiftSummarySchema } } },
    (request) => shifts.open(request.caller, request.body),
  );

  app.get(
    '/api/pos/shifts/current',
    { config: { access: 'pos' }, schema: { response: { 200: shiftSummarySchema } } },
    (request) => shifts.current(request.caller),
  );

  app.post(
    '/api/pos/shifts/cash',
    {
      config: { access: 'pos' },
      schema: { body: cashMovementSchema, response: { 200: shiftSummarySchema } },
    },
    (request) => shifts.moveCash(request.caller, request.body),
  );

  app.post(
    '/api/pos/shifts/close',
    { config: { access: 'pos' }, schema: { body: closeShiftSchema, response: { 200: shiftReportSchema } } },
    (request) => shifts.close(request.caller, request.body),
  );

  app.get(
    '/api/pos/shifts/:id/report',
    {
      config: { access: 'pos' },
      schema: { params: posIdParamsSchema, response: { 200: shiftReportSchema } },
    },
    (request) => shifts.report(request.caller, request.params.id),
  );

  app.get(
    '/api/pos/shifts/:id/report.pdf',
    { config: { access: 'pos' }, schema: { params: posIdParamsSchema } },
    async (request, reply) => {
      const { report, pdf } = await shifts.reportPdf(request.caller, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="shift-${report.shift.id}-report.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/api/admin/shifts',
    {
      config: { access: 'admin' },
      schema: { querystring: adminShiftsQuerySchema, response: { 200: adminShiftsPageSchema } },
    },
    (request) => shifts.list(request.query),
  );

  app.get(
    '/api/admin/day-report',
    {
      config: { access: 'admin' },
      schema: { querystring: dayReportQuerySchema, response: { 200: dayReportSchema } },
    },
    (request) => shifts.dayReport(request.query.day),
  );

  app.get(
    '/api/admin/day-report.pdf',
    { config: { access: 'admin' }, schema: { querystring: dayReportQuerySchema } },
    async (request, reply) => {
      const pdf = await shifts.dayReportPdf(request.query.day);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="day-report-${request.query.day}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
