/**
 * Stock in the back office (ADMIN): PUT api/admin/stock and its history, the stock list with its
 * low-stock view, and the CSV export and import.
 */
import { z } from 'zod';
import { bodyId, boundedWholeNumber, idSchema, pageNumberSchema } from '../validation.ts';

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

// ---------------------------------------------------------------- the stock list and its history

/** At this level or below an item is low on stock (the product page says 'Only N units'). */
export const LOW_STOCK_LEVEL = 10;
export const STOCK_PAGE_SIZE = 50;

/** GET api/admin/stock?q=&low=&page=: every product in each size, and every package. */
export const stockListQuerySchema = z.strictObject({
  q: z.string().trim().max(100, 'Search cannot be more than 100 characters long.').optional(),
  /** Only what is low (LOW_STOCK_LEVEL or fewer), lowest first. */
  low: z
    .enum(['true', 'false'], { error: 'Low must be true or false.' })
    .transform((value) => value === 'true')
    .optional(),
  page: pageNumberSchema,
});
export type StockListQuery = z.output<typeof stockListQuerySchema>;

export const stockItemSchema = z.object({
  productId: z.number().int(),
  size_id: z.number().int().nullable(),
  packageId: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  size_name: z.string().nullable(),
  instock: z.number().int(),
  /** Archived items are listed too (their stock may still need counting), marked. */
  active: z.boolean(),
});
export type StockItem = z.infer<typeof stockItemSchema>;

export const stockListSchema = z.object({
  items: z.array(stockItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type StockList = z.infer<typeof stockListSchema>;

/** GET api/admin/stock/history?productId=&packageId=&page=: the newest changes first. */
export const stockHistoryQuerySchema = z.strictObject({
  productId: idSchema.optional(),
  packageId: idSchema.optional(),
  page: pageNumberSchema,
});
export type StockHistoryQuery = z.output<typeof stockHistoryQuerySchema>;

export const stockHistoryEntrySchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  size_id: z.number().int().nullable(),
  packageId: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  size_name: z.string().nullable(),
  before: z.number().int(),
  after: z.number().int(),
  reason: z.string(),
  /** The staff member's name; null when the account is gone. */
  changedBy: z.string().nullable(),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
});
export type StockHistoryEntry = z.infer<typeof stockHistoryEntrySchema>;

export const stockHistorySchema = z.object({
  entries: z.array(stockHistoryEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type StockHistory = z.infer<typeof stockHistorySchema>;

// ---------------------------------------------------------------- CSV export and import

/**
 * The columns of the stock CSV, in order: one line per product in each of its sizes (size empty for
 * a product without sizes) and per package (kind `package`). Prices are in dollars ('12.50'), as a
 * spreadsheet shows them; the server keeps cents.
 */
export const STOCK_CSV_COLUMNS = ['kind', 'code', 'size', 'name', 'price', 'sale_price', 'instock'] as const;
/** Lines in one import: a small shop's whole catalogue. */
export const STOCK_CSV_LINES_MAX = 5_000;
/** An import's text, well under the 1 MB body limit. */
export const STOCK_CSV_CHARS_MAX = 900_000;

/** POST api/admin/stock/import: the CSV text; `apply` false shows what it would do, true writes it. */
export const stockImportSchema = z.strictObject({
  csv: z
    .string({ error: 'Send the CSV text.' })
    .min(1, 'The CSV is empty.')
    .max(STOCK_CSV_CHARS_MAX, 'The CSV is too large: split it into files of at most 5,000 lines.'),
  apply: z.boolean({ error: 'Apply must be true or false.' }).default(false),
});
export type StockImport = z.input<typeof stockImportSchema>;

const changeOf = <T extends z.ZodType>(value: T) => z.object({ before: value, after: value });

/** What one line of the import does, or why it cannot. */
export const stockImportLineSchema = z.object({
  /** The line number in the file (the header is line 1). */
  line: z.number().int(),
  kind: z.string(),
  code: z.string(),
  size: z.string(),
  /** The fields the line changes, each from what it is to what the line says. */
  changes: z.object({
    name: changeOf(z.string()).optional(),
    price: changeOf(z.number().int()).optional(),
    sale_price: changeOf(z.number().int()).optional(),
    instock: changeOf(z.number().int()).optional(),
  }),
  error: z.string().optional(),
});
export type StockImportLine = z.infer<typeof stockImportLineSchema>;

export const stockImportResultSchema = z.object({
  lines: z.array(stockImportLineSchema),
  /** Lines with an error: while there is one, nothing is written. */
  errors: z.number().int(),
  /** Lines that change something. */
  changed: z.number().int(),
  applied: z.boolean(),
});
export type StockImportResult = z.infer<typeof stockImportResultSchema>;
