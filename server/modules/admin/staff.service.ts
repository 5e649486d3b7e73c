/**
 * Accounts and staff (api/admin/staff...): the list, a new staff account, roles granted and taken
 * away, an account disabled or enabled again, a password reset started for someone. The shop
 * always keeps one enabled admin: every change that could remove the last one is refused, and
 * such changes are taken one at a time (an advisory lock), so two owners cannot each remove the other.
 */
import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import {
  ACCOUNTS_PAGE_SIZE,
  type Account,
  type Accounts,
  type AccountsQuery,
  type PasswordResetStarted,
  STAFF_ROLES,
  type StaffCreateData,
  type StaffRole,
} from '../../../domain/admin/staff.ts';
import { fullName } from '../../../domain/auth.ts';
import { ROLES, type Role } from '../../../domain/roles.ts';
import type { Database, Tx } from '../../db/database.ts';
import { escapeLike } from '../../db/like.ts';
import { clients } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuthService, AuthUser } from '../auth/auth.service.ts';
import { enqueuePasswordResetMail } from '../auth/password-recovery.ts';
import { readSettings } from '../settings/settings.service.ts';
import { recordAudit } from './audit.ts';

type ClientRow = typeof clients.$inferSelect;

const lastAdmin = () =>
  new AppError(
    'last_admin',
    'This is the only admin left: make someone else an admin first, so the shop is never without one.',
    409,
  );

