import { describe, expect, it } from 'vitest';
import type { ChargeSummary, Refund } from '../../providers/payments/gateway.ts';
import { type ComparisonInput, compareActivity, type ShopPayment } from './compare.ts';

function charge(paymentIntentId: string, amount: number, fields: Partial<ChargeSummary> = {}): ChargeSummary {
  return {
    chargeId: `ch_${paymentIntentId}`,
    paymentIntentId,
    amount,
    amountCaptured: amount,
    amountRefunded: 0,
    refunded: false,
    captured: true,
    brand: 'visa',
    network: 'visa',
    source: 'card',
    country: 'CA',
    last4: '4242',
    authorizationCode: null,
    created: 1_795_400_000,
    status: 'succeeded',
    ...fields,
  };
}

function order(paymentIntentId: string, amount: number, fields: Partial<ShopPayment> = {}): ShopPayment {
  return {
    paymentIntentId,
    record: `Order ${paymentIntentId}`,
    orderNumber: 100_001,
    amount,
    expects: 'captured',
    disputed: false,
    ...fields,
  };
}

function refund(id: string, paymentIntentId: string, amount: number, metadata = {}): Refund {
  return {
    id,
    object: 'refund',
    amount,
    charge: `ch_${paymentIntentId}`,
    payment_intent: paymentIntentId,
    currency: 'cad',
    status: 'succeeded',
    reason: null,
    metadata,
    created: 1_795_400_100,
  };
}

function compare(input: Partial<ComparisonInput>) {
  return compareActivity({
    day: '2026-11-25',
    ranAt: new Date('2026-11-26T08:00:00Z'),
    provider: 'sandbox',
    charges: [],
    refunds: [],
    refundsAround: [],
    disputes: [],
    shopPayments: [],
    shopPaymentsOfCharges: [],
    intents: new Map(),
    shopRefunds: [],
    shopRefundsOfProcessor: [],
    ...input,
  });
}

