import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { joinAddress, type SavedAddress, SHIP_ONLY_TO_CANADA_ERROR } from '../../../domain/address.ts';
import { type Cart, canCheckout, EMPTY_CART_TEXT } from '../../../domain/cart.ts';
import { DEFAULT_MESSAGES, endingWith, formatMessage } from '../../../domain/messages.ts';
import { formatMoney } from '../../../domain/money.ts';
import {
  type ConfirmResult,
  PAYMENT_RELEASED_CODES,
  type PaymentMethod,
  type PaymentResult,
  type SandboxAuthentication,
  type SandboxCardData,
} from '../../../domain/orders.ts';
import { estimatedTax, type ShippingFee } from '../../../domain/shipping.ts';
import { AMOUNT_MAX_CENTS } from '../../../domain/validation.ts';
import type { Database } from '../../db/database.ts';
import { type OrderCard, orders } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation, refusalReason } from '../../lib/db-errors.ts';
import { AppError, badRequest, missingAsNotFound, notFound } from '../../lib/errors.ts';
import {
  isPaymentError,
  type PaymentGateway,
  type PaymentIntentWithMethod,
} from '../../providers/payments/gateway.ts';
import type { Destination, ShippingRates } from '../../providers/shipping/shipping-rates.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { itemsToTake, type SoldItem, stockToTake } from '../inventory/stock-taking.ts';
import { type Settings, taxRateMissing } from '../settings/settings.service.ts';
import { authorizationUsable } from './authorization-release.ts';
import {
  type AroundOrderNumber,
  type Authorization,
  CART_NOT_AS_READ,
  type CheckoutContext,
  forgetCartHold,
  insertOrder,
  loadCheckoutContext,
  loadQuoteContext,
  markOrderPaid,
  replaceCartAuthorization,
} from './checkout.queries.ts';
import { shippingFeeFor } from './shipping.service.ts';

/** What the server charges for a cart, computed from its own data only. */
interface OrderTotals {
  cart: Cart;
  shipping: SavedAddress;
  billing: SavedAddress;
  settings: Settings;
  subtotal: number;
  discount: number;
  shippingFee: number;
  taxRatePpm: number;
  tax: number;
  total: number;
  /** Changes whenever anything that makes up the total changes. */
  signature: string;
}

/** How often the confirm step reads a cart that changed under its order before it counts as changed. */
const PLACEMENT_ATTEMPTS = 3;

const cartNotReady = (message: string) => new AppError('cart_not_ready', message, 409);
const holdEnded = () =>
  new AppError(
    PAYMENT_RELEASED_CODES.holdEnded,
    'The hold on your card for this payment has ended, so no order was placed. Please pay again.',
    409,
  );
const cartChanged = () =>
  new AppError(
    PAYMENT_RELEASED_CODES.cartChanged,
    'Your cart changed after you paid, so the payment was released. Please review your cart and pay again.',
    409,
  );

/** What an order charges, from its checkout context (the server's own data only). */
async function totalsOf(context: CheckoutContext, rates: ShippingRates): Promise<OrderTotals> {
  const { cart, settings, shipping, billing } = context;
  if (!settings.show_prices) throw cartNotReady('Prices are hidden: please send your wish list instead.');
  if (cart.products.length === 0) throw cartNotReady(EMPTY_CART_TEXT);
  const stockError = cart.products.find((line) => line.error)?.error;
  if (stockError) throw new AppError('not_enough_stock', stockError, 409);
  if (!canCheckout(cart, settings.minimum_purchase)) {
    throw cartNotReady(
      formatMessage(DEFAULT_MESSAGES.minimum_purchase, formatMoney(settings.minimum_purchase)),
    );
  }
  if (!shipping) throw cartNotReady('Please enter your shipping address.');
  if (shipping.country_code !== 'CA') throw badRequest(SHIP_ONLY_TO_CANADA_ERROR);
  if (!billing) throw cartNotReady('Please enter your billing address.');
  const taxRatePpm = context.shippingTaxRatePpm;
  if (taxRatePpm === null) throw taxRateMissing(shipping.province);

  const subtotal = cart.cartTotal ?? 0;
  const fee = await shippingFeeFor(
    rates,
    cart,
    context.boxItems,
    { province: shipping.province, postalcode: shipping.postalcode, countryCode: shipping.country_code },
    settings,
  );
  const tax = estimatedTax(subtotal, fee.shipping_fee, taxRatePpm);
  const total = subtotal + fee.shipping_fee + tax;
  if (total > AMOUNT_MAX_CENTS) {
    throw cartNotReady(
      `One payment can be at most ${formatMoney(AMOUNT_MAX_CENTS)}: please split the order, or contact us.`,
    );
  }
  const signature = createHash('sha256')
    .update(
      JSON.stringify([
        cart.products.map((l) => [l.product.id, l.package?.id ?? null, l.size_id, l.quantity, l.pricing]),
        shipping.id,
        billing.id,
        fee.shipping_fee,
        taxRatePpm,
        total,
      ]),
    )
    .digest('hex')
    .slice(0, 32);
  return {
    cart,
    shipping,
    billing,
    settings,
    subtotal,
    discount: cart.discount ?? 0,
    shippingFee: fee.shipping_fee,
    taxRatePpm,
    tax,
    total,
    signature,
  };
}

