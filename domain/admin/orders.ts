/**
 * Web orders in the back office (ADMIN): the list, an order's page, shipping, cancelling and
 * refunding (GET/POST api/admin/orders...), and the spec's shipping calls (api/shipping/...).
 */
import { z } from 'zod';
import { ORDER_STATUSES } from '../orders.ts';
import { optionalCalendarDay, optionalText, pageNumberSchema } from '../validation.ts';

export const ADMIN_ORDERS_PAGE_SIZE = 50;

/** An order with some money given back but not all of it: a filter, not a status. */
export const PARTLY_REFUNDED = 'partly_refunded';
export const ORDER_FILTERS = [...ORDER_STATUSES, PARTLY_REFUNDED] as const;

/** An order can be shipped once it is paid (captured) and before anything else happened to it. */
export const SHIPPABLE_STATUSES: readonly string[] = ['paid'];
/** An order can be cancelled until it ships. */
export const CANCELLABLE_STATUSES: readonly string[] = ['placed', 'paid'];

/** Why a disputed order is neither refunded nor cancelled in the shop (a chargeback took the money back). */
export const ORDER_DISPUTED_MESSAGE =
  "The card's owner disputed this payment with their bank, which took the money back: it cannot be refunded or cancelled here. Answer the dispute in the card processor's dashboard.";

/** The same, once the shop lost the dispute. */
export const ORDER_DISPUTE_LOST_MESSAGE =
  "The client's bank gave this payment back to them for good (the dispute was lost): it cannot be refunded or cancelled here.";

/**
 * Why a disputed order is not shipped unless the owner says so: the bank took the money back, and
 * the goods would go too. Shipping stays possible (the shop may win the dispute, or the client may
 * withdraw it), one order at a time; a bulk shipment leaves a disputed order out.
 */
export const SHIPPING_DISPUTED_MESSAGE =
  "This order's payment is disputed: the bank took the money back. Ship it only if you mean to send the goods anyway (the dispute may still go your way).";

/** The same, once the shop lost the dispute: the money is the client's for good. */
export const SHIPPING_DISPUTE_LOST_MESSAGE =
  "This order's dispute was lost: the bank gave the money back to the client. Ship it only if you mean to send the goods anyway.";

/**
 * Why an order under a bank's inquiry is not shipped unless the owner says so: no money was taken
 * back yet, but an inquiry left unanswered often becomes a chargeback, and the goods would be gone.
 */
export const SHIPPING_INQUIRY_MESSAGE =
  "The client's bank asked about this order's payment (an inquiry: no money was taken back yet). Answer it before you ship, or ship it only if you mean to send the goods anyway.";

/**
 * How a dispute closed (the processor's charge.dispute.closed): `won` and `warning_closed` (an
 * inquiry that never became a chargeback) leave the money with the shop; `lost` gives it to the client.
 */
export const DISPUTE_CLOSED_STATUSES = ['won', 'lost', 'warning_closed'] as const;
export type DisputeClosedStatus = (typeof DISPUTE_CLOSED_STATUSES)[number];

/**
 * An order's dispute as the shop keeps it: null while a chargeback is open (the bank took the money
 * back), `inquiry` while the bank only asks about the payment (Stripe's warning_needs_response and
 * warning_under_review: nothing taken yet, and a refund still possible), or how it closed.
 */
export const DISPUTE_STATUSES = ['inquiry', ...DISPUTE_CLOSED_STATUSES] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** The processor's statuses of an inquiry still open. */
const OPEN_INQUIRY_STATUSES: readonly string[] = ['warning_needs_response', 'warning_under_review'];

/** Whether the processor's dispute status is an inquiry still open, not a chargeback. */
export function isOpenInquiry(status: string): boolean {
  return OPEN_INQUIRY_STATUSES.includes(status);
}

/** How each closing reads after "the dispute was". */
export const DISPUTE_CLOSED_OUTCOMES: Record<DisputeClosedStatus, string> = {
  won: 'won',
  lost: 'lost',
  warning_closed: 'closed without a chargeback',
};

/** What an open inquiry means for the order, on its page. */
export const ORDER_INQUIRY_MESSAGE =
  "The client's bank asked about this payment (an inquiry: no money was taken back yet). Answer it in the card processor's dashboard before its deadline, or refund the order, which settles it.";

/** What a dispute means for the order, as its state says: why it is held back from a refund or a cancellation. */
export function orderDisputedMessage(order: { disputeStatus: string | null }): string {
  if (order.disputeStatus === 'inquiry') return ORDER_INQUIRY_MESSAGE;
  return order.disputeStatus === 'lost' ? ORDER_DISPUTE_LOST_MESSAGE : ORDER_DISPUTED_MESSAGE;
}

