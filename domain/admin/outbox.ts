/**
 * The outbox in the back office (ADMIN): GET api/admin/outbox, one e-mail, its attachments, a
 * resend, and the mail server's health.
 */
import { z } from 'zod';
import { idSchema } from '../validation.ts';

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** GET api/admin/outbox?status=: the newest e-mails, of one status or all. */
export const outboxQuerySchema = z.strictObject({ status: z.enum(OUTBOX_STATUSES).optional() });
export type OutboxQuery = z.output<typeof outboxQuerySchema>;

export const outboxEntrySchema = z.object({
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
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/** The path of one e-mail: api/admin/outbox/{id}. */
export const outboxParamsSchema = z.strictObject({ id: idSchema });

/** GET api/admin/outbox/{id}/attachments/{index}: the attachment's place in the e-mail, the first 1. */
export const outboxAttachmentParamsSchema = z.strictObject({
  id: idSchema,
  index: z.coerce
    .number({ error: 'Index must be a number.' })
    .int('Index must be a whole number.')
    .min(1, 'Index must be at least 1: the first attachment is 1.')
    .max(100, 'Index cannot be more than 100.'),
});

/** GET api/admin/outbox/{id}: the e-mail as it is sent, with its attachments' names and sizes. */
export const outboxDetailSchema = outboxEntrySchema.extend({
  text: z.string(),
  /** Whether an HTML part goes with the text (staff read the text). */
  hasHtml: z.boolean(),
  nextAttemptAt: z.date(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int() })),
});
export type OutboxDetail = z.infer<typeof outboxDetailSchema>;

/** GET api/admin/outbox/health: whether the mail server answers (never a 500 when it does not). */
export const outboxHealthSchema = z.union([
  z.object({ configured: z.literal(false) }),
  z.object({ configured: z.literal(true), ok: z.literal(true) }),
  z.object({ configured: z.literal(true), ok: z.literal(false), error: z.string() }),
]);
export type OutboxHealth = z.infer<typeof outboxHealthSchema>;
