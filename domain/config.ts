import { z } from 'zod';

/** GET api/config: the public settings the web needs. Amounts in cents. */
export const publicConfigSchema = z.object({
  storeName: z.string(),
  storeAddress: z.string(),
  storeEmail: z.string(),
  /** '' when the owner gave none. */
  storePhone: z.string(),
  socialUrl: z.string(),
  showPrices: z.boolean(),
  minimumPurchase: z.number().int(),
  /** The fewest pairs a custom sock request asks for (the owner's setting; 200 by default). */
  customOrderMinimum: z.number().int(),
  freeShippingOntario: z.number().int(),
  freeShippingOther: z.number().int(),
  searchEnabled: z.boolean(),
  testMode: z.boolean(),
  paymentProvider: z.enum(['sandbox', 'stripe']),
  publicKey: z.string(),
  currency: z.string(),
  storeProvince: z.string(),
  /** The store's time zone (IANA, 'America/Toronto'): the days and times staff see are the store's. */
  storeTimeZone: z.string(),
  /** The store province's rate (0.13); null when it has none, and no sale can be taxed. */
  storeTaxRate: z.number().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** GET api/Tax/{province}: the sum of the province's GST/HST/PST/QST, as a fraction (0.13). */
export const provinceTaxRateSchema = z.object({ province: z.string(), tax_rate: z.number() });
export type ProvinceTaxRate = z.infer<typeof provinceTaxRateSchema>;

export const messageSchema = z.object({ code: z.string(), text: z.string() });
export type Message = z.infer<typeof messageSchema>;

export const LOG_MESSAGE_MAX = 4000;
export const logEntrySchema = z.strictObject({
  level: z.enum(['error', 'warn', 'info']).default('error'),
  message: z.string({ error: 'Message is required.' }).min(1, 'Message is required.').max(LOG_MESSAGE_MAX),
  url: z.string().max(2000).optional(),
  stack: z.string().max(LOG_MESSAGE_MAX).optional(),
});
export type LogEntry = z.input<typeof logEntrySchema>;
