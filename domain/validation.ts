import { z } from 'zod';

/** Limits and messages follow the spec's pattern: '<Field> is required.', '<Field> cannot be more than N characters long.' */
interface TextRule {
  min?: number;
  max: number;
}

/** A required text field; blank (after trimming) counts as missing. */
export function requiredText(label: string, { min = 1, max }: TextRule) {
  const required = `${label} is required.`;
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .min(min, `${label} must be at least ${min} characters long.`)
    .max(max, `${label} cannot be more than ${max} characters long.`);
}

/** An optional text field: missing, null and blank all become ''. */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} cannot be more than ${max} characters long.`)
    .nullish()
    .transform((value) => value ?? '');
}

export const EMAIL_MAX = 256;

export function requiredEmail(label = 'Email') {
  const required = `${label} is required.`;
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(EMAIL_MAX, `${label} cannot be more than ${EMAIL_MAX} characters long.`)
    .pipe(z.email({ error: 'Email address is invalid.' }));
}

export function optionalEmail(label = 'Email') {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(EMAIL_MAX, `${label} cannot be more than ${EMAIL_MAX} characters long.`)
    .pipe(z.union([z.literal(''), z.email({ error: 'Email address is invalid.' })]))
    .nullish()
    .transform((value) => value ?? '');
}

/** A positive database id in a path or body. */
export const idSchema = z.coerce
  .number({ error: 'Id must be a number.' })
  .int('Id must be a whole number.')
  .positive('Id must be positive.');
