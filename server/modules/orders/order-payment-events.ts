/**
 * What the card processor tells the shop about a web order's payment after the fact (its webhook
 * events, server/modules/webhooks): a capture the shop did not see finish, an authorization
 * released, money given back in the processor's dashboard, a dispute. Each change is written with
 * the order's history line in the caller's transaction, once: a second event about the same thing
 * finds it done.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  DISPUTE_CLOSED_OUTCOMES,
  type DisputeClosedStatus,
  isOpenInquiry,
} from '../../../domain/admin/orders.ts';
import { formatMoney } from '../../../domain/money.ts';
import { type DbOrTx, rowsOf, type Tx } from '../../db/database.ts';
import {
  type OrderRefundLine,
  orderEvents,
  orderLines,
  orderRefunds,
  orders,
  outsideRefunds,
} from '../../db/schema.ts';
import { enqueueMail } from '../../providers/mail/outbox.ts';
import { readSettings } from '../settings/settings.service.ts';

/** The order a payment paid for, locked for the change; undefined when it paid for no web order. */
async function lockedOrder(tx: Tx, paymentIntentId: string) {
  const [order] = await tx
    .select()
    .from(orders)
    .where(eq(orders.paymentIntentId, paymentIntentId))
    .for('update');
  return order;
}

async function addEvent(tx: Tx, orderId: number, type: string, message: string): Promise<void> {
  await tx.insert(orderEvents).values({ orderId, type, message });
}

/**
 * E-mails the store's own address, when it has one, the news in `lines`, signed with the store's
 * name; answers whether it did.
 */
export async function mailStore(tx: Tx, subject: string, lines: readonly string[]): Promise<boolean> {
  const { store_email: storeEmail, store_name: storeName } = await readSettings(tx);
  if (!storeEmail) return false;
  await enqueueMail(tx, { to: storeEmail, subject, text: [...lines, '', storeName].join('\n') });
  return true;
}

/**
 * payment_intent.canceled: an authorization released outside the order's own cancellation (it
 * expired, or was cancelled in the processor's dashboard) leaves a placed order unpaid: said on
 * its history, for staff to ask the client to pay again.
 */
export async function authorizationCanceled(tx: Tx, paymentIntentId: string): Promise<string> {
  const order = await lockedOrder(tx, paymentIntentId);
  if (!order) return 'no web order';
  if (order.status !== 'placed') return `order ${order.orderNumber} is ${order.status}`;
  // The shop's own cancellation releases the authorization too: its refund row says so.
  const [cancelling] = await tx
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.source, 'cancel')));
  if (cancelling) return `order ${order.orderNumber} is being cancelled by the shop`;
  await addEvent(
    tx,
    order.id,
    'payment_released',
    'The card authorization was released before it was captured: this order is not paid.',
  );
  return `order ${order.orderNumber}: its authorization was released unpaid`;
}

/**
 * charge.refunded: what the processor has given back on the order's payment beyond what the shop
 * recorded (its own refunds are reserved on the order before the processor is asked, so only a
 * refund made elsewhere, such as Stripe's dashboard, is beyond it) is recorded as a refund of the
 * order, without items or restock.
 */
export async function refundedByProcessor(
  tx: Tx,
  paymentIntentId: string,
  chargeId: string,
  processorRefunded: number,
): Promise<string> {
  const order = await lockedOrder(tx, paymentIntentId);
  if (!order) return 'no web order';
  const beyond = Math.min(processorRefunded, order.total) - order.amountRefunded;
  if (beyond <= 0) return `order ${order.orderNumber}: refunds already recorded`;
  await recordProcessorRefund(tx, order, beyond, `processor:${chargeId}:${processorRefunded}`, null);
  return `order ${order.orderNumber}: ${formatMoney(beyond)} refunded outside the shop recorded`;
}

/** An order refund made outside the shop: its row, the order's refunded amount and status, its history. */
async function recordProcessorRefund(
  tx: Tx,
  order: NonNullable<Awaited<ReturnType<typeof lockedOrder>>>,
  amount: number,
  idempotencyKey: string,
  gatewayRefundId: string | null,
): Promise<void> {
  const amountRefunded = order.amountRefunded + amount;
  await tx.insert(orderRefunds).values({
    orderId: order.id,
    status: 'succeeded',
    amount,
    itemsAmount: amount,
    shippingAmount: 0,
    tax: 0,
    lines: [],
    source: 'processor',
    idempotencyKey,
    gatewayRefundId,
  });
  await tx
    .update(orders)
    .set({
      amountRefunded,
      ...(amountRefunded >= order.total && order.status !== 'cancelled' ? { status: 'refunded' } : {}),
    })
    .where(eq(orders.id, order.id));
  await addEvent(
    tx,
    order.id,
    'refunded',
    `${formatMoney(amount)} was refunded outside the shop (in the card processor's dashboard).`,
  );
}

