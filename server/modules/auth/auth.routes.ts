import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passwordResetSchema } from '../../../domain/admin/staff.ts';
import {
  changePasswordSchema,
  clientSchema,
  FORGOT_PASSWORD_SENT,
  forgotPasswordSchema,
  loginRecordSchema,
  loginSchema,
  profileSchema,
  signupSchema,
} from '../../../domain/auth.ts';
import { idSchema } from '../../../domain/validation.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthService } from './auth.service.ts';
import type { PasswordRecovery } from './password-recovery.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  recovery: PasswordRecovery;
  /** Login attempts per minute per address. */
  loginRateLimit: number;
}

const rateLimited = (message: string) => () => new AppError('rate_limited', message, 429);

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, recovery, loginRateLimit },
) => {
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

  /** A link to choose a new password, e-mailed if an account has the address; the answer never says. */
  app.post(
    '/api/auth/forgot-password',
    {
      schema: { body: forgotPasswordSchema, response: { 202: z.object({ message: z.string() }) } },
      config: {
        access: 'public',
        rateLimit: {
          max: loginRateLimit,
          timeWindow: '10 minutes',
          errorResponseBuilder: rateLimited('Too many requests. Please try again in a few minutes.'),
        },
      },
    },
    async (request, reply) => {
      await recovery.forgot(request.body.email);
      return reply.status(202).send({ message: FORGOT_PASSWORD_SENT });
    },
  );

  /** The signed-in client's new password, with the current one; their other logins end. */
  app.post(
    '/api/auth/change-password',
    {
      schema: { body: changePasswordSchema },
      config: {
        access: 'client',
        rateLimit: {
          max: loginRateLimit,
          timeWindow: '1 minute',
          errorResponseBuilder: rateLimited('Too many attempts. Please wait a minute and try again.'),
        },
      },
    },
    async (request, reply) => {
      await recovery.change(request.caller, request.body);
      return reply.status(204).send();
    },
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