/** Why a dispute holds an order back from shipping, as its state says. */
export function shippingDisputedMessage(order: { disputeStatus: string | null }): string {
  if (order.disputeStatus === 'inquiry') return SHIPPING_INQUIRY_MESSAGE;
  return order.disputeStatus === 'lost' ? SHIPPING_DISPUTE_LOST_MESSAGE : SHIPPING_DISPUTED_MESSAGE;
}

type DisputedOrder = { disputedAt: unknown; disputeStatus: string | null };

/**
 * Whether a dispute holds an order's money (no refund, no cancellation): a chargeback open or lost.
 * An inquiry does not: the processor still refunds the payment, which settles the inquiry.
 */
export function disputeHolds(order: DisputedOrder): boolean {
  return order.disputedAt != null && (order.disputeStatus === null || order.disputeStatus === 'lost');
}

/** Whether a dispute holds an order back from shipping unless the owner says so: a chargeback or an inquiry open, or lost. */
export function disputeHoldsShipping(order: DisputedOrder): boolean {
  return disputeHolds(order) || (order.disputedAt != null && order.disputeStatus === 'inquiry');
}

/** Several orders shipped or printed in one go, at most. */
export const BULK_ORDERS_MAX = 50;

const orderNumber = z.coerce
  .number({ error: 'An order number is required.' })
  .int('An order number is a whole number.')
  .min(1, 'An order number is a whole number.')
  .max(2_147_483_647, 'There is no such order.');

export const orderNumberParamsSchema = z.strictObject({ orderNumber });

/** An order number in a JSON body: a number, never a text or a boolean turned into one. */
const bodyOrderNumber = z
  .number({ error: 'An order number is required.' })
  .int('An order number is a whole number.')
  .min(1, 'An order number is a whole number.')
  .max(2_147_483_647, 'There is no such order.');

/** GET api/admin/orders?q=&status=&province=&from=&to=&page= */
export const adminOrdersQuerySchema = z.strictObject({
  /** An order number, or part of the client's name or e-mail. */
  q: z.string().trim().max(100, 'Search is at most 100 characters.').optional(),
  status: z.enum(ORDER_FILTERS, { error: 'Unknown order status.' }).optional(),
  /** The shipping address's province code. */
  province: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'A province is its two-letter code.')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  from: optionalCalendarDay('From'),
  to: optionalCalendarDay('To'),
  page: pageNumberSchema,
});
export type AdminOrdersQuery = z.output<typeof adminOrdersQuerySchema>;

