/**
 * One schema for PGlite and PostgreSQL. Money is integer cents; tax rates are parts per million;
 * dimensions are millimetres and grams. Migrations are generated from this file (npm run db:generate).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PostalAddress } from '../../domain/address.ts';
import type { DisputeStatus } from '../../domain/admin/orders.ts';
import type { OutboxStatus } from '../../domain/admin/outbox.ts';
import type { ReconciliationReport } from '../../domain/admin/reconciliation.ts';
import type { OrderStatus, WishListLine } from '../../domain/orders.ts';
import type { ReceiptLine } from '../../domain/pos/receipts.ts';
import type { RequestStatus } from '../../domain/requests.ts';
import type { MailAttachment } from '../providers/mail/outbox.ts';
import type {
  BillingDetails,
  Charge,
  CheckoutLineItem,
  CheckoutSession,
  LastPaymentError,
  Metadata,
  PaymentIntent,
  PaymentIntentStatus,
  PaymentMethodType,
  Reader,
  ReaderAction,
  Refund,
} from '../providers/payments/gateway.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The card of an order, as Your Orders shows it ('visa ending in 4242'). */
export interface OrderCard {
  brand: string | null;
  last4: string | null;
}

/** A receipt line as stored: the rate it was taxed at travels with it. */
export type StoredReceiptLine = ReceiptLine & { tax_rate_ppm: number };

/** An invoice line as stored, the price in cents. */
export interface StoredInvoiceLine {
  product_name: string;
  price: number;
  quantity: number;
}

// ---------------------------------------------------------------- accounts

export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    userName: text('user_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    middleInitial: text('middle_initial').notNull().default(''),
    lastName: text('last_name').notNull(),
    companyName: text('company_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    province: text('province').notNull().default(''),
    country: text('country').notNull().default(''),
    postalcode: text('postalcode').notNull().default(''),
    roles: text('roles').array().notNull().default(sql`ARRAY['CLIENT']::text[]`),
    /** Set when the owner disables the account: it cannot log in, and its sessions end at once. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('clients_user_name_lower').on(sql`lower(${t.userName})`),
    uniqueIndex('clients_email_lower').on(sql`lower(${t.email})`),
  ],
);

/** Opaque bearer tokens, stored as SHA-256 hashes. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_client').on(t.clientId)],
);

/**
 * The one-time link that creates the first admin of an empty shop (printed at start while no
 * admin exists), stored hashed; used once.
 */
export const setupTokens = pgTable('setup_tokens', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** A password reset the owner started for someone: a link e-mailed to them, stored hashed, used once. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: integer('created_by').references(() => clients.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_client').on(t.clientId)],
);

// ---------------------------------------------------------------- catalogue

/** Root categories are the shopping tabs; their children are the product groups. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    icon: text('icon').notNull().default(''),
    isPackage: boolean('is_package').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    /** A hidden tab or group, and its products, are not shown in the storefront. */
    hidden: boolean('hidden').notNull().default(false),
    /** Raised by every back-office save: a save that names an older version gets 409. */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('categories_parent').on(t.parentId)],
);

/** The heading and explanation shown on a shopping tab (one phase per root category). */
export const phases = pgTable('phases', {
  id: serial('id').primaryKey(),
  categoryId: integer('category_id')
    .notNull()
    .unique()
    .references(() => categories.id, { onDelete: 'cascade' }),
  shortDescription: text('short_description').notNull(),
  longDescription: text('long_description').notNull().default(''),
});

export const sizeTypes = pgTable('size_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

export const sizes = pgTable(
  'sizes',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id')
      .notNull()
      .references(() => sizeTypes.id),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('sizes_type').on(t.typeId)],
);

/** Written only by PostgreSQL (a generated column); never read into JavaScript. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    pricing: integer('pricing').notNull(),
    priceDiscount: integer('price_discount').notNull().default(0),
    shortDescription: text('short_description').notNull().default(''),
    longDescription: text('long_description').notNull().default(''),
    icon: text('icon').notNull().default(''),
    /** Products that are the same design in other colours share a family; they are each other's 'others'. */
    family: text('family'),
    color: text('color').notNull().default(''),
    /** Set for sized products (withsize); its sizes are the choices. */
    sizeTypeId: integer('size_type_id').references(() => sizeTypes.id),
    isNew: boolean('is_new').notNull().default(false),
    active: boolean('active').notNull().default(true),
    visits: integer('visits').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Raised by every back-office save: a save that names an older version gets 409. */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    /** ' maple leaf crew sock red ms crw 001 ': the words of name and code, for word-prefix search. */
    searchWords: text('search_words').generatedAlwaysAs(
      sql`' ' || regexp_replace(lower(name || ' ' || code), '[[:space:][:punct:]]+', ' ', 'g') || ' '`,
    ),
    /**
     * Full-text search: the name (weight A, stemmed and as typed, for prefixes of unstemmed words),
     * the code (B) and the descriptions (C), accents folded. The configurations and shop_unaccent
     * are made by migration 0013.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('shop_english'::regconfig, name), 'A')
        || setweight(to_tsvector('shop_simple'::regconfig, name), 'A')
        || setweight(to_tsvector('shop_simple'::regconfig, code), 'B')
        || setweight(to_tsvector('shop_english'::regconfig, short_description || ' ' || long_description), 'C')`,
    ),
    /** The name's words alone: small to read when ranking, and PostgreSQL estimates its matches well. */
    nameVector: tsvector('name_vector').generatedAlwaysAs(
      sql`to_tsvector('shop_english'::regconfig, name) || to_tsvector('shop_simple'::regconfig, name)`,
    ),
    /** The name in lower case without accents: the typo fallback ranks what it found by its trigrams. */
    searchName: text('search_name').generatedAlwaysAs(sql`shop_unaccent(lower(name))`),
  },
  (t) => [
    // A category's active products in display order: its first cards are the index's first
    // entries, and they are counted from the index alone (once vacuumed).
    index('products_category').on(t.categoryId, t.active, t.sortOrder, t.id),
    index('products_search_vector').using('gin', t.searchVector),
    index('products_name_vector').using('gin', t.nameVector),
    // A code's prefix (LIKE 'ms-crw%'), for search.
    index('products_code_prefix').using('btree', sql`lower(${t.code}) text_pattern_ops`),
    index('products_family').on(t.family),
    // The back office's product list, in its order (active first, then by code): a page reads its
    // rows from the index instead of sorting the catalogue (100,000 products: 70 ms a page before).
    index('products_admin_order').on(t.active.desc().nullsFirst(), t.code),
    // The back office's searches (a code's or a name's part, ILIKE '%...%', products and stock
    // lists): a text of three letters or more is found by its trigrams instead of a scan.
    index('products_code_trgm').using('gin', t.code.op('gin_trgm_ops')),
    index('products_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    check('products_pricing_positive', sql`${t.pricing} >= 0`),
  ],
);

