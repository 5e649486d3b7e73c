/** Money is integer cents everywhere; only the screen formats it (DESIGN.md "Money, tax, shipping"). */
export const CURRENCY = 'CAD';
export const CURRENCY_PREFIX = 'CDN$';

export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(Math.round(cents));
  const dollars = Math.floor(absolute / 100).toLocaleString('en-CA');
  const rest = String(absolute % 100).padStart(2, '0');
  return `${sign}${CURRENCY_PREFIX}${dollars}.${rest}`;
}

/** Dollars as typed by a person (12.5) to cents, rounded to the nearest cent. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Tax rates are kept in parts per million so that 14.975% stays exact. */
export const PPM = 1_000_000;

export function rateFromPpm(ppm: number): number {
  return ppm / PPM;
}

/** round(amount x rate) in cents, with integer arithmetic up to the one division. */
export function taxOn(amountCents: number, ratePpm: number): number {
  return Math.round((amountCents * ratePpm) / PPM);
}