/** The stock a cart's lines take: each product in its size, or each package. */
function soldItems(cart: Cart): SoldItem[] {
  return cart.products.map((line) => ({
    productId: line.product.id,
    sizeId: line.package ? null : line.size_id,
    packageId: line.package?.id ?? null,
    quantity: line.quantity,
    name: line.package ? line.package.name : line.product.name,
  }));
}

interface NewOrder {
  clientId: number;
  paymentIntentId: string;
  card: OrderCard | null;
  email: string;
  totals: OrderTotals;
}

/** What an order records of the card an intent was paid with. */
function cardOf(paymentMethod: PaymentIntentWithMethod['paymentMethod']): OrderCard | null {
  return paymentMethod?.card ? { brand: paymentMethod.card.brand, last4: paymentMethod.card.last4 } : null;
}

/** What a payment intent authorized, as the processor answers it. */
function authorizationOf({ intent, paymentMethod }: PaymentIntentWithMethod): Authorization {
  return {
    paymentIntentId: intent.id,
    amount: intent.amount,
    signature: intent.metadata.cart_signature ?? '',
    card: cardOf(paymentMethod),
  };
}

/**
 * The cart's hold as the payment step recorded it, when it is the intent named and can still pay:
 * the order is placed from it without asking the processor (docs/decisions/029). Undefined for
 * anything else (an order placed already, another hold or none, a hold from before the shop recorded
 * what it authorized, one near its end): the processor is asked.
 */
function heldAuthorization(
  context: CheckoutContext,
  paymentIntentId: string,
  now: Date,
): Authorization | undefined {
  const hold = context.cartHold;
  if (context.placedOrder || hold?.paymentIntentId !== paymentIntentId) return undefined;
  if (hold.amount === null || hold.signature === null) return undefined;
  if (!authorizationUsable(hold.authorizedAt, now)) return undefined;
  return { paymentIntentId, amount: hold.amount, signature: hold.signature, card: hold.card };
}

/**
 * Takes the stock, writes the order and its lines as they are now, takes the lines out of the cart
 * and queues the confirmation, in one statement (insertOrder); answers the order's id and number.
 * Fails with CART_NOT_AS_READ, having written nothing, when the cart is no longer as its context
 * was read or an item is short.
 */
async function placeOrder(db: Database, order: NewOrder): Promise<{ id: number; orderNumber: number }> {
  const { totals } = order;
  const storeName = totals.settings.store_name;
  const stock = stockToTake(soldItems(totals.cart));
  const [row] = await insertOrder(db, {
    clientId: order.clientId,
    paymentIntentId: order.paymentIntentId,
    card: order.card,
    clientName: [totals.billing.first_name, totals.billing.last_name].join(' '),
    email: order.email,
    subtotal: totals.subtotal,
    discount: totals.discount,
    shippingFee: totals.shippingFee,
    taxRatePpm: totals.taxRatePpm,
    tax: totals.tax,
    total: totals.total,
    shipping: totals.shipping,
    billing: totals.billing,
    lines: totals.cart.products.map((line) => ({
      product_id: line.product.id,
      package_id: line.package?.id ?? null,
      size_id: line.size_id,
      code: line.product.code,
      // A package's name already says what it is ('Holiday Gift Box - Red').
      name: line.package ? line.package.name : line.product.name,
      size_name: line.size_name,
      unit_price: line.pricing ?? 0,
      quantity: line.quantity,
      line_total: line.lineTotal ?? 0,
    })),
    confirmation: {
      to: order.email,
      subject: ['Your order ', ` at ${storeName}`],
      text: confirmationText(totals, storeName),
    },
    cartLines: totals.cart.products.map((line) => ({ id: line.id, quantity: line.quantity })),
    stock: { products: itemsToTake(stock.products), packages: itemsToTake(stock.packages) },
  });
  if (!row) throw new Error('the order statement answered no row, and did not refuse');
  return row;
}

