/**
 * The first start of a real shop (SEED_DEMO_DATA=false, no admin yet): the one-time setup link's
 * form, where the owner creates their account and enters the store's details.
 */
import { z } from 'zod';
import { settingsFields } from './settings.ts';
import { staffCreateSchema } from './staff.ts';

export const SETUP_TOKEN_MAX = 200;

const setupToken = z
  .string({ error: 'The setup link is incomplete.' })
  .min(1, 'The setup link is incomplete.')
  .max(SETUP_TOKEN_MAX, 'The setup link is not valid.');

/** POST api/setup: the owner's account and the store's details, with the link's token. */
export const setupSchema = z.strictObject({
  token: setupToken,
  owner: staffCreateSchema.omit({ roles: true }),
  store: z.strictObject({
    store_name: settingsFields.store_name,
    seller_company_name: settingsFields.seller_company_name,
    store_address: settingsFields.store_address,
    store_email: settingsFields.store_email,
    store_phone: settingsFields.store_phone,
    store_province: settingsFields.store_province,
    gst_hst_number: settingsFields.gst_hst_number,
  }),
});
export type Setup = z.input<typeof setupSchema>;
export type SetupData = z.output<typeof setupSchema>;

export const setupTokenParamsSchema = z.strictObject({ token: setupToken });

/** GET api/setup/{token}: the link works; the form starts from these store details. */
export const setupStartSchema = z.object({
  store_name: z.string(),
  seller_company_name: z.string(),
  store_address: z.string(),
  store_email: z.string(),
  store_phone: z.string(),
  store_province: z.string(),
  gst_hst_number: z.string(),
});
export type SetupStart = z.infer<typeof setupStartSchema>;
