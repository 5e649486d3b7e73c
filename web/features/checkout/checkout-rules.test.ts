import { describe, expect, it } from 'vitest';
import type { SavedAddress } from '../../../domain/address.ts';
import {
  billingDetailsOf,
  checkoutTotals,
  formatRate,
  initialCheckout,
  isShippable,
  isStepDone,
  isStepLocked,
  needsReveal,
  orderRequestOf,
  pickAddresses,
  ratePpm,
} from './checkout-rules.ts';

function address(overrides: Partial<SavedAddress>): SavedAddress {
  return {
    id: 7,
    client_id: 1,
    first_name: 'Jamie',
    middle_initial: '',
    last_name: 'Tremblay',
    address: '245 Queen St W',
    address2: '',
    city: 'Toronto',
    province: 'ON',
    postalcode: 'M5V 1Z4',
    country_code: 'CA',
    country: 'Canada',
    email: 'demo@maplesock.ca',
    phone: '416-555-0142',
    address_type_id: 1,
    is_default: true,
    same_as_shipping: false,
    ...overrides,
  };
}

describe('the step counter (spec §4)', () => {
  it('locks a step until the one before it is done', () => {
    expect(isStepLocked('shipping', 0)).toBe(false);
    expect(isStepLocked('billing', 0)).toBe(true);
    expect(isStepLocked('billing', 1)).toBe(false);
    expect(isStepLocked('payment', 1)).toBe(true);
    expect(isStepLocked('payment', 2)).toBe(false);
    expect(isStepLocked('review', 2)).toBe(true);
    expect(isStepLocked('review', 3)).toBe(false);
  });

  it('marks the steps behind the counter done, never the review', () => {
    expect(isStepDone('shipping', 0)).toBe(false);
    expect(isStepDone('shipping', 1)).toBe(true);
    expect(isStepDone('billing', 1)).toBe(false);
    expect(isStepDone('payment', 3)).toBe(true);
    expect(isStepDone('review', 3)).toBe(false);
  });

  it('opens the step after the saved addresses on load', () => {
    const shipping = address({ id: 3 });
    const billing = address({ id: 4, address_type_id: 2 });
    expect(initialCheckout({ shipping: undefined, billing: undefined })).toEqual({
      counter: 0,
      open: 'shipping',
    });
    expect(initialCheckout({ shipping, billing: undefined })).toEqual({ counter: 1, open: 'billing' });
    expect(initialCheckout({ shipping, billing })).toEqual({ counter: 2, open: 'payment' });
    // A billing address alone is not enough: shipping comes first.
    expect(initialCheckout({ shipping: undefined, billing })).toEqual({ counter: 0, open: 'shipping' });
  });

  it('picks the saved shipping (type 1) and billing (type 2) addresses', () => {
    const shipping = address({ id: 3 });
    const billing = address({ id: 4, address_type_id: 2 });
    expect(pickAddresses([billing, shipping])).toEqual({ shipping, billing });
    expect(pickAddresses([])).toEqual({ shipping: undefined, billing: undefined });
  });
});

describe('shipping and tax', () => {
  it('ships only to Canada', () => {
    expect(isShippable(address({ country_code: 'CA' }))).toBe(true);
    expect(isShippable(address({ country_code: 'ca' }))).toBe(true);
    expect(isShippable(address({ country_code: 'US' }))).toBe(false);
    expect(isShippable(undefined)).toBe(false);
  });

  it('estimates tax on the cart total plus shipping, and adds both to the total (spec §9)', () => {
    expect(ratePpm(0.13)).toBe(130_000);
    expect(ratePpm(0.14975)).toBe(149_750);
    expect(checkoutTotals(10_000, 1_500, 0.13)).toEqual({
      subtotal: 10_000,
      shippingFee: 1_500,
      tax: 1_495,
      total: 12_995,
    });
    expect(checkoutTotals(20_997, 0, 0.14975)).toEqual({
      subtotal: 20_997,
      shippingFee: 0,
      tax: 3_144,
      total: 24_141,
    });
  });

  it('leaves tax and total open while the fee or the rate is unknown', () => {
    expect(checkoutTotals(10_000, undefined, 0.13)).toEqual({
      subtotal: 10_000,
      shippingFee: undefined,
      tax: undefined,
      total: undefined,
    });
    expect(checkoutTotals(10_000, 0, undefined).total).toBeUndefined();
  });

  it('shows a rate as a percentage', () => {
    expect(formatRate(0.13)).toBe('13%');
    expect(formatRate(0.14975)).toBe('14.975%');
    expect(formatRate(0.05)).toBe('5%');
  });
});

describe('the card form', () => {
  it('sends the billing address as the card billing details', () => {
    expect(billingDetailsOf(address({ address_type_id: 2, email: '' }), 'me@example.ca')).toEqual({
      name: 'Jamie Tremblay',
      email: 'me@example.ca',
      phone: '416-555-0142',
      address: {
        line1: '245 Queen St W',
        line2: '',
        city: 'Toronto',
        state: 'ON',
        country: 'CA',
        postal_code: 'M5V 1Z4',
      },
    });
    expect(billingDetailsOf(undefined, 'me@example.ca')).toEqual({ email: 'me@example.ca' });
  });
});

describe('orderRequestOf', () => {
  it('carries the spec order request with the shipping address on one line', () => {
    const request = orderRequestOf({
      client: { client_id: 1, client_full_name: 'Jamie Tremblay', email: 'demo@maplesock.ca' },
      shipping: address({}),
      shippingFee: 1_819,
      cart: {
        id: 1,
        userId: 1,
        products: [
          {
            id: 2,
            product: {
              id: 57,
              category_id: 14,
              code: 'GP',
              name: 'Box',
              icon: '',
              instock: 5,
              withsize: false,
            },
            package: { id: 1, name: 'Box - Red', icon: '' },
            quantity: 1,
            size_id: null,
            size_name: '',
            pricing: 5999,
            productDiscount: 0,
            lineTotal: 5999,
            error: null,
          },
        ],
        cartTotal: 5999,
        discount: 0,
        quantity: 1,
        hasError: false,
      },
    });
    expect(request).toEqual({
      client_id: 1,
      client_name: 'Jamie Tremblay',
      email: 'demo@maplesock.ca',
      shipping_address: 'Jamie Tremblay, 245 Queen St W, Toronto, ON M5V 1Z4, Canada',
      shipping_fee: 1_819,
      cart: [{ productId: 1, isPackage: true, size_id: null, quantity: 1 }],
    });
  });
});

describe('needsReveal', () => {
  const HEADER = 64;
  const SCREEN = 844;

  it('leaves a step that opened in the upper part of the screen where it is', () => {
    expect(needsReveal(HEADER, SCREEN, HEADER)).toBe(false);
    expect(needsReveal(300, SCREEN, HEADER)).toBe(false);
    expect(needsReveal(SCREEN * 0.6, SCREEN, HEADER)).toBe(false);
  });

  it('scrolls to a step hidden under the header, above the screen, or low on it', () => {
    expect(needsReveal(40, SCREEN, HEADER)).toBe(true);
    expect(needsReveal(-900, SCREEN, HEADER)).toBe(true);
    expect(needsReveal(700, SCREEN, HEADER)).toBe(true);
    expect(needsReveal(2400, SCREEN, HEADER)).toBe(true);
  });
});
