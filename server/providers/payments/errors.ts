/**
 * The refusals both gateways share, with Stripe's codes and, where Stripe documents or returns one,
 * its text (sources in the comments). Texts marked "ours" are rules Stripe enforces with a message
 * we have not seen verbatim.
 */
import { formatDollars } from '../../../domain/money.ts';
import { PaymentError } from './gateway.ts';

/** '$12.50', as Stripe writes amounts in its refund messages. */
function dollars(cents: number): string {
  return `$${formatDollars(cents)}`;
}

/** "No such payment_intent: 'pi_123'" (Stripe's resource_missing). */
export function resourceMissing(object: string, id: string, param?: string): PaymentError {
  return new PaymentError({
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${object}: '${id}'`,
    param,
  });
}

const CAPTURABLE = 'requires_capture';
const CANCELABLE =
  'requires_payment_method, requires_capture, requires_confirmation, requires_action, processing';
export const CANCELABLE_STATUSES = CANCELABLE.split(', ');

/** Stripe's payment_intent_unexpected_state on capture. */
export function cannotCapture(status: string): PaymentError {
  return new PaymentError({
    type: 'invalid_request_error',
    code: 'payment_intent_unexpected_state',
    message: `This PaymentIntent could not be captured because it has a status of ${status}. Only a PaymentIntent with one of the following statuses may be captured: ${CAPTURABLE}.`,
  });
}

/** Stripe's payment_intent_unexpected_state on cancel. */
export function cannotCancel(status: string): PaymentError {
  return new PaymentError({
    type: 'invalid_request_error',
    code: 'payment_intent_unexpected_state',
    message: `You cannot cancel this PaymentIntent because it has a status of ${status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE}.`,
  });
}

/** Stripe's over-refund refusal (param amount). */
export function refundTooLarge(amount: number, remaining: number): PaymentError {
  return new PaymentError({
    type: 'invalid_request_error',
    code: 'amount_too_large',
    param: 'amount',
    message: `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(remaining)})`,
  });
}

export function alreadyRefunded(chargeId: string): PaymentError {
  return new PaymentError({
    type: 'invalid_request_error',
    code: 'charge_already_refunded',
    message: `Charge ${chargeId} has already been refunded.`,
  });
}

/** Stripe's answer to a refund of a charge its owner disputed (a chargeback took the money back). */
export function chargeDisputed(chargeId: string): PaymentError {
  return new PaymentError({
    type: 'invalid_request_error',
    code: 'charge_disputed',
    message: `Charge ${chargeId} has been charged back; cannot issue a refund.`,
  });
}

export function nothingToRefund(): PaymentError {
  return new PaymentError({
    type: 'invalid_request_error',
    code: 'charge_not_refundable',
    message: 'This PaymentIntent does not have a successful charge to refund.',
  });
}

/**
 * Interac payments are refunded in person only: "these payments cannot be refunded via the dashboard
 * or the API" (Stripe Terminal SDK, Card-Present Refunds). Text ours.
 */
export function interacRefundsInPerson(): PaymentError {
  return new PaymentError({
    type: 'invalid_request_error',
    code: 'charge_not_refundable',
    message:
      'Interac payments are refunded in person: present the Interac card to a reader (refund_payment).',
  });
}

/** Text ours: card payments are refunded online (createRefund); a reader refunds Interac only. */
export function cardRefundsOnline(): PaymentError {
  return new PaymentError({
    type: 'invalid_request_error',
    code: 'charge_not_refundable',
    message: 'Only Interac payments are refunded through a reader; refund this card payment online.',
  });
}

/** Stripe's error-codes page, terminal_reader_offline. */
export function readerOffline(): PaymentError {
  return new PaymentError({
    type: 'invalid_request_error',
    code: 'terminal_reader_offline',
    message:
      'Reader is currently offline, please ensure the reader is powered on and connected to the internet before retrying your request.',
  });
}

/** Stripe's error-codes page, terminal_reader_busy. */
export function readerBusy(): PaymentError {
  return new PaymentError({
    type: 'invalid_request_error',
    code: 'terminal_reader_busy',
    message: 'Reader is currently busy processing another request.',
  });
}

/** Text ours: Stripe's test helpers answer in test mode only. */
export function testModeOnly(): PaymentError {
  return new PaymentError({
    type: 'invalid_request_error',
    message: 'Presenting a simulated card is only possible in test mode.',
  });
}

/** A reader is registered at a Stripe Terminal location; the account has none yet. */
export function terminalLocationMissing(): PaymentError {
  return new PaymentError({
    type: 'invalid_request_error',
    param: 'location',
    message:
      'Your Stripe account has no Terminal location yet: create one in the Stripe Dashboard (Terminal, Locations), then register the reader.',
  });
}

/** Stripe's idempotency_error when a key is reused for a different request. */
export function idempotencyMismatch(key: string): PaymentError {
  return new PaymentError({
    type: 'idempotency_error',
    message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  });
}

/** Stripe's minimum charge for CAD is $0.50; its maximum is $999,999.99. */
export const MIN_AMOUNT = 50;
export const MAX_AMOUNT = 99_999_999;

export function checkAmount(amount: number, param = 'amount'): void {
  if (!Number.isSafeInteger(amount)) {
    throw new PaymentError({
      type: 'invalid_request_error',
      code: 'parameter_invalid_integer',
      param,
      message: `Invalid integer: ${amount}`,
    });
  }
  if (amount < MIN_AMOUNT) {
    throw new PaymentError({
      type: 'invalid_request_error',
      code: 'amount_too_small',
      param,
      message: 'Amount must be at least $0.50 cad',
    });
  }
  if (amount > MAX_AMOUNT) {
    throw new PaymentError({
      type: 'invalid_request_error',
      code: 'amount_too_large',
      param,
      message: 'Amount must be no more than $999,999.99 cad',
    });
  }
}

/** A positive whole number of cents (refund and capture amounts). */
export function checkPositiveAmount(amount: number, param = 'amount'): void {
  if (!Number.isSafeInteger(amount) || amount < 1) {
    throw new PaymentError({
      type: 'invalid_request_error',
      code: 'parameter_invalid_integer',
      param,
      message: 'This value must be greater than or equal to 1.',
    });
  }
}