export interface OutsideRefund {
  id: string;
  amount: number;
  paymentIntentId: string;
}

/** A refund's lines that gave nothing back: their quantities are refundable again. */
export async function unrefundLines(tx: Tx, lines: readonly OrderRefundLine[]): Promise<void> {
  for (const line of lines) {
    await tx
      .update(orderLines)
      .set({ quantityRefunded: sql`${orderLines.quantityRefunded} - ${line.quantity}` })
      .where(eq(orderLines.id, line.lineId));
  }
}

/** Why a card refund failed after it was made, as Stripe's `failure_reason` says it. */
const REFUND_FAILURE_REASONS: Readonly<Record<string, string>> = {
  lost_or_stolen_card: 'the card was reported lost or stolen',
  expired_or_canceled_card: 'the card has expired or was cancelled',
};

/** A refund the processor reports failed or canceled, and why (Stripe's failure_reason, or none). */
export interface UndoneRefund {
  status: string;
  failureReason: string | null;
}

/**
 * refund.updated of a web order's refund the shop recorded as given back, now failed or canceled at
 * the processor (a card closed since, say: the processor keeps the money). The refund is recorded as
 * failed; its amount and items are refundable again and the order's status is as before it; its
 * history says so and the store is e-mailed, for staff to give the money back another way. What it
 * put back in stock stays: the items are in the shop. Found by the shop's refund id (a refund it
 * made) or the processor's (one made in the dashboard); undefined when no such given-back refund is
 * recorded.
 */
export async function orderRefundUndone(
  tx: Tx,
  refund: { orderRefundId: number } | { gatewayRefundId: string },
  undone: UndoneRefund,
): Promise<string | undefined> {
  const reason = REFUND_FAILURE_REASONS[undone.failureReason ?? ''];
  const [row] = await tx
    .update(orderRefunds)
    .set({
      status: 'failed',
      failureMessage: `The card processor reported the refund ${undone.status} after it was made${reason ? `: ${reason}` : ''}.`,
    })
    .where(
      and(
        'orderRefundId' in refund
          ? eq(orderRefunds.id, refund.orderRefundId)
          : eq(orderRefunds.gatewayRefundId, refund.gatewayRefundId),
        eq(orderRefunds.status, 'succeeded'),
      ),
    )
    .returning();
  if (!row) return undefined;
  const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId)).for('update');
  if (!order) throw new Error('a refund without its order');
  const status =
    order.status !== 'refunded'
      ? order.status
      : order.deliveredAt
        ? 'delivered'
        : order.shippedAt
          ? 'shipped'
          : 'paid';
  await tx
    .update(orders)
    .set({ amountRefunded: order.amountRefunded - row.amount, status })
    .where(eq(orders.id, order.id));
  await unrefundLines(tx, row.lines);
  const amount = formatMoney(row.amount);
  const restocked = row.lines.some((line) => line.restock)
    ? ' The items it put back in stock stay in stock: refund them again without restocking.'
    : '';
  const message = `The refund of ${amount} failed at the card processor after it was made${reason ? ` (${reason})` : ''}: the client has not been given the money back. It can be refunded again, or given back another way.${restocked}`;
  await addEvent(tx, order.id, 'refund_failed', message);
  await mailStore(tx, `Order ${order.orderNumber}: a refund of ${amount} failed`, [
    `Order ${order.orderNumber}: ${message}`,
    '',
    `Details: the back office, Orders, ${order.orderNumber}.`,
  ]);
  return `order ${order.orderNumber}: refund of ${amount} ${undone.status} after it was made, refundable again`;
}

/**
 * A refund of a payment that is not a web order's, made outside the register's returns (the
 * processor's dashboard, the POS refund screen), recorded on the payment once: answers whether it
 * was new. A refund a return names is the return's, never recorded here as well. One the POS refund
 * screen made names its cashier (`madeBy`) and the shift they had open, whose report counts it.
 */
