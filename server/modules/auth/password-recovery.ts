import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { ChangePassword } from '../../../domain/auth.ts';
import type { Database, DbOrTx } from '../../db/database.ts';
import { clients, passwordResets, sessions } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import { enqueueMail } from '../../providers/mail/outbox.ts';
import { readSettings } from '../settings/settings.service.ts';
import type { AuthService, AuthUser } from './auth.service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

/** A second link for the same account within this time is not sent: a mailbox is not flooded. */
const RESET_MAIL_GAP_MS = 2 * 60_000;

/** The e-mail with a link to choose a new password (asked by its owner, or sent by the shop's owner). */
export async function enqueuePasswordResetMail(
  tx: DbOrTx,
  mail: { to: string; firstName: string; userName: string; storeName: string; link: string; expiresAt: Date },
): Promise<void> {
  await enqueueMail(tx, {
    to: mail.to,
    subject: `${mail.storeName}: choose a new password`,
    text: [
      `Hello ${mail.firstName},`,
      '',
      `To choose a new password for your ${mail.storeName} account (${mail.userName}), open this link:`,
      mail.link,
      '',
      `It works once, until ${mail.expiresAt.toUTCString()}. If you did not ask for it, you can ignore this e-mail: your password stays as it is.`,
    ].join('\n'),
  });
}

export interface PasswordRecoveryDeps {
  db: Database;
  clock: Clock;
  auth: AuthService;
  /** The shop's address on the web: the link opens #/reset-password/{token} there. */
  publicUrl: string;
}

/**
 * A forgotten password (a single-use, expiring link by e-mail, through the outbox) and a password
 * changed from the profile. Neither tells whether an e-mail has an account; setting a new password
 * ends the account's other logins (AuthService.resetPassword, and here for a change).
 */
export function createPasswordRecovery({ db, clock, auth, publicUrl }: PasswordRecoveryDeps) {
  return {
    /** POST api/auth/forgot-password: a link for the account with this e-mail, if there is one. */
    async forgot(email: string): Promise<void> {
      const [account] = await db
        .select()
        .from(clients)
        .where(and(sql`lower(${clients.email}) = lower(${email.trim()})`, isNull(clients.disabledAt)))
        .limit(1);
      if (!account) return;
      const [recent] = await db
        .select({ id: passwordResets.id })
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.clientId, account.id),
            isNull(passwordResets.usedAt),
            gt(passwordResets.createdAt, new Date(clock.now().getTime() - RESET_MAIL_GAP_MS)),
          ),
        )
        .orderBy(desc(passwordResets.id))
        .limit(1);
      if (recent) return;
      const { store_name } = await readSettings(db);
      await db.transaction(async (tx) => {
        const { token, expiresAt } = await auth.startPasswordReset(tx, account.id, null);
        await enqueuePasswordResetMail(tx, {
          to: account.email,
          firstName: account.firstName,
          userName: account.userName,
          storeName: store_name,
          link: `${publicUrl.replace(/\/$/, '')}/#/reset-password/${token}`,
          expiresAt,
        });
      });
    },

    /** POST api/auth/change-password: the caller's new password; their other logins end. */
    async change(user: AuthUser, { current_password, password }: ChangePassword): Promise<void> {
      const [account] = await db
        .select({ passwordHash: clients.passwordHash })
        .from(clients)
        .where(eq(clients.id, user.id));
      if (!account || !(await verifyPassword(account.passwordHash, current_password))) {
        const message = 'Your current password is not right.';
        throw badRequest(message, { current_password: message });
      }
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await tx.update(clients).set({ passwordHash }).where(eq(clients.id, user.id));
        await tx
          .update(sessions)
          .set({ revokedAt: clock.now() })
          .where(
            and(eq(sessions.clientId, user.id), ne(sessions.id, user.sessionId), isNull(sessions.revokedAt)),
          );
      });
      auth.forgetAccount(user.id);
    },
  };
}

export type PasswordRecovery = ReturnType<typeof createPasswordRecovery>;
