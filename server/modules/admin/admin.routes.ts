import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxEntrySchema, outboxQuerySchema } from '../../../domain/admin/outbox.ts';
import { stockChangesSchema, stockLevelsSchema } from '../../../domain/admin/stock.ts';
import type { OutboxService } from './outbox.service.ts';
import type { StockService } from './stock.service.ts';

export interface AdminRoutesOptions {
  stock: StockService;
  outbox: OutboxService;
}

/** The owner's back office (DESIGN.md "The owner's back office"), for admins. */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { stock, outbox }) => {
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
    '/api/admin/outbox',
    {
      config: { access: 'admin' },
      schema: { querystring: outboxQuerySchema, response: { 200: z.array(outboxEntrySchema) } },
    },
    (request) => outbox.list(request.query),
  );
};
