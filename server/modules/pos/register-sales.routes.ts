import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { saleRequestSchema, saleSchema } from '../../../domain/pos/register.ts';
import { idSchema } from '../../../domain/validation.ts';
import { idempotencyKeySchema } from '../../lib/idempotency.ts';
import type { RegisterSales } from './register-sales.service.ts';

const saleHeaders = z.looseObject({ 'idempotency-key': idempotencyKeySchema });

/** The register's sales from the catalogue (issue "The POS as a real register"), for POS staff. */
export const registerSalesRoutes: FastifyPluginAsyncZod<{ sales: RegisterSales }> = async (
  app,
  { sales },
) => {
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
};
