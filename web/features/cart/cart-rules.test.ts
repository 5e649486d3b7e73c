import { describe, expect, it } from 'vitest';
import { badgeAnimationMs, lineName, quantityToSend } from './cart-rules.ts';

describe('badgeAnimationMs', () => {
  it('animates about 300 ms for the first item and 160 ms when more are added (spec §2, §9)', () => {
    expect(badgeAnimationMs(0, 1)).toBe(300);
    expect(badgeAnimationMs(0, 4)).toBe(300);
    expect(badgeAnimationMs(1, 2)).toBe(160);
    expect(badgeAnimationMs(3, 10)).toBe(160);
  });

  it('does not animate when items are removed or nothing changed', () => {
    expect(badgeAnimationMs(2, 2)).toBe(0);
    expect(badgeAnimationMs(5, 1)).toBe(0);
    expect(badgeAnimationMs(1, 0)).toBe(0);
  });
});

describe('lineName', () => {
  const product = {
    id: 57,
    category_id: 14,
    code: 'GP',
    name: 'Holiday Gift Box',
    icon: '',
    instock: 3,
    withsize: false,
  };
  it('names a package line after the package', () => {
    expect(lineName({ product, package: { id: 1, name: 'Holiday Gift Box - Red', icon: '' } })).toBe(
      'Holiday Gift Box - Red',
    );
    expect(lineName({ product, package: null })).toBe('Holiday Gift Box');
  });
});

describe('quantityToSend', () => {
  it('sends whole numbers from 0 (remove) up to the maximum', () => {
    expect(quantityToSend(3, 9999)).toBe(3);
    expect(quantityToSend('0', 9999)).toBe(0);
    expect(quantityToSend('12', 9999)).toBe(12);
    expect(quantityToSend(2.7, 9999)).toBe(2);
    expect(quantityToSend(20000, 9999)).toBe(9999);
  });

  it('sends nothing while the box is empty or holds no number', () => {
    expect(quantityToSend('', 9999)).toBeNull();
    expect(quantityToSend('  ', 9999)).toBeNull();
    expect(quantityToSend('abc', 9999)).toBeNull();
    expect(quantityToSend(-1, 9999)).toBeNull();
  });
});
