import { describe, expect, it } from 'vitest';
import type { PosCatalogueItem } from '../../../domain/pos/catalogue.ts';
import {
  addLine,
  cashDue,
  changeFor,
  dollarsToCents,
  lineName,
  onlySize,
  quickCashAmounts,
  removeLine,
  saleLines,
  saleTotals,
  scannedItem,
  setLineQuantity,
  stockOf,
} from './register-rules.ts';

const crew: PosCatalogueItem = {
  kind: 'product',
  productId: 1,
  packageId: null,
  code: 'MS-CRW-001',
  name: 'Maple crew',
  unitPrice: 1299,
  sizes: [
    { size_id: 10, name: 'M', instock: 4 },
    { size_id: 11, name: 'L', instock: 0 },
  ],
  instock: null,
};
const liner: PosCatalogueItem = {
  kind: 'product',
  productId: 2,
  packageId: null,
  code: 'LN-001',
  name: 'Liner',
  unitPrice: 501,
  sizes: null,
  instock: 9,
};
const box: PosCatalogueItem = {
  ...liner,
  kind: 'package',
  packageId: 7,
  code: 'BOX-3',
  name: 'Three liners',
  unitPrice: 1400,
  instock: 2,
};

describe('the sale lines', () => {
  it('adds an item once per size and adds to a known line', () => {
    const m = crew.sizes?.[0] ?? null;
    let lines = addLine([], crew, m);
    lines = addLine(lines, crew, m, 2);
    lines = addLine(lines, liner, null);
    expect(lines.map((line) => [lineName(line), line.quantity])).toEqual([
      ['Maple crew (M)', 3],
      ['Liner', 1],
    ]);
    expect(stockOf(crew, m)).toBe(4);
    expect(stockOf(liner, null)).toBe(9);
  });

  it('changes a quantity (at least 1) and removes a line', () => {
    let lines = addLine(addLine([], liner, null), box, null);
    lines = setLineQuantity(lines, 'product:2:', 0);
    expect(lines[0]?.quantity).toBe(1);
    lines = setLineQuantity(lines, 'product:2:', 5);
    expect(lines[0]?.quantity).toBe(5);
    expect(removeLine(lines, 'product:2:').map((line) => line.key)).toEqual(['package:7']);
  });

  it('sends products with their size and packages with their package', () => {
    const lines = addLine(addLine([], crew, crew.sizes?.[0] ?? null), box, null);
    expect(saleLines(lines)).toEqual([
      { productId: 1, size_id: 10, packageId: null, quantity: 1 },
      { productId: 2, size_id: null, packageId: 7, quantity: 1 },
    ]);
  });
});

describe('the totals', () => {
  it('taxes each line, rounded, as the server does', () => {
    const lines = addLine(addLine([], liner, null, 1), crew, crew.sizes?.[0] ?? null, 1);
    // 501 x 13% = 65.13 -> 65; 1299 x 13% = 168.87 -> 169
    expect(saleTotals(lines, true, 130_000)).toEqual({ subtotal: 1800, tax: 234, total: 2034 });
    expect(saleTotals(lines, false, 130_000)).toEqual({ subtotal: 1800, tax: 0, total: 1800 });
  });

  it('rounds the cash due to 5 cents, after the card part', () => {
    expect(cashDue(2034, 0)).toBe(2035);
    expect(cashDue(2032, 0)).toBe(2030);
    expect(cashDue(2034, 1000)).toBe(1035);
    expect(cashDue(2034, 3000)).toBe(0);
  });

  it('offers the exact amount and the next notes', () => {
    expect(quickCashAmounts(2035)).toEqual([2035, 2500, 3000, 4000, 5000]);
    expect(quickCashAmounts(2000)).toEqual([2000, 2500, 3000, 4000, 5000]);
    expect(quickCashAmounts(5000)).toEqual([5000, 5500, 6000, 10000]);
  });

  it('gives change only when enough was handed over', () => {
    expect(changeFor(5000, 2035)).toBe(2965);
    expect(changeFor(2000, 2035)).toBeUndefined();
    expect(changeFor(undefined, 2035)).toBeUndefined();
  });

  it('reads dollars typed', () => {
    expect(dollarsToCents('20')).toBe(2000);
    expect(dollarsToCents('20.5')).toBe(2050);
    expect(dollarsToCents(' 0.05 ')).toBe(5);
    expect(dollarsToCents('2.555')).toBeUndefined();
    expect(dollarsToCents('abc')).toBeUndefined();
  });
});

describe('the scanner', () => {
  it('adds the one item whose code was typed, or the only one found', () => {
    expect(scannedItem([crew, liner], 'ms-crw-001')).toBe(crew);
    expect(scannedItem([liner], 'lin')).toBe(liner);
    expect(scannedItem([crew, liner], 'l')).toBeUndefined();
    expect(scannedItem([], 'x')).toBeUndefined();
  });

  it('needs a size chosen for a product with several', () => {
    expect(onlySize(crew)).toBeUndefined();
    expect(onlySize(liner)).toEqual({ size: null });
    expect(onlySize({ ...crew, sizes: [{ size_id: 3, name: 'One size', instock: 1 }] })?.size?.size_id).toBe(
      3,
    );
  });
});
