/**
 * Typing a card into the sandbox's forms (the checkout's card form and the hosted payment page):
 * formatting as a person types, reading the expiry, and the checks with Stripe's own wording.
 */
import { z } from 'zod';

/**
 * The month and year of an expiry typed as 'MM / YY', 'MM/YY' or 'MM/YYYY'; undefined when it is
 * not a date. Two-digit years are this century's.
 */
export function parseExpiry(text: string): { month: number; year: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return undefined;
  const month = Number(match[1]);
  const rawYear = match[2] ?? '';
  const year = rawYear.length === 2 ? 2000 + Number(rawYear) : Number(rawYear);
  if (month < 1 || month > 12) return undefined;
  return { month, year };
}

/** A card has expired once its month is over. */
export function isExpired(expiry: { month: number; year: number }, today: Date): boolean {
  const year = today.getFullYear();
  const month = today.getMonth() + 1;
  return expiry.year < year || (expiry.year === year && expiry.month < month);
}

/** Groups of four as a person types a card number: '4242 4242 4242 4242' (19 digits at most). */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** 'MM / YY' as a person types an expiry. */
export function formatExpiry(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** The card's own fields, as Stripe words a card that is not filled in; `number` comes out as digits. */
export const cardEntryFields = {
  name: z.string().trim().max(255, 'The name on the card cannot be more than 255 characters long.'),
  number: z
    .string()
    .transform((value) => value.replace(/\D/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is incomplete.')),
  expiry: z.string().superRefine((value, context) => {
    const expiry = parseExpiry(value);
    if (!expiry) {
      context.addIssue({ code: 'custom', message: "Your card's expiration date is incomplete." });
    } else if (isExpired(expiry, new Date())) {
      context.addIssue({ code: 'custom', message: "Your card's expiration year is in the past." });
    }
  }),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
};
