/**
 * The payment provider behind one interface: payment intents (authorize, capture, cancel), refunds,
 * charge search, Terminal card readers, hosted checkout sessions, POS products and prices.
 *
 * Objects are Stripe's, cut down to the fields the storefront and POS specs use, with Stripe's names
 * (snake_case, amounts in cents, `created` in Unix seconds). Method parameters are ours (camelCase).
 * Two implementations: `sandbox.ts` (built in, test mode, state in our database) and `stripe.ts`.
 */

/** The store's one currency (see DESIGN.md decisions), as Stripe spells it. */
export const STORE_CURRENCY = 'cad';

/*
 * The values of Stripe's enums this shop knows, as lists, so that an answer of the SDK (whose enums
 * are open: any string) is checked against them rather than cast (stripe.ts `knownValue`).
 */
export const PAYMENT_METHOD_TYPES = ['card', 'card_present', 'interac_present'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];
export const PAYMENT_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
  'processing',
  'succeeded',
  'canceled',
] as const;
export type PaymentIntentStatus = (typeof PAYMENT_INTENT_STATUSES)[number];
export const CHARGE_STATUSES = ['succeeded', 'pending', 'failed'] as const;
export const REFUND_STATUSES = ['pending', 'requires_action', 'succeeded', 'failed', 'canceled'] as const;
export const READER_ACTION_TYPES = ['process_payment_intent', 'refund_payment'] as const;
export const READER_ACTION_STATUSES = ['in_progress', 'succeeded', 'failed'] as const;
export const CHECKOUT_SESSION_STATUSES = ['open', 'complete', 'expired'] as const;
export const CHECKOUT_PAYMENT_STATUSES = ['paid', 'unpaid', 'no_payment_required'] as const;
export type CaptureMethod = 'automatic' | 'manual';
export type Metadata = Record<string, string>;

/** Stripe's error types; `api_connection_error` is the SDK's for a network failure. */
export const PAYMENT_ERROR_TYPES = [
  'card_error',
  'invalid_request_error',
  'idempotency_error',
  'api_error',
  'authentication_error',
  'rate_limit_error',
  'api_connection_error',
] as const;
export type PaymentErrorType = (typeof PAYMENT_ERROR_TYPES)[number];

/** A payment that could not be made, or a request the provider refused, with Stripe's fields and text. */
export class PaymentError extends Error {
  readonly type: PaymentErrorType;
  readonly code: string | undefined;
  readonly decline_code: string | undefined;
  readonly param: string | undefined;
  /** The payment intent a card error happened on (its status is back to requires_payment_method). */
  readonly paymentIntentId: string | undefined;
  /** The HTTP status Stripe answers with: 402 card_error, 404 missing object, 400 other refusals. */
  readonly statusCode: number;

  constructor(fields: {
    type: PaymentErrorType;
    message: string;
    code?: string | undefined;
    decline_code?: string | undefined;
    param?: string | undefined;
    paymentIntentId?: string | undefined;
    statusCode?: number | undefined;
  }) {
    super(fields.message);
    this.name = 'PaymentError';
    this.type = fields.type;
    this.code = fields.code;
    this.decline_code = fields.decline_code;
    this.param = fields.param;
    this.paymentIntentId = fields.paymentIntentId;
    this.statusCode = fields.statusCode ?? defaultStatus(fields.type, fields.code);
  }
}

function defaultStatus(type: PaymentErrorType, code: string | undefined): number {
  if (type === 'card_error') return 402;
  if (code === 'resource_missing') return 404;
  if (type === 'authentication_error') return 401;
  if (type === 'rate_limit_error') return 429;
  if (type === 'api_error' || type === 'api_connection_error') return 502;
  return 400;
}

export function isPaymentError(error: unknown): error is PaymentError {
  return error instanceof PaymentError;
}

// ---------------------------------------------------------------- objects

