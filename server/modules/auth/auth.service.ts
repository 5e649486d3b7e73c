import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { PASSWORD_RESET_HOURS } from '../../../domain/admin/staff.ts';
import {
  type Client,
  fullName,
  type Login,
  type LoginRecord,
  type ProfileData,
  type SignupData,
} from '../../../domain/auth.ts';
import { ROLES, type Role } from '../../../domain/roles.ts';
import type { Database, DbOrTx } from '../../db/database.ts';
import { clients, passwordResets, sessions } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { hashPassword, passwordOfNobody, verifyPassword } from './passwords.ts';
import { hashToken, newToken } from './tokens.ts';

/** Who is calling, as resolved from the bearer token. */
export interface AuthUser {
  id: number;
  roles: Role[];
  sessionId: number;
}

type ClientRow = typeof clients.$inferSelect;

const invalidCredentials = () => new AppError('invalid_credentials', 'Invalid user name or password.', 401);
const accountDisabled = () =>
  new AppError('account_disabled', 'This account has been disabled. Please ask the shop to enable it.', 403);
const resetLinkInvalid = () =>
  new AppError(
    'reset_link_invalid',
    'This password reset link has expired or was already used. Please ask the shop for a new one.',
    400,
  );
const duplicate = (fields: Record<string, string>) =>
  new AppError('duplicate', 'That user name or email is already registered.', 409, fields);

function toRoles(values: readonly string[]): Role[] {
  return ROLES.filter((role) => values.includes(role));
}

export function toClient(row: ClientRow): Client {
  return {
    client_id: row.id,
    user_name: row.userName,
    client_full_name: fullName({
      first_name: row.firstName,
      middle_initial: row.middleInitial,
      last_name: row.lastName,
    }),
    first_name: row.firstName,
    middle_initial: row.middleInitial,
    last_name: row.lastName,
    company_name: row.companyName,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    province: row.province,
    country: row.country,
    postalcode: row.postalcode,
    roles: toRoles(row.roles),
  };
}

function profileColumns(profile: ProfileData) {
  return {
    userName: profile.user_name,
    email: profile.email,
    firstName: profile.first_name,
    middleInitial: profile.middle_initial,
    lastName: profile.last_name,
    companyName: profile.company_name,
    phone: profile.phone,
    address: profile.address,
    city: profile.city,
    province: profile.province,
    country: profile.country,
    postalcode: profile.postalcode,
  };
}

export interface AuthServiceDeps {
  db: Database;
  clock: Clock;
  sessionTtlHours: number;
}

/** How long a resolved token is trusted without asking the database again. */
const RESOLVED_TOKEN_MS = 1_000;
const RESOLVED_TOKEN_LIMIT = 10_000;

/**
 * Tokens resolved in the last second. Every request with a token would otherwise cost a query; a
 * logout on this instance forgets its session at once, and a session revoked elsewhere (another
 * instance, a changed role) stops being trusted here within RESOLVED_TOKEN_MS. The session's own
 * expiry is checked against the clock on every use.
 */
function createResolvedTokens(now: () => number = () => performance.now()) {
  const tokens = new Map<string, { user: AuthUser; expiresAt: Date; until: number }>();
  return {
    get(token: string, at: Date): AuthUser | undefined {
      const entry = tokens.get(token);
      if (!entry) return undefined;
      if (entry.until > now() && entry.expiresAt > at) return entry.user;
      tokens.delete(token);
      return undefined;
    },
    remember(token: string, user: AuthUser, expiresAt: Date): void {
      if (tokens.size >= RESOLVED_TOKEN_LIMIT) tokens.clear();
      tokens.set(token, { user, expiresAt, until: now() + RESOLVED_TOKEN_MS });
    },
    forget(sessionId: number): void {
      for (const [token, entry] of tokens) if (entry.user.sessionId === sessionId) tokens.delete(token);
    },
    forgetAccount(clientId: number): void {
      for (const [token, entry] of tokens) if (entry.user.id === clientId) tokens.delete(token);
    },
  };
}