export async function recordPaymentRefund(
  db: DbOrTx,
  refund: OutsideRefund,
  madeBy?: number,
): Promise<boolean> {
  const cashierId = madeBy ?? null;
  const recorded = await rowsOf<{ refund_id: string }>(
    db,
    sql`INSERT INTO outside_refunds (refund_id, payment_intent_id, amount, cashier_id, shift_id)
        SELECT ${refund.id}, ${refund.paymentIntentId}, ${refund.amount}::integer,
          -- A cashier the shop does not know (metadata written in the dashboard) is none.
          (SELECT id FROM clients WHERE id = ${cashierId}::integer),
          (SELECT id FROM register_shifts WHERE cashier_id = ${cashierId}::integer AND status = 'open')
        WHERE NOT EXISTS (SELECT 1 FROM pos_return_tenders WHERE refund_id = ${refund.id})
        ON CONFLICT DO NOTHING
        RETURNING refund_id`,
  );
  return recorded.length > 0;
}

/** Refund statuses after which no money went back: a refund recorded as given back is not. */
const UNDONE_REFUND_STATUSES: ReadonlySet<string> = new Set(['failed', 'canceled']);

export const isUndoneRefundStatus = (status: string) => UNDONE_REFUND_STATUSES.has(status);

/** Why the processor says a refund failed, in words for the store ('' when it gives no reason). */
function failureInWords(undone: UndoneRefund): string {
  const reason = REFUND_FAILURE_REASONS[undone.failureReason ?? ''];
  return reason ? ` (${reason})` : '';
}

/** The receipt number of the register sale a card payment paid for, if it paid for one. */
async function saleReceiptOf(tx: Tx, paymentIntentId: string): Promise<number | undefined> {
  const [receipt] = await rowsOf<{ receipt_number: number }>(
    tx,
    sql`SELECT r.receipt_number FROM pos_sale_tenders t JOIN receipts r ON r.sale_id = t.sale_id
        WHERE t.payment_intent_id = ${paymentIntentId} LIMIT 1`,
  );
  return receipt?.receipt_number;
}

/**
 * A refund recorded on a payment (recordPaymentRefund) that the processor reports failed or
 * canceled since (a closed card, say): the money did not go back, so the payment, its register sale
 * and the reports count it no more, and the store is e-mailed to give it back another way. Answers
 * the outcome, or undefined when it was not recorded.
 */
async function forgetUndoneRefund(tx: Tx, refund: OutsideRefund & UndoneRefund) {
  const forgotten = await tx
    .delete(outsideRefunds)
    .where(eq(outsideRefunds.refundId, refund.id))
    .returning({ refundId: outsideRefunds.refundId });
  if (forgotten.length === 0) return undefined;
  const amount = formatMoney(refund.amount);
  const receipt = await saleReceiptOf(tx, refund.paymentIntentId);
  const paid = receipt
    ? `the register sale of receipt ${receipt}`
    : `the card payment ${refund.paymentIntentId}`;
  await mailStore(tx, `A refund of ${amount} failed after it was made`, [
    `The refund of ${amount} on ${paid} was reported ${refund.status} by the card processor after it was made${failureInWords(refund)}: the client has not been given the money back. It is no longer counted as refunded: refund it again, or give it back another way.`,
  ]);
  return `refund ${refund.id} ${refund.status}: ${amount} no longer counted as given back on payment ${refund.paymentIntentId}`;
}

/**
 * A return at the counter whose card refund the processor reports failed or canceled after it was
 * made (a card closed since): the client did not get the money back. The return stays as it was
 * made (its items are back in the shop, its shift's figures count it, as its refund receipt does),
 * so the store is e-mailed to give the money back another way. Undefined when no return's refund
 * has this id.
 */
async function returnRefundUndone(tx: Tx, refund: OutsideRefund & UndoneRefund) {
  const [given] = await rowsOf<{ return_id: number; sale_receipt: number | null }>(
    tx,
    sql`SELECT t.return_id, (SELECT r.receipt_number FROM receipts r WHERE r.sale_id = x.sale_id) AS sale_receipt
        FROM pos_return_tenders t JOIN pos_returns x ON x.id = t.return_id
        WHERE t.refund_id = ${refund.id}`,
  );
  if (!given) return undefined;
  const amount = formatMoney(refund.amount);
  const sale = given.sale_receipt ? ` of receipt ${given.sale_receipt}` : '';
  await mailStore(tx, `A return's card refund of ${amount} failed after it was made`, [
    `The card refund of ${amount} for a return${sale} (return ${given.return_id}) was reported ${refund.status} by the card processor after it was made${failureInWords(refund)}: the client has not been given the money back. The returned items stay returned, and the return's shift still counts the refund as given on the card: give the client the money back another way (cash from the drawer, say) and note it with the day's figures.`,
  ]);
  return `refund ${refund.id} of return ${given.return_id} ${refund.status} after it was made: the store told`;
}

