/**
 * Checkout's statements, each beside the zod schema of its rows (docs/decisions/002: checkout
 * reads its context and writes an order in one statement each; checkout.queries.test.ts checks the
 * shapes on PGlite and PostgreSQL).
 */
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  BILLING_ADDRESS,
  type SavedAddress,
  SHIPPING_ADDRESS,
  savedAddressSchema,
} from '../../../domain/address.ts';
import type { Cart } from '../../../domain/cart.ts';
import { ORDER_STATUSES } from '../../../domain/orders.ts';
import type { ItemDimensions } from '../../../domain/shipping.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { OrderCard } from '../../db/schema.ts';
import { compiledQuery, type Placeholders, typedQuery } from '../../db/typed-query.ts';
import { mailInsert } from '../../providers/mail/outbox.ts';
import { currentAddresses } from '../addresses/addresses.queries.ts';
import { type CartExtras, cartWith } from '../cart/cart.queries.ts';
import { lineDimensions, toCart } from '../cart/cart.service.ts';
import { catalogChangeNotice } from '../catalog/catalog-cache.ts';
import { type ItemToTake, stockTaken } from '../inventory/inventory.queries.ts';
import { SETTINGS_JSON, taxRatePpmOf } from '../settings/settings.queries.ts';
import { type Settings, settingsFrom } from '../settings/settings.service.ts';

/** Everything checkout computes an order from, read in one statement. */
export interface CheckoutContext {
  cart: Cart;
  /** Each line's dimensions (mm, g) and quantity, in the cart's order; null where the shop has none. */
  boxItems: (ItemDimensions | null)[];
  settings: Settings;
  /** The client's current shipping and billing addresses. */
  shipping: SavedAddress | undefined;
  billing: SavedAddress | undefined;
  /**
   * The summed tax rate of the shipping address's province, in ppm; null without an address or
   * when that province has no rate (a sale there stops: taxRateMissing).
   */
  shippingTaxRatePpm: number | null;
  clientEmail: string | undefined;
  /** The order a payment intent placed already (when asked about one). */
  placedOrder: PlacedOrder | null;
  /** The authorization the client's cart holds, if any (when asked about an order). */
  cartHold: CartHold | null;
  /** The client a payment method belongs to, once claimed (when asked to claim one). */
  paymentMethodOwner: number | null;
}

/**
 * What the context is read with beside the cart: the order a payment intent placed (and the cart's
 * hold), or a payment method claimed for the client (it becomes theirs when it has no owner yet).
 */
export type ContextAlso = { placedBy: string } | { claiming: string } | undefined;

const id = z.number().int();

/**
 * The authorization a cart holds: its payment intent, when it was made (Unix seconds) and what the
 * payment step saw authorized (null for a hold kept before the shop recorded these).
 */
const cartHoldSchema = z.object({
  paymentIntentId: z.string(),
  authorizedAt: z.number(),
  amount: id.nullable(),
  signature: z.string().nullable(),
  card: z.object({ brand: z.string().nullable(), last4: z.string().nullable() }).nullable(),
});
export type CartHold = z.infer<typeof cartHoldSchema>;

/** The order a payment intent placed: placed, then paid once captured. */
const placedOrderSchema = z.object({ id, orderNumber: id, status: z.enum(ORDER_STATUSES) });
type PlacedOrder = z.infer<typeof placedOrderSchema>;

/** The columns the context statement answers beside the cart's (cart.queries.ts). */
const contextColumnsSchema = z.object({
  settings_rows: z.array(z.object({ key: z.string(), value: z.unknown() })),
  default_addresses: z.array(savedAddressSchema),
  shipping_tax_ppm: id.nullable(),
  client_email: z.string().nullable(),
  placed_order: placedOrderSchema.nullable(),
  cart_hold: cartHoldSchema.nullable(),
  payment_method_owner: id.nullable(),
});

/**
 * A payment method's owner; the client becomes it when it has none yet. Stripe.js makes methods in
 * the browser: the first payer is the owner, and anyone else naming it is told it does not exist.
 */
function claimedOwner(clientId: Placeholder, paymentMethodId: Placeholder): CartExtras {
  return {
    with: sql`claimed AS (
        INSERT INTO payment_method_owners (payment_method_id, client_id)
        VALUES (${paymentMethodId}::text, ${clientId}::int)
        ON CONFLICT (payment_method_id) DO NOTHING
        RETURNING client_id)`,
    columns: sql`coalesce((SELECT client_id FROM claimed),
        (SELECT client_id FROM payment_method_owners WHERE payment_method_id = ${paymentMethodId}::text))`,
  };
}

