import { z } from 'zod';

/** The one error body every API failure has. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The spec's generic form message (storefront §5, §8). */
export const INVALID_FORM_MESSAGE = 'Some required fields are not entered or some entries are not valid.';
