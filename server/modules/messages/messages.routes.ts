import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../../domain/config.ts';
import type { Database } from '../../db/database.ts';
import { messages } from '../../db/schema.ts';

/** GET api/message: the message catalogue ({code, text}), e.g. not_enough_stock with its {0}. */
export const messagesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/message',
    { config: { access: 'public' }, schema: { response: { 200: z.array(messageSchema) } } },
    () => db.select({ code: messages.code, text: messages.text }).from(messages).orderBy(asc(messages.code)),
  );
};
