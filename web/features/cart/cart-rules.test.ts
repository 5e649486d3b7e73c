import { describe, expect, it } from 'vitest';
import { type CartLine, canCheckout } from '../../../domain/cart.ts';
import { badgeAnimationMs, checkoutBlock, hasStockError, lineName, quantityToSend } from './cart-rules.ts';

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

describe('checkoutBlock', () => {
  const line = (overrides: Partial<CartLine> = {}): CartLine => ({
    id: 1,
    product: {
      id: 60,
      category_id: 15,
      code: 'GP-BDL-002',
      name: 'Office Week Five-Pack',
      icon: '',
      instock: 30,
      withsize: false,
    },
    package: null,
    quantity: 1,
    size_id: null,
    size_name: '',
    pricing: 6999,
    productDiscount: 0,
    lineTotal: 6999,
    error: null,
    ...overrides,
  });
  const MINIMUM = 5000;

  it('opens checkout with lines, no stock error and a total at or above the minimum before tax', () => {
    expect(checkoutBlock({ products: [line()], hasError: false, cartTotal: 6999 }, MINIMUM)).toBeNull();
    expect(checkoutBlock({ products: [line()], hasError: false, cartTotal: 5000 }, MINIMUM)).toBeNull();
  });

  it('names the first reason checkout is closed: empty, then stock, then the minimum', () => {
    expect(checkoutBlock({ products: [], hasError: false, cartTotal: 0 }, MINIMUM)).toBe('empty');
    expect(checkoutBlock({ products: [], hasError: false, cartTotal: 0 }, 0)).toBe('empty');
    const short = line({
      quantity: 31,
      error: 'Sorry, there is not enough stock for Office Week Five-Pack.',
    });
    expect(checkoutBlock({ products: [short], hasError: true, cartTotal: 216969 }, MINIMUM)).toBe('stock');
    expect(checkoutBlock({ products: [short], hasError: true, cartTotal: 100 }, MINIMUM)).toBe('stock');
    expect(checkoutBlock({ products: [line()], hasError: false, cartTotal: 4999 }, MINIMUM)).toBe('minimum');
    // A missing total (prices hidden) is never enough.
    expect(checkoutBlock({ products: [line()], hasError: false, cartTotal: null }, MINIMUM)).toBe('minimum');
  });

  it('agrees with the domain rule the server applies', () => {
    const carts = [
      { products: [], hasError: false, cartTotal: 0 },
      { products: [line()], hasError: false, cartTotal: 6999 },
      { products: [line()], hasError: true, cartTotal: 6999 },
      { products: [line()], hasError: false, cartTotal: 4999 },
    ];
    for (const cart of carts) {
      expect(checkoutBlock(cart, MINIMUM) === null).toBe(canCheckout(cart, MINIMUM));
    }
  });

  it('counts a line error as a stock error even when the flag is missing', () => {
    expect(hasStockError({ products: [line({ error: 'Sorry' })], hasError: false })).toBe(true);
    expect(hasStockError({ products: [line()], hasError: true })).toBe(true);
    expect(hasStockError({ products: [line()], hasError: false })).toBe(false);
  });
});
