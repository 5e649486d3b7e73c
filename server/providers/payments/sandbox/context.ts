import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../../lib/clock.ts';

/** What every part of the sandbox shares: its database, its clock, its seeding and its page. */
export interface SandboxContext {
  db: Database;
  clock: Clock;
  /** Resolves once the readers, products and prices exist (seeded once per process). */
  ready(): Promise<void>;
  /** The hosted checkout page of a session. */
  checkoutUrl(sessionId: string): string;
  /**
   * The payments whose capture, in this process, opened a dispute (the dispute test card), until
   * the sandbox's events ask (SandboxOperations.takeOpenedDispute). One whose transaction rolled
   * back after costs a lookup that finds nothing.
   */
  openedDisputes: Set<string>;
}
