/**
 * Wish requests, payment, order placement and orders (spec storefront §2 thank-you, wish request,
 * your-order; §3 Payment method, Payment result, Wish request; §4 Payment, Order placement; §7).
 */
import { z } from 'zod';
import { bodyId, optionalText, requiredEmail, requiredText } from './validation.ts';

export const THANK_YOU_TITLE = 'Thank you for your order';
export const THANK_YOU_TEXT = 'Your order has been placed. You will receive a confirmation email shortly.';
export const WISH_THANK_YOU_TITLE = 'Thank you for your interest.';
export const WISH_THANK_YOU_TEXT =
  'Your request has been placed. You will receive an email shortly to discuss your wishes.';
export const NO_KEY_DEFINED = 'No key defined!';

/** POST api/setOrder in wish-list mode: the client's details; the list itself is the server's cart. */
export const wishRequestSchema = z.strictObject({
  userId: bodyId('userId').optional(),
  customer_name: requiredText('Name', { min: 3, max: 255 }),
  email: requiredEmail(),
  phone: optionalText('Phone', 50),
  address: optionalText('Address', 500),
  message: optionalText('Message', 2000),
  source: optionalText('Source', 50),
  /** The web sends its copy of the list (spec §3); the server uses its own cart. */
  cart: z.unknown().optional(),
});
export type WishRequest = z.input<typeof wishRequestSchema>;
export type WishRequestData = z.output<typeof wishRequestSchema>;

/** One line of a wish list as it was sent: the shop reads it without the catalogue. */
export interface WishListLine {
  product_id: number;
  package_id: number | null;
  code: string;
  name: string;
  size_id: number | null;
  size_name: string | null;
  quantity: number;
}

export const wishRequestResultSchema = z.object({
  status: z.literal('succeeded'),
  wishRequestId: z.number().int(),
});

/** POST api/Payment: authorize the server-computed total with a payment method. */
export const paymentRequestSchema = z.strictObject({
  userId: bodyId('userId'),
  paymentMethodId: z.string().trim().min(1, 'A payment method is required.').max(255),
});
export const paymentResultSchema = z.object({
  /** succeeded (authorized), requires_action (3-D Secure: the browser completes it), or a refusal. */
  status: z.string(),
  paymentIntentId: z.string().nullable(),
  error: z.string().nullable(),
  /** What was authorized, in cents. */
  amount: z.number().int().nullable(),
  /** With requires_action only: what Stripe.js's handleNextAction needs to ask the cardholder. */
  clientSecret: z.string().nullable(),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

/**
 * POST api/Payment/authentication: after the cardholder answered 3-D Secure, the payment's
 * outcome (answered as POST api/Payment answers).
 */
export const authenticationRequestSchema = z.strictObject({
  userId: bodyId('userId'),
  paymentIntentId: z.string().trim().min(1, 'A payment is required.').max(255),
});

/** POST api/Payment/sandbox/authenticate: the cardholder's answer on the sandbox's challenge. */
export const sandboxAuthenticationSchema = z.strictObject({
  paymentIntentId: z.string().trim().min(1, 'A payment is required.').max(255),
  outcome: z.enum(['complete', 'fail'], { error: 'The outcome is complete or fail.' }),
});
export type SandboxAuthentication = z.infer<typeof sandboxAuthenticationSchema>;

/** POST api/Payment/confirm: place the order paid by an authorized payment intent. */
export const confirmRequestSchema = z.strictObject({
  userId: bodyId('userId'),
  paymentIntentId: z.string().trim().min(1, 'A payment is required.').max(255),
  /** The spec's order request; the server rebuilds every amount and address from its own data. */
  orderRequest: z.unknown().optional(),
});
export const confirmResultSchema = z.object({
  status: z.string(),
  error: z.string().nullable(),
  orderNumber: z.number().int().nullable(),
});
export type ConfirmResult = z.infer<typeof confirmResultSchema>;

/**
 * The confirm's refusals after which the payment was released, and only a new one can place the
 * order: the cart changed after paying, or the hold on the card ended.
 */
export const PAYMENT_RELEASED_CODES = {
  cartChanged: 'cart_changed',
  holdEnded: 'authorization_ended',
} as const;

export const orderLineSchema = z.object({
  product_id: z.number().int().nullable(),
  package_id: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  size_name: z.string(),
  unit_price: z.number().int(),
  quantity: z.number().int(),
  line_total: z.number().int(),
  /** How many of this line were refunded. */
  quantity_refunded: z.number().int(),
});

/** Your Orders shows this many at a time, the next ones with Show more. */
export const ORDERS_PAGE_SIZE = 20;

/** GET api/orders?offset=&limit=: which of the client's orders, newest first. */
export const ordersPageSchema = z.strictObject({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(ORDERS_PAGE_SIZE),
});
export type OrdersPage = z.infer<typeof ordersPageSchema>;

/** GET api/orders: the client's orders, newest first. */
/**
 * An order is placed (stock taken, card authorized), then paid once the capture succeeds, then
 * shipped and delivered; or cancelled before it ships; or refunded once everything was given back.
 * A partial refund leaves the status alone: the order's amount refunded says it.
 */
export const ORDER_STATUSES = ['placed', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orderSchema = z.object({
  orderNumber: z.number().int(),
  createdAt: z.string(),
  status: z.string(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  shipping_fee: z.number().int(),
  tax: z.number().int(),
  tax_rate: z.number(),
  total: z.number().int(),
  currency: z.string(),
  shipping_address: z.string(),
  billing_address: z.string(),
  payment: z.string(),
  lines: z.array(orderLineSchema),
  /** What was given back, in cents, and each refund that did it. */
  amount_refunded: z.number().int(),
  refunds: z.array(z.object({ amount: z.number().int(), createdAt: z.string() })),
  /** The carrier and tracking number once shipped. */
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  shipped_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * POST api/Payment/sandbox/paymentmethod (sandbox only): what Stripe.js's createPaymentMethod does
 * in the browser with Stripe. The card number is checked and forgotten: only brand and last 4 stay.
 */
export const sandboxCardSchema = z.strictObject({
  number: z
    .string({ error: 'Your card number is incomplete.' })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is incomplete.')),
  exp_month: z.number({ error: "Your card's expiration date is incomplete." }).int().min(1).max(12),
  exp_year: z.number({ error: "Your card's expiration date is incomplete." }).int().min(2000).max(2100),
  cvc: z
    .string({ error: "Your card's security code is incomplete." })
    .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
  billing_details: z
    .strictObject({
      name: z.string().max(255).optional(),
      email: z.string().max(256).optional(),
      phone: z.string().max(50).optional(),
      address: z
        .strictObject({
          line1: z.string().max(500).optional(),
          line2: z.string().max(500).optional(),
          city: z.string().max(50).optional(),
          state: z.string().max(50).optional(),
          country: z.string().max(2).optional(),
          postal_code: z.string().max(15).optional(),
        })
        .optional(),
    })
    .optional(),
});
export type SandboxCard = z.input<typeof sandboxCardSchema>;
export type SandboxCardData = z.output<typeof sandboxCardSchema>;

/** Spec §3 Payment method: card (brand, last4, exp_month, exp_year) and billing details. */
export const paymentMethodSchema = z.object({
  id: z.string(),
  card: z.object({
    brand: z.string(),
    last4: z.string(),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
  }),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
