/**
 * Wish requests, payment, order placement and orders (spec storefront §2 thank-you, wish request,
 * your-order; §3 Payment method, Payment result, Wish request; §4 Payment, Order placement; §7).
 */
import { z } from 'zod';
import { optionalText, requiredEmail, requiredText } from './validation.ts';

export const THANK_YOU_TITLE = 'Thank you for your order';
export const THANK_YOU_TEXT = 'Your order has been placed. You will receive a confirmation email shortly.';
export const WISH_THANK_YOU_TITLE = 'Thank you for your interest.';
export const WISH_THANK_YOU_TEXT =
  'Your request has been placed. You will receive an email shortly to discuss your wishes.';
export const NO_KEY_DEFINED = 'No key defined!';

/** POST api/setOrder in wish-list mode: the client's details; the list itself is the server's cart. */
export const wishRequestSchema = z.strictObject({
  userId: z.number().int().positive().optional(),
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

export const wishRequestResultSchema = z.object({
  status: z.literal('succeeded'),
  wishRequestId: z.number().int(),
});

/** POST api/Payment: authorize the server-computed total with a payment method. */
export const paymentRequestSchema = z.strictObject({
  userId: z.number().int().positive(),
  paymentMethodId: z.string().trim().min(1, 'A payment method is required.').max(255),
});
export const paymentResultSchema = z.object({
  status: z.string(),
  paymentIntentId: z.string().nullable(),
  error: z.string().nullable(),
  /** What was authorized, in cents. */
  amount: z.number().int().nullable(),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

/** POST api/Payment/confirm: place the order paid by an authorized payment intent. */
export const confirmRequestSchema = z.strictObject({
  userId: z.number().int().positive(),
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

export const orderLineSchema = z.object({
  product_id: z.number().int().nullable(),
  package_id: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  size_name: z.string(),
  unit_price: z.number().int(),
  quantity: z.number().int(),
  line_total: z.number().int(),
});

/** GET api/orders: the client's orders, newest first. */
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
});
export type Order = z.infer<typeof orderSchema>;
