import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryCountSchema,
  categoryIdParamsSchema,
  categoryProductsQuerySchema,
  categoryProductsSchema,
  dashboardTileSchema,
  dimensionQuerySchema,
  dimensionSchema,
  idParamsSchema,
  packageDetailSchema,
  packageParamsSchema,
  phaseSchema,
  phaseSummarySchema,
  productDetailSchema,
  productIdParamsSchema,
  productParamsSchema,
  rootCategorySchema,
  searchQuerySchema,
  searchResultSchema,
  showroomCategorySchema,
  specialOfferRuleSchema,
  specialOfferSchema,
  teaserProductSchema,
} from '../../../domain/catalog.ts';
import { requireUser } from '../auth/authenticate.ts';
import type { CatalogService } from './catalog.service.ts';
import { sendJson } from './send-json.ts';

/**
 * Spec storefront §7 "Catalogue and search". Catalogue replies come serialized from the service's
 * cache (sendJson); the response schemas document them. Paths the spec does not show:
 * categories/root, categories/counts, categories/top, categories/{id}/products, products/teaser,
 * specialoffer/product/{productId}.
 */
export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  // ---------------------------------------------------------------- public
  app.get(
    '/api/getShowRoomProducts',
    { schema: { response: { 200: z.array(showroomCategorySchema) } } },
    async (_request, reply) => sendJson(reply, await catalog.showroom()),
  );
  app.get(
    '/api/products/teaser',
    { schema: { response: { 200: z.array(teaserProductSchema) } } },
    async (_request, reply) => sendJson(reply, await catalog.teaser()),
  );
  app.get(
    '/api/product/:ctid/:id',
    { schema: { params: productParamsSchema, response: { 200: productDetailSchema } } },
    async (request, reply) =>
      sendJson(reply, await catalog.productDetail(request.user, request.params.ctid, request.params.id)),
  );
  app.get(
    '/api/product/:id',
    { schema: { params: idParamsSchema, response: { 200: productDetailSchema } } },
    async (request, reply) =>
      sendJson(reply, await catalog.productDetail(request.user, null, request.params.id)),
  );
  app.get('/api/product/:id/visit', { schema: { params: idParamsSchema } }, async (request, reply) => {
    await catalog.visitProduct(request.params.id);
    return reply.code(204).send();
  });
  app.get(
    '/api/package/:productId/:packageId',
    { schema: { params: packageParamsSchema, response: { 200: packageDetailSchema } } },
    async (request, reply) =>
      sendJson(
        reply,
        await catalog.packageDetail(request.user, request.params.productId, request.params.packageId),
      ),
  );
  app.get('/api/package/:id/visit', { schema: { params: idParamsSchema } }, async (request, reply) => {
    await catalog.visitPackage(request.params.id);
    return reply.code(204).send();
  });
  app.get(
    '/api/Dimension/all',
    { schema: { response: { 200: z.array(dimensionSchema) } } },
    async (_request, reply) => sendJson(reply, await catalog.dimensions()),
  );
  app.post(
    '/api/Dimension/byproductid',
    { schema: { body: dimensionQuerySchema, response: { 200: z.array(dimensionSchema) } } },
    (request) => catalog.dimensionsOf(request.body.product_id, request.body.size_id),
  );
  app.get(
    '/api/specialoffer/:id',
    { schema: { params: idParamsSchema, response: { 200: specialOfferSchema } } },
    (request) => catalog.specialOffer(request.params.id),
  );
  app.get('/api/allspecialoffers', { schema: { response: { 200: z.array(specialOfferSchema) } } }, () =>
    catalog.allSpecialOffers(),
  );
  app.get(
    '/api/specialofferrule/:id',
    { schema: { params: idParamsSchema, response: { 200: specialOfferRuleSchema } } },
    (request) => catalog.specialOfferRule(request.params.id),
  );
  app.get(
    '/api/specialoffer/product/:productId',
    { schema: { params: productIdParamsSchema, response: { 200: z.array(specialOfferSchema) } } },
    (request) => catalog.productSpecialOffers(request.params.productId),
  );

  // ---------------------------------------------------------------- logged-in clients
  app.get(
    '/api/categories/root',
    { schema: { response: { 200: z.array(rootCategorySchema) } } },
    async (request, reply) => {
      requireUser(request);
      return sendJson(reply, await catalog.rootCategories());
    },
  );
  app.get(
    '/api/categories/counts',
    { schema: { response: { 200: z.array(categoryCountSchema) } } },
    async (request, reply) => {
      requireUser(request);
      return sendJson(reply, await catalog.categoryCounts());
    },
  );
  app.get(
    '/api/categories/top',
    { schema: { response: { 200: z.array(dashboardTileSchema) } } },
    async (request, reply) => {
      requireUser(request);
      return sendJson(reply, await catalog.dashboardTiles());
    },
  );
  app.get(
    '/api/categories/:id/products',
    {
      schema: {
        params: idParamsSchema,
        querystring: categoryProductsQuerySchema,
        response: { 200: categoryProductsSchema },
      },
    },
    async (request, reply) =>
      sendJson(reply, await catalog.categoryProducts(requireUser(request), request.params.id, request.query)),
  );
  app.get(
    '/api/phasebycategory/:categoryId',
    { schema: { params: categoryIdParamsSchema, response: { 200: phaseSchema } } },
    async (request, reply) =>
      sendJson(reply, await catalog.phase(requireUser(request), request.params.categoryId)),
  );
  app.get(
    '/api/phaseproduct',
    { schema: { response: { 200: z.array(phaseSummarySchema) } } },
    async (request, reply) => {
      requireUser(request);
      return sendJson(reply, await catalog.phases());
    },
  );
  /** Search and header suggestions; the number of matches is in X-Total-Count. */
  app.get(
    '/api/product',
    { schema: { querystring: searchQuerySchema, response: { 200: z.array(searchResultSchema) } } },
    async (request, reply) => {
      const { term, offset, limit } = request.query;
      return sendJson(reply, await catalog.search(requireUser(request), term, { offset, limit }));
    },
  );
};
