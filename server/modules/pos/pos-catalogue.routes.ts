import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { posCatalogueQuerySchema, posCatalogueSchema } from '../../../domain/pos/catalogue.ts';
import type { PosCatalogueService } from './pos-catalogue.service.ts';

/** The register's catalogue search, for POS staff (the admin stock list is the owner's only). */
export const posCatalogueRoutes: FastifyPluginAsyncZod<{ catalogue: PosCatalogueService }> = async (
  app,
  { catalogue },
) => {
  app.get(
    '/api/pos/catalogue',
    {
      config: { access: 'pos' },
      schema: { querystring: posCatalogueQuerySchema, response: { 200: posCatalogueSchema } },
    },
    (request) => catalogue.search(request.query.q),
  );
};
