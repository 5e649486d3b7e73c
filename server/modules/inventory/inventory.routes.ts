import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryInventorySchema,
  idParamsSchema,
  instockSchema,
  inventoryCheckSchema,
  inventoryShortSchema,
  productSizeParamsSchema,
} from '../../../domain/catalog.ts';
import type { ReplySender } from '../catalog/cached-reply.ts';
import type { InventoryService } from './inventory.service.ts';

/**
 * Spec storefront §7 inventory calls. The path of stock per product and size, not shown by the spec,
 * is api/inventory/product/{id}/{sizeId}.
 */
export const inventoryRoutes: FastifyPluginAsyncZod<{
  inventory: InventoryService;
  sendCached: ReplySender;
}> = async (app, { inventory, sendCached }) => {
  const instock = { response: { 200: instockSchema } };
  app.get(
    '/api/inventory/product/:id',
    { config: { access: 'public' }, schema: { params: idParamsSchema, ...instock } },
    (request) => inventory.product(request.user, request.params.id),
  );
  app.get(
    '/api/inventory/product/:id/:sizeId',
    { config: { access: 'public' }, schema: { params: productSizeParamsSchema, ...instock } },
    (request) => inventory.productSize(request.user, request.params.id, request.params.sizeId),
  );
  app.get(
    '/api/inventory/package/:id',
    { config: { access: 'public' }, schema: { params: idParamsSchema, ...instock } },
    (request) => inventory.package(request.params.id),
  );
  app.get(
    '/api/inventory/category/:id',
    {
      config: { access: 'client' },
      schema: { params: idParamsSchema, response: { 200: categoryInventorySchema } },
    },
    async (request, reply) => sendCached(reply, await inventory.category(request.params.id)),
  );
  app.post(
    '/api/inventory/products',
    {
      config: { access: 'client' },
      schema: { body: inventoryCheckSchema, response: { 200: inventoryShortSchema } },
    },
    (request) => inventory.check(request.body),
  );
};
