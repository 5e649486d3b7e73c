import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryInventorySchema,
  idParamsSchema,
  instockSchema,
  inventoryCheckSchema,
  inventoryShortSchema,
  productSizeParamsSchema,
} from '../../../domain/catalog.ts';
import { requireUser } from '../auth/authenticate.ts';
import { sendJson } from '../catalog/send-json.ts';
import type { InventoryService } from './inventory.service.ts';

/**
 * Spec storefront §7 inventory calls. The path of stock per product and size, not shown by the spec,
 * is api/inventory/product/{id}/{sizeId}.
 */
export const inventoryRoutes: FastifyPluginAsyncZod<{ inventory: InventoryService }> = async (
  app,
  { inventory },
) => {
  const instock = { response: { 200: instockSchema } };
  app.get(
    '/api/inventory/product/:id',
    { schema: { params: idParamsSchema, ...instock } },
    async (request, reply) => sendJson(reply, await inventory.product(request.user, request.params.id)),
  );
  app.get(
    '/api/inventory/product/:id/:sizeId',
    { schema: { params: productSizeParamsSchema, ...instock } },
    async (request, reply) =>
      sendJson(reply, await inventory.productSize(request.user, request.params.id, request.params.sizeId)),
  );
  app.get(
    '/api/inventory/package/:id',
    { schema: { params: idParamsSchema, ...instock } },
    async (request, reply) => sendJson(reply, await inventory.package(request.params.id)),
  );
  app.get(
    '/api/inventory/category/:id',
    { schema: { params: idParamsSchema, response: { 200: categoryInventorySchema } } },
    async (request, reply) => {
      requireUser(request);
      return sendJson(reply, await inventory.category(request.params.id));
    },
  );
  app.post(
    '/api/inventory/products',
    { schema: { body: inventoryCheckSchema, response: { 200: inventoryShortSchema } } },
    (request) => {
      requireUser(request);
      return inventory.check(request.body);
    },
  );
};
