import { and, count, desc, eq, sql } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, type AuditPage, type AuditQuery } from '../../../domain/admin/staff.ts';
import type { Database, DbOrTx } from '../../db/database.ts';
import { auditLog, clients } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.service.ts';

/** One back-office change, as the audit log keeps it (DESIGN.md "The owner's back office"). */
export interface AuditEntry {
  /** What was done: 'product.create', 'product.update', 'staff.roles', 'settings.update'... */
  action: string;
  /** The kind of record changed ('product', 'category', 'settings', 'client'...) and its id. */
  entity: string;
  entityId?: string | number | null;
  /** The record before and after the change (undefined when it did not exist or no longer does). */
  before?: unknown;
  after?: unknown;
}

/**
 * Writes the change to the audit log. Call it inside the transaction that makes the change, so the
 * log holds exactly the changes that were written.
 */
export async function recordAudit(
  tx: DbOrTx,
  actor: Pick<AuthUser, 'id'> | null,
  entry: AuditEntry,
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor?.id ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * A save that names an older `version` of a record than the stored one: someone else saved it in
 * between. Nothing is written; the web shows the newer version so the owner can make the change
 * again on top of it, never overwriting the other save unseen.
 */
export const versionConflict = (what: string) =>
  new AppError(
    'version_conflict',
    `This ${what} was changed by someone else since you opened it. Its newest version is shown: make your change again.`,
    409,
  );

/** GET api/admin/audit: the log, newest first, of one kind of record (and one record) or of all. */
export function createAuditService(db: Database) {
  return {
    async list(query: AuditQuery): Promise<AuditPage> {
      const where = and(
        query.entity ? eq(auditLog.entity, query.entity) : undefined,
        query.entityId ? eq(auditLog.entityId, query.entityId) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: auditLog.id,
            action: auditLog.action,
            entity: auditLog.entity,
            entityId: auditLog.entityId,
            actor: sql<string | null>`nullif(trim(${clients.firstName} || ' ' || ${clients.lastName}), '')`,
            before: auditLog.before,
            after: auditLog.after,
            createdAt: auditLog.createdAt,
          })
          .from(auditLog)
          .leftJoin(clients, eq(clients.id, auditLog.actorId))
          .where(where)
          .orderBy(desc(auditLog.id))
          .limit(AUDIT_PAGE_SIZE)
          .offset((query.page - 1) * AUDIT_PAGE_SIZE),
        db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return {
        entries: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        total: total?.n ?? 0,
        page: query.page,
        pageSize: AUDIT_PAGE_SIZE,
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
