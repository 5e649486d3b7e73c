import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactRequestSchema,
  customRequestBodySchema,
  processStepSchema,
  requestReceiptSchema,
} from '../../../domain/requests.ts';
import { callerKey, REQUEST_RATE_LIMIT, rateLimited } from './rate-limits.ts';
import type { RequestsService } from './requests.service.ts';

/** The largest valid body is about 4 KB; anything much bigger is not a form. */
const REQUEST_BODY_LIMIT = 32 * 1024;

const limited = {
  rateLimit: {
    ...REQUEST_RATE_LIMIT,
    keyGenerator: callerKey,
    errorResponseBuilder: rateLimited('Too many requests. Please wait a few minutes and try again.'),
  },
};

/** Spec storefront §7 "Requests" and GET api/process. Visitors and clients alike. */
export const requestsRoutes: FastifyPluginAsyncZod<{ requests: RequestsService }> = async (
  app,
  { requests },
) => {
  app.get(
    '/api/process',
    { config: { access: 'public' }, schema: { response: { 200: z.array(processStepSchema) } } },
    () => requests.processSteps(),
  );

  app.post(
    '/api/setCustomRequest',
    {
      bodyLimit: REQUEST_BODY_LIMIT,
      schema: { body: customRequestBodySchema, response: { 201: requestReceiptSchema } },
      config: { access: 'public', ...limited },
    },
    async (request, reply) => reply.status(201).send(await requests.submitCustom(request.user, request.body)),
  );

  app.post(
    '/api/contactus',
    {
      bodyLimit: REQUEST_BODY_LIMIT,
      schema: { body: contactRequestSchema, response: { 201: requestReceiptSchema } },
      config: { access: 'public', ...limited },
    },
    async (request, reply) =>
      reply.status(201).send(await requests.submitContact(request.user, request.body)),
  );
};
