import type { z } from 'zod';

/**
 * Something a cashier left unfinished with money moved (a sale's card part paid, a return's Interac
 * part refunded), kept in the browser (localStorage) so that a reload, or the tab closed and opened
 * again, brings it back to be finished. One per browser and kind, named by its cashier: read back by
 * that cashier only, forgotten by them alone. What the browser holds is read as the page wrote it or
 * not at all: an entry changed by hand, or written by an older page, would otherwise break the page
 * until someone removed it.
 */
export function cashierKept<T extends { cashierId: number }>(key: string, schema: z.ZodType<T>) {
  function stored(): T | undefined {
    try {
      const raw = window.localStorage.getItem(key);
      if (!raw) return undefined;
      const parsed = schema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  return {
    /** The cashier's entry, if any. */
    read(cashierId: number): T | undefined {
      const entry = stored();
      return entry?.cashierId === cashierId ? entry : undefined;
    },
    /** Keeps the cashier's entry, or forgets it (only theirs) once finished. */
    keep(cashierId: number, entry: T | undefined): void {
      try {
        if (entry) window.localStorage.setItem(key, JSON.stringify(entry));
        else if (stored()?.cashierId === cashierId) window.localStorage.removeItem(key);
      } catch {
        // Without storage, the page keeps it until it is reloaded.
      }
    },
  };
}
