/**
 * The reconciliation's comparison itself, without a database or a processor: what the processor
 * did on a day (charges, refunds, disputes) against what the shop recorded, by payment intent and
 * by refund id; every difference with both amounts. reconciliation.service.ts gathers the inputs.
 */
import type { Difference, ReconciliationReport } from '../../../domain/admin/reconciliation.ts';
import { formatMoney } from '../../../domain/money.ts';
import type { ChargeSummary, Dispute, Refund } from '../../providers/payments/gateway.ts';
import { POS_SOURCE, RETURN_TO_RECORD } from '../pos/pos.service.ts';

/** A payment the shop recorded: a web order, a register sale's card tender, a POS payment. */
export interface ShopPayment {
  paymentIntentId: string;
  /** 'Order 100234', 'Register sale 12', 'POS payment 5'. */
  record: string;
  orderNumber: number | null;
  amount: number;
  /**
   * What the processor should hold: taken (captured), only authorized (an order placed whose
   * capture has not happened), or either (an order cancelled: released, or taken then refunded).
   */
  expects: 'captured' | 'authorized' | 'either';
  /** For a web order: whether it is flagged disputed; null for the register's payments. */
  disputed: boolean | null;
}

/** A refund the shop recorded as done, with the processor's refund id. */
export interface ShopRefund {
  refundId: string;
  record: string;
  orderNumber: number | null;
  amount: number;
}

/** A payment intent as the processor has it now, for a shop payment whose charge is not of the day. */
export interface ProcessorIntent {
  status: string;
  /** Taken. */
  amountReceived: number;
  /** Authorized, not taken yet. */
  amountCapturable: number;
}

export interface ComparisonInput {
  day: string;
  ranAt: Date;
  provider: ReconciliationReport['provider'];
  /** The processor's charges created on the day. */
  charges: readonly ChargeSummary[];
  /** The processor's refunds created on the day. */
  refunds: readonly Refund[];
  /** The processor's refunds around the day: a shop refund recorded just after midnight is found. */
  refundsAround: readonly Refund[];
  disputes: readonly Dispute[];
  /** The shop's payments recorded on the day. */
  shopPayments: readonly ShopPayment[];
  /** The shop's payments of the day's charges, whenever recorded (an order placed the next day). */
  shopPaymentsOfCharges: readonly ShopPayment[];
  /**
   * What the processor holds of the shop's payments whose charge is not among the day's (from the
   * week's charges, or the intent itself); null for a payment it does not have.
   */
  intents: ReadonlyMap<string, ProcessorIntent | null>;
  /** The shop's refunds recorded on the day. */
  shopRefunds: readonly ShopRefund[];
  /** The shop's records of the day's processor refunds, whenever recorded. */
  shopRefundsOfProcessor: readonly ShopRefund[];
}

const money = formatMoney;

function byIntent(payments: readonly ShopPayment[]): Map<string, ShopPayment> {
  const map = new Map<string, ShopPayment>();
  // A register sale's tender and the POS payment of the same reader payment are one payment: the
  // sale, listed first, names it.
  for (const payment of payments)
    if (!map.has(payment.paymentIntentId)) map.set(payment.paymentIntentId, payment);
  return map;
}

/** Whether what the processor holds is what the shop's record expects. */
/**
 * A register return's Interac refund, made on the reader before the return is recorded, that no
 * return names: the cashier left the return unfinished (a recorded one names it, by refund id).
 */
function isUnfinishedReturnRefund(refund: Refund): boolean {
  return refund.metadata.source === POS_SOURCE && refund.metadata.pos_return === RETURN_TO_RECORD;
}

function heldAsExpected(payment: ShopPayment, captured: number, authorized: number): boolean {
  if (payment.expects === 'captured') return captured === payment.amount;
  if (payment.expects === 'authorized') return authorized === payment.amount || captured === payment.amount;
  return captured === 0 || captured === payment.amount;
}

