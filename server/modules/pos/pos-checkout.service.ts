/**
 * Card Checkout, for staff without a reader (spec pos.md §2): the products and prices the hosted
 * payment page sells, a session for the quantities chosen, and the sandbox's own hosted page.
 */
import type {
  PosPrice,
  PosProduct,
  SandboxCheckout,
  SandboxCheckoutPay,
} from '../../../domain/pos/checkout.ts';
import { POS_MESSAGES } from '../../../domain/pos/messages.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import {
  type CheckoutSession,
  isPaymentError,
  type PaymentGateway,
} from '../../providers/payments/gateway.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { POS_SOURCE } from './pos.service.ts';

export interface PosCheckoutDeps {
  payments: PaymentGateway;
  /** The shop's address on the web (config.publicUrl): the hosted checkout returns there. */
  publicUrl: string;
}

function sandboxCheckout(session: CheckoutSession): SandboxCheckout {
  return {
    id: session.id,
    status: session.status,
    payment_status: session.payment_status,
    amount_total: session.amount_total ?? 0,
    currency: session.currency ?? 'cad',
    success_url: session.success_url,
    cancel_url: session.cancel_url,
    lines: session.line_items.map((line) => ({
      priceId: line.price,
      description: line.description ?? '',
      quantity: line.quantity,
      unitAmount: line.quantity > 0 ? Math.round(line.amount_total / line.quantity) : 0,
      amountTotal: line.amount_total,
    })),
  };
}

export function createPosCheckoutService({ payments, publicUrl }: PosCheckoutDeps) {
  return {
    async listProducts(): Promise<PosProduct[]> {
      const products = await payments.listProducts();
      return products.map((product) => ({ id: product.id, name: product.name }));
    },

    async listPrices(): Promise<PosPrice[]> {
      const prices = await payments.listPrices();
      return prices.flatMap((price) =>
        price.unit_amount === null
          ? []
          : [{ id: price.id, productId: price.product, unitAmount: price.unit_amount }],
      );
    },

    /** Only the prices with a quantity above 0; the same price twice is one line. */
    async createCheckoutSession(user: AuthUser, lineItems: { priceId: string; quantity: number }[]) {
      const quantities = new Map<string, number>();
      for (const item of lineItems) {
        if (item.quantity > 0)
          quantities.set(item.priceId, (quantities.get(item.priceId) ?? 0) + item.quantity);
      }
      if (quantities.size === 0) {
        throw badRequest(POS_MESSAGES.checkoutNoItems, { lineItems: POS_MESSAGES.checkoutNoItems });
      }
      const session = await payments
        .createCheckoutSession({
          lineItems: [...quantities].map(([priceId, quantity]) => ({ priceId, quantity })),
          successUrl: `${publicUrl}/#/checkout-success`,
          cancelUrl: `${publicUrl}/#/pos-checkout`,
          metadata: { source: POS_SOURCE, pos_user: String(user.id) },
        })
        .catch((error: unknown) => {
          if (isPaymentError(error) && error.code === 'resource_missing') {
            throw badRequest('This price is not for sale.', { lineItems: 'This price is not for sale.' });
          }
          throw error;
        });
      if (!session.url) throw new AppError('checkout_failed', POS_MESSAGES.paymentCreationError, 502);
      return { url: session.url };
    },

    /** The sandbox's hosted payment page (test mode only): what it shows. */
    async sandboxCheckout(id: string): Promise<SandboxCheckout> {
      if (!payments.sandbox) throw notFound('Checkout session');
      const session = await payments.retrieveCheckoutSession(id).catch((error: unknown) => {
        if (isPaymentError(error) && error.statusCode === 404) throw notFound('Checkout session');
        throw error;
      });
      return sandboxCheckout(session);
    },

    /** The sandbox's hosted page pays the session with a card typed on it. */
    async paySandboxCheckout(
      id: string,
      card: SandboxCheckoutPay & { number: string },
    ): Promise<SandboxCheckout> {
      const sandbox = payments.sandbox;
      if (!sandbox) throw notFound('Checkout session');
      const session = await sandbox.completeCheckoutSession(id, card).catch((error: unknown) => {
        if (isPaymentError(error) && error.statusCode === 404) throw notFound('Checkout session');
        throw error;
      });
      return sandboxCheckout(session);
    },
  };
}

export type PosCheckoutService = ReturnType<typeof createPosCheckoutService>;
