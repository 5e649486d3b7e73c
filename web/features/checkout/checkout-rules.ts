/**
 * Checkout rules (spec storefront §2 Checkout, §4 Checkout step counter, Payment, Order placement,
 * Shipping fee; §9 Tax). Pure, so that they are tested without a browser.
 */
import {
  BILLING_ADDRESS,
  joinAddress,
  type SavedAddress,
  SHIPPING_ADDRESS,
} from '../../../domain/address.ts';
import type { Cart } from '../../../domain/cart.ts';
import { PPM } from '../../../domain/money.ts';
import { estimatedTax } from '../../../domain/shipping.ts';

export const STEPS = ['shipping', 'billing', 'payment', 'review'] as const;
export type StepName = (typeof STEPS)[number];

export const INVALID_FORM_TEXT = 'Some required fields are not entered or some entries are not valid.';

/**
 * The step counter: 0 at the start, 1 once the shipping address is saved, 2 once the billing
 * address is saved, 3 once the payment is authorized.
 */
export type StepCounter = 0 | 1 | 2 | 3;

/** A step can be opened once every step before it is done. */
export function isStepLocked(step: StepName, counter: StepCounter): boolean {
  return STEPS.indexOf(step) > counter;
}

/** Done steps show a check mark; the review is never "done" before the order is placed. */
export function isStepDone(step: StepName, counter: StepCounter): boolean {
  return step !== 'review' && STEPS.indexOf(step) < counter;
}

export interface SavedAddresses {
  shipping: SavedAddress | undefined;
  billing: SavedAddress | undefined;
}

/** The client's current addresses from GET api/Address/client/{id}. */
export function pickAddresses(addresses: readonly SavedAddress[]): SavedAddresses {
  return {
    shipping: addresses.find((address) => address.address_type_id === SHIPPING_ADDRESS && address.id > 0),
    billing: addresses.find((address) => address.address_type_id === BILLING_ADDRESS && address.id > 0),
  };
}

/**
 * Where checkout starts: saved addresses (id above 0) open the next step on load. A saved
 * shipping address puts the counter at 1 and opens billing; a saved billing address as well sets
 * 2 and opens payment.
 */
export function initialCheckout(saved: SavedAddresses): { counter: StepCounter; open: StepName } {
  if (!saved.shipping) return { counter: 0, open: 'shipping' };
  if (!saved.billing) return { counter: 1, open: 'billing' };
  return { counter: 2, open: 'payment' };
}

/**
 * After a step is done the next one opens. It is scrolled into view when its top is hidden under
 * the sticky header or sits low on the screen: on a phone the finished form was taller than the
 * screen, and the person would be left looking at the Order Summary below.
 */
export function needsReveal(top: number, viewportHeight: number, topInset: number): boolean {
  return top < topInset || top > viewportHeight * 0.6;
}

/** Only Canadian shipping addresses can be paid for (spec §5 Payment, §8). */
export function isShippable(address: Pick<SavedAddress, 'country_code'> | undefined): boolean {
  return address?.country_code.trim().toUpperCase() === 'CA';
}

/** api/Tax answers a rate (0.13); the domain's math takes parts per million. */
export function ratePpm(taxRate: number): number {
  return Math.round(taxRate * PPM);
}

export interface Totals {
  subtotal: number;
  shippingFee: number | undefined;
  tax: number | undefined;
  /** Undefined until both the shipping fee and the tax rate are known. */
  total: number | undefined;
}

/** Order total = cart total + shipping + estimated tax, where tax = round((cart + shipping) x rate). */
export function checkoutTotals(
  cartTotal: number,
  shippingFee: number | undefined,
  taxRate: number | undefined,
): Totals {
  const tax =
    shippingFee === undefined || taxRate === undefined
      ? undefined
      : estimatedTax(cartTotal, shippingFee, ratePpm(taxRate));
  const total = shippingFee === undefined || tax === undefined ? undefined : cartTotal + shippingFee + tax;
  return { subtotal: cartTotal, shippingFee, tax, total };
}

/** '13%' or '14.975%'. */
export function formatRate(taxRate: number): string {
  return `${Number((taxRate * 100).toFixed(3))}%`;
}

/** The card's billing details (spec §3 Payment method) from the billing address. */
export function billingDetailsOf(address: SavedAddress | undefined, fallbackEmail: string) {
  if (!address) return { email: fallbackEmail };
  const name = [address.first_name, address.middle_initial, address.last_name].filter(Boolean).join(' ');
  return {
    name,
    email: address.email || fallbackEmail,
    phone: address.phone,
    address: {
      line1: address.address,
      line2: address.address2,
      city: address.city,
      state: address.province,
      country: address.country_code,
      postal_code: address.postalcode,
    },
  };
}

/**
 * The spec's order request (client_id, client_name, email, shipping_address as one line,
 * shipping_fee, cart). The server rebuilds every amount and address from its own data.
 */
export function orderRequestOf(input: {
  client: { client_id: number; client_full_name: string; email: string };
  shipping: SavedAddress;
  shippingFee: number | undefined;
  cart: Cart;
}) {
  return {
    client_id: input.client.client_id,
    client_name: input.client.client_full_name,
    email: input.client.email,
    shipping_address: joinAddress(input.shipping),
    shipping_fee: input.shippingFee ?? 0,
    cart: input.cart.products.map((line) => ({
      productId: line.package?.id ?? line.product.id,
      isPackage: line.package !== null,
      size_id: line.size_id,
      quantity: line.quantity,
    })),
  };
}
