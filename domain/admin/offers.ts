/**
 * Special offers and the custom-order process steps in the back office (ADMIN):
 * api/admin/offers and api/admin/process-steps.
 */
import { z } from 'zod';
import { bodyId, optionalText, requiredText } from '../validation.ts';
import { mediaUrlSchema } from './catalogue.ts';

export const adminOfferSchema = z.object({
  id: z.number().int(),
  /** The product it is about; null for a shop-wide offer. */
  product_id: z.number().int().nullable(),
  title: z.string(),
  /** What the storefront shows, as the owner typed it: paragraphs separated by an empty line. */
  detail: z.string(),
  rules: z.string(),
  active: z.boolean(),
});
export type AdminOffer = z.infer<typeof adminOfferSchema>;

const offerFields = {
  product_id: bodyId('Product').nullable(),
  title: requiredText('Title', { max: 120 }),
  detail: requiredText('Detail', { max: 4_000 }),
  rules: optionalText('Rules', 1_000),
  active: z.boolean({ error: 'Shown must be true or false.' }),
};

/** POST api/admin/offers. */
export const offerCreateSchema = z.strictObject({
  ...offerFields,
  product_id: offerFields.product_id.default(null),
  active: offerFields.active.default(true),
});
export type OfferCreate = z.input<typeof offerCreateSchema>;
export type OfferCreateData = z.output<typeof offerCreateSchema>;

/** PATCH api/admin/offers/{id}: the fields to change. */
export const offerUpdateSchema = z
  .strictObject({
    product_id: offerFields.product_id.optional(),
    title: offerFields.title.optional(),
    detail: offerFields.detail.optional(),
    rules: offerFields.rules.optional(),
    active: offerFields.active.optional(),
  })
  .refine((update) => Object.keys(update).length > 0, 'Send at least one field to change.');
export type OfferUpdate = z.input<typeof offerUpdateSchema>;
export type OfferUpdateData = z.output<typeof offerUpdateSchema>;

/** The custom-order process page's steps, in order (spec storefront: the process page). */
export const processStepSchema = z.object({ title: z.string(), image: z.string() });
export const processStepsSchema = z.array(processStepSchema);
export type ProcessSteps = z.infer<typeof processStepsSchema>;

/** PUT api/admin/process-steps: the whole list, in order; each step's image is an uploaded one. */
export const processStepsUpdateSchema = z
  .array(z.strictObject({ title: requiredText('Title', { max: 120 }), image: mediaUrlSchema }), {
    error: 'Send the steps as a list.',
  })
  .min(1, 'Keep at least one step.')
  .max(10, 'At most 10 steps.');
export type ProcessStepsUpdate = z.input<typeof processStepsUpdateSchema>;
