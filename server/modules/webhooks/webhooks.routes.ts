import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WebhooksService } from './webhooks.service.ts';

/** Stripe's events are small; the largest (a checkout session with its lines) stays far below this. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * POST api/stripe/webhook: the card processor's events. The body is read as bytes, untouched: its
 * signature covers exactly what was sent. Public (the processor has no login), checked by signature.
 */
export const webhooksRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (
  app,
  { webhooks },
) => {
  // In this plugin only: the JSON parser is replaced by one that keeps the bytes.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => {
      done(null, body);
    },
  );
  app.post(
    '/api/stripe/webhook',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        headers: z.looseObject({ 'stripe-signature': z.string().max(2000).optional() }),
      },
      config: { access: 'public' },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
      return webhooks.receive(body, request.headers['stripe-signature']);
    },
  );
};
