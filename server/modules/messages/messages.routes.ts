import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../../domain/config.ts';
import type { MessagesService } from './messages.service.ts';

/** GET api/message: the message catalogue ({code, text}), e.g. not_enough_stock with its {0}. */
export const messagesRoutes: FastifyPluginAsyncZod<{ messages: MessagesService }> = async (
  app,
  { messages },
) => {
  app.get(
    '/api/message',
    { config: { access: 'public' }, schema: { response: { 200: z.array(messageSchema) } } },
    () => messages.list(),
  );
};
