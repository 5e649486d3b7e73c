/** The outbox in the back office (ADMIN): GET api/admin/outbox. */
import { z } from 'zod';

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
