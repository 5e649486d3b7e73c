/** Pieces the POS's schemas share: ids, amounts, e-mails, dollars as typed. */
import { z } from 'zod';
import { AMOUNT_MAX_CENTS, EMAIL_MAX, PG_INTEGER_MAX } from '../validation.ts';
import { POS_MESSAGES } from './messages.ts';

export const stripeId = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(255, `${label} cannot be more than 255 characters long.`);
export const clientId = z
  .number({ error: 'userId is required.' })
  .int()
  .positive()
  .max(PG_INTEGER_MAX, 'userId is not a valid id.');

/** A receipt or invoice id in a path: a positive whole number (unknown ids are a 404). */
export const posIdParamsSchema = z.strictObject({
  id: z.coerce
    .number({ error: 'Must be a number.' })
    .int('Must be a whole number.')
    .positive('Must be positive.')
    .max(PG_INTEGER_MAX, 'Must be a valid id.'),
});
export const cents = z.number().int();
/** An amount the spec's forms send and the server recomputes: still a sensible amount. */
export const ignoredAmount = z.number().min(0).max(AMOUNT_MAX_CENTS).optional();

/** An optional e-mail: blank means none. */
export const optionalPosEmail = z
  .string()
  .trim()
  .max(EMAIL_MAX, POS_MESSAGES.emailInvalid)
  .pipe(z.union([z.literal(''), z.email({ error: POS_MESSAGES.emailInvalid })]))
  .nullish()
  .transform((value) => value || undefined);

/** A required e-mail for the send forms: 'Email is required', 'Please enter a valid email address'. */
export const posEmailSchema = z
  .string({ error: POS_MESSAGES.emailRequired })
  .trim()
  .min(1, POS_MESSAGES.emailRequired)
  .max(EMAIL_MAX, POS_MESSAGES.emailInvalid)
  .pipe(z.email({ error: POS_MESSAGES.emailInvalid }));

/** Dollars as a person types them (number, or text from an input) for the web's forms. */
export const dollarsInput = (required: string, numeric: string) =>
  z.union([z.number(), z.string()], { error: required }).transform((value, context) => {
    const text = String(value).trim();
    if (text === '') {
      context.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    const number = Number(text);
    if (!Number.isFinite(number)) {
      context.addIssue({ code: 'custom', message: numeric });
      return z.NEVER;
    }
    return number;
  });