describe('compareActivity', () => {
  it('matches an order placed the next day on a charge of the day, and a placed order still only authorized', () => {
    const report = compare({
      charges: [charge('pi_late', 5000), charge('pi_held', 3000, { captured: false, amountCaptured: 0 })],
      shopPayments: [order('pi_held', 3000, { expects: 'authorized' })],
      shopPaymentsOfCharges: [order('pi_late', 5000)],
    });
    expect(report.differences).toEqual([]);
    expect(report.processor).toMatchObject({ charges: 2, charged: 5000 });
    expect(report.shop).toMatchObject({ payments: 1, paid: 3000 });
  });

  it('reads the intent of a shop payment whose charge was made another day', () => {
    const intents = new Map([
      ['pi_yesterday', { status: 'succeeded', amountReceived: 4200, amountCapturable: 0 }],
      ['pi_short', { status: 'succeeded', amountReceived: 4000, amountCapturable: 0 }],
      ['pi_released', { status: 'canceled', amountReceived: 0, amountCapturable: 0 }],
    ]);
    const report = compare({
      shopPayments: [
        order('pi_yesterday', 4200),
        order('pi_short', 4200),
        order('pi_released', 1500, { expects: 'either' }),
      ],
      intents,
    });
    expect(report.differences.map((difference) => [difference.kind, difference.paymentIntentId])).toEqual([
      ['amount_differs', 'pi_short'],
    ]);
    expect(report.differences[0]).toMatchObject({ shopAmount: 4200, processorAmount: 4000 });
  });

  it('counts a payment once when both its register sale and its POS payment record it', () => {
    const report = compare({
      charges: [charge('pi_reader', 2260, { source: 'card_present' })],
      shopPayments: [
        order('pi_reader', 2260, { record: 'Register sale 4', orderNumber: null, disputed: null }),
        order('pi_reader', 2260, { record: 'POS payment 9', orderNumber: null, disputed: null }),
      ],
    });
    expect(report.differences).toEqual([]);
    expect(report.shop).toMatchObject({ payments: 1, paid: 2260 });
  });

  it('takes no difference from money given back in full, nor from the register’s own refunds', () => {
    const report = compare({
      // A sale that could not be made: its card payment was refunded at once (no sale records it).
      charges: [charge('pi_voided', 1800, { amountRefunded: 1800, refunded: true })],
      refunds: [
        refund('re_voided', 'pi_voided', 1800, { source: 'pos', voided_sale: 'true' }),
        refund('re_counter', 'pi_other', 500, { source: 'pos', pos_user: '7' }),
      ],
    });
    expect(report.differences).toEqual([]);
    expect(report.processor).toMatchObject({ refunds: 2, refunded: 2300 });
    // Both are the register's, kept at the processor: the shop's column counts them too.
    expect(report.shop).toEqual({ payments: 1, paid: 1800, refunds: 2, refunded: 2300 });
    expect(report.processor).toMatchObject({ charges: 1, charged: 1800 });
  });

  it('finds a return’s Interac refund made on the reader whose return was never recorded', () => {
    const report = compare({
      refunds: [
        refund('re_unfinished', 'pi_interac', 1130, { source: 'pos', pos_user: '7', pos_return: 'pending' }),
        refund('re_recorded', 'pi_interac', 500, { source: 'pos', pos_user: '7', pos_return: 'pending' }),
      ],
      shopRefunds: [{ refundId: 're_recorded', record: 'Register return 3', orderNumber: null, amount: 500 }],
    });
    expect(report.differences).toEqual([
      expect.objectContaining({
        kind: 'refund_without_record',
        processorId: 're_unfinished',
        processorAmount: 1130,
        detail:
          'The reader refunded CDN$11.30 for a register return that was never recorded: the sale does not show it and its items were not taken back.',
      }),
    ]);
    // Not the shop's: only the recorded return's refund is in its column.
    expect(report.shop).toMatchObject({ refunds: 1, refunded: 500 });
  });

  it('counts no payment of an authorization released without being taken', () => {
    const report = compare({
      charges: [
        charge('pi_released', 4500, {
          captured: false,
          amountCaptured: 0,
          amountRefunded: 4500,
          refunded: true,
        }),
        charge('pi_paid', 2500),
      ],
      shopPayments: [order('pi_paid', 2500)],
    });
    expect(report.differences).toEqual([]);
    expect(report.processor).toMatchObject({ charges: 1, charged: 2500 });
    expect(report.shop).toMatchObject({ payments: 1, paid: 2500 });
  });

  it('finds a shop refund made just after midnight among the processor’s refunds around the day', () => {
    const report = compare({
      refundsAround: [refund('re_late', 'pi_a', 700)],
      shopRefunds: [{ refundId: 're_late', record: 'Order 100002', orderNumber: 100_002, amount: 700 }],
    });
    expect(report.differences).toEqual([]);
  });

  it('lists a refund whose amounts differ, and a dispute on an order not flagged', () => {
    const report = compare({
      charges: [charge('pi_a', 9000)],
      shopPayments: [order('pi_a', 9000)],
      refunds: [refund('re_a', 'pi_a', 2000)],
      shopRefunds: [{ refundId: 're_a', record: 'Order 100001', orderNumber: 100_001, amount: 2500 }],
      disputes: [
        {
          id: 'dp_a',
          object: 'dispute',
          amount: 9000,
          charge: 'ch_pi_a',
          payment_intent: 'pi_a',
          currency: 'cad',
          reason: 'product_not_received',
          status: 'needs_response',
          created: 1_795_400_200,
        },
      ],
    });
    expect(report.differences.map((difference) => difference.kind)).toEqual([
      'refund_amount_differs',
      'dispute_not_recorded',
    ]);
    expect(report.differences[1]?.detail).toBe(
      'The card’s owner disputed CDN$90.00 (product not received); Order pi_a is not flagged as disputed.',
    );
  });
});