/**
 * Every lexeme of products.search_vector (the names, codes and descriptions as both text search
 * configurations normalise them), kept by triggers (migration 0019): a search turns a typed prefix
 * into the lexemes it starts (an index lookup of exact words instead of a prefix scan of every
 * word that starts so), and looks for a typo's words among them (docs/decisions/008). A lexeme no
 * product holds any more stays: it only ever matches nothing.
 */
export const searchLexemes = pgTable('search_lexemes', { lexeme: text('lexeme').primaryKey() }, (t) => [
  // Prefix ranges (~>=~, ~<~) compare bytes whatever the database's collation.
  index('search_lexemes_prefix').using('btree', sql`${t.lexeme} text_pattern_ops`),
  index('search_lexemes_trgm').using('gist', t.lexeme.op('gist_trgm_ops')),
]);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('product_images_product').on(t.productId)],
);

/** Stock per product and size (size_id null for products without sizes). */
export const stock = pgTable(
  'stock',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sizeId: integer('size_id').references(() => sizes.id),
    instock: integer('instock').notNull().default(0),
  },
  (t) => [
    unique('stock_product_size').on(t.productId, t.sizeId).nullsNotDistinct(),
    check('stock_not_negative', sql`${t.instock} >= 0`),
  ],
);

/**
 * Every stock change made by staff (PUT api/admin/stock): what it was, what it became, why and who.
 * Sales take stock without a row here; their orders and receipts are their history.
 */
export const stockChanges = pgTable(
  'stock_changes',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sizeId: integer('size_id').references(() => sizes.id),
    packageId: integer('package_id').references(() => packages.id, { onDelete: 'cascade' }),
    before: integer('before').notNull(),
    after: integer('after').notNull(),
    reason: text('reason').notNull(),
    changedBy: integer('changed_by').references(() => clients.id),
    createdAt: createdAt(),
  },
  (t) => [index('stock_changes_product').on(t.productId, t.createdAt)],
);

/** A package is a boxed set sold as one item, offered for a product in a package category. */
export const packages = pgTable(
  'packages',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    pricing: integer('pricing').notNull(),
    longDescription: text('long_description').notNull().default(''),
    icon: text('icon').notNull().default(''),
    color: text('color').notNull().default(''),
    instock: integer('instock').notNull().default(0),
    visits: integer('visits').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
    /** An archived package is not sold; one on orders is archived, never deleted. */
    active: boolean('active').notNull().default(true),
    /** Raised by every back-office save: a save that names an older version gets 409. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('packages_product').on(t.productId),
    check('packages_stock_not_negative', sql`${t.instock} >= 0`),
  ],
);

/** Shipping dimensions of one unit (product, product and size, or package). */
export const dimensions = pgTable(
  'dimensions',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    sizeId: integer('size_id').references(() => sizes.id),
    packageId: integer('package_id').references(() => packages.id, { onDelete: 'cascade' }),
    lengthMm: integer('length_mm').notNull(),
    widthMm: integer('width_mm').notNull(),
    heightMm: integer('height_mm').notNull(),
    weightG: integer('weight_g').notNull(),
  },
  (t) => [
    unique('dimensions_item').on(t.productId, t.sizeId, t.packageId).nullsNotDistinct(),
    // A package's box is looked up by its package (checkout reads it for every package line).
    index('dimensions_package').on(t.packageId),
    check('dimensions_one_item', sql`(${t.productId} IS NULL) <> (${t.packageId} IS NULL)`),
  ],
);

