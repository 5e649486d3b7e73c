import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { ProvinceTaxRate, PublicConfig } from '../../../domain/config.ts';
import { DEFAULT_STORE_TIME_ZONE, isStoreTimeZone } from '../../../domain/dates.ts';
import { CURRENCY, rateFromPpm } from '../../../domain/money.ts';
import type { PosTaxRate } from '../../../domain/pos/sale.ts';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/database.ts';
import { settings, taxComponents } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { selectStoreTaxRate, selectTaxRate } from './settings.queries.ts';

/** Shop settings staff change; these defaults apply until a row says otherwise. Amounts in cents. */
export const SETTING_DEFAULTS = {
  show_prices: true,
  minimum_purchase: 5000,
  free_shipping_ontario: 15000,
  free_shipping_other: 25000,
  search_enabled: true,
  store_name: 'Maple Sock Co.',
  store_address: 'Unit 112, Square One Shopping Centre, 100 City Centre Dr, Mississauga, ON L5B 2C9',
  store_email: 'hello@maplesock.ca',
  store_phone: '',
  social_url: 'https://www.instagram.com/maplesockco',
  store_province: 'ON',
  /** One of STORE_TIME_ZONES: the store's days (reports, the register's day, tax dates), its receipts' times. */
  store_time_zone: DEFAULT_STORE_TIME_ZONE as string,
  seller_company_name: 'Maple Sock Co. Inc.',
  gst_hst_number: '812345678 RT0001',
  custom_order_minimum: 200,
  /** Hours a card authorized at the payment step is held for an order before it is released. */
  authorization_hold_hours: 24,
};

export type Settings = typeof SETTING_DEFAULTS;
export type SettingKey = keyof Settings;

function isSettingKey(key: string): key is SettingKey {
  return key in SETTING_DEFAULTS;
}

export async function readSettings(db: DbOrTx): Promise<Settings> {
  return settingsFrom(await db.select().from(settings));
}

/** The store's time zone (its setting): the zone its days and times are in. */
export async function storeTimeZone(db: DbOrTx): Promise<string> {
  return (await readSettings(db)).store_time_zone;
}

/** The store as the sender of its e-mails: its name and e-mail address in the settings. */
export async function storeSender(db: DbOrTx): Promise<{ name: string; address: string }> {
  const { store_name, store_email } = await readSettings(db);
  return { name: store_name, address: store_email };
}

/**
 * The settings of the rows of the settings table: a row whose value has the wrong type is ignored,
 * and so is a time zone the shop does not offer (every date would fail on it).
 */
export function settingsFrom(rows: readonly { key: string; value: unknown }[]): Settings {
  const values: Record<string, unknown> = { ...SETTING_DEFAULTS };
  for (const row of rows) {
    if (!isSettingKey(row.key) || typeof row.value !== typeof SETTING_DEFAULTS[row.key]) continue;
    if (row.key === 'store_time_zone' && !isStoreTimeZone(String(row.value))) continue;
    values[row.key] = row.value;
  }
  // Every value is a default or a row of its default's type, which TypeScript cannot follow key by key.
  return values as Settings;
}

/**
 * A sale needs the rate of the province it is taxed in. Without one it stops: charging 0% would
 * leave the shop owing the tax it did not collect.
 */
export const taxRateMissing = (province: string) =>
  new AppError(
    'tax_rate_missing',
    `There is no tax rate for province ${province}; the sale cannot be completed.`,
    409,
  );

/** The summed rate of a province's tax components, in parts per million; undefined when it has none. */
export async function provinceTaxRatePpm(
  db: DbOrTx,
  province: string,
  country = 'CA',
): Promise<number | undefined> {
  const [row] = await selectTaxRate(db, province, country);
  return row?.ppm ?? undefined;
}

/** A province's tax components (GST, HST, PST, QST) in effect on a day: each its newest rate by then. */
export function taxComponentsOn(
  db: DbOrTx,
  province: string,
  day: string,
): Promise<{ name: string; ratePpm: number }[]> {
  return db
    .selectDistinctOn([taxComponents.name], { name: taxComponents.name, ratePpm: taxComponents.ratePpm })
    .from(taxComponents)
    .where(
      and(
        eq(taxComponents.countryCode, 'CA'),
        eq(taxComponents.provinceCode, province),
        lte(taxComponents.effectiveFrom, day),
      ),
    )
    .orderBy(asc(taxComponents.name), desc(taxComponents.effectiveFrom));
}

/** The rate of the store's province (POS sales, receipts, invoices); taxRateMissing without one. */
export async function storeTaxRatePpm(db: DbOrTx): Promise<{ province: string; ppm: number }> {
  const [row] = await selectStoreTaxRate(db, SETTING_DEFAULTS.store_province);
  const province = row?.province ?? SETTING_DEFAULTS.store_province;
  if (row?.ppm == null) throw taxRateMissing(province);
  return { province, ppm: row.ppm };
}

/**
 * The key the web's card form needs: Stripe's publishable key, or the sandbox's own (the sandbox
 * needs no key: its card form is ours).
 */
function paymentPublicKey(config: Pick<Config, 'paymentProvider' | 'stripePublishableKey'>): string {
  return config.paymentProvider === 'stripe' ? (config.stripePublishableKey ?? '') : 'pk_test_sandbox';
}

export function createSettingsService(
  db: DbOrTx,
  config: Pick<Config, 'testMode' | 'paymentProvider' | 'stripePublishableKey'>,
) {
  return {
    paymentPublicKey: () => paymentPublicKey(config),

    /** The summed rate of a province (any case); 404 when it has no tax components. */
    async provinceTaxRate(code: string): Promise<ProvinceTaxRate> {
      const province = code.toUpperCase();
      const ppm = await provinceTaxRatePpm(db, province);
      if (ppm === undefined) throw notFound(`The tax rate of ${province}`);
      return { province, tax_rate: rateFromPpm(ppm) };
    },

    /** The store province's rate for the POS; taxRateMissing without one. */
    async storeTaxRate(): Promise<PosTaxRate> {
      const { province, ppm } = await storeTaxRatePpm(db);
      return { province, tax_rate: rateFromPpm(ppm), tax_rate_ppm: ppm };
    },

    async publicConfig(): Promise<PublicConfig> {
      const values = await readSettings(db);
      const storeRate = await provinceTaxRatePpm(db, values.store_province);
      return {
        storeName: values.store_name,
        storeAddress: values.store_address,
        storeEmail: values.store_email,
        storePhone: values.store_phone,
        socialUrl: values.social_url,
        showPrices: values.show_prices,
        minimumPurchase: values.minimum_purchase,
        customOrderMinimum: values.custom_order_minimum,
        freeShippingOntario: values.free_shipping_ontario,
        freeShippingOther: values.free_shipping_other,
        searchEnabled: values.search_enabled,
        testMode: config.testMode,
        paymentProvider: config.paymentProvider,
        publicKey: paymentPublicKey(config),
        currency: CURRENCY,
        storeProvince: values.store_province,
        storeTimeZone: values.store_time_zone,
        // The settings still answer without a rate; the sales that need one refuse (taxRateMissing).
        storeTaxRate: storeRate === undefined ? null : rateFromPpm(storeRate),
      };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
