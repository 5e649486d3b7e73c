import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { joinAddress, type SavedAddress, SHIP_ONLY_TO_CANADA_ERROR } from '../../../domain/address.ts';
import { type Cart, canCheckout } from '../../../domain/cart.ts';
import { formatMessage } from '../../../domain/config.ts';
import { formatMoney } from '../../../domain/money.ts';
import type { ConfirmResult, PaymentResult, SandboxCard } from '../../../domain/orders.ts';
import { sandboxCardSchema } from '../../../domain/orders.ts';
import { estimatedTax } from '../../../domain/shipping.ts';
import type { Database, DbOrTx, Tx } from '../../db/database.ts';
import { cartLines, carts, clients, messages, orderLines, orders, packages, stock } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { enqueueMail } from '../../providers/mail/outbox.ts';
import {
  isPaymentError,
  type PaymentGateway,
  type PaymentIntent,
  type PaymentMethod,
} from '../../providers/payments/gateway.ts';
import type { ShippingRates } from '../../providers/shipping/shipping-rates.ts';
import { defaultAddresses } from '../addresses/addresses.service.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { loadCart } from '../cart/cart.service.ts';
import { notifyCatalogChanged } from '../catalog/catalog-cache.ts';
import { provinceTaxRatePpm, readSettings, type Settings } from '../settings/settings.service.ts';
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

const cartNotReady = (message: string) => new AppError('cart_not_ready', message, 409);
const cartChanged = () =>
  new AppError(
    'cart_changed',
    'Your cart changed after you paid, so the payment was released. Please review your cart and pay again.',
    409,
  );

class ShortStock extends Error {
  constructor(readonly productName: string) {
    super(`not enough stock for ${productName}`);
  }
}

