/**
 * The shop's settings in the back office (ADMIN): GET and PUT api/admin/settings, and the tax
 * rates per province with their corrections (GET and POST api/admin/tax-rates).
 */
import { z } from 'zod';
import { STORE_TIME_ZONE_NAMES } from '../dates.ts';
import { CANADIAN_PROVINCES } from '../provinces.ts';
import {
  AMOUNT_MAX_CENTS,
  boundedWholeNumber,
  optionalText,
  requiredEmail,
  requiredText,
} from '../validation.ts';

const PROVINCE_CODES = CANADIAN_PROVINCES.map((province) => province.code);
const provinceCode = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .toUpperCase()
    .pipe(z.enum(PROVINCE_CODES, { error: `${label} must be a Canadian province or territory.` }));

const cents = (label: string) => boundedWholeNumber(label, { min: 0, max: AMOUNT_MAX_CENTS });

/**
 * A GST/HST registration number as the CRA gives it: the 9-digit business number, 'RT' and a
 * 4-digit account ('123456789 RT0001'); spaces and lower case are accepted and tidied.
 */
export const gstHstNumberSchema = z
  .string({ error: 'GST/HST number is required.' })
  .trim()
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .regex(/^\d{9}RT\d{4}$/, 'GST/HST number must look like 123456789 RT0001.')
      .transform((value) => `${value.slice(0, 9)} ${value.slice(9)}`),
  );

/** Every setting with its rule; PUT takes any of them, GET answers all of them. Amounts in cents. */
export const settingsFields = {
  /** Off: the shop shows no prices and takes wish lists instead of orders (spec storefront §3). */
  show_prices: z.boolean({ error: 'Show prices must be true or false.' }),
  minimum_purchase: cents('Minimum purchase'),
  free_shipping_ontario: cents('Free shipping in Ontario'),
  free_shipping_other: cents('Free shipping elsewhere in Canada'),
  /** Pairs a custom sock request must be for at least. */
  custom_order_minimum: boundedWholeNumber('Custom order minimum', { min: 1, max: 1_000_000 }),
  /**
   * At most 6 days: the card network ends an online authorization after 7 (Stripe). Its messages
   * name it as the settings page labels it, so the owner finds the field they point at.
   */
  authorization_hold_hours: boundedWholeNumber('Release unplaced card holds after (hours)', {
    min: 1,
    max: 144,
  }),
  search_enabled: z.boolean({ error: 'Search must be true or false.' }),
  store_name: requiredText('Store name', { max: 100 }),
  store_address: requiredText('Store address', { max: 500 }),
  store_email: requiredEmail('Store email'),
  store_phone: optionalText('Store phone', 50),
  social_url: z
    .string({ error: 'Social media link must be text.' })
    .trim()
    .max(500, 'Social media link cannot be more than 500 characters long.')
    .pipe(
      z.union([
        z.literal(''),
        z.url({ protocol: /^https?$/, error: 'Social media link must be a web address (https://...).' }),
      ]),
    ),
  /** The province the store sells in: the POS's tax, the receipts' and invoices' province. */
  store_province: provinceCode('Store province'),
  /**
   * The store's days and times: reports, the register's days, tax dates, receipts. It follows the
   * province when it is the province's own zone (settings-admin.service.ts).
   */
  store_time_zone: z.enum(STORE_TIME_ZONE_NAMES, { error: "Time zone must be one of Canada's time zones." }),
  seller_company_name: requiredText('Company name', { max: 100 }),
  gst_hst_number: gstHstNumberSchema,
};

export const SETTING_KEYS = Object.keys(settingsFields) as (keyof typeof settingsFields)[];

/** GET api/admin/settings: every setting as it is now. */
export const adminSettingsSchema = z.object({
  show_prices: z.boolean(),
  minimum_purchase: z.number().int(),
  free_shipping_ontario: z.number().int(),
  free_shipping_other: z.number().int(),
  custom_order_minimum: z.number().int(),
  authorization_hold_hours: z.number().int(),
  search_enabled: z.boolean(),
  store_name: z.string(),
  store_address: z.string(),
  store_email: z.string(),
  store_phone: z.string(),
  social_url: z.string(),
  store_province: z.string(),
  store_time_zone: z.string(),
  seller_company_name: z.string(),
  gst_hst_number: z.string(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/** PUT api/admin/settings: the settings to change (any of them, at least one); the rest stay. */
export const settingsUpdateSchema = z
  .strictObject(settingsFields)
  .partial()
  .refine((update) => Object.keys(update).length > 0, 'Send at least one setting to change.');
export type SettingsUpdate = z.input<typeof settingsUpdateSchema>;
export type SettingsUpdateData = z.output<typeof settingsUpdateSchema>;

// ---------------------------------------------------------------- tax rates

export const TAX_COMPONENT_NAMES = ['GST', 'HST', 'PST', 'QST'] as const;
/** 50%: no Canadian sales tax comes near it, so more is a typing mistake. */
export const TAX_RATE_PPM_MAX = 500_000;

/** A calendar day, 'YYYY-MM-DD'. */
const calendarDay = (label: string) => z.iso.date({ error: `${label} must be a date (YYYY-MM-DD).` });

/**
 * POST api/admin/tax-rates: a component's rate from a day on (today or later, in the store's time
 * zone): every amount computed on or after that day uses it; what was computed before stays.
 */
export const taxRateCorrectionSchema = z.strictObject({
  province: provinceCode('Province'),
  name: z.enum(TAX_COMPONENT_NAMES, { error: 'Tax must be GST, HST, PST or QST.' }),
  /** The rate in parts per million: 13% is 130000. */
  rate_ppm: boundedWholeNumber('Rate', { min: 0, max: TAX_RATE_PPM_MAX }),
  effective_from: calendarDay('Effective from'),
});
export type TaxRateCorrection = z.input<typeof taxRateCorrectionSchema>;

export const taxComponentSchema = z.object({
  name: z.string(),
  rate_ppm: z.number().int(),
  effective_from: z.string(),
  /** Who entered the rate; null for the reference data. */
  changed_by: z.string().nullable(),
});
export type TaxComponent = z.infer<typeof taxComponentSchema>;

/** GET api/admin/tax-rates: per province, the rate in effect today and the corrections to come. */
export const provinceTaxRatesSchema = z.array(
  z.object({
    province: z.string(),
    name: z.string(),
    /** The summed rate in effect today; null when the province has no tax components. */
    rate_ppm: z.number().int().nullable(),
    current: z.array(taxComponentSchema),
    upcoming: z.array(taxComponentSchema),
  }),
);
export type ProvinceTaxRates = z.infer<typeof provinceTaxRatesSchema>;