export interface LastPaymentError {
  type: PaymentErrorType;
  code: string | null;
  decline_code: string | null;
  message: string;
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  status: PaymentIntentStatus;
  capture_method: CaptureMethod;
  payment_method_types: PaymentMethodType[];
  payment_method: string | null;
  latest_charge: string | null;
  last_payment_error: LastPaymentError | null;
  /**
   * What the payment waits for in requires_action: for a card, 3-D Secure, which the browser
   * completes (Stripe.js handleNextAction with the client secret; the sandbox's own challenge).
   */
  next_action: { type: string } | null;
  /** Lets the buyer's browser finish the payment's next action; never logged or stored. */
  client_secret: string | null;
  metadata: Metadata;
  receipt_email: string | null;
  cancellation_reason: string | null;
  canceled_at: number | null;
  created: number;
  livemode: boolean;
}

export interface PaymentIntentWithMethod {
  intent: PaymentIntent;
  paymentMethod: PaymentMethod | null;
}

export interface PaymentIntentWithCharge {
  intent: PaymentIntent;
  charge: ChargeSummary | null;
}

export interface CardDetails {
  brand: string | null;
  last4: string | null;
  /** visa, mastercard, interac... */
  network: string | null;
  country: string | null;
  /** credit, debit, prepaid or unknown */
  funding: string | null;
  exp_month: number | null;
  exp_year: number | null;
}

export interface BillingDetails {
  name: string | null;
  email: string | null;
  phone: string | null;
  address: {
    line1: string | null;
    line2: string | null;
    city: string | null;
    state: string | null;
    postal_code: string | null;
    country: string | null;
  } | null;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: PaymentMethodType;
  /** Set for type 'card' (the storefront's online card). */
  card: CardDetails | null;
  billing_details: BillingDetails;
  created: number;
}

/** A card read by a reader: as Stripe, its receipt carries what the printed receipt must show. */
export interface PresentCardDetails extends CardDetails {
  receipt: { authorization_code: string | null } | null;
}

export interface PaymentMethodDetails {
  type: PaymentMethodType;
  card?: CardDetails;
  card_present?: PresentCardDetails;
  interac_present?: PresentCardDetails;
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  /** As Stripe: includes the part of an authorization released by a partial capture or a cancel. */
  amount_refunded: number;
  captured: boolean;
  refunded: boolean;
  status: (typeof CHARGE_STATUSES)[number];
  currency: string;
  payment_intent: string | null;
  payment_method: string | null;
  payment_method_details: PaymentMethodDetails | null;
  failure_code: string | null;
  failure_message: string | null;
  created: number;
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string | null;
  payment_intent: string | null;
  currency: string;
  status: (typeof REFUND_STATUSES)[number];
  reason: string | null;
  metadata: Metadata;
  created: number;
}

/** A card payment disputed with the card's bank (Stripe's dispute, cut down). */
export interface Dispute {
  id: string;
  object: 'dispute';
  amount: number;
  charge: string | null;
  payment_intent: string | null;
  currency: string;
  /** fraudulent, product_not_received, general... */
  reason: string;
  /** needs_response, under_review, won, lost... */
  status: string;
  created: number;
}

/** Objects created from `from` (included) to `to` (excluded). */
export interface CreatedWindow {
  from: Date;
  to: Date;
}

export type ReaderActionType = (typeof READER_ACTION_TYPES)[number];
export type ReaderActionStatus = (typeof READER_ACTION_STATUSES)[number];

export interface ReaderAction {
  type: ReaderActionType;
  status: ReaderActionStatus;
  failure_code: string | null;
  failure_message: string | null;
  process_payment_intent?: { payment_intent: string };
  refund_payment?: {
    payment_intent: string | null;
    charge: string | null;
    amount: number | null;
    /** The refund made, once the card was presented. */
    refund: string | null;
    /** Given to the refund it makes, as an online refund's metadata is. */
    metadata: Metadata;
  };
}

/** A webhook endpoint registered with the processor: where it sends which events. */
export interface WebhookEndpointSummary {
  url: string;
  /** enabled or disabled */
  status: string;
  /** The event types it sends; ['*'] for all. */
  enabled_events: string[];
}