export function compareActivity(input: ComparisonInput): ReconciliationReport {
  const differences: Difference[] = [];
  const shopByIntent = byIntent([...input.shopPayments, ...input.shopPaymentsOfCharges]);
  const chargesByIntent = new Map<string, ChargeSummary>();

  for (const charge of input.charges) {
    if (charge.status !== 'succeeded' || !charge.paymentIntentId) continue;
    chargesByIntent.set(charge.paymentIntentId, charge);
    const shop = shopByIntent.get(charge.paymentIntentId);
    // Kept: taken and not given back (a sale voided at once was refunded in full).
    const kept = charge.captured ? charge.amount - charge.amountRefunded : 0;
    if (!shop) {
      if (kept > 0) {
        differences.push({
          kind: 'charge_without_record',
          paymentIntentId: charge.paymentIntentId,
          processorId: charge.chargeId,
          record: null,
          orderNumber: null,
          shopAmount: null,
          processorAmount: charge.amountCaptured,
          detail: `The processor took ${money(charge.amountCaptured)} (${money(kept)} not refunded) and no order, register sale or POS payment records it.`,
        });
      }
      continue;
    }
    const authorized = charge.captured ? 0 : charge.amount - charge.amountRefunded;
    if (!heldAsExpected(shop, charge.amountCaptured, authorized)) {
      differences.push(
        amountDiffers(shop, charge.chargeId, charge.captured ? charge.amountCaptured : authorized),
      );
    }
  }

  for (const shop of input.shopPayments) {
    if (chargesByIntent.has(shop.paymentIntentId)) continue;
    const intent = input.intents.get(shop.paymentIntentId) ?? null;
    if (!intent || (intent.amountReceived === 0 && intent.amountCapturable === 0)) {
      if (shop.expects === 'either') continue;
      differences.push({
        kind: 'record_without_charge',
        paymentIntentId: shop.paymentIntentId,
        processorId: null,
        record: shop.record,
        orderNumber: shop.orderNumber,
        shopAmount: shop.amount,
        processorAmount: intent ? 0 : null,
        detail: intent
          ? `${shop.record} records ${money(shop.amount)} paid by card; the processor took nothing (the payment is ${intent.status.replaceAll('_', ' ')}).`
          : `${shop.record} records ${money(shop.amount)} paid by card; the processor has no such payment.`,
      });
    } else if (!heldAsExpected(shop, intent.amountReceived, intent.amountCapturable)) {
      differences.push(amountDiffers(shop, null, intent.amountReceived || intent.amountCapturable));
    }
  }

  const shopRefunds = new Map(
    [...input.shopRefunds, ...input.shopRefundsOfProcessor].map((refund) => [refund.refundId, refund]),
  );
  const processorRefunds = new Map(input.refundsAround.map((refund) => [refund.id, refund]));
  for (const refund of input.refunds) processorRefunds.set(refund.id, refund);
  const refundsOfTheDay = new Set(input.refunds.map((refund) => refund.id));

  for (const refund of input.refunds) {
    if (refund.status !== 'succeeded') continue;
    const shop = shopRefunds.get(refund.id);
    if (shop) {
      if (shop.amount !== refund.amount) differences.push(refundAmountDiffers(shop, refund));
      continue;
    }
    const payment = refund.payment_intent ? shopByIntent.get(refund.payment_intent) : undefined;
    if (isUnfinishedReturnRefund(refund)) {
      differences.push({
        kind: 'refund_without_record',
        paymentIntentId: refund.payment_intent,
        processorId: refund.id,
        record: payment?.record ?? null,
        orderNumber: null,
        shopAmount: null,
        processorAmount: refund.amount,
        detail: `The reader refunded ${money(refund.amount)} for a register return that was never recorded: the sale does not show it and its items were not taken back.`,
      });
      continue;
    }
    // The register's other refunds the shop has no row of (made on the refund screen before it
    // recorded them) are the register's all the same: its refunds say so.
    if (refund.metadata.source === POS_SOURCE) continue;
    differences.push({
      kind: 'refund_without_record',
      paymentIntentId: refund.payment_intent,
      processorId: refund.id,
      record: payment?.record ?? null,
      orderNumber: payment?.orderNumber ?? null,
      shopAmount: null,
      processorAmount: refund.amount,
      detail: `The processor refunded ${money(refund.amount)}${payment ? ` of ${payment.record}` : ''}; the shop has no record of this refund (made in the processor's dashboard?).`,
    });
  }

  for (const shop of input.shopRefunds) {
    const refund = processorRefunds.get(shop.refundId);
    if (refund?.status === 'succeeded') {
      // A refund of the day was compared above.
      if (!refundsOfTheDay.has(refund.id) && refund.amount !== shop.amount) {
        differences.push(refundAmountDiffers(shop, refund));
      }
      continue;
    }
    differences.push({
      kind: 'refund_without_processor',
      paymentIntentId: refund?.payment_intent ?? null,
      processorId: shop.refundId,
      record: shop.record,
      orderNumber: shop.orderNumber,
      shopAmount: shop.amount,
      processorAmount: refund ? 0 : null,
      detail: refund
        ? `${shop.record} records a refund of ${money(shop.amount)} that the processor has as ${refund.status}.`
        : `${shop.record} records a refund of ${money(shop.amount)} that the processor does not have.`,
    });
  }

  for (const dispute of input.disputes) {
    const shop = dispute.payment_intent ? shopByIntent.get(dispute.payment_intent) : undefined;
    if (shop?.disputed !== false) continue;
    differences.push({
      kind: 'dispute_not_recorded',
      paymentIntentId: dispute.payment_intent,
      processorId: dispute.id,
      record: shop.record,
      orderNumber: shop.orderNumber,
      shopAmount: shop.amount,
      processorAmount: dispute.amount,
      detail: `The card’s owner disputed ${money(dispute.amount)} (${dispute.reason.replaceAll('_', ' ')}); ${shop.record} is not flagged as disputed.`,
    });
  }

  // An authorization released without being taken (a cart paid again, an order cancelled before its
  // capture) is no payment: Stripe shows it uncaptured and refunded.
  const taken = input.charges.filter(
    (charge) => charge.status === 'succeeded' && (charge.captured || !charge.refunded),
  );
  const paymentsOfTheDay = [...byIntent(input.shopPayments).values()];
  const refunded = input.refunds.filter((refund) => refund.status === 'succeeded');
  // What the register keeps at the processor only, the shop's all the same: the refund screen's
  // refunds, and a card sale voided at once (taken, then refunded in full, when its stock had gone).
  const keptAtProcessor = refunded.filter(
    (refund) =>
      refund.metadata.source === POS_SOURCE &&
      !shopRefunds.has(refund.id) &&
      !isUnfinishedReturnRefund(refund),
  );
  const voidedIntents = new Set(
    keptAtProcessor
      .filter((refund) => refund.metadata.voided_sale === 'true')
      .map((refund) => refund.payment_intent),
  );
  const voidedSales = taken.filter(
    (charge) =>
      charge.paymentIntentId !== null &&
      voidedIntents.has(charge.paymentIntentId) &&
      !shopByIntent.has(charge.paymentIntentId),
  );
  return {
    day: input.day,
    ranAt: input.ranAt.toISOString(),
    provider: input.provider,
    processor: {
      charges: taken.length,
      charged: sum(taken.map((charge) => charge.amountCaptured)),
      refunds: refunded.length,
      refunded: sum(refunded.map((refund) => refund.amount)),
      disputes: input.disputes.length,
      disputed: sum(input.disputes.map((dispute) => dispute.amount)),
    },
    shop: {
      payments: paymentsOfTheDay.length + voidedSales.length,
      paid:
        sum(paymentsOfTheDay.map((payment) => payment.amount)) +
        sum(voidedSales.map((charge) => charge.amountCaptured)),
      refunds: input.shopRefunds.length + keptAtProcessor.length,
      refunded:
        sum(input.shopRefunds.map((refund) => refund.amount)) +
        sum(keptAtProcessor.map((refund) => refund.amount)),
    },
    differences,
  };
}

function amountDiffers(shop: ShopPayment, chargeId: string | null, processorAmount: number): Difference {
  return {
    kind: 'amount_differs',
    paymentIntentId: shop.paymentIntentId,
    processorId: chargeId,
    record: shop.record,
    orderNumber: shop.orderNumber,
    shopAmount: shop.amount,
    processorAmount,
    detail: `${shop.record} records ${money(shop.amount)}; the processor ${shop.expects === 'authorized' ? 'holds' : 'took'} ${money(processorAmount)}.`,
  };
}

function refundAmountDiffers(shop: ShopRefund, refund: Refund): Difference {
  return {
    kind: 'refund_amount_differs',
    paymentIntentId: refund.payment_intent,
    processorId: refund.id,
    record: shop.record,
    orderNumber: shop.orderNumber,
    shopAmount: shop.amount,
    processorAmount: refund.amount,
    detail: `${shop.record} records a refund of ${money(shop.amount)}; the processor refunded ${money(refund.amount)}.`,
  };
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
