import { describe, expect, it } from 'vitest';
import {
  disputeHolds,
  disputeHoldsShipping,
  isOpenInquiry,
  ORDER_DISPUTED_MESSAGE,
  ORDER_INQUIRY_MESSAGE,
  orderDisputedMessage,
  SHIPPING_DISPUTE_LOST_MESSAGE,
  SHIPPING_DISPUTED_MESSAGE,
  SHIPPING_INQUIRY_MESSAGE,
  shippingDisputedMessage,
} from './orders.ts';

const at = '2026-11-21T10:00:00.000Z';

describe('what a dispute holds back', () => {
  it('holds the money (no refund, no cancel) of a chargeback open or lost, never of an inquiry', () => {
    expect(disputeHolds({ disputedAt: null, disputeStatus: null })).toBe(false);
    expect(disputeHolds({ disputedAt: at, disputeStatus: null })).toBe(true);
    expect(disputeHolds({ disputedAt: at, disputeStatus: 'lost' })).toBe(true);
    expect(disputeHolds({ disputedAt: at, disputeStatus: 'inquiry' })).toBe(false);
    expect(disputeHolds({ disputedAt: at, disputeStatus: 'won' })).toBe(false);
    expect(disputeHolds({ disputedAt: at, disputeStatus: 'warning_closed' })).toBe(false);
  });

  it('holds the shipping of an inquiry too, with its own words', () => {
    expect(disputeHoldsShipping({ disputedAt: at, disputeStatus: 'inquiry' })).toBe(true);
    expect(disputeHoldsShipping({ disputedAt: at, disputeStatus: null })).toBe(true);
    expect(disputeHoldsShipping({ disputedAt: at, disputeStatus: 'won' })).toBe(false);
    expect(disputeHoldsShipping({ disputedAt: null, disputeStatus: null })).toBe(false);
    expect(shippingDisputedMessage({ disputeStatus: 'inquiry' })).toBe(SHIPPING_INQUIRY_MESSAGE);
    expect(shippingDisputedMessage({ disputeStatus: null })).toBe(SHIPPING_DISPUTED_MESSAGE);
    expect(shippingDisputedMessage({ disputeStatus: 'lost' })).toBe(SHIPPING_DISPUTE_LOST_MESSAGE);
    expect(orderDisputedMessage({ disputeStatus: 'inquiry' })).toBe(ORDER_INQUIRY_MESSAGE);
    expect(orderDisputedMessage({ disputeStatus: null })).toBe(ORDER_DISPUTED_MESSAGE);
  });

  it('knows an open inquiry by the processor’s warning statuses', () => {
    expect(isOpenInquiry('warning_needs_response')).toBe(true);
    expect(isOpenInquiry('warning_under_review')).toBe(true);
    expect(isOpenInquiry('warning_closed')).toBe(false);
    expect(isOpenInquiry('needs_response')).toBe(false);
    expect(isOpenInquiry('under_review')).toBe(false);
  });
});