export interface Reader {
  id: string;
  object: 'terminal.reader';
  label: string;
  status: 'online' | 'offline';
  device_type: string;
  serial_number: string;
  action: ReaderAction | null;
  livemode: boolean;
}

export interface CheckoutLineItem {
  price: string;
  quantity: number;
  amount_total: number;
  description: string | null;
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  /** The hosted payment page; null once the session is complete or expired. */
  url: string | null;
  status: (typeof CHECKOUT_SESSION_STATUSES)[number];
  payment_status: (typeof CHECKOUT_PAYMENT_STATUSES)[number];
  amount_total: number | null;
  currency: string | null;
  payment_intent: string | null;
  success_url: string | null;
  cancel_url: string | null;
  metadata: Metadata;
  line_items: CheckoutLineItem[];
  created: number;
  expires_at: number;
}

export interface Product {
  id: string;
  object: 'product';
  name: string;
  active: boolean;
}

export interface Price {
  id: string;
  object: 'price';
  product: string;
  unit_amount: number | null;
  currency: string;
  active: boolean;
}

/** One row of the POS refund search (spec pos.md §3 'Charge'), amounts in cents. */
export interface ChargeSummary {
  chargeId: string;
  paymentIntentId: string | null;
  amount: number;
  /** What was taken: the amount, less a part released at capture; 0 while only authorized. */
  amountCaptured: number;
  amountRefunded: number;
  refunded: boolean;
  /** False for an authorization not captured yet: it can be cancelled, not refunded. */
  captured: boolean;
  brand: string | null;
  network: string | null;
  /** card (online), card_present or interac_present */
  source: PaymentMethodType | null;
  country: string | null;
  last4: string | null;
  /** The network's authorization code printed on receipts; null for online card payments and declined charges. */
  authorizationCode: string | null;
  /** Unix seconds, as Stripe. */
  created: number;
  status: Charge['status'];
}

// ---------------------------------------------------------------- parameters

export interface CreatePaymentIntentParams {
  /** Cents, at least 50 (Stripe's minimum for CAD). */
  amount: number;
  currency?: string;
  /** Default ['card']; the POS uses ['card_present', 'interac_present']. */
  paymentMethodTypes?: PaymentMethodType[];
  /** Default 'automatic'. Interac payments are always captured at once, whatever this says. */
  captureMethod?: CaptureMethod;
  paymentMethodId?: string;
  /** Confirm with paymentMethodId at once: answers requires_capture (manual) or succeeded, or throws. */
  confirm?: boolean;
  metadata?: Metadata;
  receiptEmail?: string;
  /** The same key answers the same intent (or the same error), never a second one. */
  idempotencyKey?: string;
}

export interface CapturePaymentIntentParams {
  /** Cents; the rest of the authorization is released. Default: all of it. */
  amountToCapture?: number;
  idempotencyKey?: string;
}

export interface CancelPaymentIntentParams {
  cancellationReason?: 'duplicate' | 'fraudulent' | 'requested_by_customer' | 'abandoned';
}

export interface CreateRefundParams {
  paymentIntentId: string;
  /** Cents; default what remains refundable. */
  amount?: number;
  reason?: 'duplicate' | 'fraudulent' | 'requested_by_customer';
  metadata?: Metadata;
  /** Required: a retried request gets the refund it already made, never a second one. */
  idempotencyKey: string;
}

/**
 * Registers a reader (Stripe's POST /v1/terminal/readers): the code the reader shows. In test mode
 * 'simulated-wpe' makes a simulated WisePOS E, as Stripe's does. `location` is Stripe's Terminal
 * location; without one the shop's first location is used.
 */
export interface CreateReaderParams {
  registration_code: string;
  label: string;
  location?: string;
}

export interface ReaderRefundParams {
  paymentIntentId: string;
  /** Cents; default what remains refundable. */
  amount?: number;
  metadata?: Metadata;
  idempotencyKey?: string;
}

