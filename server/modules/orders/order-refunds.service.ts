import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { planOrderRefund, type RefundAsk } from '../../../domain/admin/order-refunds.ts';
import { CANCELLABLE_STATUSES, disputeHolds, orderDisputedMessage } from '../../../domain/admin/orders.ts';
import { formatMoney } from '../../../domain/money.ts';
import type { Database, Tx } from '../../db/database.ts';
import { type OrderRefundLine, orderEvents, orderLines, orderRefunds, orders } from '../../db/schema.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { enqueueMail } from '../../providers/mail/outbox.ts';
import { isPaymentError, type PaymentGateway } from '../../providers/payments/gateway.ts';
import { notifyCatalogChanged } from '../catalog/catalog-cache.ts';
import { putBackStock } from '../inventory/stock-taking.ts';
import { readSettings } from '../settings/settings.service.ts';
import { isUndoneRefundStatus, orderRefundUndone, unrefundLines } from './order-payment-events.ts';

/** Where a refund was asked for: the back office, the POS refund screen or a cancellation. */
export type RefundSource = 'admin' | 'pos' | 'cancel';

export interface OrderRefundRequest {
  orderId: number;
  ask: RefundAsk;
  /** Scoped by the caller already (the same key from two callers never meets). */
  idempotencyKey: string;
  source: RefundSource;
  actorId: number | null;
}

type RefundRow = typeof orderRefunds.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** What a refund request asked, as a digest: its Idempotency-Key may be sent again only with it. */
function fingerprintOf(request: OrderRefundRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([request.source, request.ask]))
    .digest('hex');
}

/**
 * The refund an Idempotency-Key was first used for, when this request is that one again; another
 * order or another ask under the same key is refused (Stripe answers such a reuse with an error).
 */
function sameRefund(existing: RefundRow, request: OrderRefundRequest): RefundRow {
  if (existing.orderId !== request.orderId) {
    throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used for another order.', 409);
  }
  if (existing.requestFingerprint !== null && existing.requestFingerprint !== fingerprintOf(request)) {
    throw new AppError(
      'idempotency_key_reused',
      'This Idempotency-Key was used for another refund of this order: send that refund again, or this one with a new key.',
      409,
    );
  }
  return existing;
}

const refundPending = () =>
  new AppError(
    'refund_pending',
    'The card processor did not answer, so the refund is pending. Send it again with the same ' +
      'request: it will not refund twice.',
    502,
  );

/** The timeline's line of a refund: how much, what, and what went back to stock. */
function refundEventText(row: RefundRow, names: Map<number, string>): string {
  const what = row.lines.map((line) => `${line.quantity} x ${names.get(line.lineId) ?? 'item'}`);
  if (row.shippingAmount > 0) what.push('the shipping');
  const restocked = row.lines.filter((line) => line.restock).length;
  const stockText =
    restocked === 0
      ? ''
      : restocked === row.lines.length
        ? ', all back in stock'
        : `, ${restocked} back in stock`;
  return [
    row.source === 'cancel'
      ? `Cancelled: ${formatMoney(row.amount)} given back`
      : `Refunded ${formatMoney(row.amount)}`,
    what.length > 0 ? ` (${what.join(', ')})` : '',
    stockText,
    row.source === 'pos' ? ', from the POS refund screen' : '',
  ].join('');
}

/**
 * A card as people name it from Stripe's brand: 'visa' is a Visa card, 'amex' an American Express
 * card; 'unknown' is a card.
 */
function cardName(brand: string): string {
  const known: Record<string, string> = {
    amex: 'American Express',
    diners: 'Diners Club',
    eftpos_au: 'eftpos',
    jcb: 'JCB',
    unionpay: 'UnionPay',
  };
  if (brand === 'unknown') return 'card';
  return `${known[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1)} card`;
}

