import { describe, expect, it } from 'vitest';
import { formatDollars, formatMoney, rateFromPpm, splitTax, taxOn, toCents } from './money.ts';

describe('money', () => {
  it('formats cents as Canadian dollars with the CDN$ prefix', () => {
    expect(formatMoney(1250)).toBe('CDN$12.50');
    expect(formatMoney(5)).toBe('CDN$0.05');
    expect(formatMoney(123456789)).toBe('CDN$1,234,567.89');
    expect(formatMoney(-1999)).toBe('-CDN$19.99');
  });

  it('writes an amount without a currency, as forms and messages do', () => {
    expect(formatDollars(1250)).toBe('12.50');
    expect(formatDollars(5)).toBe('0.05');
    expect(formatDollars(123456789)).toBe('1234567.89');
    expect(formatDollars(-1999)).toBe('-19.99');
  });

  it('turns typed dollars into whole cents', () => {
    expect(toCents(12.5)).toBe(1250);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.995)).toBe(2000);
  });

  it('rounds tax to the nearest cent from a rate in parts per million', () => {
    expect(taxOn(10000, 130000)).toBe(1300);
    expect(taxOn(999, 130000)).toBe(130); // 129.87
    expect(taxOn(1001, 149750)).toBe(150); // 149.89975
    expect(taxOn(0, 130000)).toBe(0);
    expect(rateFromPpm(149750)).toBeCloseTo(0.14975, 10);
  });
});

describe('splitTax', () => {
  it('splits a tax between its components by their rates, the last taking what rounding leaves', () => {
    const parts = splitTax(1101, [
      { name: 'GST', ratePpm: 50_000 },
      { name: 'QST', ratePpm: 99_750 },
    ]);
    expect(parts).toEqual([
      { name: 'GST', ratePpm: 50_000, amount: 368 },
      { name: 'QST', ratePpm: 99_750, amount: 733 },
    ]);
    expect(parts.reduce((sum, part) => sum + part.amount, 0)).toBe(1101);
    expect(splitTax(260, [{ name: 'HST', ratePpm: 130_000 }])).toEqual([
      { name: 'HST', ratePpm: 130_000, amount: 260 },
    ]);
    expect(splitTax(0, [])).toEqual([]);
  });
});