export const specialOffers = pgTable('special_offers', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  /** Rich text, sanitised when written. */
  detail: text('detail').notNull(),
  rules: text('rules').notNull().default(''),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  active: boolean('active').notNull().default(true),
});

export const processSteps = pgTable('process_steps', {
  id: serial('id').primaryKey(),
  stepNo: integer('step_no').notNull().unique(),
  title: text('title').notNull(),
  image: text('image').notNull(),
});

// ---------------------------------------------------------------- reference data and settings

export const messages = pgTable('messages', {
  code: text('code').primaryKey(),
  text: text('text').notNull(),
});

/** Shop settings staff change (show prices, minimum purchase, free-shipping amounts...). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  shippable: boolean('shippable').notNull().default(false),
});

export const provinces = pgTable(
  'provinces',
  {
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.code] })],
);

/** GST, HST, PST or QST of a province; the province's rate is their sum. */
export const taxComponents = pgTable(
  'tax_components',
  {
    id: serial('id').primaryKey(),
    countryCode: text('country_code').notNull(),
    provinceCode: text('province_code').notNull(),
    name: text('name').notNull(),
    ratePpm: integer('rate_ppm').notNull(),
    /**
     * The day (in the store's time zone) this rate takes effect: a component's rate is that of its
     * newest row in effect, so a correction made today for next month leaves today's sales alone.
     */
    effectiveFrom: date('effective_from').notNull().default('2000-01-01'),
    /** Who entered a correction (null for the reference data). */
    changedBy: integer('changed_by').references(() => clients.id),
  },
  (t) => [unique('tax_components_name').on(t.countryCode, t.provinceCode, t.name, t.effectiveFrom)],
);

// ---------------------------------------------------------------- cart, addresses, orders

export const carts = pgTable('carts', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id')
    .notNull()
    .unique()
    .references(() => clients.id, { onDelete: 'cascade' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * The authorization (payment intent) of the cart's last payment step, not yet used by an order:
   * paying again releases it, so a card never carries two holds for one cart.
   */
  paymentIntentId: text('payment_intent_id'),
  /** When that authorization was made: one left unplaced too long is released (authorization-release.ts). */
  authorizedAt: timestamp('authorized_at', { withTimezone: true }),
  /**
   * What the payment step saw authorized: the amount, the cart it was for (its signature) and the
   * card. Placing the order checks the cart against them and records the card without asking the
   * processor again (docs/decisions/029).
   */
  authorizedAmount: integer('authorized_amount'),
  authorizedSignature: text('authorized_signature'),
  authorizedCard: jsonb('authorized_card').$type<OrderCard | null>(),
});

export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    packageId: integer('package_id').references(() => packages.id),
    sizeId: integer('size_id').references(() => sizes.id),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('cart_lines_item').on(t.cartId, t.productId, t.packageId, t.sizeId).nullsNotDistinct(),
    check('cart_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** 1 shipping, 2 billing. */
    addressTypeId: integer('address_type_id').notNull(),
    firstName: text('first_name').notNull(),
    middleInitial: text('middle_initial').notNull().default(''),
    lastName: text('last_name').notNull(),
    address: text('address').notNull(),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull(),
    province: text('province').notNull(),
    postalcode: text('postalcode').notNull(),
    countryCode: text('country_code').notNull().default('CA'),
    country: text('country').notNull().default('Canada'),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(true),
    sameAsShipping: boolean('same_as_shipping').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_client').on(t.clientId)],
);

export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 100001 });

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNumber: integer('order_number').notNull().unique().default(sql`nextval('order_number_seq')`),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    status: text('status').$type<OrderStatus>().notNull().default('placed'),
    /** One order per payment intent: a retried place-order finds the order it already made. */
    paymentIntentId: text('payment_intent_id').unique(),
    /** The card's brand and last 4 digits, as the client sees them on Your Orders. */
    paymentMethod: jsonb('payment_method').$type<OrderCard | null>(),
    clientName: text('client_name').notNull(),
    email: text('email').notNull(),
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull().default(0),
    shippingFee: integer('shipping_fee').notNull(),
    taxRatePpm: integer('tax_rate_ppm').notNull(),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    currency: text('currency').notNull().default('CAD'),
    /** The addresses as they were when the order was placed (rows of the first orders: their text). */
    shippingAddress: jsonb('shipping_address').$type<PostalAddress | string>().notNull(),
    billingAddress: jsonb('billing_address').$type<PostalAddress | string>().notNull(),
    /** What has been given back, in cents (tax included); never more than the total. */
    amountRefunded: integer('amount_refunded').notNull().default(0),
    /** The carrier's service name and the parcel's tracking number, once shipped. */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** The built-in or real carrier's shipment, when the label was bought through it. */
    shipmentId: text('shipment_id'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the card's owner disputed the payment with their bank (Stripe's charge.dispute.created). */
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    /** null while a chargeback is open, inquiry while the bank only asks, or how it closed (charge.dispute.closed). */
    disputeStatus: text('dispute_status').$type<DisputeStatus>(),
    disputeClosedAt: timestamp('dispute_closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_client').on(t.clientId, t.createdAt),
    index('orders_created').on(t.createdAt),
    check('orders_refund_within_total', sql`${t.amountRefunded} BETWEEN 0 AND ${t.total}`),
  ],
);

