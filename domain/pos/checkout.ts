/** Card Checkout, without a reader: products, prices, hosted sessions (spec pos.md §2). */
import { z } from 'zod';
import { sandboxCardSchema } from '../orders.ts';
import { CHECKOUT_QUANTITY_MAX, CHECKOUT_QUANTITY_MIN } from './constants.ts';
import { cents, optionalPosEmail, stripeId } from './fields.ts';

/**
 * A catalogue product ('prod_<productId>') or package ('pkg_<packageId>') the checkout sells, with
 * its code (two products of one name, in two colours, say, are told apart by it).
 */
const posProductSchema = z.object({ id: z.string(), name: z.string(), code: z.string() });
export type PosProduct = z.infer<typeof posProductSchema>;
export const posProductListSchema = z.array(posProductSchema);
/**
 * One way to buy it at today's price: a size ('price_<productId>_<sizeId>', labelled with the size's
 * name), a product without sizes ('price_<productId>') or a package ('price_pkg_<packageId>').
 */
const posPriceSchema = z.object({
  id: z.string(),
  productId: z.string(),
  unitAmount: cents,
  label: z.string().optional(),
});
export type PosPrice = z.infer<typeof posPriceSchema>;
export const posPriceListSchema = z.array(posPriceSchema);

const checkoutLineItemSchema = z.strictObject({
  priceId: stripeId('Price'),
  quantity: z
    .number({ error: 'Quantity is required.' })
    .int('Only digits are allowed.')
    .min(CHECKOUT_QUANTITY_MIN, `Quantity must be at least ${CHECKOUT_QUANTITY_MIN}.`)
    .max(CHECKOUT_QUANTITY_MAX, `Quantity cannot be more than ${CHECKOUT_QUANTITY_MAX}.`),
});
/**
 * POST api/pos/create-checkout-session: lines with quantity 0 are dropped; none left -> 400. The
 * store province's tax is added unless addTax is false (the form's Add tax, on by default); the
 * receipt of the sale is e-mailed to `email` when one is given.
 */
export const createCheckoutSessionSchema = z.strictObject({
  lineItems: z.array(checkoutLineItemSchema).max(100, 'Too many prices.'),
  addTax: z.boolean().default(true),
  email: optionalPosEmail,
});
export type CreateCheckoutSession = z.input<typeof createCheckoutSessionSchema>;
export type CreateCheckoutSessionData = z.output<typeof createCheckoutSessionSchema>;
export const checkoutSessionCreatedSchema = z.object({ url: z.string() });

/** GET api/pos/sandbox-checkout/{id}: what the sandbox's hosted page shows. */
export const sandboxCheckoutSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  amount_total: cents,
  currency: z.string(),
  success_url: z.string().nullable(),
  cancel_url: z.string().nullable(),
  lines: z.array(
    z.object({
      priceId: z.string(),
      description: z.string(),
      quantity: z.number().int(),
      unitAmount: cents,
      amountTotal: cents,
    }),
  ),
});
export type SandboxCheckout = z.infer<typeof sandboxCheckoutSchema>;
/** POST api/pos/sandbox-checkout/{id}: the card typed on the sandbox page (the storefront's card schema). */
export const sandboxCheckoutPaySchema = sandboxCardSchema;
export type SandboxCheckoutPay = z.input<typeof sandboxCheckoutPaySchema>;