/**
 * refund.created/updated of a refund the register made: its refund screen's Interac refunds, made
 * on the reader, are recorded here on the payment, once (a card refund or a voided sale was recorded
 * when it was made, by the same id). A return's refunds are the return's to record.
 */
export async function registerRefundReported(
  tx: Tx,
  refund: OutsideRefund & UndoneRefund & { forReturn: boolean; madeBy: number | undefined },
): Promise<string> {
  // A refund made on the refund screen may have been named by a return since: the return's then.
  const undone = UNDONE_REFUND_STATUSES.has(refund.status)
    ? ((await forgetUndoneRefund(tx, refund)) ?? (await returnRefundUndone(tx, refund)))
    : undefined;
  if (undone) return undone;
  if (refund.forReturn) return `refund ${refund.id} is a register return's`;
  if (refund.status !== 'succeeded') return `refund ${refund.id} made by the register is ${refund.status}`;
  return (await recordPaymentRefund(tx, refund, refund.madeBy))
    ? `${formatMoney(refund.amount)} refunded by the register on payment ${refund.paymentIntentId} recorded`
    : `refund ${refund.id} already recorded`;
}

/**
 * refund.created/updated of a refund the shop did not ask for (made in the processor's dashboard),
 * succeeded: recorded by its id, on the web order (an order refund of source processor, or the one
 * charge.refunded recorded already without the id), or else on the payment (outside_refunds: a
 * register sale's card or a POS payment shows it).
 */
export async function refundMadeOutside(tx: Tx, refund: OutsideRefund & UndoneRefund): Promise<string> {
  if (UNDONE_REFUND_STATUSES.has(refund.status)) {
    // A payment's (outside_refunds) or a web order's (order_refunds): never both.
    const undone =
      (await forgetUndoneRefund(tx, refund)) ??
      (await orderRefundUndone(tx, { gatewayRefundId: refund.id }, refund));
    if (undone) return undone;
  }
  if (refund.status !== 'succeeded') return `refund ${refund.id} made outside the shop is ${refund.status}`;
  const order = await lockedOrder(tx, refund.paymentIntentId);
  if (!order) {
    return (await recordPaymentRefund(tx, refund))
      ? `${formatMoney(refund.amount)} refunded outside the shop on payment ${refund.paymentIntentId} recorded`
      : `refund ${refund.id} already recorded`;
  }
  const [known] = await tx
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(eq(orderRefunds.gatewayRefundId, refund.id));
  if (known) return `order ${order.orderNumber}: refund ${refund.id} already recorded`;
  // charge.refunded may have come first: it recorded the amount without the refund's id.
  const [unnamed] = await tx
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.orderId, order.id),
        eq(orderRefunds.source, 'processor'),
        isNull(orderRefunds.gatewayRefundId),
        eq(orderRefunds.amount, refund.amount),
      ),
    )
    .limit(1);
  if (unnamed) {
    await tx.update(orderRefunds).set({ gatewayRefundId: refund.id }).where(eq(orderRefunds.id, unnamed.id));
    return `order ${order.orderNumber}: refund ${refund.id} named`;
  }
  const amount = Math.min(refund.amount, order.total - order.amountRefunded);
  if (amount <= 0) return `order ${order.orderNumber}: refunds already recorded`;
  await recordProcessorRefund(tx, order, amount, `processor-refund:${refund.id}`, refund.id);
  return `order ${order.orderNumber}: ${formatMoney(amount)} refunded outside the shop recorded`;
}

export interface DisputeFacts {
  id: string;
  amount: number;
  reason: string;
}

/** What the order's history and the owner's e-mail say of a dispute opened, or an inquiry. */
function disputeNews(
  orderNumber: number,
  dispute: DisputeFacts,
  kind: 'inquiry' | 'chargeback' | 'escalated',
) {
  const amount = formatMoney(dispute.amount);
  const reason = dispute.reason.replaceAll('_', ' ');
  if (kind === 'inquiry') {
    return {
      history: `The client's bank asked about ${amount} (an inquiry: ${reason}); no money was taken back yet. Answer it in the card processor's dashboard before its deadline, or refund the order.`,
      subject: `Order ${orderNumber}: the client's bank asked about its payment`,
      advice:
        "Answer the inquiry with the order, its shipment and tracking in the card processor's dashboard before the deadline it gives, or refund the order: left unanswered, an inquiry often becomes a chargeback.",
    };
  }
  return {
    history:
      kind === 'escalated'
        ? `The bank's inquiry became a dispute: the bank took ${amount} back (${reason}). Answer it in the card processor's dashboard before its deadline.`
        : `The client disputed ${amount} with their bank (${reason}). Answer it in the card processor's dashboard before its deadline.`,
    subject: `Order ${orderNumber} was disputed`,
    advice:
      "Answer it with your evidence (the order, its shipment and tracking) in the card processor's dashboard before the deadline it gives.",
  };
}