/** Order lines keep names and prices as they were when the order was placed. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id),
    packageId: integer('package_id').references(() => packages.id),
    sizeId: integer('size_id').references(() => sizes.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sizeName: text('size_name').notNull().default(''),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotal: integer('line_total').notNull(),
    /** How many of this line were refunded (or cancelled); never more than the quantity. */
    quantityRefunded: integer('quantity_refunded').notNull().default(0),
  },
  (t) => [
    index('order_lines_order').on(t.orderId),
    check('order_lines_refund_within_quantity', sql`${t.quantityRefunded} BETWEEN 0 AND ${t.quantity}`),
  ],
);

/** A refunded order line: how many, how much, and whether they went back to stock. */
export interface OrderRefundLine {
  lineId: number;
  quantity: number;
  restock: boolean;
  amount: number;
}

/**
 * Money given back on an order, from the back office, the POS refund screen or a cancellation. The
 * row is written (status pending, amounts reserved on the order) before the gateway is asked, so
 * that two refunds at once can never give back more than remains; a failed one gives its amounts back.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** pending, succeeded or failed. */
    status: text('status').notNull().default('pending'),
    /** The whole amount given back, in cents: items + shipping + tax. */
    amount: integer('amount').notNull(),
    itemsAmount: integer('items_amount').notNull(),
    shippingAmount: integer('shipping_amount').notNull(),
    tax: integer('tax').notNull(),
    lines: jsonb('lines').$type<OrderRefundLine[]>().notNull(),
    /** admin, pos or cancel. */
    source: text('source').notNull(),
    /** The caller's Idempotency-Key, scoped to the order: a retry finds this row. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /**
     * A digest of what was asked (its source and ask): the same key sent with another request is
     * refused, as Stripe refuses it. Null for refunds written before it was kept.
     */
    requestFingerprint: text('request_fingerprint'),
    gatewayRefundId: text('gateway_refund_id'),
    failureMessage: text('failure_message'),
    actorId: integer('actor_id').references(() => clients.id),
    createdAt: createdAt(),
  },
  (t) => [index('order_refunds_order').on(t.orderId), index('order_refunds_created').on(t.createdAt)],
);

/** The timeline of an order: placed, paid, shipped, refunded, e-mailed... as staff and the client see it. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    message: text('message').notNull(),
    actorId: integer('actor_id').references(() => clients.id),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order').on(t.orderId, t.createdAt)],
);

// ---------------------------------------------------------------- requests and uploads

export const customRequests = pgTable('custom_requests', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').references(() => clients.id),
  name: text('name').notNull(),
  email: text('email').notNull(),
  type: text('type').notNull().default(''),
  size: text('size').notNull().default(''),
  color: text('color').notNull().default(''),
  stripes: integer('stripes').notNull().default(0),
  stripeColor: text('stripe_color').notNull().default(''),
  text: text('text').notNull().default(''),
  /** 1 front, 2 back, 3 sides. */
  textLocation: integer('text_location'),
  /** 1 vertical, 2 horizontal. */
  textAlignment: integer('text_alignment'),
  textSize: text('text_size').notNull().default(''),
  textColor: text('text_color').notNull().default(''),
  /** Uploaded logo URLs. */
  logos: text('logos').array().notNull().default(sql`ARRAY[]::text[]`),
  logoLocation: text('logo_location').notNull().default(''),
  message: text('message').notNull().default(''),
  quantity: integer('quantity').notNull(),
  status: text('status').$type<RequestStatus>().notNull().default('new'),
  createdAt: createdAt(),
});

export const contactRequests = pgTable('contact_requests', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').references(() => clients.id),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  address: text('address').notNull().default(''),
  message: text('message').notNull().default(''),
  status: text('status').$type<RequestStatus>().notNull().default('new'),
  createdAt: createdAt(),
});

