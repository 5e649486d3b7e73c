import { desc, eq, sql } from 'drizzle-orm';
import type { OutboxDetail, OutboxEntry, OutboxHealth, OutboxQuery } from '../../../domain/admin/outbox.ts';
import type { Database } from '../../db/database.ts';
import { outbox } from '../../db/schema.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { verifyMailServer } from '../../providers/mail/mail.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { recordAudit } from './audit.ts';

/** The newest e-mails staff see at once; older ones stay in the table. */
const OUTBOX_PAGE = 100;
/** How long the health check waits for the mail server. */
const HEALTH_TIMEOUT_MS = 4000;

export interface OutboxServiceOptions {
  /** SMTP_URL; unset: e-mails wait in the outbox and the health says so. */
  smtpUrl?: string | undefined;
  clock?: Clock;
  /** How the mail server is asked whether it answers (nodemailer's verify by default). */
  verify?: typeof verifyMailServer;
}

function detailOf(row: typeof outbox.$inferSelect): OutboxDetail {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    nextAttemptAt: row.nextAttemptAt,
    text: row.text,
    hasHtml: Boolean(row.html),
    attachments: row.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      size: Buffer.byteLength(a.contentBase64, 'base64'),
    })),
  };
}

/** Staff read the outbox: what was e-mailed, what waits, what failed (DESIGN.md "mail"). */
export function createOutboxService(db: Database, options: OutboxServiceOptions = {}) {
  const { smtpUrl, clock = systemClock, verify = verifyMailServer } = options;
  const emailNotFound = (id: number) => notFound(`E-mail ${id}`);

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

    async get(id: number): Promise<OutboxDetail> {
      const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
      if (!row) throw emailNotFound(id);
      return detailOf(row);
    },

    /** One attachment's bytes, as it is sent; the first is 1. */
    async attachment(
      id: number,
      index: number,
    ): Promise<{ filename: string; contentType: string; content: Buffer }> {
      const [row] = await db
        .select({ attachment: sql<unknown>`${outbox.attachments} -> ${index - 1}::int` })
        .from(outbox)
        .where(eq(outbox.id, id));
      if (!row) throw emailNotFound(id);
      const attachment = row.attachment as {
        filename?: unknown;
        contentType?: unknown;
        contentBase64?: unknown;
      };
      if (!attachment || typeof attachment.contentBase64 !== 'string')
        throw notFound(`Attachment ${index} of e-mail ${id}`);
      return {
        filename: String(attachment.filename ?? `attachment-${index}`),
        contentType: String(attachment.contentType ?? 'application/octet-stream'),
        content: Buffer.from(attachment.contentBase64, 'base64'),
      };
    },

    /**
     * Sends a failed or waiting e-mail again from now, as a new one: pending, no attempts yet.
     * One already sent (or being sent this moment) is 409: resending it would deliver it twice.
     */
    async resend(actor: AuthUser, id: number): Promise<OutboxDetail> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(outbox).where(eq(outbox.id, id)).for('update');
        if (!before) throw emailNotFound(id);
        if (before.status === 'sent' || before.status === 'sending') {
          throw new AppError(
            'already_sent',
            before.status === 'sent'
              ? 'This e-mail was sent already.'
              : 'This e-mail is being sent right now.',
            409,
          );
        }
        const [row] = await tx
          .update(outbox)
          .set({ status: 'pending', attempts: 0, nextAttemptAt: clock.now() })
          .where(eq(outbox.id, id))
          .returning();
        if (!row) throw emailNotFound(id);
        await recordAudit(tx, actor, {
          action: 'outbox.resend',
          entity: 'outbox',
          entityId: id,
          before: { status: before.status, attempts: before.attempts, lastError: before.lastError },
          after: { status: row.status, attempts: row.attempts },
        });
        return detailOf(row);
      });
    },

    /** Whether the mail server answers; `configured: false` without SMTP_URL. */
    async health(): Promise<OutboxHealth> {
      if (!smtpUrl) return { configured: false };
      const answer = await verify(smtpUrl, HEALTH_TIMEOUT_MS);
      return answer.ok
        ? { configured: true, ok: true }
        : { configured: true, ok: false, error: answer.error };
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