/**
 * The context's columns beside the cart's: settings, addresses, tax rate, e-mail, and the placed
 * order or the claimed payment method's owner of its variant.
 */
function contextColumns(
  variant: string,
  v: Placeholders<{ clientId: number; paymentIntentId: string | null; paymentMethodId: string | null }>,
): CartExtras {
  const { clientId } = v;
  const shippingProvince = sql`(SELECT province FROM (${currentAddresses(clientId)}) a
      WHERE address_type_id = ${SHIPPING_ADDRESS})`;
  const placedOrder =
    variant === 'placed order'
      ? sql`(SELECT json_build_object('id', id, 'orderNumber', order_number, 'status', status) FROM orders
             WHERE payment_intent_id = ${v.paymentIntentId}::text)`
      : sql`NULL::json`;
  const cartHold =
    variant === 'placed order'
      ? sql`(SELECT json_build_object('paymentIntentId', payment_intent_id,
             'authorizedAt', floor(extract(epoch FROM authorized_at)), 'amount', authorized_amount,
             'signature', authorized_signature, 'card', authorized_card)
           FROM carts WHERE client_id = ${clientId}::int AND payment_intent_id IS NOT NULL)`
      : sql`NULL::json`;
  const claim = variant === 'claim' ? claimedOwner(clientId, v.paymentMethodId) : undefined;
  return {
    with: claim?.with,
    columns: sql`${SETTINGS_JSON} AS settings_rows,
      (SELECT coalesce(json_agg(a), '[]') FROM (${currentAddresses(clientId)}) a) AS default_addresses,
      ${taxRatePpmOf(shippingProvince)} AS shipping_tax_ppm,
      (SELECT email FROM clients WHERE id = ${clientId}::int) AS client_email,
      ${placedOrder} AS placed_order,
      ${cartHold} AS cart_hold,
      ${claim?.columns ?? sql`NULL::int`} AS payment_method_owner`,
  };
}

/**
 * The client's cart (with each line's dimensions), the shop's settings, the client's current
 * addresses, the tax rate where the order ships, the client's e-mail and, as asked, the order a
 * payment intent placed or the owner of a payment method claimed: what computing an order needs, in
 * one round trip instead of seven. Checkout reads it twice an order (to pay, to place): it is
 * compiled once (typed-query.ts compiledQuery).
 */
export const selectCheckoutContext = cartWith(
  contextColumnsSchema,
  (clientId: number, also?: ContextAlso) => ({
    variant: also === undefined ? 'cart' : 'placedBy' in also ? 'placed order' : 'claim',
    values: {
      clientId,
      paymentIntentId: also && 'placedBy' in also ? also.placedBy : null,
      paymentMethodId: also && 'claiming' in also ? also.claiming : null,
    },
  }),
  contextColumns,
);

/** What a shipping quote is computed from: the cart, its lines' boxes and the shop's settings. */
export type QuoteContext = Pick<CheckoutContext, 'cart' | 'boxItems' | 'settings'>;

/**
 * The cart with each line's dimensions and the shop's settings, without the rest of the checkout
 * context: a quote is for the address it is asked about, not the client's saved ones.
 */
export const selectQuoteContext = cartWith(
  z.object({ settings_rows: contextColumnsSchema.shape.settings_rows }),
  (clientId: number) => ({ variant: 'quote', values: { clientId } }),
  () => ({ columns: sql`${SETTINGS_JSON} AS settings_rows` }),
);

type QuoteRow = Awaited<ReturnType<typeof selectQuoteContext>>[number];

/** The cart, its boxes and the settings, from the rows of selectQuoteContext or selectCheckoutContext. */
function quoteContextOf(rows: readonly QuoteRow[], clientId: number): QuoteContext {
  const first = rows[0];
  if (!first) throw new Error('the cart statement answers a row even for an empty cart');
  const cart = toCart(rows, clientId);
  return {
    cart,
    boxItems: lineDimensions(rows).map((item, index) =>
      item ? { ...item, quantity: cart.products[index]?.quantity ?? 0 } : null,
    ),
    settings: settingsFrom(first.settings_rows),
  };
}

export async function loadQuoteContext(db: DbOrTx, clientId: number): Promise<QuoteContext> {
  return quoteContextOf(await selectQuoteContext(db, clientId), clientId);
}

