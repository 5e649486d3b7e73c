import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  reconciliationDayParamsSchema,
  reconciliationListSchema,
  reconciliationReportSchema,
} from '../../../domain/admin/reconciliation.ts';
import type { ReconciliationService } from './reconciliation.service.ts';

/** The daily reconciliation in the back office (ADMIN). */
export const reconciliationRoutes: FastifyPluginAsyncZod<{ reconciliation: ReconciliationService }> = async (
  app,
  { reconciliation },
) => {
  app.get(
    '/api/admin/reconciliation',
    { config: { access: 'admin' }, schema: { response: { 200: reconciliationListSchema } } },
    () => reconciliation.list(),
  );
  app.get(
    '/api/admin/reconciliation/:day',
    {
      config: { access: 'admin' },
      schema: { params: reconciliationDayParamsSchema, response: { 200: reconciliationReportSchema } },
    },
    (request) => reconciliation.report(request.params.day),
  );
  // Asks the card processor for the whole day: a few seconds on a busy day.
  app.post(
    '/api/admin/reconciliation/:day',
    {
      config: { access: 'admin' },
      schema: { params: reconciliationDayParamsSchema, response: { 200: reconciliationReportSchema } },
    },
    (request) => reconciliation.run(request.params.day),
  );
};
