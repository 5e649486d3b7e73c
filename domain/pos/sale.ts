/** The POS payment form and its tax (spec pos.md §2, §4). */
import { z } from 'zod';
import { formatDollars, PPM, taxOn } from '../money.ts';
import { POS_AMOUNT_MAX_CENTS, POS_AMOUNT_MIN_CENTS } from './constants.ts';
import { dollarsInput, optionalPosEmail } from './fields.ts';
import { POS_MESSAGES } from './messages.ts';

/** The POS payment form (web): dollars as typed. */
export const posFormSchema = z.object({
  addTax: z.boolean(),
  showEmail: z.boolean(),
  amount: dollarsInput(POS_MESSAGES.amountRequired, POS_MESSAGES.amountNumeric).pipe(
    z
      .number()
      .min(POS_AMOUNT_MIN_CENTS / 100, POS_MESSAGES.amountMin)
      .max(POS_AMOUNT_MAX_CENTS / 100, POS_MESSAGES.amountMax),
  ),
  receiptEmail: optionalPosEmail,
});
export type PosForm = z.input<typeof posFormSchema>;

export interface PosTotals {
  amount: number;
  tax: number;
  total: number;
}

/** Amount, tax and total in cents, as the server computes them: tax = round(amount x rate), per line. */
export function posTotals(amountCents: number, addTax: boolean, taxRatePpm: number): PosTotals {
  const amount = Math.round(amountCents);
  const tax = addTax ? taxOn(amount, taxRatePpm) : 0;
  return { amount, tax, total: amount + tax };
}

/** The spec's paid details (POS_PaidDetails): dollars with two decimals. */
export function paidDetails(totals: PosTotals): { amount: string; total: string; tax: string } {
  return {
    amount: formatDollars(totals.amount),
    total: formatDollars(totals.total),
    tax: formatDollars(totals.tax),
  };
}

/** '13%' for 130000 ppm. */
export function taxRateLabel(ratePpm: number): string {
  return `${Number(((ratePpm / PPM) * 100).toFixed(3))}%`;
}

/** GET api/pos/tax-rate: the store province's rate. */
export const posTaxRateSchema = z.object({
  province: z.string(),
  /** 0.13 */
  tax_rate: z.number(),
  tax_rate_ppm: z.number().int(),
});
export type PosTaxRate = z.infer<typeof posTaxRateSchema>;
