import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCategoryTreeSchema,
  adminProductSchema,
  categoryCreateSchema,
  categoryUpdateSchema,
  mediaUploadSchema,
  packageCreateSchema,
  packageUpdateSchema,
  productCreateSchema,
  productListQuerySchema,
  productListSchema,
  productUpdateSchema,
  sizeTypeCreateSchema,
  sizeTypesSchema,
} from '../../../domain/admin/catalogue.ts';
import { idSchema } from '../../../domain/validation.ts';
import { AppError } from '../../lib/errors.ts';
import { readOneFile, UPLOAD_CSP } from '../requests/uploads.routes.ts';
import type { CatalogueService } from './catalogue.service.ts';
import { MEDIA_PREFIX, type MediaService } from './media.service.ts';

const idParams = z.strictObject({ id: idSchema });

/** The catalogue in the back office, for admins; its images served to everyone. */
export const catalogueRoutes: FastifyPluginAsyncZod<{
  catalogue: CatalogueService;
  media: MediaService;
}> = async (app, { catalogue, media }) => {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

  app.get(
    '/api/admin/categories',
    { config: { access: 'admin' }, schema: { response: { 200: adminCategoryTreeSchema } } },
    () => catalogue.categoryTree(),
  );

  /** A tab (no parent_id) or a group of a tab; answers the whole tree. */
  app.post(
    '/api/admin/categories',
    {
      config: { access: 'admin' },
      schema: { body: categoryCreateSchema, response: { 201: adminCategoryTreeSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await catalogue.createCategory(request.caller, request.body)),
  );

  app.patch(
    '/api/admin/categories/:id',
    {
      config: { access: 'admin' },
      schema: { params: idParams, body: categoryUpdateSchema, response: { 200: adminCategoryTreeSchema } },
    },
    (request) => catalogue.updateCategory(request.caller, request.params.id, request.body),
  );

  app.get(
    '/api/admin/size-types',
    { config: { access: 'admin' }, schema: { response: { 200: sizeTypesSchema } } },
    () => catalogue.sizeTypes(),
  );

  app.post(
    '/api/admin/size-types',
    {
      config: { access: 'admin' },
      schema: { body: sizeTypeCreateSchema, response: { 201: sizeTypesSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await catalogue.createSizeType(request.caller, request.body)),
  );

  app.get(
    '/api/admin/products',
    {
      config: { access: 'admin' },
      schema: { querystring: productListQuerySchema, response: { 200: productListSchema } },
    },
    (request) => catalogue.listProducts(request.query),
  );

  app.post(
    '/api/admin/products',
    {
      config: { access: 'admin' },
      schema: { body: productCreateSchema, response: { 201: adminProductSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await catalogue.createProduct(request.caller, request.body)),
  );

  app.get(
    '/api/admin/products/:id',
    { config: { access: 'admin' }, schema: { params: idParams, response: { 200: adminProductSchema } } },
    (request) => catalogue.getProduct(request.params.id),
  );

  /** The fields sent, with the version read; 409 version_conflict when someone saved in between. */
  app.patch(
    '/api/admin/products/:id',
    {
      config: { access: 'admin' },
      schema: { params: idParams, body: productUpdateSchema, response: { 200: adminProductSchema } },
    },
    (request) => catalogue.updateProduct(request.caller, request.params.id, request.body),
  );

  /** A boxed set of a product of a package tab; answers the product with its packages. */
  app.post(
    '/api/admin/packages',
    {
      config: { access: 'admin' },
      schema: { body: packageCreateSchema, response: { 201: adminProductSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await catalogue.createPackage(request.caller, request.body)),
  );

  app.patch(
    '/api/admin/packages/:id',
    {
      config: { access: 'admin' },
      schema: { params: idParams, body: packageUpdateSchema, response: { 200: adminProductSchema } },
    },
    (request) => catalogue.updatePackage(request.caller, request.params.id, request.body),
  );

  /** One image file (PNG, JPEG, GIF or SVG, at most 5 MB) -> { url } of its full variant. */
  app.post(
    '/api/admin/images',
    {
      config: { access: 'admin' },
      schema: { consumes: ['multipart/form-data'], response: { 200: mediaUploadSchema } },
    },
    async (request) => media.saveImage((await readOneFile(request)).bytes),
  );

  app.get(
    `${MEDIA_PREFIX}:variant/:name`,
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        params: z.object({
          variant: z.enum(['full', 'extra-small', 'thumbnail']),
          name: z.string().regex(/^[\w-]{1,40}\.webp$/),
        }),
      },
    },
    async (request, reply) => {
      const found = await media.open(request.params.variant, request.params.name.replace(/\.webp$/, ''));
      if (!found) throw new AppError('not_found', 'This image was not found.', 404);
      return reply
        .type('image/webp')
        .header('content-length', found.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', UPLOAD_CSP)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(found.stream());
    },
  );
};
