/** Money is integer cents everywhere; only the screen formats it (DESIGN.md "Money, tax, shipping"). */
export const CURRENCY = 'CAD';
export const CURRENCY_PREFIX = 'CDN$';

/** Whole dollars and the cents left, in integer arithmetic (no float rounding). */
function split(cents: number) {
  const absolute = Math.abs(Math.round(cents));
  return {
    sign: cents < 0 ? '-' : '',
    dollars: Math.floor(absolute / 100),
    cents: String(absolute % 100).padStart(2, '0'),
  };
}

/** 'CDN$1,234.50': money as the shop shows it. */
export function formatMoney(cents: number): string {
  const amount = split(cents);
  return `${amount.sign}${CURRENCY_PREFIX}${amount.dollars.toLocaleString('en-CA')}.${amount.cents}`;
}

/** '1234.50': an amount as a form holds it and Stripe's messages write it, without a currency. */
export function formatDollars(cents: number): string {
  const amount = split(cents);
  return `${amount.sign}${amount.dollars}.${amount.cents}`;
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

/**
 * A tax split over its components (GST and PST, say) in proportion to their rates, each rounded,
 * the last taking what rounding leaves, so that the parts add up to the tax exactly.
 */
export function splitTax(
  tax: number,
  components: readonly { name: string; ratePpm: number }[],
): { name: string; ratePpm: number; amount: number }[] {
  const sum = components.reduce((total, part) => total + part.ratePpm, 0);
  let left = tax;
  return components.map((part, index) => {
    const amount = index === components.length - 1 ? left : Math.round((tax * part.ratePpm) / (sum || 1));
    left -= amount;
    return { name: part.name, ratePpm: part.ratePpm, amount };
  });
}
