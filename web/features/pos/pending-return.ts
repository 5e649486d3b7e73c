import { z } from 'zod';
import { POS_PENDING_RETURN_KEY } from '../../../domain/storage-keys.ts';
import { cashierKept } from './cashier-kept.ts';

const pendingReturnSchema = z.object({
  cashierId: z.number().int(),
  receiptNumber: z.number().int(),
  saleId: z.number().int(),
  /** The quantities to give back, by the line's place in the sale. */
  quantities: z.record(z.string(), z.number().int().min(0)),
  restock: z.boolean(),
  refundId: z.string().min(1),
});

/**
 * A register return whose Interac part the reader has refunded and which is not recorded yet, kept
 * for its cashier (cashierKept) with its sale, lines and refund: otherwise the card would be asked to
 * be refunded a second time, or the refund stay recorded nowhere.
 */
export type PendingReturn = z.infer<typeof pendingReturnSchema>;

const kept = cashierKept(POS_PENDING_RETURN_KEY, pendingReturnSchema);

/** The cashier's return left unfinished with its Interac part refunded, if any. */
export const readPendingReturn = kept.read;

/** Keeps the cashier's unfinished return, or forgets it (only theirs) once recorded. */
export const keepPendingReturn = kept.keep;
