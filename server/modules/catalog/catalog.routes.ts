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
  homeProductsSchema,
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
import type { ReplySender } from './cached-reply.ts';
import type { CatalogService } from './catalog.service.ts';

/**
 * Spec storefront §7 "Catalogue and search". The catalogue's replies are serialised once and kept
 * (sendCached, the route edge of the cache); the response schemas document them. Paths the spec does not show:
 * categories/root, categories/counts, categories/top, categories/{id}/products, products/teaser,
 * specialoffer/product/{productId}.
 */
export interface CatalogRoutesOptions {
  catalog: CatalogService;
  sendCached: ReplySender;
}

export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (
  app,
  { catalog, sendCached },
) => {
  // ---------------------------------------------------------------- public
  app.get(
    '/api/getShowRoomProducts',
    { config: { access: 'public' }, schema: { response: { 200: z.array(showroomCategorySchema) } } },
    async (_request, reply) => sendCached(reply, catalog.showroom()),
  );
  app.get(
    '/api/products/teaser',
    { config: { access: 'public' }, schema: { response: { 200: z.array(teaserProductSchema) } } },
    async (_request, reply) => sendCached(reply, catalog.teaser()),
  );
  app.get(
    '/api/products/home',
    { config: { access: 'public' }, schema: { response: { 200: homeProductsSchema } } },
    async (request, reply) => sendCached(reply, await catalog.homeProducts(request.user)),
  );
  app.get(
    '/api/product/:ctid/:id',
    {
      config: { access: 'public' },
      schema: { params: productParamsSchema, response: { 200: productDetailSchema } },
    },
    async (request, reply) =>
      sendCached(reply, await catalog.productDetail(request.user, request.params.ctid, request.params.id)),
  );
  app.get(
    '/api/product/:id',
    {
      config: { access: 'public' },
      schema: { params: idParamsSchema, response: { 200: productDetailSchema } },
    },
    async (request, reply) =>
      sendCached(reply, await catalog.productDetail(request.user, null, request.params.id)),
  );
  app.get(
    '/api/product/:id/visit',
    { config: { access: 'public' }, schema: { params: idParamsSchema } },
    async (request, reply) => {
      await catalog.visitProduct(request.params.id);
      return reply.code(204).send();
    },
  );
  app.get(
    '/api/package/:productId/:packageId',
    {
      config: { access: 'public' },
      schema: { params: packageParamsSchema, response: { 200: packageDetailSchema } },
    },
    async (request, reply) =>
      sendCached(
        reply,
        await catalog.packageDetail(request.user, request.params.productId, request.params.packageId),
      ),
  );
  app.get(
    '/api/package/:id/visit',
    { config: { access: 'public' }, schema: { params: idParamsSchema } },
    async (request, reply) => {
      await catalog.visitPackage(request.params.id);
      return reply.code(204).send();
    },
  );
  app.get(
    '/api/Dimension/all',
    { config: { access: 'public' }, schema: { response: { 200: z.array(dimensionSchema) } } },
    async (_request, reply) => sendCached(reply, catalog.dimensions()),
  );
  app.post(
    '/api/Dimension/byproductid',
    {
      config: { access: 'public' },
      schema: { body: dimensionQuerySchema, response: { 200: z.array(dimensionSchema) } },
    },
    (request) => catalog.dimensionsOf(request.body.product_id, request.body.size_id),
  );
  app.get(
    '/api/specialoffer/:id',
    {
      config: { access: 'public' },
      schema: { params: idParamsSchema, response: { 200: specialOfferSchema } },
    },
    (request) => catalog.specialOffer(request.params.id),
  );
  app.get(
    '/api/allspecialoffers',
    { config: { access: 'public' }, schema: { response: { 200: z.array(specialOfferSchema) } } },
    () => catalog.allSpecialOffers(),
  );
  app.get(
    '/api/specialofferrule/:id',
    {
      config: { access: 'public' },
      schema: { params: idParamsSchema, response: { 200: specialOfferRuleSchema } },
    },
    (request) => catalog.specialOfferRule(request.params.id),
  );
  app.get(
    '/api/specialoffer/product/:productId',
    {
      config: { access: 'public' },
      schema: { params: productIdParamsSchema, response: { 200: z.array(specialOfferSchema) } },
    },
    (request) => catalog.productSpecialOffers(request.params.productId),
  );

  // ---------------------------------------------------------------- logged-in clients
  app.get(
    '/api/categories/root',
    { config: { access: 'client' }, schema: { response: { 200: z.array(rootCategorySchema) } } },
    async (_request, reply) => sendCached(reply, catalog.rootCategories()),
  );
  app.get(
    '/api/categories/counts',
    { config: { access: 'client' }, schema: { response: { 200: z.array(categoryCountSchema) } } },
    async (_request, reply) => sendCached(reply, catalog.categoryCounts()),
  );
  app.get(
    '/api/categories/top',
    { config: { access: 'client' }, schema: { response: { 200: z.array(dashboardTileSchema) } } },
    async (_request, reply) => sendCached(reply, catalog.dashboardTiles()),
  );
  app.get(
    '/api/categories/:id/products',
    {
      config: { access: 'client' },
      schema: {
        params: idParamsSchema,
        querystring: categoryProductsQuerySchema,
        response: { 200: categoryProductsSchema },
      },
    },
    async (request, reply) =>
      sendCached(reply, await catalog.categoryProducts(request.caller, request.params.id, request.query)),
  );
  app.get(
    '/api/phasebycategory/:categoryId',
    {
      config: { access: 'client' },
      schema: { params: categoryIdParamsSchema, response: { 200: phaseSchema } },
    },
    async (request, reply) =>
      sendCached(reply, await catalog.phase(request.caller, request.params.categoryId)),
  );
  app.get(
    '/api/phaseproduct',
    { config: { access: 'client' }, schema: { response: { 200: z.array(phaseSummarySchema) } } },
    async (_request, reply) => sendCached(reply, catalog.phases()),
  );
  /** Search and header suggestions; the number of matches is in X-Total-Count. */
  app.get(
    '/api/product',
    {
      config: { access: 'client' },
      schema: { querystring: searchQuerySchema, response: { 200: z.array(searchResultSchema) } },
    },
    async (request, reply) => {
      const { term, offset, limit } = request.query;
      return sendCached(reply, await catalog.search(request.caller, term, { offset, limit }));
    },
  );
};