export const wishRequests = pgTable('wish_requests', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id),
  customerName: text('customer_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  address: text('address').notNull().default(''),
  message: text('message').notNull().default(''),
  /** The wish list as it was sent (lines with names, sizes and quantities). */
  cart: jsonb('cart').$type<WishListLine[]>().notNull(),
  source: text('source').notNull().default('web'),
  status: text('status').$type<RequestStatus>().notNull().default('new'),
  createdAt: createdAt(),
});

/** Staff's answers to a custom, contact or wish request, each e-mailed through the outbox. */
export const requestReplies = pgTable(
  'request_replies',
  {
    id: serial('id').primaryKey(),
    /** custom, contact or wish */
    kind: text('kind').notNull(),
    requestId: integer('request_id').notNull(),
    text: text('text').notNull(),
    outboxId: integer('outbox_id').references(() => outbox.id),
    actorId: integer('actor_id').references(() => clients.id),
    createdAt: createdAt(),
  },
  (t) => [index('request_replies_request').on(t.kind, t.requestId)],
);

export const uploads = pgTable('uploads', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').references(() => clients.id),
  storedName: text('stored_name').notNull().unique(),
  originalName: text('original_name').notNull(),
  mimeType: text('mime_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  url: text('url').notNull(),
  ip: text('ip').notNull().default(''),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- mail

/** Every e-mail is written here first; a sender delivers it, with retries, when SMTP is configured. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default(sql`'[]'::jsonb`),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_pending').on(t.status, t.nextAttemptAt)],
);

// ---------------------------------------------------------------- point of sale

/** The card reader each staff member uses. */
export const readerAssignments = pgTable('reader_assignments', {
  clientId: integer('client_id')
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  readerId: text('reader_id').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who started the action a card reader is busy with (a payment or an Interac refund), so that
 * nobody else takes the reader over, cancels or reassigns it while that action is in progress.
 * The action's state is the card processor's; this row only names its staff member.
 */
export const readerActions = pgTable('reader_actions', {
  readerId: text('reader_id').primaryKey(),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' }),
  /** process_payment_intent or refund_payment */
  actionType: text('action_type').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});

export const posPayments = pgTable(
  'pos_payments',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    readerId: text('reader_id').notNull(),
    amount: integer('amount').notNull(),
    paymentIntentId: text('payment_intent_id').notNull().unique(),
    /**
     * A card payment the register took for a sale (its intent's metadata; Interac is refunded on the
     * reader, and not held): a sale's tender is to name it, or a refund to give it back.
     */
    forSale: boolean('for_sale').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('pos_payments_client').on(t.clientId)],
);

export const receiptNumberSequence = pgSequence('receipt_number_seq', { startWith: 1001 });

export const receipts = pgTable('receipts', {
  id: serial('id').primaryKey(),
  receiptNumber: integer('receipt_number').notNull().unique().default(sql`nextval('receipt_number_seq')`),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id),
  paymentIntentId: text('payment_intent_id'),
  /** In cents, each with the rate it was taxed at. */
  lines: jsonb('lines').$type<StoredReceiptLine[]>().notNull(),
  subtotal: integer('subtotal').notNull(),
  tax: integer('tax').notNull(),
  total: integer('total').notNull(),
  email: text('email'),
  /** The register sale this receipt is for (one each); null for a receipt typed by hand. */
  saleId: integer('sale_id').unique(),
  /** The return at the counter this refund receipt is for (one each). */
  returnId: integer('return_id').unique(),
  /** How many times its PDF was printed: every print after the first is marked a copy. */
  printedCount: integer('printed_count').notNull().default(0),
  createdAt: createdAt(),
});

/** A cashier's register shift: the cash float counted in, then the cash counted out at the close. */
export const registerShifts = pgTable(
  'register_shifts',
  {
    id: serial('id').primaryKey(),
    cashierId: integer('cashier_id')
      .notNull()
      .references(() => clients.id),
    /** open or closed */
    status: text('status').notNull().default('open'),
    float: integer('float').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** At the close: what the drawer should hold, and what was counted in it. */
    expectedCash: integer('expected_cash'),
    counted: integer('counted'),
  },
  (t) => [
    uniqueIndex('register_shifts_one_open').on(t.cashierId).where(sql`${t.status} = 'open'`),
    index('register_shifts_opened').on(t.openedAt),
  ],
);

/** Cash put into (positive) or taken out of (negative) a shift's drawer, with why. */
export const cashMovements = pgTable(
  'cash_movements',
  {
    id: serial('id').primaryKey(),
    shiftId: integer('shift_id')
      .notNull()
      .references(() => registerShifts.id),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    actorId: integer('actor_id').references(() => clients.id),
    createdAt: createdAt(),
  },
  (t) => [index('cash_movements_shift').on(t.shiftId)],
);

/** A sold catalogue line, as it was sold. */
export interface PosSaleLine {
  productId: number;
  size_id: number | null;
  packageId: number | null;
  code: string;
  name: string;
  sizeName: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
}

/** A sale at the register, from the catalogue, paid by one or more tenders. */
export const posSales = pgTable(
  'pos_sales',
  {
    id: serial('id').primaryKey(),
    cashierId: integer('cashier_id')
      .notNull()
      .references(() => clients.id),
    shiftId: integer('shift_id').references(() => registerShifts.id),
    /** The sale screen's Idempotency-Key, scoped by cashier: a retried sale is this one. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    lines: jsonb('lines').$type<PosSaleLine[]>().notNull(),
    addTax: boolean('add_tax').notNull(),
    taxRatePpm: integer('tax_rate_ppm').notNull(),
    subtotal: integer('subtotal').notNull(),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    /** The cash part's rounding to 5 cents (paid - total). */
    rounding: integer('rounding').notNull().default(0),
    paid: integer('paid').notNull(),
    change: integer('change').notNull().default(0),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [index('pos_sales_shift').on(t.shiftId), index('pos_sales_created').on(t.createdAt)],
);

/** How a sale was paid: each card, Interac or cash tender. */
export const posSaleTenders = pgTable(
  'pos_sale_tenders',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => posSales.id),
    /** cash, card or interac */
    type: text('type').notNull(),
    amount: integer('amount').notNull(),
    tendered: integer('tendered'),
    change: integer('change'),
    /** A reader payment pays one sale only. */
    paymentIntentId: text('payment_intent_id').unique(),
    brand: text('brand'),
    last4: text('last4'),
    authorizationCode: text('authorization_code'),
  },
  (t) => [index('pos_sale_tenders_sale').on(t.saleId)],
);

/**
 * Refunds of a payment that is not a web order's (a register sale's card, a POS payment) made
 * outside the register's returns: in the processor's dashboard, as its webhook reported them, or on
 * the POS refund screen. The sale shows them, the reconciliation counts them. A web order's are
 * order_refunds.
 */
export const outsideRefunds = pgTable(
  'outside_refunds',
  {
    refundId: text('refund_id').primaryKey(),
    paymentIntentId: text('payment_intent_id').notNull(),
    amount: integer('amount').notNull(),
    /** Who made it on the POS refund screen; null when made in the processor's dashboard. */
    cashierId: integer('cashier_id').references(() => clients.id),
    /** That cashier's shift open at the time, whose report shows it; null without one. */
    shiftId: integer('shift_id').references(() => registerShifts.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('outside_refunds_payment_intent').on(t.paymentIntentId),
    index('outside_refunds_created').on(t.createdAt),
    index('outside_refunds_shift').on(t.shiftId),
  ],
);

/** A sale's line returned at the counter: its place in the sale's lines, how many, what went back. */
export interface PosReturnLine {
  line: number;
  quantity: number;
  amount: number;
  tax: number;
}

/**
 * A return at the counter: lines of a register sale refunded to the sale's own tenders. Pending
 * while a card refund is on its way (its quantities and amounts already held), then succeeded, or
 * failed (held no more).
 */
export const posReturns = pgTable(
  'pos_returns',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => posSales.id),
    cashierId: integer('cashier_id')
      .notNull()
      .references(() => clients.id),
    /** The refunding cashier's open shift: cash given back leaves its drawer. */
    shiftId: integer('shift_id').references(() => registerShifts.id),
    /** Scoped by cashier, as a sale's: a retried return is this one. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** pending, succeeded or failed */
    status: text('status').notNull().default('pending'),
    lines: jsonb('lines').$type<PosReturnLine[]>().notNull(),
    restock: boolean('restock').notNull(),
    subtotal: integer('subtotal').notNull(),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    /** The cash part's rounding to 5 cents (refunded - total). */
    rounding: integer('rounding').notNull().default(0),
    refunded: integer('refunded').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [index('pos_returns_sale').on(t.saleId), index('pos_returns_shift').on(t.shiftId)],
);

/** What a return gave back through each of the sale's tenders. */
export const posReturnTenders = pgTable(
  'pos_return_tenders',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => posReturns.id),
    saleTenderId: integer('sale_tender_id')
      .notNull()
      .references(() => posSaleTenders.id),
    /** cash, card or interac, as the sale's tender */
    type: text('type').notNull(),
    amount: integer('amount').notNull(),
    /** The processor's refund (card online, Interac on the reader); a refund pays one return only. */
    refundId: text('refund_id').unique(),
  },
  (t) => [index('pos_return_tenders_return').on(t.returnId)],
);

