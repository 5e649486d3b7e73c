import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminReaderSchema,
  readerAssignSchema,
  readerIdParamsSchema,
  readerRegisterSchema,
  readerRenameSchema,
} from '../../../domain/admin/readers.ts';
import type { ReadersService } from './readers.service.ts';

/** The card readers in the back office, for admins. */
export const readersRoutes: FastifyPluginAsyncZod<{ readers: ReadersService }> = async (app, { readers }) => {
  app.get(
    '/api/admin/readers',
    { config: { access: 'admin' }, schema: { response: { 200: z.array(adminReaderSchema) } } },
    () => readers.list(),
  );

  /** Registers a reader from the code it shows (test mode: 'simulated-wpe'). */
  app.post(
    '/api/admin/readers',
    {
      config: { access: 'admin' },
      schema: { body: readerRegisterSchema, response: { 201: adminReaderSchema } },
    },
    async (request, reply) => reply.status(201).send(await readers.register(request.caller, request.body)),
  );

  app.patch(
    '/api/admin/readers/:id',
    {
      config: { access: 'admin' },
      schema: {
        params: readerIdParamsSchema,
        body: readerRenameSchema,
        response: { 200: adminReaderSchema },
      },
    },
    (request) => readers.rename(request.caller, request.params.id, request.body.label),
  );

  app.put(
    '/api/admin/readers/:id/assignment',
    {
      config: { access: 'admin' },
      schema: {
        params: readerIdParamsSchema,
        body: readerAssignSchema,
        response: { 200: adminReaderSchema },
      },
    },
    (request) => readers.assign(request.caller, request.params.id, request.body.staff_id),
  );
};