/**
 * charge.dispute.created (and charge.dispute.funds_withdrawn, when the bank takes the money): the
 * order is flagged as disputed, or as under the bank's inquiry while the bank only asks (the
 * processor's `warning_*` statuses: nothing taken, a refund still possible); its history says so,
 * and the owner is e-mailed (the processor gives a deadline to answer). An inquiry that becomes a
 * chargeback is flagged again as one; anything else already flagged changes nothing.
 */
export async function paymentDisputed(
  tx: Tx,
  paymentIntentId: string,
  dispute: DisputeFacts & { status: string },
): Promise<string> {
  const order = await lockedOrder(tx, paymentIntentId);
  if (!order) return 'no web order';
  const inquiry = isOpenInquiry(dispute.status);
  // A chargeback after an inquiry (open, or closed: the bank may still charge back) is news.
  const escalated =
    !inquiry &&
    order.disputedAt !== null &&
    (order.disputeStatus === 'inquiry' || order.disputeStatus === 'warning_closed');
  if (order.disputedAt !== null && !escalated) return `order ${order.orderNumber} already disputed`;
  await tx
    .update(orders)
    .set({
      disputedAt: sql`coalesce(${orders.disputedAt}, now())`,
      disputeStatus: inquiry ? 'inquiry' : null,
      disputeClosedAt: null,
    })
    .where(eq(orders.id, order.id));
  const news = disputeNews(
    order.orderNumber,
    dispute,
    inquiry ? 'inquiry' : escalated ? 'escalated' : 'chargeback',
  );
  await addEvent(tx, order.id, 'disputed', news.history);
  await mailStore(tx, news.subject, [
    `The payment of order ${order.orderNumber} (${order.clientName}, ${formatMoney(order.total)}): ${news.history}`,
    `Dispute ${dispute.id}.`,
    '',
    news.advice,
  ]);
  const flagged = inquiry ? 'under the bank’s inquiry' : 'disputed';
  return `order ${order.orderNumber} flagged as ${flagged}; the owner e-mailed`;
}

/** What the order's history says of each way a dispute closes. */
const DISPUTE_CLOSED_HISTORY: Record<DisputeClosedStatus, string> = {
  won: 'The dispute of {amount} was won: the bank gave the money back to the shop.',
  lost: 'The dispute of {amount} was lost: the bank gave the money back to the client for good.',
  warning_closed:
    "The bank's inquiry about {amount} was closed without a chargeback: the payment stays with the shop.",
};

/**
 * charge.dispute.closed: how the dispute ended is kept on the order (won and warning_closed release
 * it: disputeHolds), said on its history, and e-mailed to the owner. An order whose dispute the
 * shop never heard open is flagged as disputed then; a second closing changes nothing.
 */
export async function disputeClosed(
  tx: Tx,
  paymentIntentId: string,
  dispute: DisputeFacts & { status: DisputeClosedStatus },
): Promise<string> {
  const order = await lockedOrder(tx, paymentIntentId);
  if (!order) return 'no web order';
  const closed = await tx
    .update(orders)
    .set({
      disputedAt: sql`coalesce(${orders.disputedAt}, now())`,
      disputeStatus: dispute.status,
      disputeClosedAt: sql`now()`,
    })
    .where(and(eq(orders.id, order.id), isNull(orders.disputeClosedAt)))
    .returning({ id: orders.id });
  if (closed.length === 0) return `order ${order.orderNumber}: its dispute was closed already`;
  const outcome = DISPUTE_CLOSED_OUTCOMES[dispute.status];
  const history = DISPUTE_CLOSED_HISTORY[dispute.status].replace('{amount}', formatMoney(dispute.amount));
  await addEvent(tx, order.id, 'dispute closed', history);
  await mailStore(tx, `Order ${order.orderNumber}: the dispute was ${outcome}`, [
    `The dispute ${dispute.id} of order ${order.orderNumber} (${order.clientName}, ${formatMoney(dispute.amount)}) was ${outcome}.`,
  ]);
  return `order ${order.orderNumber}: dispute ${outcome}; the owner e-mailed`;
}
