/**
 * The owner's settings and tax rates (GET and PUT api/admin/settings, GET and POST
 * api/admin/tax-rates): each change in one transaction with its audit entry, and the storefront's
 * caches told at once, on every instance (the catalogue cache's path).
 */
import { asc, eq, sql } from 'drizzle-orm';
import type {
  AdminSettings,
  ProvinceTaxRates,
  SettingsUpdateData,
  TaxComponent,
} from '../../../domain/admin/settings.ts';
import { isStoreTimeZone } from '../../../domain/dates.ts';
import { CANADIAN_PROVINCES, timeZoneAfterMove } from '../../../domain/provinces.ts';
import type { Database } from '../../db/database.ts';
import { clients, settings, taxComponents } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { notifyCatalogChanged } from '../catalog/catalog-cache.ts';
import { selectStoreToday } from '../settings/settings.queries.ts';
import { readSettings } from '../settings/settings.service.ts';
import { recordAudit } from './audit.ts';

type TaxRateCorrectionData = {
  province: string;
  name: string;
  rate_ppm: number;
  effective_from: string;
};

/**
 * The update with the store's time zone moved along with its province, when the zone was the old
 * province's own and the update does not choose another one.
 */
function withZoneOfProvince(before: AdminSettings, update: SettingsUpdateData): SettingsUpdateData {
  const province = update.store_province;
  if (province === undefined || province === before.store_province) return update;
  if (update.store_time_zone !== undefined && update.store_time_zone !== before.store_time_zone)
    return update;
  const zone = timeZoneAfterMove(before.store_time_zone, before.store_province, province);
  return isStoreTimeZone(zone) ? { ...update, store_time_zone: zone } : update;
}

async function storeToday(db: Database): Promise<string> {
  const [row] = await selectStoreToday(db);
  if (!row) throw new Error('The database did not answer the date.');
  return row.today;
}

export function createSettingsAdminService(db: Database) {
  return {
    read: (): Promise<AdminSettings> => readSettings(db),

    /** Writes the settings sent; the audit keeps only the ones that changed. */
    async update(actor: AuthUser, update: SettingsUpdateData): Promise<AdminSettings> {
      return db.transaction(async (tx) => {
        // Two owners saving at once: the second waits for the first, and its audit sees the first's values.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('settings'))`);
        const before = await readSettings(tx);
        const changed = Object.entries(withZoneOfProvince(before, update)).filter(
          ([key, value]) => value !== undefined && before[key as keyof AdminSettings] !== value,
        );
        if (changed.length === 0) return before;
        for (const [key, value] of changed) {
          await tx
            .insert(settings)
            .values({ key, value })
            .onConflictDoUpdate({ target: settings.key, set: { value } });
        }
        const after = await readSettings(tx);
        await recordAudit(tx, actor, {
          action: 'settings.update',
          entity: 'settings',
          before: Object.fromEntries(changed.map(([key]) => [key, before[key as keyof AdminSettings]])),
          after: Object.fromEntries(changed),
        });
        await notifyCatalogChanged(tx);
        return after;
      });
    },

    /** Every province, with the components in effect today and the corrections dated later. */
    async taxRates(): Promise<ProvinceTaxRates> {
      const today = await storeToday(db);
      const rows = await db
        .select({
          province: taxComponents.provinceCode,
          name: taxComponents.name,
          rate_ppm: taxComponents.ratePpm,
          effective_from: taxComponents.effectiveFrom,
          changed_by: sql<
            string | null
          >`nullif(trim(${clients.firstName} || ' ' || ${clients.lastName}), '')`,
        })
        .from(taxComponents)
        .leftJoin(clients, eq(clients.id, taxComponents.changedBy))
        .where(eq(taxComponents.countryCode, 'CA'))
        .orderBy(asc(taxComponents.provinceCode), asc(taxComponents.name), asc(taxComponents.effectiveFrom));
      return CANADIAN_PROVINCES.map(({ code, name }) => {
        const ofProvince = rows.filter((row) => row.province === code);
        const current = new Map<string, TaxComponent>();
        const upcoming: TaxComponent[] = [];
        for (const { province: _province, ...component } of ofProvince) {
          if (component.effective_from <= today) current.set(component.name, component);
          else upcoming.push(component);
        }
        const inEffect = [...current.values()];
        return {
          province: code,
          name,
          rate_ppm: inEffect.length === 0 ? null : inEffect.reduce((sum, c) => sum + c.rate_ppm, 0),
          current: inEffect,
          upcoming,
        };
      });
    },

    /**
     * A component's rate from a day on: today or later, so what was charged before stays as it
     * was; a second correction for the same day replaces the first.
     */
    async correctTaxRate(actor: AuthUser, correction: TaxRateCorrectionData): Promise<ProvinceTaxRates> {
      const today = await storeToday(db);
      if (correction.effective_from < today) {
        throw badRequest(
          'A rate can be corrected from today on: past sales keep the rate they were charged.',
          {
            effective_from: `Effective from cannot be before today (${today}).`,
          },
        );
      }
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ rate_ppm: taxComponents.ratePpm })
          .from(taxComponents)
          .where(
            sql`${taxComponents.countryCode} = 'CA' AND ${taxComponents.provinceCode} = ${correction.province}
                AND ${taxComponents.name} = ${correction.name} AND ${taxComponents.effectiveFrom} = ${correction.effective_from}`,
          );
        await tx
          .insert(taxComponents)
          .values({
            countryCode: 'CA',
            provinceCode: correction.province,
            name: correction.name,
            ratePpm: correction.rate_ppm,
            effectiveFrom: correction.effective_from,
            changedBy: actor.id,
          })
          .onConflictDoUpdate({
            target: [
              taxComponents.countryCode,
              taxComponents.provinceCode,
              taxComponents.name,
              taxComponents.effectiveFrom,
            ],
            set: { ratePpm: correction.rate_ppm, changedBy: actor.id },
          });
        await recordAudit(tx, actor, {
          action: 'tax_rate.correct',
          entity: 'tax_rate',
          entityId: `${correction.province} ${correction.name} ${correction.effective_from}`,
          before,
          after: correction,
        });
        await notifyCatalogChanged(tx);
      });
      return this.taxRates();
    },
  };
}

export type SettingsAdminService = ReturnType<typeof createSettingsAdminService>;
