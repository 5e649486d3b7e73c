/**
 * The owner's back office (DESIGN.md "The owner's back office"): requests and replies of
 * api/admin/... calls. ADMIN only.
 */
import { z } from 'zod';
import { bodyId, boundedWholeNumber } from './validation.ts';

// ---------------------------------------------------------------- stock

export const STOCK_REASONS = ['received', 'counted', 'damaged', 'correction'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** The most one item may hold, and the most one change may move: more is a typing mistake. */
export const STOCK_LEVEL_MAX = 1_000_000;
/** Lines in one PUT api/admin/stock: a whole count of a small shop fits. */
export const STOCK_CHANGES_MAX = 500;

/**
 * One line of PUT api/admin/stock: a product in a size (size_id null for a product without sizes),
 * or a package (packageId, with its product's id). Either a new level (instock) or a change by a
 * number (adjust), with its reason.
 */
export const stockChangeSchema = z
  .strictObject({
    productId: bodyId('productId'),
    size_id: bodyId('size_id').nullable().default(null),
    packageId: bodyId('packageId').nullable().default(null),
    instock: boundedWholeNumber('instock', { min: 0, max: STOCK_LEVEL_MAX }).optional(),
    adjust: boundedWholeNumber('adjust', { min: -STOCK_LEVEL_MAX, max: STOCK_LEVEL_MAX }).optional(),
    reason: z.enum(STOCK_REASONS, { error: 'Reason must be received, counted, damaged or correction.' }),
  })
  .refine((change) => (change.instock === undefined) !== (change.adjust === undefined), {
    path: ['instock'],
    message: 'Give either instock (the new level) or adjust (the change), not both.',
  })
  .refine((change) => change.packageId === null || change.size_id === null, {
    path: ['size_id'],
    message: 'A package has no sizes: leave size_id out.',
  });
export type StockChange = z.input<typeof stockChangeSchema>;

/** PUT api/admin/stock: every line is written, or none. */
export const stockChangesSchema = z
  .array(stockChangeSchema, { error: 'Send a list of stock changes.' })
  .min(1, 'Send at least one stock change.')
  .max(STOCK_CHANGES_MAX, `At most ${STOCK_CHANGES_MAX} stock changes can be sent at once.`);

/** What each line did. */
export const stockLevelSchema = z.object({
  productId: z.number().int(),
  size_id: z.number().int().nullable(),
  packageId: z.number().int().nullable(),
  before: z.number().int(),
  instock: z.number().int(),
});
export type StockLevel = z.infer<typeof stockLevelSchema>;
export const stockLevelsSchema = z.array(stockLevelSchema);

// ---------------------------------------------------------------- outbox

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