export function createAuthService({ db, clock, sessionTtlHours }: AuthServiceDeps) {
  const resolved = createResolvedTokens();

  /** Tells which of user name and e-mail another client already has (case-insensitive). */
  async function findTaken(userName: string, email: string, exceptId?: number, tx: DbOrTx = db) {
    const rows = await tx
      .select({ id: clients.id, userName: clients.userName, email: clients.email })
      .from(clients)
      .where(
        or(
          sql`lower(${clients.userName}) = lower(${userName})`,
          sql`lower(${clients.email}) = lower(${email})`,
        ),
      );
    const fields: Record<string, string> = {};
    for (const row of rows) {
      if (row.id === exceptId) continue;
      if (row.userName.toLowerCase() === userName.toLowerCase())
        fields.user_name = 'That user name is already taken.';
      if (row.email.toLowerCase() === email.toLowerCase()) fields.email = 'That email is already registered.';
    }
    return fields;
  }

  /** A new account, its user name and e-mail free (409 duplicate with the fields taken). */
  async function insertAccount(
    tx: DbOrTx,
    account: Omit<typeof clients.$inferInsert, 'passwordHash'> & { password: string },
  ): Promise<ClientRow> {
    const { password, ...columns } = account;
    const taken = await findTaken(columns.userName, columns.email, undefined, tx);
    if (Object.keys(taken).length > 0) throw duplicate(taken);
    const passwordHash = await hashPassword(password);
    try {
      // A savepoint inside the caller's transaction: after a refused insert its transaction goes on.
      const [row] = await tx.transaction((insert) =>
        insert
          .insert(clients)
          .values({ ...columns, passwordHash })
          .returning(),
      );
      if (!row) throw new Error('insert returned no client');
      return row;
    } catch (error) {
      // Two sign-ups racing for one name: the unique index decides.
      if (isUniqueViolation(error))
        throw duplicate(await findTaken(columns.userName, columns.email, undefined, tx));
      throw error;
    }
  }

  async function startSession(row: ClientRow): Promise<LoginRecord> {
    const token = newToken();
    const expiresAt = new Date(clock.now().getTime() + sessionTtlHours * 3_600_000);
    await db.insert(sessions).values({ clientId: row.id, tokenHash: hashToken(token), expiresAt });
    return { ...toClient(row), token, expires_at: expiresAt.toISOString() };
  }

  return {
    async signup(data: SignupData): Promise<LoginRecord> {
      const row = await insertAccount(db, {
        ...profileColumns(data),
        roles: ['CLIENT'],
        password: data.password,
      });
      return startSession(row);
    },

    insertAccount,
    startSession,

    /**
     * Ends every session of an account (disabled, or its password reset): its next request is
     * refused at once on this instance, within RESOLVED_TOKEN_MS on the others.
     */
    async endSessions(tx: DbOrTx, clientId: number): Promise<void> {
      await tx
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.clientId, clientId), isNull(sessions.revokedAt)));
      resolved.forgetAccount(clientId);
    },

    /** Forgets what this instance remembers of an account's tokens (its roles changed). */
    forgetAccount: (clientId: number) => resolved.forgetAccount(clientId),

    /** A password reset link's token for an account, valid for PASSWORD_RESET_HOURS, stored hashed. */
    async startPasswordReset(
      tx: DbOrTx,
      clientId: number,
      createdBy: number | null,
    ): Promise<{ token: string; expiresAt: Date }> {
      const token = newToken();
      const expiresAt = new Date(clock.now().getTime() + PASSWORD_RESET_HOURS * 3_600_000);
      await tx.insert(passwordResets).values({ clientId, tokenHash: hashToken(token), createdBy, expiresAt });
      return { token, expiresAt };
    },

    /** Sets the password of a reset link's account, once; its sessions end (someone else may hold one). */
    async resetPassword({ token, password }: { token: string; password: string }): Promise<void> {
      const passwordHash = await hashPassword(password);
      const clientId = await db.transaction(async (tx) => {
        const [reset] = await tx
          .select({ id: passwordResets.id, clientId: passwordResets.clientId })
          .from(passwordResets)
          .where(
            and(
              eq(passwordResets.tokenHash, hashToken(token)),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, clock.now()),
            ),
          )
          .for('update');
        if (!reset) throw resetLinkInvalid();
        await tx.update(passwordResets).set({ usedAt: clock.now() }).where(eq(passwordResets.id, reset.id));
        await tx.update(clients).set({ passwordHash }).where(eq(clients.id, reset.clientId));
        await tx
          .update(sessions)
          .set({ revokedAt: clock.now() })
          .where(and(eq(sessions.clientId, reset.clientId), isNull(sessions.revokedAt)));
        return reset.clientId;
      });
      resolved.forgetAccount(clientId);
    },

    async login({ user_name, password }: Login): Promise<LoginRecord> {
      const [row] = await db
        .select()
        .from(clients)
        .where(
          or(
            sql`lower(${clients.userName}) = lower(${user_name.trim()})`,
            sql`lower(${clients.email}) = lower(${user_name.trim()})`,
          ),
        )
        .limit(1);
      const valid = await verifyPassword(row?.passwordHash ?? (await passwordOfNobody()), password);
      if (!row || !valid) throw invalidCredentials();
      if (row.disabledAt) throw accountDisabled();
      return startSession(row);
    },

    async logout(user: AuthUser): Promise<void> {
      await db.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.id, user.sessionId));
      resolved.forget(user.sessionId);
    },

    /**
     * The caller of a bearer token, or undefined when it is unknown, revoked or expired. A token
     * resolved in the last second is answered from memory (see createResolvedTokens).
     */
    async resolveToken(token: string): Promise<AuthUser | undefined> {
      // Kept in memory by the token itself: hashing costs more than the rest of a cached answer.
      const known = resolved.get(token, clock.now());
      if (known) return known;
      const tokenHash = hashToken(token);
      const [row] = await db
        .select({
          id: clients.id,
          roles: clients.roles,
          sessionId: sessions.id,
          expiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .innerJoin(clients, eq(clients.id, sessions.clientId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, clock.now()),
            isNull(clients.disabledAt),
          ),
        )
        .limit(1);
      if (!row) return undefined;
      const user: AuthUser = { id: row.id, roles: toRoles(row.roles), sessionId: row.sessionId };
      resolved.remember(token, user, row.expiresAt);
      return user;
    },

    /** Who may read whose record is the route's access (the client, or an admin). */
    async getClient(clientId: number): Promise<Client> {
      const [row] = await db.select().from(clients).where(eq(clients.id, clientId));
      if (!row) throw notFound('Client');
      return toClient(row);
    },

    async updateProfile(clientId: number, data: ProfileData): Promise<Client> {
      const taken = await findTaken(data.user_name, data.email, clientId);
      if (Object.keys(taken).length > 0) throw duplicate(taken);
      try {
        const [row] = await db
          .update(clients)
          .set(profileColumns(data))
          .where(eq(clients.id, clientId))
          .returning();
        if (!row) throw notFound('Client');
        return toClient(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate(await findTaken(data.user_name, data.email, clientId));
        throw error;
      }
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