/** The checkout context of the client's cart, from selectCheckoutContext's rows. */
export async function loadCheckoutContext(
  db: DbOrTx,
  clientId: number,
  also?: ContextAlso,
): Promise<CheckoutContext> {
  const rows = await selectCheckoutContext(db, clientId, also);
  const extras = rows[0];
  if (!extras) throw new Error('the cart statement answers a row even for an empty cart');
  const address = (typeId: number) => extras.default_addresses.find((a) => a.address_type_id === typeId);
  return {
    ...quoteContextOf(rows, clientId),
    shipping: address(SHIPPING_ADDRESS),
    billing: address(BILLING_ADDRESS),
    shippingTaxRatePpm: extras.shipping_tax_ppm,
    clientEmail: extras.client_email ?? undefined,
    placedOrder: extras.placed_order,
    cartHold: extras.cart_hold,
    paymentMethodOwner: extras.payment_method_owner,
  };
}

/** An order's line as it is kept: what was bought, at what price, as it was then. */
export interface NewOrderLine {
  product_id: number;
  package_id: number | null;
  size_id: number | null;
  code: string;
  name: string;
  size_name: string;
  unit_price: number;
  quantity: number;
  line_total: number;
}

/** A text with the order's number in it, as what comes before the number and what comes after. */
export type AroundOrderNumber = readonly [before: string, after: string];

export interface NewOrderRow {
  clientId: number;
  paymentIntentId: string;
  card: { brand: string | null; last4: string | null } | null;
  clientName: string;
  email: string;
  subtotal: number;
  discount: number;
  shippingFee: number;
  taxRatePpm: number;
  tax: number;
  total: number;
  shipping: SavedAddress;
  billing: SavedAddress;
  lines: readonly NewOrderLine[];
  /** The confirmation e-mail: the statement writes the order's number into its subject and text. */
  confirmation: { to: string; subject: AroundOrderNumber; text: AroundOrderNumber };
  /** The cart's lines the order was computed from, each in the quantity it had then. */
  cartLines: readonly { id: number; quantity: number }[];
  /** The stock the order takes, summed per item: its products (in their sizes), its packages. */
  stock: { products: readonly ItemToTake[]; packages: readonly ItemToTake[] };
}

/** The order placed. */
const insertedOrderRowSchema = z.object({ id, orderNumber: id });

/** What the order statement refuses with (shop_refuse) when the cart is not as it was read. */
export const CART_NOT_AS_READ = 'cart_not_as_read';

/** The text around the order's number, with the number the statement's `placed` row was given. */
function withOrderNumber([before, after]: AroundOrderNumber): SQL {
  return sql`concat(${before}::text, (SELECT order_number FROM placed), ${after}::text)`;
}

/** A cart without a hold: its authorization used by an order, or released. */
const NO_HOLD = sql`payment_intent_id = NULL, authorized_at = NULL, authorized_amount = NULL,
  authorized_signature = NULL, authorized_card = NULL`;

/**
 * Places the order in one statement, the cart unlocked (docs/decisions/024): its stock taken
 * (stockTaken), the order and its lines written as they are now, the lines ordered taken out of the
 * client's cart and its hold used, the confirmation queued with the order's number, and the
 * catalogue told of the stock taken (here and on other instances). It writes only if the cart still
 * holds the lines read, each in the quantity read, and the order's payment as its hold, and every
 * item is in stock: else it writes nothing and fails with CART_NOT_AS_READ, and the caller reads the
 * cart again. A line changed meanwhile by another tab is found so, even while this statement runs
 * (its delete re-reads a row changed under it); a line added meanwhile stays in the cart.
 */
export const insertOrder = typedQuery(
  insertedOrderRowSchema,
  (order: NewOrderRow) =>
    sql`WITH ${stockTaken(order.stock.products, order.stock.packages)}, placed AS (
          INSERT INTO orders (client_id, payment_intent_id, payment_method, client_name, email, subtotal,
            discount, shipping_fee, tax_rate_ppm, tax, total, shipping_address, billing_address)
          SELECT ${order.clientId}, ${order.paymentIntentId}, ${JSON.stringify(order.card)}::jsonb,
            ${order.clientName}, ${order.email},
            ${order.subtotal}::int, ${order.discount}::int, ${order.shippingFee}::int,
            ${order.taxRatePpm}::int, ${order.tax}::int, ${order.total}::int,
            ${JSON.stringify(order.shipping)}::jsonb, ${JSON.stringify(order.billing)}::jsonb
          WHERE (SELECT count(*) FROM taken_products) = ${order.stock.products.length}
            AND (SELECT count(*) FROM taken_packages) = ${order.stock.packages.length}
          RETURNING id, order_number
        ), lines AS (
          INSERT INTO order_lines (order_id, product_id, package_id, size_id, code, name, size_name,
            unit_price, quantity, line_total)
          SELECT placed.id, l.product_id, l.package_id, l.size_id, l.code, l.name, l.size_name,
            l.unit_price, l.quantity, l.line_total
          FROM placed, json_to_recordset(${JSON.stringify(order.lines)}::json) AS l(product_id int,
            package_id int, size_id int, code text, name text, size_name text, unit_price int,
            quantity int, line_total int)
        ), emptied AS (
          DELETE FROM cart_lines cl
          USING json_to_recordset(${JSON.stringify(order.cartLines)}::json) AS read(id int, quantity int)
          WHERE cl.id = read.id AND cl.quantity = read.quantity
            AND cl.cart_id IN (SELECT id FROM carts WHERE client_id = ${order.clientId})
          RETURNING cl.id
        ), used AS (
          UPDATE carts SET ${NO_HOLD}
          WHERE client_id = ${order.clientId} AND payment_intent_id = ${order.paymentIntentId}
          RETURNING id
        ), mail AS (${mailInsert({
          to: order.confirmation.to,
          subject: withOrderNumber(order.confirmation.subject),
          text: withOrderNumber(order.confirmation.text),
        })})
        SELECT p.id, p.order_number AS "orderNumber"
        FROM (SELECT 1) one
        LEFT JOIN (SELECT id, order_number,
            ${catalogChangeNotice(order.lines.map((line) => line.product_id))} AS notice
          FROM placed) p ON true
        WHERE CASE WHEN (SELECT count(*) FROM placed) = 1
                    AND (SELECT count(*) FROM emptied) = ${order.cartLines.length}
                    AND (SELECT count(*) FROM used) = 1
               THEN true ELSE shop_refuse(${CART_NOT_AS_READ}) END`,
);

