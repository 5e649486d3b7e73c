/**
 * The first start of a real shop: while no admin exists, each start of the server makes a new
 * one-time setup link (its token stored hashed, the earlier unused ones dropped) and prints it; the
 * owner opens it, creates their account (CLIENT, POS and ADMIN) and enters the store's details.
 * Used once: the token is spent, and with an admin in the shop no link works any more.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SetupData, SetupStart } from '../../../domain/admin/setup.ts';
import type { LoginRecord } from '../../../domain/auth.ts';
import { provinceTimeZone } from '../../../domain/provinces.ts';
import type { Database, DbOrTx } from '../../db/database.ts';
import { clients, settings, setupTokens } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { notifyCatalogChanged } from '../catalog/catalog-cache.ts';
import { readSettings } from '../settings/settings.service.ts';
import { recordAudit } from './audit.ts';

const setupLinkInvalid = () =>
  new AppError(
    'setup_link_invalid',
    'This setup link was already used or replaced by a newer one. Restart the server for a new link, or log in.',
    404,
  );

async function hasAdmin(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(sql`'ADMIN' = ANY(${clients.roles})`, isNull(clients.disabledAt)))
    .limit(1);
  return row !== undefined;
}

/**
 * At start: the setup link's path ('/#/setup/<token>') when the shop has no admin, else undefined.
 * Earlier unused links stop working: only the newest printed one does.
 */
export async function prepareSetupLink(db: Database): Promise<string | undefined> {
  if (await hasAdmin(db)) return undefined;
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx.delete(setupTokens).where(isNull(setupTokens.usedAt));
    await tx.insert(setupTokens).values({ tokenHash: hashToken(token) });
  });
  return `/#/setup/${token}`;
}

export function createSetupService({ db, auth }: { db: Database; auth: AuthService }) {
  async function validToken(tx: DbOrTx, token: string, lock = false) {
    const query = tx
      .select({ id: setupTokens.id })
      .from(setupTokens)
      .where(and(eq(setupTokens.tokenHash, hashToken(token)), isNull(setupTokens.usedAt)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row || (await hasAdmin(tx))) throw setupLinkInvalid();
    return row;
  }

  return {
    /**
     * The link works. The form starts blank but for the province: the settings a shop starts with
     * are the demo shop's, and another shop's name or GST/HST number must not slip through.
     */
    async start(token: string): Promise<SetupStart> {
      await validToken(db, token);
      const { store_province } = await readSettings(db);
      return {
        store_name: '',
        seller_company_name: '',
        store_address: '',
        store_email: '',
        store_phone: '',
        store_province,
        gst_hst_number: '',
      };
    },

    /** The owner's account and the store's details, all or nothing; the owner is logged in. */
    async complete({ token, owner, store }: SetupData): Promise<LoginRecord> {
      const account = await db.transaction(async (tx) => {
        const link = await validToken(tx, token, true);
        const row = await auth.insertAccount(tx, {
          userName: owner.user_name,
          email: owner.email,
          firstName: owner.first_name,
          lastName: owner.last_name,
          companyName: store.seller_company_name,
          roles: ['CLIENT', 'POS', 'ADMIN'],
          password: owner.password,
        });
        // The demo shop's social page is not this shop's: none until the owner enters one. The
        // store's days are its province's (the settings page offers the other zones).
        const written = {
          ...store,
          social_url: '',
          store_time_zone: provinceTimeZone(store.store_province),
        };
        for (const [key, value] of Object.entries(written)) {
          await tx
            .insert(settings)
            .values({ key, value })
            .onConflictDoUpdate({ target: settings.key, set: { value } });
        }
        await tx.update(setupTokens).set({ usedAt: new Date() }).where(eq(setupTokens.id, link.id));
        await recordAudit(tx, { id: row.id }, { action: 'shop.setup', entity: 'settings', after: written });
        await notifyCatalogChanged(tx);
        return row;
      });
      return auth.startSession(account);
    },
  };
}

export type SetupService = ReturnType<typeof createSetupService>;
