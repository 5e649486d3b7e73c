import { z } from 'zod';
import { toCents } from '../../../domain/money.ts';
import { dollarsInput } from '../../../domain/pos/fields.ts';
import { AMOUNT_MAX_CENTS } from '../../../domain/validation.ts';

/** A MoneyField's amount, typed in dollars, as the integer cents the server takes. */
export function dollarsAsCents(label: string) {
  return dollarsInput(`${label} is required.`, `${label} must be a number.`)
    .pipe(
      z
        .number()
        .min(0, `${label} cannot be negative.`)
        .max(AMOUNT_MAX_CENTS / 100, `${label} is too large.`),
    )
    .transform(toCents);
}

/** The same, optional: a blank field is null (a sale price that is not set). */
export function optionalDollarsAsCents(label: string) {
  return z
    .union([z.literal(''), z.undefined(), z.null()])
    .transform(() => null)
    .or(dollarsAsCents(label));
}