/** The client's e-mail about a refund or a cancellation. */
function refundMail(order: OrderRow, refund: RefundRow, names: Map<number, string>, storeName: string) {
  const card =
    order.paymentMethod?.brand && order.paymentMethod.last4
      ? `your ${cardName(order.paymentMethod.brand)} ending in ${order.paymentMethod.last4}`
      : 'your card';
  const lines = refund.lines.map((line) => `- ${line.quantity} x ${names.get(line.lineId) ?? 'item'}`);
  const cancelled = refund.source === 'cancel';
  return {
    to: order.email,
    subject: cancelled
      ? `Your order ${order.orderNumber} at ${storeName} is cancelled`
      : `A refund on your order ${order.orderNumber} at ${storeName}`,
    text: [
      `Hello ${order.clientName},`,
      '',
      cancelled
        ? `Your order ${order.orderNumber} has been cancelled.`
        : order.status === 'refunded'
          ? `We have refunded your order ${order.orderNumber} in full.`
          : `We have refunded part of your order ${order.orderNumber}.`,
      '',
      ...(lines.length > 0 ? ['Refunded:', ...lines] : []),
      ...(refund.shippingAmount > 0 ? [`Shipping: ${formatMoney(refund.shippingAmount)}`] : []),
      `Tax: ${formatMoney(refund.tax)}`,
      '',
      refund.gatewayRefundId || !cancelled
        ? `${formatMoney(refund.amount)} goes back to ${card}; banks take 5 to 10 business days to show it.`
        : `The hold of ${formatMoney(refund.amount)} on ${card} has been released.`,
    ].join('\n'),
  };
}

