import { describe, expect, it } from 'vitest';
import { billableKilograms, createTableRates } from './table-rates.ts';

const rates = createTableRates();
const toOntario = { province: 'ON', postalcode: 'M5V 2T6', countryCode: 'CA' };

describe('table-rate carriers', () => {
  it('bill at least one kilogram, or the volume weight when the box is light but large', () => {
    expect(billableKilograms({ sideMm: 100, weightG: 200 })).toBe(1);
    expect(billableKilograms({ sideMm: 100, weightG: 2400 })).toBe(3);
    expect(billableKilograms({ sideMm: 300, weightG: 500 })).toBe(6); // 27,000 cm³ / 5000 = 5.4
  });

  it('quote every carrier to a Canadian province, dearer further away', async () => {
    const box = { sideMm: 150, weightG: 900 };
    const ontario = await rates.quote(box, toOntario);
    const yukon = await rates.quote(box, { ...toOntario, province: 'YT' });
    expect(ontario.map((q) => q.productCode)).toEqual(['CP-REG', 'CP-EXP', 'PUR-GRD']);
    expect(ontario[0]).toMatchObject({ totalPrice: 1099, currencyCode: 'CAD' });
    for (const [index, quote] of ontario.entries()) {
      expect(yukon[index]?.totalPrice).toBeGreaterThan(quote.totalPrice);
    }
  });

  it('add the price of each further kilogram', async () => {
    const [regular] = await rates.quote({ sideMm: 150, weightG: 3200 }, toOntario);
    expect(regular?.totalPrice).toBe(1099 + 3 * 150);
  });

  it('quote nothing outside Canada or to an unknown province', async () => {
    expect(await rates.quote({ sideMm: 100, weightG: 100 }, { ...toOntario, countryCode: 'US' })).toEqual([]);
    expect(await rates.quote({ sideMm: 100, weightG: 100 }, { ...toOntario, province: 'XX' })).toEqual([]);
  });
});