export const adminOrderSummarySchema = z.object({
  orderNumber: z.number().int(),
  createdAt: z.string(),
  status: z.string(),
  clientName: z.string(),
  email: z.string(),
  province: z.string(),
  total: z.number().int(),
  amountRefunded: z.number().int(),
  trackingNumber: z.string().nullable(),
  lineCount: z.number().int(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

export const adminOrdersPageSchema = z.object({
  orders: z.array(adminOrderSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOrdersPage = z.infer<typeof adminOrdersPageSchema>;

export const adminOrderLineSchema = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  packageId: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  sizeName: z.string(),
  unitPrice: z.number().int(),
  quantity: z.number().int(),
  quantityRefunded: z.number().int(),
  lineTotal: z.number().int(),
});
export type AdminOrderLine = z.infer<typeof adminOrderLineSchema>;

export const orderRefundSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  amount: z.number().int(),
  itemsAmount: z.number().int(),
  shippingAmount: z.number().int(),
  tax: z.number().int(),
  source: z.string(),
  lines: z.array(
    z.object({
      lineId: z.number().int(),
      quantity: z.number().int(),
      restock: z.boolean(),
      amount: z.number().int(),
    }),
  ),
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

export const orderEventSchema = z.object({
  type: z.string(),
  message: z.string(),
  actor: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** One component of an order's tax (GST, HST, PST, QST) as it was on the order's day. */
export const taxPartSchema = z.object({
  name: z.string(),
  ratePpm: z.number().int(),
  amount: z.number().int(),
});

export const adminOrderSchema = z.object({
  orderNumber: z.number().int(),
  createdAt: z.string(),
  status: z.string(),
  clientId: z.number().int(),
  clientName: z.string(),
  email: z.string(),
  shippingAddress: z.string(),
  billingAddress: z.string(),
  province: z.string(),
  payment: z.object({
    brand: z.string().nullable(),
    last4: z.string().nullable(),
    paymentIntentId: z.string().nullable(),
  }),
  subtotal: z.number().int(),
  discount: z.number().int(),
  shippingFee: z.number().int(),
  taxRatePpm: z.number().int(),
  tax: z.number().int(),
  taxParts: z.array(taxPartSchema),
  total: z.number().int(),
  amountRefunded: z.number().int(),
  /** What can still be given back, in cents. */
  refundable: z.number().int(),
  shippingRefunded: z.boolean(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** When the client disputed the payment with their bank (the card processor's webhook). */
  disputedAt: z.string().nullable(),
  /** How the dispute closed, once it did (null while it is open, or without one). */
  disputeStatus: z.enum(DISPUTE_STATUSES).nullable(),
  disputeClosedAt: z.string().nullable(),
  lines: z.array(adminOrderLineSchema),
  refunds: z.array(orderRefundSchema),
  events: z.array(orderEventSchema),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/**
 * POST api/admin/orders/{orderNumber}/ship: book the parcel with the carrier (`productCode`, the
 * cheapest service when left out) or record a tracking number typed by hand (with its carrier).
 */
export const shipOrderSchema = z
  .strictObject({
    productCode: z.string().trim().max(50).optional(),
    trackingNumber: z
      .string()
      .trim()
      .max(60, 'A tracking number is at most 60 characters.')
      .regex(/^[A-Za-z0-9 -]*$/, 'A tracking number has letters, digits, spaces and dashes only.')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    carrier: optionalText('Carrier', 100),
    /** The owner ships an order whose payment is disputed knowingly (SHIPPING_DISPUTED_MESSAGE). */
    despiteDispute: z.boolean().optional(),
  })
  .superRefine((value, context) => {
    if (value.trackingNumber && !value.carrier) {
      context.addIssue({
        code: 'custom',
        path: ['carrier'],
        message: 'Please enter the carrier of this tracking number.',
      });
    }
  });
export type ShipOrder = z.input<typeof shipOrderSchema>;

/** POST api/admin/orders/ship: several paid orders booked with the carrier at once. */
export const shipOrdersSchema = z.strictObject({
  orderNumbers: z
    .array(bodyOrderNumber)
    .min(1, 'Choose at least one order.')
    .max(BULK_ORDERS_MAX, `At most ${BULK_ORDERS_MAX} orders at once.`),
  productCode: z.string().trim().max(50).optional(),
});

export const shipOrdersResultSchema = z.object({
  results: z.array(
    z.object({
      orderNumber: z.number().int(),
      shipped: z.boolean(),
      trackingNumber: z.string().nullable(),
      error: z.string().nullable(),
    }),
  ),
});
export type ShipOrdersResult = z.infer<typeof shipOrdersResultSchema>;

/** GET api/admin/orders/documents?orders=1,2&kind=labels|slips: one PDF to print for several orders. */
export const orderDocumentsQuerySchema = z.strictObject({
  orders: z
    .string()
    .trim()
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'List the order numbers separated by commas.')
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .pipe(z.array(z.number().int()).max(BULK_ORDERS_MAX, `At most ${BULK_ORDERS_MAX} orders at once.`)),
  kind: z.enum(['labels', 'slips'], { error: 'Choose labels or slips.' }),
});

const refundLineSchema = z.strictObject({
  lineId: z.number({ error: 'A line is required.' }).int().positive(),
  quantity: z
    .number({ error: 'A quantity is required.' })
    .int('A quantity is a whole number.')
    .min(1, 'A quantity is at least 1.')
    .max(100_000, 'That is more than the order has.'),
  restock: z.boolean().default(true),
});

/**
 * POST api/admin/orders/{orderNumber}/refund with an Idempotency-Key: chosen lines and quantities
 * (each back to stock or not) and the shipping or not; without lines, everything that remains.
 */
export const refundOrderSchema = z.strictObject({
  lines: z.array(refundLineSchema).max(200).optional(),
  shipping: z.boolean().optional(),
  /** For a whole-order refund (no lines): whether its items go back to stock. */
  restock: z.boolean().optional(),
});
export type RefundOrder = z.input<typeof refundOrderSchema>;
export type RefundOrderData = z.output<typeof refundOrderSchema>;

/** POST api/admin/orders/{orderNumber}/cancel: an unshipped order, its money back, its items restocked. */
export const cancelOrderSchema = z.strictObject({
  reason: optionalText('Reason', 500),
});

/** The spec's shipping calls: an order by its number (apiToken is the spec's, and empty). */
export const shippingOrderRequestSchema = z.strictObject({
  apiToken: z.string().max(500).optional(),
  orderNo: z.coerce
    .string()
    .trim()
    .regex(/^\d{1,10}$/, 'An order number is required.'),
  productCode: z.string().trim().max(50).optional(),
});

export const shipmentSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  productCode: z.string(),
  productName: z.string(),
  trackingNumber: z.string(),
  status: z.string(),
  totalPrice: z.number().int(),
  createdAt: z.string(),
  consignee: z.object({ name: z.string(), city: z.string(), province: z.string(), postCode: z.string() }),
});

export const shipmentReplySchema = z.object({ success: z.boolean(), result: shipmentSchema });
export const shipmentListSchema = z.object({ success: z.boolean(), result: z.array(shipmentSchema) });
export const carrierAccountSchema = z.object({
  success: z.boolean(),
  result: z.object({
    customerNo: z.string(),
    name: z.string(),
    balance: z.number().int().nullable(),
    currencyCode: z.string(),
  }),
});
