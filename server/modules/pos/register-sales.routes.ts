import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { saleRequestSchema, saleSchema } from '../../../domain/pos/register.ts';
import { returnRequestSchema, saleReturnSchema } from '../../../domain/pos/returns.ts';
import { idSchema } from '../../../domain/validation.ts';
import { idempotencyKeySchema } from '../../lib/idempotency.ts';
import type { RegisterReturns } from './register-returns.service.ts';
import type { RegisterSales } from './register-sales.service.ts';

const saleHeaders = z.looseObject({ 'idempotency-key': idempotencyKeySchema });

/**
 * The register's sales from the catalogue and their returns at the counter (issue "The POS as a
 * real register"), for POS staff.
 */
export const registerSalesRoutes: FastifyPluginAsyncZod<{
  sales: RegisterSales;
  returns: RegisterReturns;
}> = async (app, { sales, returns }) => {
  app.post(
    '/api/pos/sales',
    {
      config: { access: 'pos' },
      schema: { headers: saleHeaders, body: saleRequestSchema, response: { 200: saleSchema } },
    },
    (request) => sales.create(request.caller, request.headers['idempotency-key'], request.body),
  );

  app.get(
    '/api/pos/sales/:id',
    {
      config: { access: 'pos' },
      schema: { params: z.strictObject({ id: idSchema }), response: { 200: saleSchema } },
    },
    (request) => sales.get(request.params.id),
  );

  app.get(
    '/api/pos/sales/by-receipt/:receiptNumber',
    {
      config: { access: 'pos' },
      schema: { params: z.strictObject({ receiptNumber: idSchema }), response: { 200: saleSchema } },
    },
    (request) => sales.byReceipt(request.params.receiptNumber),
  );

  app.post(
    '/api/pos/sales/:id/returns',
    {
      config: { access: 'pos' },
      schema: {
        headers: saleHeaders,
        params: z.strictObject({ id: idSchema }),
        body: returnRequestSchema,
        response: { 200: z.object({ return: saleReturnSchema, sale: saleSchema }) },
      },
    },
    (request) =>
      returns.create(request.caller, request.params.id, request.headers['idempotency-key'], request.body),
  );
};
