import type { PosCharge } from '../../domain/pos/refunds.ts';

/** A charge as api/pos/search-charge answers it: a Visa card tapped at the counter, nothing refunded. */
export function posCharge(fields: Partial<PosCharge> = {}): PosCharge {
  return {
    chargeId: 'ch_1',
    paymentIntentId: 'pi_1',
    amount: 2260,
    amountRefunded: 0,
    refunded: false,
    captured: true,
    brand: 'visa',
    network: 'visa',
    source: 'card_present',
    country: 'CA',
    last4: '4242',
    created: '2026-11-22T14:05:00.000Z',
    status: 'succeeded',
    orderNumber: null,
    ...fields,
  };
}