const previousAuthorizationRowSchema = z.object({ previous: z.string().nullable() });

/** What the payment step saw authorized, kept with the cart's hold. */
export interface Authorization {
  paymentIntentId: string;
  amount: number;
  /** The signature of the cart the payment was for (totalsOf). */
  signature: string;
  card: OrderCard | null;
}

/**
 * Makes an authorization the cart's hold, with what was authorized, locking the cart; answers the
 * hold it replaced.
 */
export const replaceCartAuthorization = compiledQuery(
  previousAuthorizationRowSchema,
  (clientId: number, authorization: Authorization) => ({
    variant: 'hold',
    values: {
      clientId,
      paymentIntentId: authorization.paymentIntentId,
      amount: authorization.amount,
      signature: authorization.signature,
      card: JSON.stringify(authorization.card),
    },
  }),
  (_variant, v) =>
    sql`UPDATE carts c SET payment_intent_id = ${v.paymentIntentId}::text, authorized_at = now(),
          authorized_amount = ${v.amount}::int, authorized_signature = ${v.signature}::text,
          authorized_card = ${v.card}::jsonb
        FROM (SELECT id, payment_intent_id FROM carts WHERE client_id = ${v.clientId}::int FOR UPDATE) old
        WHERE c.id = old.id
        RETURNING old.payment_intent_id AS previous`,
);

/**
 * Forgets a released authorization as the client's cart's hold: an order is then never placed from
 * it without asking the processor.
 */
export const forgetCartHold = typedQuery(
  z.object({ id }),
  (paymentIntentId: string, clientId: number) =>
    sql`UPDATE carts SET ${NO_HOLD}
        WHERE client_id = ${clientId} AND payment_intent_id = ${paymentIntentId}
        RETURNING id`,
);

/** An order whose payment the shop captured: paid (the webhook's statement marks it so too). */
export const markOrderPaid = compiledQuery(
  z.object({ id }),
  (orderId: number) => ({ variant: 'paid', values: { orderId } }),
  (_variant, v) => sql`UPDATE orders SET status = 'paid' WHERE id = ${v.orderId}::int RETURNING id`,
);

/** At most this many card holds a pass of the release job (the next pass takes the rest). */
const STALE_HOLDS_BATCH = 100;

const releasedRowSchema = z.object({ payment_intent_id: z.string() });

/**
 * Takes the holds made before the cut-off off their carts, when this instance holds the job's lock;
 * a cart being placed right now (its row locked) is left for the next pass.
 */
export const takeStaleHolds = typedQuery(
  releasedRowSchema,
  (cutoff: Date) =>
    sql`WITH job AS (SELECT pg_try_advisory_xact_lock(hashtext('job:release-card-holds')) AS mine),
        stale AS (
          SELECT id, payment_intent_id FROM carts
          WHERE payment_intent_id IS NOT NULL AND authorized_at < ${cutoff} AND (SELECT mine FROM job)
          ORDER BY authorized_at
          LIMIT ${STALE_HOLDS_BATCH}
          FOR UPDATE SKIP LOCKED)
        UPDATE carts c SET ${NO_HOLD}
        FROM stale WHERE c.id = stale.id
        RETURNING stale.payment_intent_id`,
);
