import { describe, expect, it } from 'vitest';
import {
  cheapestQuote,
  customerNumber,
  estimatedTax,
  freeShippingProgress,
  freeShippingThreshold,
  isFreeShipping,
  quoteItems,
  shippingBox,
} from './shipping.ts';

const thresholds = { ontario: 15000, other: 25000 };

describe('the shipping box', () => {
  it('is a cube holding the summed volumes, with the summed weight', () => {
    // 2 x (250 x 100 x 20) + 1 x (200 x 150 x 100) = 1,000,000 + 3,000,000 = 4,000,000 mm³
    const box = shippingBox([
      { lengthMm: 250, widthMm: 100, heightMm: 20, weightG: 80, quantity: 2 },
      { lengthMm: 200, widthMm: 150, heightMm: 100, weightG: 500, quantity: 1 },
    ]);
    expect(box).toEqual({ sideMm: 159, weightG: 660 }); // cbrt(4e6) = 158.74
  });

  it('does not add a millimetre for float error on an exact cube', () => {
    expect(
      shippingBox([{ lengthMm: 100, widthMm: 100, heightMm: 100, weightG: 1, quantity: 8 }])?.sideMm,
    ).toBe(200);
  });

  it("packs the spec's quote boxes the same way, grams rounded up", () => {
    const items = quoteItems([
      { boxLength: 200, boxWidth: 150, boxHeight: 100, boxWeight: 800.2, quantity: 2 },
      { boxLength: 100, boxWidth: 100, boxHeight: 100, boxWeight: 300, quantity: 1 },
    ]);
    expect(items[0]).toEqual({ lengthMm: 200, widthMm: 150, heightMm: 100, weightG: 800.2, quantity: 2 });
    // 2 x 3,000,000 + 1,000,000 mm3 = 7,000,000 mm3: a cube of 191.3 mm, so 192.
    expect(shippingBox(items)).toEqual({ sideMm: 192, weightG: 1901 });
  });

  it('is none for an empty cart', () => {
    expect(shippingBox([])).toBeNull();
  });
});

describe('free shipping', () => {
  it('uses the Ontario amount for ON and the other amount elsewhere', () => {
    expect(freeShippingThreshold('ON', thresholds)).toBe(15000);
    expect(freeShippingThreshold(' on ', thresholds)).toBe(15000);
    expect(freeShippingThreshold('QC', thresholds)).toBe(25000);
  });

  it('starts exactly at the threshold', () => {
    expect(isFreeShipping(14999, 'ON', thresholds)).toBe(false);
    expect(isFreeShipping(15000, 'ON', thresholds)).toBe(true);
    expect(isFreeShipping(15000, 'BC', thresholds)).toBe(false);
    expect(isFreeShipping(25000, 'BC', thresholds)).toBe(true);
  });

  it('says how much more brings free shipping to the province, or that it is free', () => {
    expect(freeShippingProgress(13750, 'ON', thresholds)).toBe('CDN$12.50 more for free shipping to Ontario');
    expect(freeShippingProgress(15000, 'on', thresholds)).toBe('Free shipping to Ontario');
    expect(freeShippingProgress(0, 'BC', thresholds)).toBe(
      'CDN$250.00 more for free shipping to British Columbia',
    );
    expect(freeShippingProgress(1000, 'ON', { ontario: 0, other: 0 })).toBeNull();
  });
});

describe('fees and tax', () => {
  it('takes the cheapest carrier', () => {
    const quote = (productCode: string, totalPrice: number) => ({
      productName: productCode,
      productCode,
      totalPrice,
      effectiveTime: '2-3 days',
      currencyCode: 'CAD',
    });
    expect(cheapestQuote([quote('A', 1500), quote('B', 1299), quote('C', 2100)])?.productCode).toBe('B');
    expect(cheapestQuote([])).toBeNull();
  });

  it('taxes the cart total plus shipping, rounded to the cent', () => {
    expect(estimatedTax(10000, 1500, 130000)).toBe(1495);
    expect(estimatedTax(9999, 1, 149750)).toBe(1498); // 1497.5 rounds up
    expect(estimatedTax(0, 0, 130000)).toBe(0);
  });

  it('builds the customer number from a fixed prefix and the client id', () => {
    expect(customerNumber(42)).toBe('MSC000042');
  });
});
