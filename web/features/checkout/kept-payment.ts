import { z } from 'zod';
import type { Cart } from '../../../domain/cart.ts';
import { paymentMethodSchema } from '../../../domain/orders.ts';
import { CHECKOUT_PAYMENT_KEY } from '../../../domain/storage-keys.ts';
import type { Paid } from './payment-step.tsx';

/**
 * The payment authorized at the checkout's third step, kept for the tab (sessionStorage) so that a
 * reload at Review comes back to Review with the same card instead of asking for it again. It is
 * kept with the client and the cart it paid for: another client, or a cart changed since, gets the
 * Payment step as before. The server still judges the payment when the order is placed.
 */
const keptPaymentSchema = z.object({
  clientId: z.number().int(),
  cart: z.string(),
  paid: z.object({
    method: paymentMethodSchema,
    paymentIntentId: z.string().min(1),
    amount: z.number().int().nullable(),
  }) satisfies z.ZodType<Paid>,
});

/** The cart as its payment covers it: its lines, their quantities and amounts. */
function cartSignature(cart: Cart): string {
  return [cart.id, ...cart.products.map((line) => `${line.id}:${line.quantity}:${line.lineTotal}`)].join('|');
}

/** The payment kept for this client's cart as it is now, if any. */
export function readKeptPayment(clientId: number, cart: Cart): Paid | undefined {
  try {
    const raw = window.sessionStorage.getItem(CHECKOUT_PAYMENT_KEY);
    if (!raw) return undefined;
    const kept = keptPaymentSchema.safeParse(JSON.parse(raw));
    return kept.success && kept.data.clientId === clientId && kept.data.cart === cartSignature(cart)
      ? kept.data.paid
      : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the payment just authorized for the cart it pays for, or forgets it (placed, released, changed). */
export function keepPayment(clientId: number, cart: Cart, paid: Paid | undefined): void {
  try {
    if (paid)
      window.sessionStorage.setItem(
        CHECKOUT_PAYMENT_KEY,
        JSON.stringify({ clientId, cart: cartSignature(cart), paid }),
      );
    else window.sessionStorage.removeItem(CHECKOUT_PAYMENT_KEY);
  } catch {
    // Without storage, a reload asks for the card again.
  }
}
