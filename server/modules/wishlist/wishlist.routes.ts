import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { wishRequestResultSchema, wishRequestSchema } from '../../../domain/orders.ts';
import { AppError } from '../../lib/errors.ts';
import type { WishlistService } from './wishlist.service.ts';

export const WISH_RATE_LIMIT = 10;

/** POST api/setOrder: in wish-list mode, sends the wish list as a request (spec §7 Cart). */
export const wishlistRoutes: FastifyPluginAsyncZod<{ wishlist: WishlistService }> = async (
  app,
  { wishlist },
) => {
  app.post(
    '/api/setOrder',
    {
      schema: { body: wishRequestSchema, response: { 200: wishRequestResultSchema } },
      config: {
        access: 'client',
        rateLimit: {
          max: WISH_RATE_LIMIT,
          timeWindow: '10 minutes',
          keyGenerator: (request) => (request.user ? `client:${request.user.id}` : request.ip),
          errorResponseBuilder: () =>
            new AppError('rate_limited', 'Too many requests. Please try again in a few minutes.', 429),
        },
      },
    },
    (request) => wishlist.send(request.caller, request.body),
  );
};
