import { POS_MESSAGES } from '../../../domain/pos.ts';
import { AppError } from '../../lib/errors.ts';
import { isPaymentError, type PaymentError } from '../../providers/payments/gateway.ts';

export const readerNotPresent = () => new AppError('reader_not_present', POS_MESSAGES.readerNotPresent, 404);
export const readerOffline = () => new AppError('reader_offline', POS_MESSAGES.readerOffline, 409);
export const readerBusy = () => new AppError('terminal_reader_busy', POS_MESSAGES.readerBusy, 409);

/**
 * A refusal of the payment provider as the one error body carries it: code is Stripe's code (or its
 * type), the message Stripe's, so the web can show the spec's '{type}: {message}'. The reader
 * refusals get the spec's own texts.
 */
export function fromPaymentError(error: PaymentError): AppError {
  if (error.code === 'terminal_reader_offline') return readerOffline();
  if (error.code === 'terminal_reader_busy') return readerBusy();
  if (error.code === 'resource_missing' && error.message.includes('terminal.reader'))
    return readerNotPresent();
  const status = error.type === 'idempotency_error' ? 409 : error.statusCode;
  // A provider outage is not the caller's fault, and its details stay in the logs.
  if (status >= 500)
    return new AppError('payment_provider_unavailable', POS_MESSAGES.paymentCreationError, 502);
  return new AppError(error.code ?? error.type, error.message, status);
}

/** Runs a gateway call and turns its refusals into AppErrors. */
export async function gatewayCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isPaymentError(error)) throw fromPaymentError(error);
    throw error;
  }
}
