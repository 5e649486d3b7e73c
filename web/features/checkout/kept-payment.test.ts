import { describe, expect, it } from 'vitest';
import type { Cart } from '../../../domain/cart.ts';
import { CHECKOUT_PAYMENT_KEY } from '../../../domain/storage-keys.ts';
import { memoryStorageForEachTest } from '../../test/memory-storage.ts';
import { keepPayment, readKeptPayment } from './kept-payment.ts';
import type { Paid } from './payment-step.tsx';

const storage = memoryStorageForEachTest('sessionStorage');

const line: Cart['products'][number] = {
  id: 31,
  product: {
    id: 12,
    category_id: 2,
    code: 'MS-CRW',
    name: 'Maple crew',
    icon: 'maple.webp',
    instock: 9,
    withsize: true,
  },
  package: null,
  quantity: 2,
  size_id: 3,
  size_name: 'M',
  pricing: 1500,
  productDiscount: null,
  lineTotal: 3000,
  error: null,
};
const cart: Cart = {
  id: 8,
  userId: 7,
  products: [line],
  cartTotal: 3000,
  discount: null,
  quantity: 2,
  hasError: false,
};
const paid: Paid = {
  method: { id: 'pm_1', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 } },
  paymentIntentId: 'pi_1',
  amount: 3390,
};

describe('the checkout payment kept for a reload', () => {
  it('comes back for the same client and the cart it paid for', () => {
    keepPayment(7, cart, paid);
    expect(readKeptPayment(7, cart)).toEqual(paid);
  });

  it('is not offered to another client, or for a cart changed since', () => {
    keepPayment(7, cart, paid);
    expect(readKeptPayment(9, cart)).toBeUndefined();
    expect(
      readKeptPayment(7, { ...cart, products: [{ ...line, quantity: 3, lineTotal: 4500 }] }),
    ).toBeUndefined();
    expect(readKeptPayment(7, { ...cart, products: [line, { ...line, id: 32 }] })).toBeUndefined();
  });

  it('is forgotten once placed or released', () => {
    keepPayment(7, cart, paid);
    keepPayment(7, cart, undefined);
    expect(storage.has(CHECKOUT_PAYMENT_KEY)).toBe(false);
    expect(readKeptPayment(7, cart)).toBeUndefined();
  });

  it('is read as none when the entry is not what the checkout wrote', () => {
    storage.set(CHECKOUT_PAYMENT_KEY, '{"clientId": 7,');
    expect(readKeptPayment(7, cart)).toBeUndefined();
    storage.set(
      CHECKOUT_PAYMENT_KEY,
      JSON.stringify({ clientId: 7, cart: '8|31:2:3000', paid: { amount: 3390 } }),
    );
    expect(readKeptPayment(7, cart)).toBeUndefined();
  });
});
