import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  invoiceDraftSchema,
  requestDetailSchema,
  requestParamsSchema,
  requestReplyCreateSchema,
  requestStatusUpdateSchema,
  requestsPageSchema,
  requestsQuerySchema,
  wishParamsSchema,
} from '../../../domain/admin/requests.ts';
import type { RequestsAdminService } from './requests-admin.service.ts';

/** The requests inbox of the back office (custom, contact and wish requests), for admins. */
export const requestsAdminRoutes: FastifyPluginAsyncZod<{ requests: RequestsAdminService }> = async (
  app,
  { requests },
) => {
  app.get(
    '/api/admin/requests',
    {
      config: { access: 'admin' },
      schema: { querystring: requestsQuerySchema, response: { 200: requestsPageSchema } },
    },
    (request) => requests.list(request.query),
  );

  app.get(
    '/api/admin/requests/:kind/:id',
    {
      config: { access: 'admin' },
      schema: { params: requestParamsSchema, response: { 200: requestDetailSchema } },
    },
    (request) => requests.get(request.params),
  );

  app.put(
    '/api/admin/requests/:kind/:id/status',
    {
      config: { access: 'admin' },
      schema: {
        params: requestParamsSchema,
        body: requestStatusUpdateSchema,
        response: { 200: requestDetailSchema },
      },
    },
    (request) => requests.setStatus(request.caller, request.params, request.body.status),
  );

  /** E-mails the requester through the outbox; the request is answered. */
  app.post(
    '/api/admin/requests/:kind/:id/reply',
    {
      config: { access: 'admin' },
      schema: {
        params: requestParamsSchema,
        body: requestReplyCreateSchema,
        response: { 200: requestDetailSchema },
      },
    },
    (request) => requests.reply(request.caller, request.params, request.body.text),
  );

  /** A wish list as the POS invoice form's first values (the POS creates the invoice itself). */
  app.get(
    '/api/admin/requests/wish/:id/invoice-draft',
    {
      config: { access: 'admin' },
      schema: { params: wishParamsSchema, response: { 200: invoiceDraftSchema } },
    },
    (request) => requests.invoiceDraft(request.params.id),
  );
};
