import { and, asc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { type Database, type DbOrTx, rowsOf } from '../../db/database.ts';
import { outbox } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';

export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

/**
 * Writes an e-mail to the outbox, in the caller's transaction when given one: the request and its
 * e-mail are stored together, and a mail server that is down only delays the sending.
 */
export async function enqueueMail(db: DbOrTx, mail: OutgoingMail): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(db, sql`${mailInsert(mail)} RETURNING id`);
  if (!row) throw new Error('outbox insert returned nothing');
  return row.id;
}

/**
 * enqueueMail's INSERT, for a statement that writes the e-mail together with other rows; its subject
 * and text may be SQL of that statement (an order's number drawn by the same statement, say).
 */
export function mailInsert(
  mail: Omit<OutgoingMail, 'subject' | 'text'> & { subject: string | SQL; text: string | SQL },
): SQL {
  return sql`INSERT INTO outbox ("to", subject, text, html, attachments)
             VALUES (${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null},
                     ${JSON.stringify(mail.attachments ?? [])}::jsonb)`;
}

/** Waits after the nth failed attempt: 1 min, 5 min, 30 min, 2 h, then 6 h. */
const RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000];
export const MAX_ATTEMPTS = 8;
const CLAIM_MS = 600_000;

/** Who e-mails are from: an address ('Shop <hello@shop.ca>'), or read when they are sent. */
export type MailFrom = string | (() => Promise<{ name: string; address: string }>);

export interface MailSenderDeps {
  db: Database;
  transport: Pick<Transporter, 'sendMail'>;
  from: MailFrom;
  clock: Clock;
  onError?: (error: unknown, id: number) => void;
}

export function createMailSender({ db, transport, from, clock, onError }: MailSenderDeps) {
  /**
   * Claims due messages so that two instances never send one twice. A claim lasts ten minutes: a
   * message whose sender died while sending is picked up again after that.
   */
  async function claimDue(limit: number) {
    // Up to the end of this millisecond: PostgreSQL stamps a mail in microseconds and a Date holds
    // milliseconds, so a mail queued this millisecond would otherwise not be due yet.
    const dueBy = new Date(clock.now().getTime() + 1);
    return db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(outbox)
        .where(and(inArray(outbox.status, ['pending', 'sending']), lte(outbox.nextAttemptAt, dueBy)))
        .orderBy(asc(outbox.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length > 0) {
        await tx
          .update(outbox)
          .set({ status: 'sending', nextAttemptAt: new Date(clock.now().getTime() + CLAIM_MS) })
          .where(
            inArray(
              outbox.id,
              due.map((row) => row.id),
            ),
          );
      }
      return due;
    });
  }

  return {
    /** Sends what is due; answers how many were sent. */
    async deliverDue(limit = 20): Promise<number> {
      let sent = 0;
      const due = await claimDue(limit);
      if (due.length === 0) return 0;
      const sender = typeof from === 'string' ? from : await from();
      for (const mail of due) {
        try {
          await transport.sendMail({
            from: sender,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            ...(mail.html ? { html: mail.html } : {}),
            attachments: mail.attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: Buffer.from(a.contentBase64, 'base64'),
            })),
          });
          await db
            .update(outbox)
            .set({
              status: 'sent',
              sentAt: clock.now(),
              attempts: sql`${outbox.attempts} + 1`,
              lastError: null,
            })
            .where(eq(outbox.id, mail.id));
          sent += 1;
        } catch (error) {
          onError?.(error, mail.id);
          const attempts = mail.attempts + 1;
          const delay = RETRY_DELAYS_MS[Math.min(attempts - 1, RETRY_DELAYS_MS.length - 1)] ?? 0;
          await db
            .update(outbox)
            .set({
              status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
              attempts,
              lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
              nextAttemptAt: new Date(clock.now().getTime() + delay),
            })
            .where(eq(outbox.id, mail.id));
        }
      }
      return sent;
    },
  };
}

export type MailSender = ReturnType<typeof createMailSender>;

/** Delivers the outbox every few seconds until stopped. */
export function startMailWorker(sender: MailSender, intervalMs = 5000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sender
      .deliverDue()
      .catch(() => undefined)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
