import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stockChangesSchema, stockLevelsSchema } from '../../../domain/admin.ts';
import type { Database } from '../../db/database.ts';
import { outbox } from '../../db/schema.ts';
import { createStockService } from './stock.service.ts';

const OUTBOX_PAGE = 100;

const outboxEntrySchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.date(),
  sentAt: z.date().nullable(),
  /** What is attached, without the content. */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })),
});

/** The owner's back office (DESIGN.md "The owner's back office"), for admins. */
export const adminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const stock = createStockService(db);

  /** Sets or adjusts stock levels, with a reason; every line or none (409 when one would go below 0). */
  app.put(
    '/api/admin/stock',
    {
      config: { access: 'admin' },
      schema: { body: stockChangesSchema, response: { 200: stockLevelsSchema } },
    },
    (request) => stock.change(request.caller, request.body),
  );

  /** Staff read the outbox: what was e-mailed, what waits, what failed (DESIGN.md "mail"). */
  app.get(
    '/api/admin/outbox',
    {
      config: { access: 'admin' },
      schema: {
        querystring: z.strictObject({ status: z.enum(['pending', 'sending', 'sent', 'failed']).optional() }),
        response: { 200: z.array(outboxEntrySchema) },
      },
    },
    (request) => {
      const { status } = request.query;
      return db
        .select({
          id: outbox.id,
          to: outbox.to,
          subject: outbox.subject,
          status: outbox.status,
          attempts: outbox.attempts,
          lastError: outbox.lastError,
          createdAt: outbox.createdAt,
          sentAt: outbox.sentAt,
          attachments: sql<{ filename: string; contentType: string }[]>`COALESCE(
            (SELECT jsonb_agg(jsonb_build_object('filename', a->>'filename', 'contentType', a->>'contentType'))
             FROM jsonb_array_elements(${outbox.attachments}) AS a),
            '[]'::jsonb)`,
        })
        .from(outbox)
        .where(status ? eq(outbox.status, status) : undefined)
        .orderBy(desc(outbox.id))
        .limit(OUTBOX_PAGE);
    },
  );
};
