import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passwordResetSchema } from '../../../domain/admin/staff.ts';
import {
  clientSchema,
  loginRecordSchema,
  loginSchema,
  profileSchema,
  signupSchema,
} from '../../../domain/auth.ts';
import { idSchema } from '../../../domain/validation.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthService } from './auth.service.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  /** Login attempts per minute per address. */
  loginRateLimit: number;
}

const rateLimited = (message: string) => () => new AppError('rate_limited', message, 429);

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, loginRateLimit }) => {
  app.post(
    '/api/auth/login',
    {
      schema: { body: loginSchema, response: { 200: loginRecordSchema } },
      config: {
        access: 'public',
        rateLimit: {
          max: loginRateLimit,
          timeWindow: '1 minute',
          errorResponseBuilder: rateLimited('Too many login attempts. Please wait a minute and try again.'),
        },
      },
    },
    (request) => auth.login(request.body),
  );

  // Sign-up: spec §7 "POST api/client, body is the client". The new client is logged in.
  app.post(
    '/api/client',
    {
      schema: { body: signupSchema, response: { 201: loginRecordSchema } },
      config: {
        access: 'public',
        rateLimit: {
          max: loginRateLimit,
          timeWindow: '10 minutes',
          errorResponseBuilder: rateLimited('Too many sign-ups from this address. Please try again later.'),
        },
      },
    },
    async (request, reply) => reply.status(201).send(await auth.signup(request.body)),
  );

  /** A password reset link's new password; the account's sessions end. */
  app.post(
    '/api/auth/reset-password',
    {
      schema: { body: passwordResetSchema },
      config: {
        access: 'public',
        rateLimit: {
          max: loginRateLimit,
          timeWindow: '1 minute',
          errorResponseBuilder: rateLimited('Too many attempts. Please wait a minute and try again.'),
        },
      },
    },
    async (request, reply) => {
      await auth.resetPassword(request.body);
      return reply.status(204).send();
    },
  );

  app.post('/api/auth/logout', { config: { access: 'client' } }, async (request, reply) => {
    await auth.logout(request.caller);
    return reply.status(204).send();
  });

  app.get(
    '/api/auth/me',
    { config: { access: 'client' }, schema: { response: { 200: clientSchema } } },
    (request) => auth.getClient(request.caller.id),
  );

  app.get(
    '/api/client/:id',
    {
      config: { access: { owner: 'id', orAdmin: true } },
      schema: { params: z.object({ id: idSchema }), response: { 200: clientSchema } },
    },
    (request) => auth.getClient(request.params.id),
  );

  app.put(
    '/api/client/:client_id',
    {
      config: { access: { owner: 'client_id', orAdmin: true } },
      schema: {
        params: z.object({ client_id: idSchema }),
        body: profileSchema,
        response: { 200: clientSchema },
      },
    },
    (request) => auth.updateProfile(request.params.client_id, request.body),
  );
};