function toAccount(row: ClientRow): Account {
  return {
    client_id: row.id,
    user_name: row.userName,
    full_name: fullName({
      first_name: row.firstName,
      middle_initial: row.middleInitial,
      last_name: row.lastName,
    }),
    company_name: row.companyName,
    email: row.email,
    roles: ROLES.filter((role) => row.roles.includes(role)),
    disabled: row.disabledAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/** An account's roles with its staff roles replaced: CLIENT stays as it was. */
function withStaffRoles(roles: readonly string[], staffRoles: readonly StaffRole[]): Role[] {
  return ROLES.filter((role) =>
    STAFF_ROLES.some((staffRole) => staffRole === role)
      ? staffRoles.some((r) => r === role)
      : roles.includes(role),
  );
}

export interface StaffServiceDeps {
  db: Database;
  auth: AuthService;
  /** The shop's address, for the links in e-mails. */
  publicUrl: string;
}

export function createStaffService({ db, auth, publicUrl }: StaffServiceDeps) {
  /** Takes staff changes one at a time, and answers the account locked for the change. */
  async function lockedAccount(tx: Tx, clientId: number): Promise<ClientRow> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('staff'))`);
    const [row] = await tx.select().from(clients).where(eq(clients.id, clientId)).for('update');
    if (!row) throw notFound('Account');
    return row;
  }

  /** Refuses a change that leaves the shop without an enabled admin other than this account. */
  async function keepAnAdmin(tx: Tx, row: ClientRow): Promise<void> {
    if (!row.roles.includes('ADMIN') || row.disabledAt !== null) return;
    const [others] = await tx
      .select({ n: count() })
      .from(clients)
      .where(
        and(
          sql`'ADMIN' = ANY(${clients.roles})`,
          isNull(clients.disabledAt),
          sql`${clients.id} <> ${row.id}`,
        ),
      );
    if ((others?.n ?? 0) === 0) throw lastAdmin();
  }

  return {
    async list(query: AccountsQuery): Promise<Accounts> {
      const pattern = query.q ? `%${escapeLike(query.q)}%` : undefined;
      const where = and(
        pattern
          ? or(
              ilike(clients.userName, pattern),
              ilike(clients.email, pattern),
              ilike(sql`${clients.firstName} || ' ' || ${clients.lastName}`, pattern),
              ilike(clients.companyName, pattern),
            )
          : undefined,
        query.staff ? sql`${clients.roles} && ARRAY['POS','ADMIN']::text[]` : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(clients)
          .where(where)
          .orderBy(
            desc(sql`${clients.roles} && ARRAY['POS','ADMIN']::text[]`),
            clients.lastName,
            clients.firstName,
            clients.id,
          )
          .limit(ACCOUNTS_PAGE_SIZE)
          .offset((query.page - 1) * ACCOUNTS_PAGE_SIZE),
        db.select({ n: count() }).from(clients).where(where),
      ]);
      return {
        accounts: rows.map(toAccount),
        total: total?.n ?? 0,
        page: query.page,
        pageSize: ACCOUNTS_PAGE_SIZE,
      };
    },

    /** A staff account (a client too, so they can also shop), with the first password the owner gives. */
    async create(actor: AuthUser, data: StaffCreateData): Promise<Account> {
      const { store_name } = await readSettings(db);
      return db.transaction(async (tx) => {
        const row = await auth.insertAccount(tx, {
          userName: data.user_name,
          email: data.email,
          firstName: data.first_name,
          lastName: data.last_name,
          companyName: store_name,
          roles: ['CLIENT', ...data.roles],
          password: data.password,
        });
        const account = toAccount(row);
        await recordAudit(tx, actor, {
          action: 'staff.create',
          entity: 'client',
          entityId: row.id,
          after: account,
        });
        return account;
      });
    },

    async setRoles(actor: AuthUser, clientId: number, staffRoles: StaffRole[]): Promise<Account> {
      const account = await db.transaction(async (tx) => {
        const row = await lockedAccount(tx, clientId);
        const roles = withStaffRoles(row.roles, staffRoles);
        if (!roles.includes('ADMIN')) await keepAnAdmin(tx, row);
        const [updated] = await tx.update(clients).set({ roles }).where(eq(clients.id, clientId)).returning();
        if (!updated) throw notFound('Account');
        await recordAudit(tx, actor, {
          action: 'staff.roles',
          entity: 'client',
          entityId: clientId,
          before: { roles: toAccount(row).roles },
          after: { roles },
        });
        return toAccount(updated);
      });
      auth.forgetAccount(clientId);
      return account;
    },

    /** Disabled: the account cannot log in, and every session it has ends at once. */
    async setDisabled(actor: AuthUser, clientId: number, disabled: boolean): Promise<Account> {
      if (disabled && clientId === actor.id) {
        throw new AppError('own_account', 'You cannot disable your own account.', 409);
      }
      const account = await db.transaction(async (tx) => {
        const row = await lockedAccount(tx, clientId);
        if (disabled) await keepAnAdmin(tx, row);
        const [updated] = await tx
          .update(clients)
          .set({ disabledAt: disabled ? (row.disabledAt ?? new Date()) : null })
          .where(eq(clients.id, clientId))
          .returning();
        if (!updated) throw notFound('Account');
        if (disabled) await auth.endSessions(tx, clientId);
        await recordAudit(tx, actor, {
          action: disabled ? 'staff.disable' : 'staff.enable',
          entity: 'client',
          entityId: clientId,
          before: { disabled: row.disabledAt !== null },
          after: { disabled },
        });
        return toAccount(updated);
      });
      auth.forgetAccount(clientId);
      return account;
    },

    /** E-mails the person a link to choose a new password, and answers it (the owner may hand it over). */
    async startPasswordReset(actor: AuthUser, clientId: number): Promise<PasswordResetStarted> {
      const { store_name } = await readSettings(db);
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(clients).where(eq(clients.id, clientId));
        if (!row) throw notFound('Account');
        const { token, expiresAt } = await auth.startPasswordReset(tx, clientId, actor.id);
        const link = `${publicUrl.replace(/\/$/, '')}/#/reset-password/${token}`;
        await enqueuePasswordResetMail(tx, {
          to: row.email,
          firstName: row.firstName,
          userName: row.userName,
          storeName: store_name,
          link,
          expiresAt,
        });
        await recordAudit(tx, actor, {
          action: 'staff.password_reset',
          entity: 'client',
          entityId: clientId,
        });
        return { link, expires_at: expiresAt.toISOString(), email: row.email };
      });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
