import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { logEntrySchema } from '../../../domain/config.ts';
import { AppError } from '../../lib/errors.ts';

export const CLIENT_LOG_BODY_LIMIT = 16 * 1024;
export const CLIENT_LOG_RATE_LIMIT = 30;

/** api/Logger: errors the web reports, written to the server log (never stored, never a 401). */
export const loggerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/Logger',
    {
      bodyLimit: CLIENT_LOG_BODY_LIMIT,
      schema: { body: logEntrySchema },
      config: {
        access: 'public',
        rateLimit: {
          max: CLIENT_LOG_RATE_LIMIT,
          timeWindow: '1 minute',
          errorResponseBuilder: () => new AppError('rate_limited', 'Too many log messages.', 429),
        },
      },
    },
    async (request, reply) => {
      const { level, ...entry } = request.body;
      request.log[level]({ client: entry, clientId: request.user?.id }, 'client log');
      return reply.status(204).send();
    },
  );
};
