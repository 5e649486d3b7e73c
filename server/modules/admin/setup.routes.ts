import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setupSchema, setupStartSchema, setupTokenParamsSchema } from '../../../domain/admin/setup.ts';
import { loginRecordSchema } from '../../../domain/auth.ts';
import { AppError } from '../../lib/errors.ts';
import type { SetupService } from './setup.service.ts';

const tooManyAttempts = () =>
  new AppError('rate_limited', 'Too many attempts. Please wait a minute and try again.', 429);

/** The one-time setup link of a shop without an admin (the server prints it at start). */
export const setupRoutes: FastifyPluginAsyncZod<{ setup: SetupService }> = async (app, { setup }) => {
  const rateLimit = { max: 20, timeWindow: '1 minute', errorResponseBuilder: tooManyAttempts };

  app.get(
    '/api/setup/:token',
    {
      config: { access: 'public', rateLimit },
      schema: { params: setupTokenParamsSchema, response: { 200: setupStartSchema } },
    },
    (request) => setup.start(request.params.token),
  );

  /** The owner's account (CLIENT, POS, ADMIN) and the store's details; answers the owner's login. */
  app.post(
    '/api/setup',
    {
      config: { access: 'public', rateLimit },
      schema: { body: setupSchema, response: { 201: loginRecordSchema } },
    },
    async (request, reply) => reply.status(201).send(await setup.complete(request.body)),
  );
};
