import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderSchema, ordersPageSchema } from '../../../domain/orders.ts';
import { idSchema } from '../../../domain/validation.ts';
import type { Database } from '../../db/database.ts';
import { getOwnOrder, listOrders } from './orders.service.ts';

/** GET api/orders?offset=&limit=: Your Orders (its path is "not shown" in the spec). Only the caller's own. */
export const ordersRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/orders',
    {
      config: { access: 'client' },
      schema: { querystring: ordersPageSchema, response: { 200: z.array(orderSchema) } },
    },
    (request) => listOrders(db, request.caller.id, request.query),
  );

  /** One order of the caller's (the thank-you page confirms only an order of its own). */
  app.get(
    '/api/orders/:orderNumber',
    {
      config: { access: 'client' },
      schema: { params: z.strictObject({ orderNumber: idSchema }), response: { 200: orderSchema } },
    },
    (request) => getOwnOrder(db, request.caller.id, request.params.orderNumber),
  );
};
