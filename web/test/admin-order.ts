import type { AdminOrder } from '../../domain/admin/orders.ts';

/** A paid web order of the back office as the server answers it, with the fields a test cares about. */
export function adminOrder(fields: Partial<AdminOrder> = {}): AdminOrder {
  return {
    orderNumber: 100123,
    createdAt: '2026-11-20T15:00:00.000Z',
    status: 'paid',
    clientId: 7,
    clientName: 'Avery Lachance',
    email: 'avery@example.com',
    shippingAddress: '220 Yonge St, Toronto ON M5B 2H1',
    billingAddress: '220 Yonge St, Toronto ON M5B 2H1',
    province: 'ON',
    payment: { brand: 'visa', last4: '4242', paymentIntentId: 'pi_paid' },
    subtotal: 2000,
    discount: 0,
    shippingFee: 0,
    taxRatePpm: 130_000,
    tax: 260,
    taxParts: [],
    total: 2260,
    amountRefunded: 0,
    refundable: 2260,
    shippingRefunded: false,
    carrier: null,
    trackingNumber: null,
    shippedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    disputedAt: null,
    disputeStatus: null,
    disputeClosedAt: null,
    lines: [],
    refunds: [],
    events: [],

    ...fields,
  };
}