/** The order's money changes and its history, in one place for every way a refund starts. */
export function createOrderRefunds({
  db,
  payments,
  log,
}: {
  db: Database;
  payments: PaymentGateway;
  log: (message: string, error?: unknown) => void;
}) {
  /**
   * Writes the refund as pending and reserves its amount and quantities on the order, under the
   * order's row lock: two refunds at once see each other's reservation and never exceed what remains.
   */
  async function reserve(tx: Tx, request: OrderRefundRequest): Promise<RefundRow> {
    const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId)).for('update');
    if (!order) throw new AppError('not_found', 'Order was not found.', 404);
    if (request.source === 'cancel' && !CANCELLABLE_STATUSES.includes(order.status)) {
      throw new AppError(
        'not_cancellable',
        order.status === 'shipped' || order.status === 'delivered'
          ? 'This order has shipped: refund it instead.'
          : `This order is ${order.status} and cannot be cancelled.`,
        409,
      );
    }
    if (order.status === 'placed' && request.source !== 'cancel') {
      throw new AppError(
        'payment_not_captured',
        'This order’s payment has not been taken yet: cancel the order to release it.',
        409,
      );
    }
    if (!order.paymentIntentId) throw new AppError('no_payment', 'This order has no card payment.', 409);
    // A chargeback took the money back already: a refund on top would give it back twice (Stripe
    // refuses it: charge_disputed). A dispute the shop won gave the money back to the shop.
    if (disputeHolds(order)) throw new AppError('order_disputed', orderDisputedMessage(order), 409);
    const lines = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.id));
    const [earlier] = await tx
      .select({
        tax: sql<number>`coalesce(sum(${orderRefunds.tax}), 0)::int`,
        shipping: sql<boolean>`coalesce(bool_or(${orderRefunds.shippingAmount} > 0), false)`,
      })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, order.id), inArray(orderRefunds.status, ['pending', 'succeeded'])));
    const result = planOrderRefund(
      {
        total: order.total,
        amountRefunded: order.amountRefunded,
        shippingFee: order.shippingFee,
        taxRatePpm: order.taxRatePpm,
        tax: order.tax,
        taxRefunded: earlier?.tax ?? 0,
        shippingRefunded: earlier?.shipping ?? false,
      },
      lines,
      request.ask,
    );
    if (!result.ok) {
      if (result.status === 400) {
        throw badRequest(result.message, result.field ? { [result.field]: result.message } : undefined);
      }
      throw new AppError(result.code, result.message, result.status);
    }
    const { plan } = result;
    await tx
      .update(orders)
      .set({ amountRefunded: sql`${orders.amountRefunded} + ${plan.amount}` })
      .where(eq(orders.id, order.id));
    for (const line of plan.lines) {
      await tx
        .update(orderLines)
        .set({ quantityRefunded: sql`${orderLines.quantityRefunded} + ${line.quantity}` })
        .where(eq(orderLines.id, line.lineId));
    }
    const [row] = await tx
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        amount: plan.amount,
        itemsAmount: plan.itemsAmount,
        shippingAmount: plan.shippingAmount,
        tax: plan.tax,
        lines: plan.lines,
        source: request.source,
        idempotencyKey: request.idempotencyKey,
        requestFingerprint: fingerprintOf(request),
        actorId: request.actorId,
      })
      .returning();
    if (!row) throw new Error('refund insert returned nothing');
    return row;
  }

  /** A refund the gateway refused: its reservation is given back, nothing else changed. */
  async function release(refund: RefundRow, message: string): Promise<void> {
    await db.transaction(async (tx) => {
      const [still] = await tx
        .update(orderRefunds)
        .set({ status: 'failed', failureMessage: message.slice(0, 500) })
        .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.status, 'pending')))
        .returning({ id: orderRefunds.id });
      if (!still) return;
      await tx
        .update(orders)
        .set({ amountRefunded: sql`${orders.amountRefunded} - ${refund.amount}` })
        .where(eq(orders.id, refund.orderId));
      await unrefundLines(tx, refund.lines);
    });
  }

  /** Puts refunded items back on the shelf: the product in its size, or the package. */
  async function restock(tx: Tx, refundLines: readonly OrderRefundLine[]): Promise<number[]> {
    const wanted = refundLines.filter((line) => line.restock);
    if (wanted.length === 0) return [];
    const rows = await tx
      .select()
      .from(orderLines)
      .where(
        inArray(
          orderLines.id,
          wanted.map((line) => line.lineId),
        ),
      );
    const items = wanted.flatMap((line) => {
      const row = rows.find((candidate) => candidate.id === line.lineId);
      if (!row?.productId) return [];
      return [
        { productId: row.productId, sizeId: row.sizeId, packageId: row.packageId, quantity: line.quantity },
      ];
    });
    await putBackStock(tx, items);
    const productIds = items.map((item) => item.productId);
    return productIds;
  }

  /** The refund done: its status, the order's status and history, the stock, the client's e-mail. */
  async function settle(
    refund: RefundRow,
    gatewayRefundId: string | null,
    storeName: string,
  ): Promise<RefundRow> {
    let productIds: number[] = [];
    const settled = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(orderRefunds)
        .set({ status: 'succeeded', gatewayRefundId })
        .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.status, 'pending')))
        .returning();
      if (!row) return undefined;
      const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId)).for('update');
      if (!order) throw new Error('a refund without its order');
      const cancelled = row.source === 'cancel';
      const status = cancelled
        ? 'cancelled'
        : order.amountRefunded >= order.total
          ? 'refunded'
          : order.status;
      await tx
        .update(orders)
        .set({ status, ...(cancelled ? { cancelledAt: sql`now()` } : {}) })
        .where(eq(orders.id, order.id));
      productIds = await restock(tx, row.lines);
      const lineNames = await tx
        .select({ id: orderLines.id, name: orderLines.name, sizeName: orderLines.sizeName })
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id));
      const names = new Map(
        lineNames.map((line) => [line.id, line.sizeName ? `${line.name}, size ${line.sizeName}` : line.name]),
      );
      await tx.insert(orderEvents).values({
        orderId: order.id,
        type: cancelled ? 'cancelled' : 'refunded',
        message: refundEventText(row, names),
        actorId: row.actorId,
      });
      await enqueueMail(tx, refundMail({ ...order, status }, row, names, storeName));
      return row;
    });
    if (productIds.length > 0) await notifyCatalogChanged(db, productIds);
    if (settled) return settled;
    const [current] = await db.select().from(orderRefunds).where(eq(orderRefunds.id, refund.id));
    if (!current) throw new Error('a settled refund vanished');
    return current;
  }

  /** Asks the gateway for a reserved refund; answers the refund once it is settled. */
  async function complete(
    refund: RefundRow,
    paymentIntentId: string,
    releaseInstead: boolean,
  ): Promise<RefundRow> {
    const storeName = (await readSettings(db)).store_name;
    if (releaseInstead) {
      // An authorization never captured: releasing it is the refund.
      await payments
        .cancelPaymentIntent(paymentIntentId, { cancellationReason: 'requested_by_customer' })
        .catch((error: unknown) => {
          if (isPaymentError(error) && error.code === 'payment_intent_unexpected_state') return;
          throw error;
        });
      return settle(refund, null, storeName);
    }
    try {
      const done = await payments.createRefund({
        paymentIntentId,
        amount: refund.amount,
        reason: 'requested_by_customer',
        metadata: { source: refund.source, order_refund: String(refund.id) },
        idempotencyKey: refund.idempotencyKey,
      });
      if (done.status === 'failed' || done.status === 'canceled') {
        await release(refund, 'The card processor refused the refund.');
        throw new AppError('refund_failed', 'The card processor refused the refund.', 409);
      }
      return settle(refund, done.id, storeName);
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (isPaymentError(error) && error.statusCode < 500 && error.statusCode !== 429) {
        await release(refund, error.message);
        throw new AppError(error.code ?? 'refund_failed', error.message, 409);
      }
      log(`refund ${refund.id} of order ${refund.orderId} is pending`, error);
      throw refundPending();
    }
  }

  return {
    /**
     * A refund the shop asked for, as the processor reports it (refund.created, refund.updated): one
     * left pending (the shop stopped before it heard the answer) is settled, or given back when the
     * processor says it failed; one given back that failed since is undone (orderRefundUndone).
     * Answers what was done, in words.
     */
    async settleFromProcessor(
      orderRefundId: number,
      gatewayRefundId: string,
      status: string,
      failureReason: string | null = null,
    ): Promise<string> {
      const [refund] = await db.select().from(orderRefunds).where(eq(orderRefunds.id, orderRefundId));
      if (!refund) return `refund ${orderRefundId} is not the shop's`;
      if (refund.status === 'succeeded' && isUndoneRefundStatus(status)) {
        const undone = await db.transaction((tx) =>
          orderRefundUndone(tx, { orderRefundId }, { status, failureReason }),
        );
        if (undone) return undone;
      }
      if (refund.status !== 'pending') return `refund ${orderRefundId} already ${refund.status}`;
      if (status === 'succeeded') {
        await settle(refund, gatewayRefundId, (await readSettings(db)).store_name);
        return `refund ${orderRefundId} settled`;
      }
      if (isUndoneRefundStatus(status)) {
        await release(refund, 'The card processor refused the refund.');
        return `refund ${orderRefundId} failed: its amount is refundable again`;
      }
      return `refund ${orderRefundId} is ${status} at the processor`;
    },

    /**
     * Refunds a web order: reserved under the order's lock, then the gateway (with the refund's
     * idempotency key), then settled. A retry with the same key answers the same refund, finishing
     * one the gateway did not answer before.
     */
    async refund(request: OrderRefundRequest): Promise<RefundRow> {
      const [found] = await db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.idempotencyKey, request.idempotencyKey));
      const existing = found && sameRefund(found, request);
      if (existing?.status === 'failed') {
        throw new AppError('refund_failed', existing.failureMessage ?? 'The refund failed.', 409);
      }
      if (existing?.status === 'succeeded') return existing;
      const refund =
        existing ??
        (await db
          .transaction((tx) => reserve(tx, request))
          .catch(async (error: unknown) => {
            // The same key sent twice at once: the other request reserved it.
            const [again] = await db
              .select()
              .from(orderRefunds)
              .where(eq(orderRefunds.idempotencyKey, request.idempotencyKey));
            if (again) return sameRefund(again, request);
            throw error;
          }));
      const [order] = await db
        .select({ paymentIntentId: orders.paymentIntentId, status: orders.status })
        .from(orders)
        .where(eq(orders.id, refund.orderId));
      if (!order?.paymentIntentId) throw new Error('a refund of an order without payment');
      return complete(refund, order.paymentIntentId, order.status === 'placed' && refund.source === 'cancel');
    },
  };
}

export type OrderRefunds = ReturnType<typeof createOrderRefunds>;