export const invoiceNumberSequence = pgSequence('invoice_number_seq', { startWith: 1001 });

export const invoices = pgTable('invoices', {
  id: serial('id').primaryKey(),
  invoiceNumber: integer('invoice_number').notNull().unique().default(sql`nextval('invoice_number_seq')`),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id),
  clientName: text('client_name').notNull(),
  address: text('address').notNull(),
  email: text('email').notNull(),
  contactNo: text('contact_no').notNull(),
  products: jsonb('products').$type<StoredInvoiceLine[]>().notNull(),
  additionalDetails: text('additional_details').notNull().default(''),
  subtotal: integer('subtotal').notNull(),
  taxRatePpm: integer('tax_rate_ppm').notNull(),
  tax: integer('tax').notNull(),
  total: integer('total').notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- payments sandbox

/*
 * The built-in payment provider (server/providers/payments/sandbox.ts) keeps Stripe's objects and
 * states here, so that several instances share them. Ids are Stripe-shaped text ('pi_...').
 * A card number is never stored: brand, last 4, expiry and funding only.
 */

/**
 * The client each card payment method belongs to: the one who created it on the sandbox's card
 * form, or who first paid with it (a method Stripe.js made in their browser). Another client
 * naming it gets a 404, as Stripe refuses a method of another customer.
 */
export const paymentMethodOwners = pgTable('payment_method_owners', {
  paymentMethodId: text('payment_method_id').primaryKey(),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  id: text('id').primaryKey(),
  type: text('type').$type<PaymentMethodType>().notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month'),
  expYear: integer('exp_year'),
  funding: text('funding').notNull(),
  network: text('network'),
  country: text('country'),
  /** What this test card does when charged: null succeeds, otherwise Stripe's decline code. */
  testOutcome: text('test_outcome'),
  /** A 3-D Secure test card: a payment with it waits (requires_action) for the cardholder's answer. */
  requiresAuthentication: boolean('requires_authentication').notNull().default(false),
  /** Stripe's dispute test cards: a captured charge is disputed at once, for this reason. */
  disputeReason: text('dispute_reason'),
  billingDetails: jsonb('billing_details').$type<BillingDetails>().notNull().default(sql`'{}'::jsonb`),
  createdAt: createdAt(),
});

export const sandboxPaymentIntents = pgTable(
  'sandbox_payment_intents',
  {
    id: text('id').primaryKey(),
    amount: integer('amount').notNull(),
    amountCapturable: integer('amount_capturable').notNull().default(0),
    amountReceived: integer('amount_received').notNull().default(0),
    currency: text('currency').notNull(),
    status: text('status').$type<PaymentIntentStatus>().notNull(),
    captureMethod: text('capture_method').$type<PaymentIntent['capture_method']>().notNull(),
    paymentMethodTypes: text('payment_method_types').array().$type<PaymentMethodType[]>().notNull(),
    paymentMethodId: text('payment_method_id'),
    latestChargeId: text('latest_charge_id'),
    /** The last failed attempt's refusal. */
    lastPaymentError: jsonb('last_payment_error').$type<LastPaymentError | null>(),
    metadata: jsonb('metadata').$type<Metadata>().notNull().default(sql`'{}'::jsonb`),
    receiptEmail: text('receipt_email'),
    idempotencyKey: text('idempotency_key').unique(),
    captureIdempotencyKey: text('capture_idempotency_key'),
    cancellationReason: text('cancellation_reason'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('sandbox_payment_intents_amount_positive', sql`${t.amount} > 0`)],
);

export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    id: text('id').primaryKey(),
    paymentIntentId: text('payment_intent_id').notNull(),
    amount: integer('amount').notNull(),
    amountCaptured: integer('amount_captured').notNull().default(0),
    amountRefunded: integer('amount_refunded').notNull().default(0),
    captured: boolean('captured').notNull().default(false),
    status: text('status').$type<Charge['status']>().notNull(),
    currency: text('currency').notNull(),
    paymentMethodId: text('payment_method_id'),
    paymentMethodType: text('payment_method_type').$type<PaymentMethodType>().notNull(),
    brand: text('brand'),
    last4: text('last4'),
    funding: text('funding'),
    network: text('network'),
    country: text('country'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sandbox_charges_created').on(t.createdAt),
    index('sandbox_charges_payment_intent').on(t.paymentIntentId),
    check('sandbox_charges_refund_limit', sql`${t.amountRefunded} BETWEEN 0 AND ${t.amount}`),
  ],
);

export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    chargeId: text('charge_id').notNull(),
    paymentIntentId: text('payment_intent_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<Refund['status']>().notNull(),
    reason: text('reason'),
    /** One refund per request: a retried request finds the refund it already made. */
    idempotencyKey: text('idempotency_key').unique(),
    metadata: jsonb('metadata').$type<Metadata>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index('sandbox_refunds_charge').on(t.chargeId),
    check('sandbox_refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Disputes the sandbox opens, as Stripe does on the captured charge of a dispute test card. */
export const sandboxDisputes = pgTable(
  'sandbox_disputes',
  {
    id: text('id').primaryKey(),
    chargeId: text('charge_id').notNull().unique(),
    paymentIntentId: text('payment_intent_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_disputes_payment_intent').on(t.paymentIntentId)],
);

/** Simulated Terminal readers; the action is Stripe's reader action, kept here rather than in memory. */
export const sandboxReaders = pgTable('sandbox_readers', {
  id: text('id').primaryKey(),
  label: text('label').notNull(),
  deviceType: text('device_type').notNull(),
  serialNumber: text('serial_number').notNull(),
  status: text('status').$type<Reader['status']>().notNull(),
  action: jsonb('action').$type<ReaderAction | null>(),
  /** The idempotency key of the refund_payment action in progress. */
  actionIdempotencyKey: text('action_idempotency_key'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxCheckoutSessions = pgTable('sandbox_checkout_sessions', {
  id: text('id').primaryKey(),
  status: text('status').$type<CheckoutSession['status']>().notNull(),
  paymentStatus: text('payment_status').$type<CheckoutSession['payment_status']>().notNull(),
  amountTotal: integer('amount_total').notNull(),
  currency: text('currency').notNull(),
  lineItems: jsonb('line_items').$type<CheckoutLineItem[]>().notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url'),
  paymentIntentId: text('payment_intent_id'),
  metadata: jsonb('metadata').$type<Metadata>().notNull().default(sql`'{}'::jsonb`),
  idempotencyKey: text('idempotency_key').unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const sandboxProducts = pgTable('sandbox_products', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

export const sandboxPrices = pgTable(
  'sandbox_prices',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => sandboxProducts.id),
    unitAmount: integer('unit_amount').notNull(),
    currency: text('currency').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_prices_product').on(t.productId)],
);

// ---------------------------------------------------------------- back office

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Files kept in the database (catalogue images, custom-request logos) when several instances share
 * one PostgreSQL: what one instance stores, every instance serves.
 */
// ---------------------------------------------------------------- carrier sandbox

/**
 * The built-in carrier (server/providers/shipping/sandbox-carrier.ts) keeps its shipments here, as a
 * real carrier keeps them on its side: the shop asks it for them by the order's number.
 */
export const sandboxShipments = pgTable('sandbox_shipments', {
  id: text('id').primaryKey(),
  orderNo: text('order_no').notNull().unique(),
  productCode: text('product_code').notNull(),
  productName: text('product_name').notNull(),
  trackingNumber: text('tracking_number').notNull().unique(),
  /** created (booked), then saved (the shop confirmed it), or cancelled */
  status: text('status').notNull().default('created'),
  consignee: jsonb('consignee').$type<Record<string, string>>().notNull(),
  box: jsonb('box').$type<{ sideMm: number; weightG: number }>().notNull(),
  totalPrice: integer('total_price').notNull(),
  createdAt: createdAt(),
});

export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  createdAt: createdAt(),
});

/** Every back-office change: who, when, what, and the record before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => clients.id),
    /** What was done, as 'product.update', 'staff.roles', 'settings.update'... */
    action: text('action').notNull(),
    /** The kind of record ('product', 'category', 'settings', 'client'...) and its id. */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created').on(t.createdAt), index('audit_log_entity').on(t.entity, t.entityId)],
);

// ---------------------------------------------------------------- Card Checkout

/**
 * A hosted checkout session of Card Checkout: the lines as priced from the catalogue when it was
 * made (what the payment page charges), and the register sale its payment became, once.
 */
export const posCheckouts = pgTable('pos_checkouts', {
  sessionId: text('session_id').primaryKey(),
  cashierId: integer('cashier_id')
    .notNull()
    .references(() => clients.id),
  lines: jsonb('lines').$type<PosSaleLine[]>().notNull(),
  addTax: boolean('add_tax').notNull(),
  /** 0 without tax, as a register sale's. */
  taxRatePpm: integer('tax_rate_ppm').notNull(),
  /** What the session charges: the lines and their tax, in cents. */
  total: integer('total').notNull(),
  /** Where the sale's receipt is e-mailed. */
  email: text('email'),
  saleId: integer('sale_id')
    .references(() => posSales.id)
    .unique(),
  /** When the processor said the session expired unpaid (checkout.session.expired). */
  expiredAt: timestamp('expired_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * The card processor's webhook events (POST api/stripe/webhook), each once: a redelivery of an
 * event already processed finds its row and does nothing more. An event whose processing failed
 * keeps no processed_at, so the processor's next delivery processes it again.
 */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    livemode: boolean('livemode').notNull(),
    /** When the processor made the event (its `created`). */
    eventCreatedAt: timestamp('event_created_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    deliveries: integer('deliveries').notNull().default(1),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** What the shop did with it, in words, for the back office; the last error while it failed. */
    outcome: text('outcome'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('stripe_events_received').on(t.receivedAt)],
);

/**
 * The daily reconciliation of a store day (server/modules/reconciliation): the last run's report,
 * kept so the back office shows it without asking the processor again.
 */
export const reconciliationReports = pgTable('reconciliation_reports', {
  day: date('day', { mode: 'string' }).primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
  differenceCount: integer('difference_count').notNull(),
  report: jsonb('report').$type<ReconciliationReport>().notNull(),
});