/** The confirmation e-mail's text, before and after the order's number. */
function confirmationText(totals: OrderTotals, storeName: string): AroundOrderNumber {
  const lines = totals.cart.products.map((line) => {
    const name = line.package ? line.package.name : line.product.name;
    const size = line.size_name ? `, size ${line.size_name}` : '';
    return `- ${line.quantity} x ${name}${size}: ${formatMoney(line.lineTotal ?? 0)}`;
  });
  const before = [endingWith(`Thank you for your order at ${storeName}`), '', 'Order Number: '].join('\n');
  const after = [
    '',
    '',
    ...lines,
    '',
    `Subtotal: ${formatMoney(totals.subtotal)}`,
    `Shipping: ${totals.shippingFee === 0 ? 'Free' : formatMoney(totals.shippingFee)}`,
    `Tax: ${formatMoney(totals.tax)}`,
    `Total: ${formatMoney(totals.total)}`,
    '',
    `Shipping to: ${joinAddress(totals.shipping)}`,
  ].join('\n');
  return [before, after];
}

export interface CheckoutDeps {
  db: Database;
  payments: PaymentGateway;
  shippingRates: ShippingRates;
  clock: Clock;
  log: (message: string, error?: unknown) => void;
}

export function createCheckoutService({ db, payments, shippingRates, clock, log }: CheckoutDeps) {
  /** Captures the authorization of a placed order; a retry of a failed capture is safe. */
  async function capture(orderId: number, paymentIntentId: string): Promise<void> {
    try {
      await payments.capturePaymentIntent(paymentIntentId, { idempotencyKey: `capture:${paymentIntentId}` });
      await markOrderPaid(db, orderId);
    } catch (error) {
      // The order stands; its status stays 'placed' and the next confirm retries the capture.
      log(`capture of ${paymentIntentId} for order ${orderId} failed`, error);
    }
  }

  async function existingOrder(paymentIntentId: string) {
    const [row] = await db
      .select({
        id: orders.id,
        clientId: orders.clientId,
        orderNumber: orders.orderNumber,
        status: orders.status,
      })
      .from(orders)
      .where(eq(orders.paymentIntentId, paymentIntentId));
    return row;
  }

  async function releaseQuietly(paymentIntentId: string): Promise<void> {
    await payments.cancelPaymentIntent(paymentIntentId).catch((error: unknown) => {
      // Released already (its order failed for stock, say): nothing is held.
      if (isPaymentError(error) && error.code === 'payment_intent_unexpected_state') return;
      log(`release of ${paymentIntentId} failed`, error);
    });
  }

  /**
   * Releases an authorization the client's order could not use: forgotten as the cart's hold first,
   * so no confirm places an order from it meanwhile, then released at the processor.
   */
  async function releaseUnused(clientId: number, paymentIntentId: string): Promise<void> {
    await forgetCartHold(db, paymentIntentId, clientId);
    await releaseQuietly(paymentIntentId);
  }

  /**
   * Remembers a new authorization as the cart's, with what it authorized, and releases the one before
   * it (the client paid again: changed an address, another card), so the card is held once. The row
   * lock makes a placement of the earlier one finish first: it forgets it, and nothing is released.
   */
  async function replaceAuthorization(clientId: number, authorization: Authorization): Promise<void> {
    const [row] = await replaceCartAuthorization(db, clientId, authorization);
    const previous = row?.previous;
    if (previous && previous !== authorization.paymentIntentId) await releaseQuietly(previous);
  }

  /**
   * A payment method is its owner's: the sandbox records who made it; a method Stripe.js made in a
   * browser becomes the first payer's (claimed by the context's statement). Anyone else naming it is
   * told it does not exist.
   */
  function checkPaymentMethodOwner(user: AuthUser, context: CheckoutContext): void {
    if (context.paymentMethodOwner !== user.id) {
      throw new AppError(
        'payment_method_not_found',
        'This payment method was not found. Please enter your card again.',
        404,
      );
    }
  }

  /**
   * The caller's own payment intent, with the payment method it was paid with (one call to the
   * processor); another's, or none, is not found.
   */
  async function ownIntent(user: AuthUser, paymentIntentId: string): Promise<PaymentIntentWithMethod> {
    const found = await payments
      .retrievePaymentIntentWithMethod(paymentIntentId)
      .catch(missingAsNotFound('Payment'));
    if (found.intent.metadata.client_id !== String(user.id)) throw notFound('Payment');
    return found;
  }

  /**
   * What the payment step is told of an intent: authorized (the cart's hold from now on), waiting
   * for 3-D Secure (with the client secret the browser needs), or refused with the provider's text.
   */
  async function authorizationResult(user: AuthUser, paid: PaymentIntentWithMethod): Promise<PaymentResult> {
    const { intent } = paid;
    const answer = { paymentIntentId: intent.id, amount: intent.amount, clientSecret: null };
    if (intent.status === 'requires_capture') {
      await replaceAuthorization(user.id, authorizationOf(paid));
      return { ...answer, status: 'succeeded', error: null };
    }
    if (intent.status === 'requires_action') {
      return {
        ...answer,
        status: 'requires_action',
        error: 'Your bank asks you to confirm this payment.',
        clientSecret: intent.client_secret,
      };
    }
    return {
      ...answer,
      status: intent.status,
      error: intent.last_payment_error?.message ?? 'The payment was not authorized.',
    };
  }

  /**
   * Places the order of the client's cart as the authorization paid for it, without locking the
   * cart (docs/decisions/024): the context is read (or taken as the caller read it), and the order's
   * statement writes only if the cart is still as read (insertOrder). When it is not, the context is
   * read again and shows what changed: the order a double click placed, another hold, a changed
   * cart, a short item. A cart that changes under every attempt counts as changed.
   */
  async function placeFromCart(
    user: AuthUser,
    authorization: Authorization,
    contextRead?: CheckoutContext,
  ): Promise<{ id: number; orderNumber: number; status: string }> {
    const { paymentIntentId } = authorization;
    for (let attempt = 1; ; attempt++) {
      const context =
        (attempt === 1 ? contextRead : undefined) ??
        (await loadCheckoutContext(db, user.id, { placedBy: paymentIntentId }));
      if (context.placedOrder) return context.placedOrder;
      // The cart's hold is another (the client paid again) or none (released as too old).
      if (context.cartHold?.paymentIntentId !== paymentIntentId) throw holdEnded();
      const totals = await totalsOf(context, shippingRates);
      if (totals.signature !== authorization.signature || totals.total !== authorization.amount) {
        throw cartChanged();
      }
      try {
        const row = await placeOrder(db, {
          clientId: user.id,
          paymentIntentId,
          card: authorization.card,
          email: context.clientEmail ?? totals.billing.email,
          totals,
        });
        return { ...row, status: 'placed' };
      } catch (error) {
        if (refusalReason(error) !== CART_NOT_AS_READ) throw error;
        if (attempt === PLACEMENT_ATTEMPTS) throw cartChanged();
      }
    }
  }

  /**
   * Places the order an authorization pays for and captures it: confirm's end, the hold as the cart
   * recorded it (with the context read for it) or as the processor answered it.
   */
  async function placeAndCapture(
    user: AuthUser,
    authorization: Authorization,
    contextRead?: CheckoutContext,
  ): Promise<ConfirmResult> {
    const { paymentIntentId } = authorization;
    let order: { id: number; orderNumber: number; status: string };
    try {
      order = await placeFromCart(user, authorization, contextRead);
    } catch (error) {
      if (isUniqueViolation(error)) {
        // The same payment placed by a concurrent retry: answer that order.
        const again = await existingOrder(paymentIntentId);
        if (again?.clientId === user.id)
          return { status: 'succeeded', error: null, orderNumber: again.orderNumber };
      }
      if (
        error instanceof AppError &&
        (error.code === PAYMENT_RELEASED_CODES.cartChanged ||
          error.code === 'not_enough_stock' ||
          error.code === PAYMENT_RELEASED_CODES.holdEnded)
      ) {
        await releaseUnused(user.id, paymentIntentId);
      }
      throw error;
    }
    // The click that placed the order captures it. A retry of an order whose capture failed
    // captures it again (with the same idempotency key: a double click never charges twice).
    if (order.status === 'placed') await capture(order.id, paymentIntentId);
    return { status: 'succeeded', error: null, orderNumber: order.orderNumber };
  }

  return {
    /** The sandbox's card form: what Stripe.js does in the browser with Stripe. It is the caller's. */
    async createSandboxPaymentMethod(user: AuthUser, input: SandboxCardData): Promise<PaymentMethod> {
      if (!payments.sandbox) throw notFound('The sandbox card form');
      const method = await payments.sandbox.createPaymentMethod(input, { ownerClientId: user.id });
      // Only what the card form shows: brand, last 4 and expiry.
      const { card } = method;
      return {
        id: method.id,
        card: {
          brand: card?.brand ?? 'unknown',
          last4: card?.last4 ?? '',
          exp_month: card?.exp_month ?? 0,
          exp_year: card?.exp_year ?? 0,
        },
      };
    },

    /** The shipping fee of the client's cart to an address: POST api/Payment/shippingfee. */
    async shippingFee(user: AuthUser, destination: Destination): Promise<ShippingFee> {
      const context = await loadQuoteContext(db, user.id);
      return shippingFeeFor(shippingRates, context.cart, context.boxItems, destination, context.settings);
    },

    /** Authorizes the server-computed total (manual capture): POST api/Payment. */
    async pay(user: AuthUser, paymentMethodId: string): Promise<PaymentResult> {
      const context = await loadCheckoutContext(db, user.id, { claiming: paymentMethodId });
      const totals = await totalsOf(context, shippingRates);
      checkPaymentMethodOwner(user, context);
      try {
        const paid = await payments.createPaymentIntentWithMethod({
          amount: totals.total,
          paymentMethodId,
          captureMethod: 'manual',
          confirm: true,
          metadata: { client_id: String(user.id), cart_signature: totals.signature },
          // A double click authorizes once for the same cart and card. Stripe refuses a key used
          // before with other parameters: since the card is asked for with the authorization
          // (expand), the keys are new ones, not those of the requests made without it.
          idempotencyKey: `pay-with-card:${user.id}:${totals.signature}:${paymentMethodId}`,
        });
        return await authorizationResult(user, paid);
      } catch (error) {
        if (!isPaymentError(error)) throw error;
        if (error.type === 'card_error') {
          return {
            status: 'requires_payment_method',
            paymentIntentId: error.paymentIntentId ?? null,
            error: error.message,
            amount: totals.total,
            clientSecret: null,
          };
        }
        throw new AppError(
          error.code ?? 'payment_refused',
          error.message,
          error.statusCode >= 500 ? 502 : 400,
        );
      }
    },

    /**
     * The payment once the cardholder answered 3-D Secure in the browser (Stripe.js, or the
     * sandbox's challenge): POST api/Payment/authentication, answered as POST api/Payment.
     */
    async authentication(user: AuthUser, paymentIntentId: string): Promise<PaymentResult> {
      const paid = await ownIntent(user, paymentIntentId);
      // An order's payment is no longer a hold the cart could take back.
      if (await existingOrder(paid.intent.id)) {
        throw new AppError('payment_used', 'This payment already paid an order.', 409);
      }
      return authorizationResult(user, paid);
    },

    /** The sandbox's 3-D Secure challenge page: the cardholder completes or fails it. */
    async sandboxAuthenticate(user: AuthUser, input: SandboxAuthentication): Promise<void> {
      if (!payments.sandbox) throw notFound('The sandbox challenge');
      await ownIntent(user, input.paymentIntentId);
      try {
        await payments.sandbox.authenticatePaymentIntent(input.paymentIntentId, input.outcome);
      } catch (error) {
        if (isPaymentError(error) && error.code === 'payment_intent_unexpected_state') {
          throw new AppError(
            'authentication_not_pending',
            'This payment has no authentication to complete.',
            409,
          );
        }
        throw error;
      }
    },

    /**
     * Places the order paid by an authorized intent: POST api/Payment/confirm. The cart's own hold
     * is placed as the payment step recorded it; anything else asks the processor first.
     */
    async confirm(user: AuthUser, paymentIntentId: string): Promise<ConfirmResult> {
      const context = await loadCheckoutContext(db, user.id, { placedBy: paymentIntentId });
      const held = heldAuthorization(context, paymentIntentId, clock.now());
      if (held) return placeAndCapture(user, held, context);
      const paid = await ownIntent(user, paymentIntentId);
      const { intent } = paid;
      if (intent.status !== 'requires_capture') {
        // Captured: a retry of an order placed and paid answers the order's number.
        const placed = await existingOrder(paymentIntentId);
        if (placed?.clientId === user.id) {
          if (placed.status === 'placed') await capture(placed.id, paymentIntentId);
          return { status: 'succeeded', error: null, orderNumber: placed.orderNumber };
        }
        return {
          status: intent.status,
          error: 'This payment is not authorized; please pay again.',
          orderNumber: null,
        };
      }
      // An authorization at (or near) its end is not used: the capture could fail after the order.
      if (!authorizationUsable(intent.created, clock.now()) && !(await existingOrder(paymentIntentId))) {
        await releaseUnused(user.id, paymentIntentId);
        throw holdEnded();
      }
      return placeAndCapture(user, authorizationOf(paid), context);
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
