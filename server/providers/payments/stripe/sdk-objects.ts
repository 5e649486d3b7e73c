/** Stripe's SDK objects as ours (gateway.ts), their open enums checked against the values the shop knows. */
import type Stripe from 'stripe';
import {
  type BillingDetails,
  type CardDetails,
  CHARGE_STATUSES,
  CHECKOUT_PAYMENT_STATUSES,
  CHECKOUT_SESSION_STATUSES,
  type Charge,
  type ChargeSearch,
  type ChargeSummary,
  type CheckoutSession,
  type Dispute,
  type LastPaymentError,
  PAYMENT_ERROR_TYPES,
  PAYMENT_INTENT_STATUSES,
  PAYMENT_METHOD_TYPES,
  PaymentError,
  type PaymentIntent,
  type PaymentMethod,
  type PaymentMethodDetails,
  type PresentCardDetails,
  READER_ACTION_STATUSES,
  READER_ACTION_TYPES,
  REFUND_STATUSES,
  type Reader,
  type ReaderAction,
  type Refund,
} from '../gateway.ts';

type Expandable = string | { id: string } | null | undefined;
export const idOf = (value: Expandable): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Drops undefined values, so that the SDK sends only what was given. */
export function compact<T extends object>(value: T): T {
  // Object.fromEntries types its result as a plain record; dropping keys keeps it a T.
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function isKnown<T extends string>(values: readonly T[], value: string): value is T {
  return values.some((known) => known === value);
}

/**
 * A value of one of the SDK's open enums (typed `string` beside the known ones), checked against
 * the values this shop knows: an unknown one is Stripe answering something we do not handle.
 */
export function knownValue<T extends string>(values: readonly T[], value: string, what: string): T {
  if (isKnown(values, value)) return value;
  throw new PaymentError({ type: 'api_error', message: `Stripe answered an unknown ${what}: ${value}` });
}

export function toPaymentIntent(pi: Stripe.PaymentIntent): PaymentIntent {
  const error = pi.last_payment_error;
  const lastPaymentError: LastPaymentError | null = error
    ? {
        type: isKnown(PAYMENT_ERROR_TYPES, error.type) ? error.type : 'card_error',
        code: error.code ?? null,
        decline_code: error.decline_code ?? null,
        message: error.message ?? '',
      }
    : null;
  return {
    id: pi.id,
    object: 'payment_intent',
    amount: pi.amount,
    amount_capturable: pi.amount_capturable,
    amount_received: pi.amount_received,
    currency: pi.currency,
    status: knownValue(PAYMENT_INTENT_STATUSES, pi.status, 'payment intent status'),
    capture_method: pi.capture_method === 'manual' ? 'manual' : 'automatic',
    // Methods the shop does not take (Link, wallets...) are not its concern.
    payment_method_types: pi.payment_method_types.filter((type) => isKnown(PAYMENT_METHOD_TYPES, type)),
    payment_method: idOf(pi.payment_method),
    latest_charge: idOf(pi.latest_charge),
    last_payment_error: lastPaymentError,
    next_action: pi.next_action ? { type: pi.next_action.type } : null,
    client_secret: pi.client_secret ?? null,
    metadata: pi.metadata ?? {},
    receipt_email: pi.receipt_email,
    cancellation_reason: pi.cancellation_reason,
    canceled_at: pi.canceled_at,
    created: pi.created,
    livemode: pi.livemode,
  };
}

interface SdkCardDetails {
  brand?: string | null;
  last4?: string | null;
  network?: string | null;
  country?: string | null;
  funding?: string | null;
  exp_month?: number | null;
  exp_year?: number | null;
}

export function cardDetails(details: SdkCardDetails | null | undefined): CardDetails | undefined {
  if (!details) return undefined;
  return {
    brand: details.brand ?? null,
    last4: details.last4 ?? null,
    network: details.network ?? null,
    country: details.country ?? null,
    funding: details.funding ?? null,
    exp_month: details.exp_month ?? null,
    exp_year: details.exp_year ?? null,
  };
}

/** A card read by a reader, with the authorization code of its receipt. */
function presentDetails(
  details: (SdkCardDetails & { receipt?: { authorization_code?: string | null } | null }) | null | undefined,
): PresentCardDetails | undefined {
  const card = cardDetails(details);
  if (!card) return undefined;
  const receipt = details?.receipt;
  return { ...card, receipt: receipt ? { authorization_code: receipt.authorization_code ?? null } : null };
}

export function methodDetails(charge: Stripe.Charge): PaymentMethodDetails | null {
  const details = charge.payment_method_details;
  if (!details) return null;
  const type = knownValue(PAYMENT_METHOD_TYPES, details.type, 'payment method type');
  const card = details.card
    ? cardDetails({ ...details.card, network: details.card.network ?? details.card.brand })
    : undefined;
  return compact({
    type,
    card,
    card_present: presentDetails(details.card_present),
    interac_present: presentDetails(details.interac_present),
  });
}

export function toCharge(charge: Stripe.Charge): Charge {
  return {
    id: charge.id,
    object: 'charge',
    amount: charge.amount,
    amount_captured: charge.amount_captured,
    amount_refunded: charge.amount_refunded,
    captured: charge.captured,
    refunded: charge.refunded,
    status: knownValue(CHARGE_STATUSES, charge.status, 'charge status'),
    currency: charge.currency,
    payment_intent: idOf(charge.payment_intent),
    payment_method: charge.payment_method,
    payment_method_details: methodDetails(charge),
    failure_code: charge.failure_code,
    failure_message: charge.failure_message,
    created: charge.created,
  };
}

export function toSummary(charge: Charge): ChargeSummary {
  const details = charge.payment_method_details;
  const card = details ? details[details.type] : undefined;
  // Online card payments print no network receipt; a declined charge was not authorized.
  const receipt = details && details.type !== 'card' ? details[details.type]?.receipt : undefined;
  return {
    chargeId: charge.id,
    paymentIntentId: charge.payment_intent,
    amount: charge.amount,
    amountCaptured: charge.amount_captured,
    amountRefunded: charge.amount_refunded,
    refunded: charge.refunded,
    captured: charge.captured,
    brand: card?.brand ?? null,
    network: card?.network ?? null,
    source: details?.type ?? null,
    country: card?.country ?? null,
    last4: card?.last4 ?? null,
    authorizationCode: charge.status === 'succeeded' ? (receipt?.authorization_code ?? null) : null,
    created: charge.created,
    status: charge.status,
  };
}

/** The search filters Stripe's charge list cannot apply; funding tells debit (Interac is debit) from credit. */
export function matches(summary: ChargeSummary, funding: string | null, filter: ChargeSearch): boolean {
  if (filter.fromAmount !== undefined && summary.amount < filter.fromAmount) return false;
  if (filter.toAmount !== undefined && summary.amount > filter.toAmount) return false;
  if (filter.status && summary.status !== filter.status) return false;
  if (filter.last4 && summary.last4 !== filter.last4) return false;
  const inPerson = summary.source === 'card_present' || summary.source === 'interac_present';
  if (filter.cardType === 'web') return summary.source === 'card';
  if (filter.cardType === 'debit') return inPerson && funding === 'debit';
  if (filter.cardType === 'credit') return inPerson && funding !== 'debit';
  return true;
}

export function toRefund(refund: Stripe.Refund): Refund {
  return {
    id: refund.id,
    object: 'refund',
    amount: refund.amount,
    charge: idOf(refund.charge),
    payment_intent: idOf(refund.payment_intent),
    currency: refund.currency,
    status: knownValue(REFUND_STATUSES, refund.status ?? 'pending', 'refund status'),
    reason: refund.reason,
    metadata: refund.metadata ?? {},
    created: refund.created,
  };
}

export function toDispute(dispute: Stripe.Dispute): Dispute {
  return {
    id: dispute.id,
    object: 'dispute',
    amount: dispute.amount,
    charge: idOf(dispute.charge),
    payment_intent: idOf(dispute.payment_intent),
    currency: dispute.currency,
    reason: dispute.reason,
    status: dispute.status,
    created: dispute.created,
  };
}

export function toReader(reader: Stripe.Terminal.Reader): Reader {
  const sdk = reader.action;
  let action: ReaderAction | null = null;
  if (sdk) {
    action = {
      type: knownValue(READER_ACTION_TYPES, sdk.type, 'reader action'),
      status: knownValue(READER_ACTION_STATUSES, sdk.status, 'reader action status'),
      failure_code: sdk.failure_code,
      failure_message: sdk.failure_message,
    };
    if (sdk.process_payment_intent) {
      action.process_payment_intent = {
        payment_intent: idOf(sdk.process_payment_intent.payment_intent) ?? '',
      };
    }
    if (sdk.refund_payment) {
      action.refund_payment = {
        payment_intent: idOf(sdk.refund_payment.payment_intent),
        charge: idOf(sdk.refund_payment.charge),
        amount: sdk.refund_payment.amount ?? null,
        refund: idOf(sdk.refund_payment.refund),
        metadata: sdk.refund_payment.metadata ?? {},
      };
    }
  }
  return {
    id: reader.id,
    object: 'terminal.reader',
    label: reader.label,
    status: reader.status === 'online' ? 'online' : 'offline',
    device_type: reader.device_type,
    serial_number: reader.serial_number,
    action,
    livemode: reader.livemode,
  };
}

export function toSession(session: Stripe.Checkout.Session): CheckoutSession {
  return {
    id: session.id,
    object: 'checkout.session',
    url: session.url,
    status: knownValue(CHECKOUT_SESSION_STATUSES, session.status ?? 'open', 'checkout session status'),
    payment_status: knownValue(CHECKOUT_PAYMENT_STATUSES, session.payment_status, 'checkout payment status'),
    amount_total: session.amount_total,
    currency: session.currency,
    payment_intent: idOf(session.payment_intent),
    success_url: session.success_url,
    cancel_url: session.cancel_url,
    metadata: session.metadata ?? {},
    line_items: (session.line_items?.data ?? []).map((item) => ({
      price: idOf(item.price) ?? '',
      quantity: item.quantity ?? 0,
      amount_total: item.amount_total,
      description: item.description ?? null,
    })),
    created: session.created,
    expires_at: session.expires_at,
  };
}

export function toPaymentMethod(method: Stripe.PaymentMethod): PaymentMethod {
  const billing = method.billing_details;
  const details: BillingDetails = {
    name: billing?.name ?? null,
    email: billing?.email ?? null,
    phone: billing?.phone ?? null,
    address: billing?.address
      ? {
          line1: billing.address.line1 ?? null,
          line2: billing.address.line2 ?? null,
          city: billing.address.city ?? null,
          state: billing.address.state ?? null,
          postal_code: billing.address.postal_code ?? null,
          country: billing.address.country ?? null,
        }
      : null,
  };
  return {
    id: method.id,
    object: 'payment_method',
    type: knownValue(PAYMENT_METHOD_TYPES, method.type, 'payment method type'),
    card: method.card
      ? (cardDetails({ ...method.card, network: method.card.networks?.preferred ?? method.card.brand }) ??
        null)
      : null,
    billing_details: details,
    created: method.created,
  };
}

/** A reader deleted from the account answers as missing. */
export function present(
  id: string,
  reader: Stripe.Terminal.Reader | Stripe.Terminal.DeletedReader,
): Stripe.Terminal.Reader {
  if (reader.deleted) {
    throw new PaymentError({
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such terminal.reader: '${id}'`,
    });
  }
  return reader;
}

export const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
