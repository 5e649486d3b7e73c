import { desc, eq, sql } from 'drizzle-orm';
import type { OutboxEntry, OutboxQuery } from '../../../domain/admin/outbox.ts';
import type { Database } from '../../db/database.ts';
import { outbox } from '../../db/schema.ts';

/** The newest e-mails staff see at once; older ones stay in the table. */
const OUTBOX_PAGE = 100;

/** Staff read the outbox: what was e-mailed, what waits, what failed (DESIGN.md "mail"). */
export function createOutboxService(db: Database) {
  return {
    list({ status }: OutboxQuery): Promise<OutboxEntry[]> {
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
          // The names of the attachments, never their content.
          attachments: sql<OutboxEntry['attachments']>`COALESCE(
            (SELECT jsonb_agg(jsonb_build_object('filename', a->>'filename', 'contentType', a->>'contentType'))
             FROM jsonb_array_elements(${outbox.attachments}) AS a),
            '[]'::jsonb)`,
        })
        .from(outbox)
        .where(status ? eq(outbox.status, status) : undefined)
        .orderBy(desc(outbox.id))
        .limit(OUTBOX_PAGE);
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
