import { z } from 'zod';
import { posCatalogueItemSchema, posCatalogueSizeSchema } from '../../../domain/pos/catalogue.ts';
import { POS_PENDING_SALE_KEY } from '../../../domain/storage-keys.ts';
import type { ReaderPaid } from './register-card.ts';
import { LINE_QUANTITY_MAX, type RegisterLine } from './register-rules.ts';

const registerLineSchema = z.object({
  key: z.string(),
  item: posCatalogueItemSchema,
  size: posCatalogueSizeSchema.nullable(),
  quantity: z.number().int().min(1).max(LINE_QUANTITY_MAX),
}) satisfies z.ZodType<RegisterLine>;

/**
 * What the browser keeps is read as the register wrote it or not at all: an entry changed by hand,
 * or written by an older page, would otherwise break the register until someone removed it.
 */
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
 * A register sale whose card part is paid and which is not recorded yet. It is kept in the browser
 * so that a reload, or the tab closed and opened again, brings it back to be finished: otherwise
 * the card stays charged for a sale nobody can see. One per browser, named by its cashier.
 */
export type PendingSale = z.infer<typeof pendingSaleSchema>;

function stored(): PendingSale | undefined {
  try {
    const raw = window.localStorage.getItem(POS_PENDING_SALE_KEY);
    if (!raw) return undefined;
    const parsed = pendingSaleSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The cashier's sale left unfinished with its card part paid, if any. */
export function readPendingSale(cashierId: number): PendingSale | undefined {
  const pending = stored();
  return pending?.cashierId === cashierId ? pending : undefined;
}

/** Keeps the cashier's unfinished sale, or forgets it (only theirs) once recorded or given up. */
export function keepPendingSale(cashierId: number, sale: PendingSale | undefined): void {
  try {
    if (sale) window.localStorage.setItem(POS_PENDING_SALE_KEY, JSON.stringify(sale));
    else if (stored()?.cashierId === cashierId) window.localStorage.removeItem(POS_PENDING_SALE_KEY);
  } catch {
    // Without storage, the page keeps the sale until it is reloaded.
  }
}
