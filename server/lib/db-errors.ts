/** The database's error of this SQLSTATE behind an error (possibly wrapped by Drizzle), if any. */
function databaseError(error: unknown, sqlState: string): Error | undefined {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: unknown }).code === sqlState) return current;
  }
  return undefined;
}

/** PostgreSQL's unique_violation, as raised by both PGlite and node-postgres (possibly wrapped by Drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  return databaseError(error, '23505') !== undefined;
}

/**
 * The reason a statement refused with shop_refuse (migration 0022: SQLSTATE P0001, the reason as the
 * message), or undefined for any other error.
 */
export function refusalReason(error: unknown): string | undefined {
  return databaseError(error, 'P0001')?.message;
}

/**
 * What went wrong, in words: the database's own message when Drizzle wrapped it ("Failed query: "
 * and the whole statement, its cause the database's error), else the error's message.
 */
export function errorMessage(error: unknown): string {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if (!(current.cause instanceof Error)) return current.message;
  }
  return String(error);
}
