import { z } from 'zod';
import { posCatalogueItemSchema, posCatalogueSizeSchema } from '../../../domain/pos/catalogue.ts';
import { POS_PENDING_SALE_KEY } from '../../../domain/storage-keys.ts';
import { cashierKept } from './cashier-kept.ts';
import type { ReaderPaid } from './register-card.ts';
import { LINE_QUANTITY_MAX, type RegisterLine } from './register-rules.ts';

const registerLineSchema = z.object({
  key: z.string(),
  item: posCatalogueItemSchema,
  size: posCatalogueSizeSchema.nullable(),
  quantity: z.number().int().min(1).max(LINE_QUANTITY_MAX),
}) satisfies z.ZodType<RegisterLine>;

const pendingSaleSchema = z.object({
  cashierId: z.number().int(),
  lines: z.array(registerLineSchema).min(1),
  addTax: z.boolean(),
  attemptKey: z.string().min(1),
  cardPaid: z.object({
    paymentIntentId: z.string().min(1),
    amount: z.number().int().positive(),
  }) satisfies z.ZodType<ReaderPaid>,
});

/**
 * A register sale whose card part is paid and which is not recorded yet, kept for its cashier
 * (cashierKept): otherwise the card stays charged for a sale nobody can see.
 */
export type PendingSale = z.infer<typeof pendingSaleSchema>;

const kept = cashierKept(POS_PENDING_SALE_KEY, pendingSaleSchema);

/** The cashier's sale left unfinished with its card part paid, if any. */
export const readPendingSale = kept.read;

/** Keeps the cashier's unfinished sale, or forgets it (only theirs) once recorded or given up. */
export const keepPendingSale = kept.keep;
