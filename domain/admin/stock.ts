/**
 * Stock in the back office (ADMIN): PUT api/admin/stock and its history, the stock list with its
 * low-stock view, and the CSV export and import.
 */
import { z } from 'zod';
import { bodyId, boundedWholeNumber } from '../validation.ts';

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