async function computeTotals(db: DbOrTx, rates: ShippingRates, user: AuthUser): Promise<OrderTotals> {
  // One after another: inside the order's transaction they share one connection.
  const cart = await loadCart(db, user.id);
  const settings = await readSettings(db);
  const { shipping, billing } = await defaultAddresses(db, user.id);
  if (!settings.show_prices) throw cartNotReady('Prices are hidden: please send your wish list instead.');
  if (cart.products.length === 0) throw cartNotReady('Your cart is currently empty.');
  const stockError = cart.products.find((line) => line.error)?.error;
  if (stockError) throw new AppError('not_enough_stock', stockError, 409);
  if (!canCheckout(cart, settings.minimum_purchase)) {
    throw cartNotReady(`The minimum purchase is ${formatMoney(settings.minimum_purchase)} before tax.`);
  }
  if (!shipping) throw cartNotReady('Please enter your shipping address.');
  if (shipping.country_code !== 'CA') throw badRequest(SHIP_ONLY_TO_CANADA_ERROR);
  if (!billing) throw cartNotReady('Please enter your billing address.');

  const subtotal = cart.cartTotal ?? 0;
  const fee = await shippingFeeFor(
    db,
    rates,
    cart,
    { province: shipping.province, postalcode: shipping.postalcode, countryCode: shipping.country_code },
    settings,
  );
  const taxRatePpm = await provinceTaxRatePpm(db, shipping.province);
  const tax = estimatedTax(subtotal, fee.shipping_fee, taxRatePpm);
  const total = subtotal + fee.shipping_fee + tax;
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

/** Takes the stock of every line with a guard; quantities are summed per stock item first. */
async function takeStock(tx: Tx, cart: Cart): Promise<void> {
  const productItems = new Map<
    string,
    { productId: number; sizeId: number | null; quantity: number; name: string }
  >();
  const packageItems = new Map<number, { quantity: number; name: string }>();
  for (const line of cart.products) {
    if (line.package) {
      const item = packageItems.get(line.package.id) ?? { quantity: 0, name: line.package.name };
      item.quantity += line.quantity;
      packageItems.set(line.package.id, item);
    } else {
      const key = `${line.product.id}:${line.size_id ?? ''}`;
      const item = productItems.get(key) ?? {
        productId: line.product.id,
        sizeId: line.size_id,
        quantity: 0,
        name: line.product.name,
      };
      item.quantity += line.quantity;
      productItems.set(key, item);
    }
  }
  // A fixed order keeps two orders taking the same rows from deadlocking each other.
  const sortedProducts = [...productItems.values()].sort(
    (a, b) => a.productId - b.productId || (a.sizeId ?? 0) - (b.sizeId ?? 0),
  );
  for (const item of sortedProducts) {
    const taken = await tx
      .update(stock)
      .set({ instock: sql`${stock.instock} - ${item.quantity}` })
      .where(
        and(
          eq(stock.productId, item.productId),
          sql`${stock.sizeId} IS NOT DISTINCT FROM ${item.sizeId}`,
          sql`${stock.instock} >= ${item.quantity}`,
        ),
      )
      .returning({ id: stock.id });
    if (taken.length === 0) throw new ShortStock(item.name);
  }
  for (const [packageId, item] of [...packageItems.entries()].sort(([a], [b]) => a - b)) {
    const taken = await tx
      .update(packages)
      .set({ instock: sql`${packages.instock} - ${item.quantity}` })
      .where(and(eq(packages.id, packageId), sql`${packages.instock} >= ${item.quantity}`))
      .returning({ id: packages.id });
    if (taken.length === 0) throw new ShortStock(item.name);
  }
}

function confirmationText(orderNumber: number, totals: OrderTotals, storeName: string): string {
  const lines = totals.cart.products.map((line) => {
    const name = line.package ? `${line.product.name} — ${line.package.name}` : line.product.name;
    const size = line.size_name ? `, size ${line.size_name}` : '';
    return `- ${line.quantity} x ${name}${size}: ${formatMoney(line.lineTotal ?? 0)}`;
  });
  return [
    `Thank you for your order at ${storeName}.`,
    '',
    `Order Number: ${orderNumber}`,
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
}

export interface CheckoutDeps {
  db: Database;
  payments: PaymentGateway;
  shippingRates: ShippingRates;
  log: (message: string, error?: unknown) => void;
}

export function createCheckoutService({ db, payments, shippingRates, log }: CheckoutDeps) {
  /** Captures the authorization of a placed order; a retry of a failed capture is safe. */
  async function capture(orderId: number, paymentIntentId: string): Promise<void> {
    try {
      await payments.capturePaymentIntent(paymentIntentId, { idempotencyKey: `capture:${paymentIntentId}` });
      await db.update(orders).set({ status: 'paid' }).where(eq(orders.id, orderId));
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
      log(`release of ${paymentIntentId} failed`, error);
    });
  }

  async function notEnoughStock(name: string): Promise<AppError> {
    const [row] = await db
      .select({ text: messages.text })
      .from(messages)
      .where(eq(messages.code, 'not_enough_stock'));
    return new AppError(
      'not_enough_stock',
      formatMessage(row?.text ?? 'Sorry, there is not enough stock for {0}.', name),
      409,
    );
  }

  return {
    /** The sandbox's card form: what Stripe.js does in the browser with Stripe. */
    async createSandboxPaymentMethod(input: SandboxCard): Promise<PaymentMethod> {
      if (!payments.sandbox) throw notFound('The sandbox card form');
      const card = sandboxCardSchema.parse(input);
      try {
        return await payments.sandbox.createPaymentMethod(card);
      } catch (error) {
        if (isPaymentError(error))
          throw new AppError(error.code ?? 'card_error', error.message, error.statusCode);
        throw error;
      }
    },

    /** Authorizes the server-computed total (manual capture): POST api/Payment. */
    async pay(user: AuthUser, paymentMethodId: string): Promise<PaymentResult> {
      const totals = await computeTotals(db, shippingRates, user);
      try {
        const intent = await payments.createPaymentIntent({
          amount: totals.total,
          paymentMethodId,
          captureMethod: 'manual',
          confirm: true,
          metadata: { client_id: String(user.id), cart_signature: totals.signature },
          // A double click authorizes once for the same cart and card.
          idempotencyKey: `pay:${user.id}:${totals.signature}:${paymentMethodId}`,
        });
        if (intent.status !== 'requires_capture') {
          return {
            status: intent.status,
            paymentIntentId: intent.id,
            error: intent.last_payment_error?.message ?? 'The payment was not authorized.',
            amount: totals.total,
          };
        }
        return { status: 'succeeded', paymentIntentId: intent.id, error: null, amount: totals.total };
      } catch (error) {
        if (!isPaymentError(error)) throw error;
        if (error.type === 'card_error') {
          return {
            status: 'requires_payment_method',
            paymentIntentId: error.paymentIntentId ?? null,
            error: error.message,
            amount: totals.total,
          };
        }
        throw new AppError(
          error.code ?? 'payment_refused',
          error.message,
          error.statusCode >= 500 ? 502 : 400,
        );
      }
    },

    /** Places the order paid by an authorized intent: POST api/Payment/confirm. */
    async confirm(user: AuthUser, paymentIntentId: string): Promise<ConfirmResult> {
      const placed = await existingOrder(paymentIntentId);
      if (placed) {
        if (placed.clientId !== user.id) throw notFound('Payment');
        if (placed.status === 'placed') await capture(placed.id, paymentIntentId);
        return { status: 'succeeded', error: null, orderNumber: placed.orderNumber };
      }

      let intent: PaymentIntent;
      try {
        intent = await payments.retrievePaymentIntent(paymentIntentId);
      } catch (error) {
        if (isPaymentError(error) && error.statusCode === 404) throw notFound('Payment');
        throw error;
      }
      if (intent.metadata.client_id !== String(user.id)) throw notFound('Payment');
      if (intent.status !== 'requires_capture') {
        return {
          status: intent.status,
          error: 'This payment is not authorized; please pay again.',
          orderNumber: null,
        };
      }
      const paymentMethod = intent.payment_method
        ? await payments.retrievePaymentMethod(intent.payment_method).catch(() => null)
        : null;
      const [client] = await db.select({ email: clients.email }).from(clients).where(eq(clients.id, user.id));

      let order: { id: number; orderNumber: number; placedBefore: boolean };
      try {
        order = await db.transaction(async (tx) => {
          // One checkout at a time per client: the cart cannot change under the order.
          await tx.execute(
            sql`SELECT ${carts.id} FROM ${carts} WHERE ${carts.clientId} = ${user.id} FOR UPDATE`,
          );
          // A double click waited for the lock while the first click placed this very payment.
          const [already] = await tx
            .select({ id: orders.id, orderNumber: orders.orderNumber })
            .from(orders)
            .where(eq(orders.paymentIntentId, paymentIntentId));
          if (already) return { ...already, placedBefore: true };
          const totals = await computeTotals(tx, shippingRates, user);
          if (totals.signature !== intent.metadata.cart_signature || totals.total !== intent.amount) {
            throw cartChanged();
          }
          await takeStock(tx, totals.cart);
          const [row] = await tx
            .insert(orders)
            .values({
              clientId: user.id,
              paymentIntentId,
              paymentMethod: paymentMethod?.card
                ? { brand: paymentMethod.card.brand, last4: paymentMethod.card.last4 }
                : null,
              clientName: [totals.billing.first_name, totals.billing.last_name].join(' '),
              email: client?.email ?? totals.billing.email,
              subtotal: totals.subtotal,
              discount: totals.discount,
              shippingFee: totals.shippingFee,
              taxRatePpm: totals.taxRatePpm,
              tax: totals.tax,
              total: totals.total,
              shippingAddress: totals.shipping,
              billingAddress: totals.billing,
            })
            .returning({ id: orders.id, orderNumber: orders.orderNumber });
          if (!row) throw new Error('order insert returned nothing');
          await tx.insert(orderLines).values(
            totals.cart.products.map((line) => ({
              orderId: row.id,
              productId: line.product.id,
              packageId: line.package?.id ?? null,
              sizeId: line.size_id,
              code: line.product.code,
              name: line.package ? `${line.product.name} — ${line.package.name}` : line.product.name,
              sizeName: line.size_name,
              unitPrice: line.pricing ?? 0,
              quantity: line.quantity,
              lineTotal: line.lineTotal ?? 0,
            })),
          );
          await tx
            .delete(cartLines)
            .where(
              sql`${cartLines.cartId} IN (SELECT ${carts.id} FROM ${carts} WHERE ${carts.clientId} = ${user.id})`,
            );
          await enqueueMail(tx, {
            to: client?.email ?? totals.billing.email,
            subject: `Your order ${row.orderNumber} at ${totals.settings.store_name}`,
            text: confirmationText(row.orderNumber, totals, totals.settings.store_name),
          });
          // The stock shown on product pages changes with this order, here and on other instances.
          await notifyCatalogChanged(
            tx,
            totals.cart.products.map((line) => line.product.id),
          );
          return { ...row, placedBefore: false };
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          // The same payment placed by a concurrent retry: answer that order.
          const again = await existingOrder(paymentIntentId);
          if (again?.clientId === user.id)
            return { status: 'succeeded', error: null, orderNumber: again.orderNumber };
        }
        if (error instanceof ShortStock) {
          await releaseQuietly(paymentIntentId);
          throw await notEnoughStock(error.productName);
        }
        if (
          error instanceof AppError &&
          (error.code === 'cart_changed' || error.code === 'not_enough_stock')
        ) {
          await releaseQuietly(paymentIntentId);
        }
        throw error;
      }
      // The click that placed the order captures it; a double click only reads its number.
      if (!order.placedBefore) await capture(order.id, paymentIntentId);
      return { status: 'succeeded', error: null, orderNumber: order.orderNumber };
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