export interface PresentPaymentMethodParams {
  /** Default card_present. */
  type?: 'card_present' | 'interac_present';
  /** A test card number; default Visa 4242... (card_present) or the Interac test card. */
  number?: string;
}

/**
 * A line of a hosted checkout: a price kept by the provider, or one made for this session only
 * (Stripe's `price_data` with `product_data.name`, in the store's currency), as a sale priced from
 * our own catalogue needs.
 */
export type CheckoutLineItemParams =
  | { priceId: string; quantity: number }
  | { priceData: { name: string; unitAmount: number }; quantity: number };

/** Stripe's template in a success URL: the payment page puts the session's id in its place. */
export const CHECKOUT_SESSION_ID_TEMPLATE = '{CHECKOUT_SESSION_ID}';

export interface CheckoutSessionParams {
  lineItems: CheckoutLineItemParams[];
  /**
   * Where the payment page sends the buyer afterwards: the web's #/checkout-success, as an absolute
   * URL; CHECKOUT_SESSION_ID_TEMPLATE in it becomes the session's id.
   */
  successUrl: string;
  cancelUrl?: string;
  metadata?: Metadata;
  idempotencyKey?: string;
}

/** POS refund search (spec pos.md §7). Amounts are cents; the route converts the web's dollars. */
export interface ChargeSearch {
  fromAmount?: number;
  toAmount?: number;
  fromDate?: Date;
  toDate?: Date;
  status?: 'succeeded' | 'failed';
  /** debit and credit: in-person payments by funding (Interac is debit); web: online card payments. */
  cardType?: 'debit' | 'credit' | 'web';
  last4?: string;
  /** Default 100, at most 100. */
  limit?: number;
}

/** Card details as typed on the sandbox's own card form (test mode only). */
export interface CardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  billing_details?: Partial<Omit<BillingDetails, 'address'>> & {
    address?: Partial<NonNullable<BillingDetails['address']>>;
  };
}

// ---------------------------------------------------------------- the gateway

/** What only the sandbox does: in production the browser gives card details to Stripe, never to us. */
export interface SandboxOperations {
  /**
   * Validates the card as Stripe does (Luhn, expiry, CVC) and keeps brand, last 4, expiry and funding.
   * With `ownerClientId` (the storefront's card form), the method is recorded as that client's
   * (payment_method_owners) by the same statement: nobody else can pay with it.
   */
  createPaymentMethod(card: CardInput, options?: { ownerClientId?: number }): Promise<PaymentMethod>;
  /** The sandbox's hosted payment page pays the session: a succeeded payment, or a PaymentError. */
  completeCheckoutSession(id: string, card: CardInput): Promise<CheckoutSession>;
  /**
   * The cardholder's answer on the sandbox's 3-D Secure challenge (Stripe's test page has the same
   * two buttons) for an intent in requires_action: 'complete' charges the card (authorized, or its
   * decline), 'fail' sends the intent back to requires_payment_method with Stripe's
   * payment_intent_authentication_failure. Answers the intent; never throws a card error.
   */
  authenticatePaymentIntent(id: string, outcome: AuthenticationOutcome): Promise<PaymentIntent>;
  /** Open sessions past their expiry become expired, as Stripe expires them: those it expired. */
  expireCheckoutSessions(): Promise<CheckoutSession[]>;
  /**
   * Whether a capture in this process opened a dispute on the payment (the dispute test card) since
   * this was last asked: the sandbox's events look its dispute up then, not after every capture.
   */
  takeOpenedDispute(paymentIntentId: string): boolean;
}

export type AuthenticationOutcome = 'complete' | 'fail';

export interface PaymentGateway {
  readonly provider: 'sandbox' | 'stripe';
  /** Sandbox, or Stripe test keys: simulate buttons and TEST MODE banners. */
  readonly testMode: boolean;
  /** Present on the sandbox only. */
  readonly sandbox: SandboxOperations | undefined;

