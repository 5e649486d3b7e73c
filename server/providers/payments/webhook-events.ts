/**
 * The card processor's webhook events: Stripe's event object, its signature (Stripe-Signature:
 * t=<unix seconds>,v1=<HMAC-SHA256 of "t.body" with the endpoint's secret>), checked and made with
 * the official SDK, so that the sandbox's events and Stripe's go through the same code.
 */
import { randomBytes } from 'node:crypto';
import { stripeSdk } from './stripe-sdk.ts';

/** The events the shop acts on; the README tells the owner to send these to the endpoint. */
export const HANDLED_EVENT_TYPES = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
  'refund.created',
  'refund.updated',
  'charge.dispute.created',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.closed',
  'checkout.session.completed',
  'checkout.session.expired',
  'terminal.reader.action_succeeded',
  'terminal.reader.action_failed',
] as const;
export type HandledEventType = (typeof HANDLED_EVENT_TYPES)[number];

/** Stripe's event, with the fields the shop reads; `data.object` is the object the event is about. */
export interface GatewayEvent {
  id: string;
  object: 'event';
  type: string;
  /** Unix seconds. */
  created: number;
  livemode: boolean;
  api_version: string | null;
  data: { object: Record<string, unknown> };
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
}

/** How old a signature may be, in seconds (Stripe's default tolerance): an older one is a replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/**
 * The event in a delivery, when its Stripe-Signature header was made with `secret` over exactly
 * these bytes less than five minutes before `now`; otherwise a WebhookSignatureError.
 */
export function verifyWebhook(
  rawBody: Buffer | string,
  signatureHeader: string | undefined,
  secret: string,
  now: Date,
): GatewayEvent {
  if (!signatureHeader) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
  let event: unknown;
  try {
    event = stripeSdk().webhooks.constructEvent(
      rawBody,
      signatureHeader,
      secret,
      SIGNATURE_TOLERANCE_SECONDS,
      undefined,
      now.getTime(),
    );
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'The signature is not valid.');
  }
  if (!isEvent(event)) throw new WebhookSignatureError('The body is not an event.');
  return event;
}

function isEvent(value: unknown): value is GatewayEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Partial<Record<keyof GatewayEvent, unknown>>;
  return (
    typeof event.id === 'string' &&
    event.object === 'event' &&
    typeof event.type === 'string' &&
    typeof event.created === 'number' &&
    typeof event.data === 'object' &&
    event.data !== null &&
    typeof (event.data as { object?: unknown }).object === 'object'
  );
}

/** The Stripe-Signature header of a body, as Stripe makes it (the sandbox's deliveries, tests). */
export function signWebhook(payload: string, secret: string, timestampSeconds: number): string {
  return stripeSdk().webhooks.generateTestHeaderString({ payload, secret, timestamp: timestampSeconds });
}

/** A signing secret for the sandbox when STRIPE_WEBHOOK_SECRET is not set: new at every start. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}
