import { z } from 'zod';
import { isCalendarDay } from './dates.ts';

/** Limits and messages follow the spec's pattern: '<Field> is required.', '<Field> cannot be more than N characters long.' */
interface TextRule {
  min?: number;
  max: number;
}

/** A required text field; blank (after trimming) counts as missing. */
export function requiredText(label: string, { min = 1, max }: TextRule) {
  const required = `${label} is required.`;
  const text = z.string({ error: required }).trim().min(1, required);
  return (min > 1 ? text.min(min, `${label} must be at least ${min} characters long.`) : text).max(
    max,
    `${label} cannot be more than ${max} characters long.`,
  );
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

/**
 * PostgreSQL's `integer`, the type of every id and count column: a larger number can name no row,
 * and sent to the database it fails the statement, so it is refused here, at the edge.
 */
export const PG_INTEGER_MAX = 2_147_483_647;

/**
 * The most one amount may be, in cents: CAD 999,999.99, Stripe's limit for one charge. Totals
 * the shop computes from bounded prices and quantities stay far below PostgreSQL's integer.
 */
export const AMOUNT_MAX_CENTS = 99_999_999;

/**
 * The message of a number that is not one: a field left empty (missing or null) is required, anything
 * else is not a number.
 */
export function numberError(label: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null
      ? `${label} is required.`
      : `${label} must be a number.`;
}

/** A database id in a body: a positive whole number that fits PostgreSQL's integer. */
export function bodyId(label = 'Id') {
  return z
    .number({ error: numberError(label) })
    .int(`${label} must be a whole number.`)
    .positive(`${label} must be positive.`)
    .max(PG_INTEGER_MAX, `${label} is not a valid id.`);
}

/** A whole number between two bounds, with the field's own messages. */
export function boundedWholeNumber(label: string, { min, max }: { min: number; max: number }) {
  return z
    .number({ error: numberError(label) })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} cannot be more than ${max}.`);
}

/** A positive database id in a path or body (a path's text is turned into a number). */
export const idSchema = z.coerce
  .number({ error: 'Id must be a number.' })
  .int('Id must be a whole number.')
  .positive('Id must be positive.')
  .max(PG_INTEGER_MAX, 'Id is not a valid id.');

/** A page of a list in a query string (?page=2): the first when left out. */
export const pageNumberSchema = z.coerce
  .number({ error: 'Page must be a number.' })
  .int('Page must be a whole number.')
  .min(1, 'Page must be at least 1.')
  .max(10_000, 'Page cannot be more than 10000.')
  .default(1);

/** A calendar day in a query string (?from=2026-11-01), or none: left out or empty. */
export function optionalCalendarDay(label: string) {
  return z
    .string()
    .trim()
    .refine(isCalendarDay, `${label} must be a date as YYYY-MM-DD.`)
    .optional()
    .or(z.literal('').transform(() => undefined));
}
