import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOfferSchema,
  offerCreateSchema,
  offerUpdateSchema,
  processStepsSchema,
  processStepsUpdateSchema,
} from '../../../domain/admin/offers.ts';
import { idSchema } from '../../../domain/validation.ts';
import type { OffersService } from './offers.service.ts';

const idParams = z.strictObject({ id: idSchema });

/** Special offers and the custom-order process steps in the back office, for admins. */
export const offersRoutes: FastifyPluginAsyncZod<{ offers: OffersService }> = async (app, { offers }) => {
  app.get(
    '/api/admin/offers',
    { config: { access: 'admin' }, schema: { response: { 200: z.array(adminOfferSchema) } } },
    () => offers.list(),
  );

  app.post(
    '/api/admin/offers',
    { config: { access: 'admin' }, schema: { body: offerCreateSchema, response: { 201: adminOfferSchema } } },
    async (request, reply) => reply.status(201).send(await offers.create(request.caller, request.body)),
  );

  app.patch(
    '/api/admin/offers/:id',
    {
      config: { access: 'admin' },
      schema: { params: idParams, body: offerUpdateSchema, response: { 200: adminOfferSchema } },
    },
    (request) => offers.update(request.caller, request.params.id, request.body),
  );

  app.get(
    '/api/admin/process-steps',
    { config: { access: 'admin' }, schema: { response: { 200: processStepsSchema } } },
    () => offers.processSteps(),
  );

  /** The custom-order process page's steps, in order: the list replaces the old one. */
  app.put(
    '/api/admin/process-steps',
    {
      config: { access: 'admin' },
      schema: { body: processStepsUpdateSchema, response: { 200: processStepsSchema } },
    },
    (request) => offers.replaceProcessSteps(request.caller, request.body),
  );
};