  createPaymentIntent(params: CreatePaymentIntentParams): Promise<PaymentIntent>;
  /**
   * createPaymentIntent answering the payment method too, in one call (Stripe: create, expanding
   * payment_method): what the payment step keeps of the card its authorization was made with.
   */
  createPaymentIntentWithMethod(params: CreatePaymentIntentParams): Promise<PaymentIntentWithMethod>;
  retrievePaymentIntent(id: string): Promise<PaymentIntent>;
  /** requires_capture -> succeeded. */
  capturePaymentIntent(id: string, params?: CapturePaymentIntentParams): Promise<PaymentIntent>;
  /** Releases an authorization; a succeeded payment cannot be cancelled (refund it). */
  cancelPaymentIntent(id: string, params?: CancelPaymentIntentParams): Promise<PaymentIntent>;
  /**
   * An intent with its payment method, in one call (Stripe: retrieve, expanding payment_method):
   * what an order records of the card it was paid with. The method is null when the intent has none.
   */
  retrievePaymentIntentWithMethod(id: string): Promise<PaymentIntentWithMethod>;
  /**
   * An intent with its latest charge, in one call (Stripe: retrieve, expanding latest_charge): what
   * a register sale records of the card a reader took. The charge is null while the intent has none.
   */
  retrievePaymentIntentWithCharge(id: string): Promise<PaymentIntentWithCharge>;

  /** An online refund of a card payment; Interac payments are refunded through a reader. */
  createRefund(params: CreateRefundParams): Promise<Refund>;
  /** One refund: a reader's refund is known by its id only, from the reader's action. */
  retrieveRefund(id: string): Promise<Refund>;
  /** One charge as the refund search shows it (what a refund checks its amount against). */
  retrieveCharge(id: string): Promise<ChargeSummary>;
  /** Newest first. */
  searchCharges(filter: ChargeSearch): Promise<ChargeSummary[]>;
  /** Every charge created in the window, whatever its outcome (the daily reconciliation). */
  listCharges(window: CreatedWindow): Promise<ChargeSummary[]>;
  /** Every refund created in the window. */
  listRefunds(window: CreatedWindow): Promise<Refund[]>;
  /**
   * The webhook endpoints registered with the processor (the go-live check's); the sandbox has none,
   * as it delivers its events to the shop itself.
   */
  listWebhookEndpoints?(): Promise<WebhookEndpointSummary[]>;
  /** The disputes created in the window, or of one payment. */
  listDisputes(filter: { created?: CreatedWindow; paymentIntentId?: string }): Promise<Dispute[]>;

  listReaders(): Promise<Reader[]>;
  retrieveReader(id: string): Promise<Reader>;
  createReader(params: CreateReaderParams): Promise<Reader>;
  /** Renames a reader (Stripe's POST /v1/terminal/readers/{id} with a label). */
  updateReader(id: string, params: { label: string }): Promise<Reader>;
  /** Hands the intent to the reader: its action is process_payment_intent, in_progress. */
  processPaymentIntent(readerId: string, paymentIntentId: string): Promise<Reader>;
  /** An in-person Interac refund: refund_payment, in_progress until the card is presented. */
  refundPayment(readerId: string, params: ReaderRefundParams): Promise<Reader>;
  /**
   * Stops the reader's action in progress and cancels the intent it was collecting if nothing was
   * taken; a payment already taken (Interac, or captured) stays.
   */
  cancelReaderAction(readerId: string): Promise<Reader>;
  /** Test mode only (Stripe's test helper): a card or an Interac card is presented to the reader. */
  presentPaymentMethod(readerId: string, params?: PresentPaymentMethodParams): Promise<Reader>;

  createCheckoutSession(params: CheckoutSessionParams): Promise<CheckoutSession>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSession>;
  /** Active products and prices for the POS card checkout. */
  listProducts(): Promise<Product[]>;
  listPrices(): Promise<Price[]>;
}
