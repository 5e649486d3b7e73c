import { POS_PENDING_SALE_KEY } from '../../../domain/storage-keys.ts';
import type { ReaderPaid } from './register-card.ts';
import type { RegisterLine } from './register-rules.ts';

/**
 * A register sale whose card part is paid and which is not recorded yet. It is kept in the browser
 * so that a reload, or the tab closed and opened again, brings it back to be finished: otherwise
 * the card stays charged for a sale nobody can see. One per browser, named by its cashier.
 */
export interface PendingSale {
  cashierId: number;
  lines: RegisterLine[];
  addTax: boolean;
  /** The sale attempt's Idempotency-Key: a sale the server recorded before the reload is found again. */
  attemptKey: string;
  cardPaid: ReaderPaid;
}

function stored(): PendingSale | undefined {
  try {
    const raw = window.localStorage.getItem(POS_PENDING_SALE_KEY);
    return raw ? (JSON.parse(raw) as PendingSale) : undefined;
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
