import { describe, expect, it } from 'vitest';
import { POS_MESSAGES } from '../../domain/pos/messages.ts';
import { PaymentError } from '../providers/payments/gateway.ts';
import { AppError, fromPaymentError, missingAsNotFound } from './errors.ts';

/** The one map from a payment provider's refusal to HTTP (the error handler's), case by case. */
describe('fromPaymentError', () => {
  const answer = (error: PaymentError) => {
    const { statusCode, code, message } = fromPaymentError(error);
    return { statusCode, code, message };
  };

  it("keeps a decline's status, code and Stripe's text", () => {
    expect(
      answer(
        new PaymentError({ type: 'card_error', code: 'card_declined', message: 'Your card was declined.' }),
      ),
    ).toEqual({ statusCode: 402, code: 'card_declined', message: 'Your card was declined.' });
  });

  it("names a refusal without a code by Stripe's type", () => {
    expect(answer(new PaymentError({ type: 'invalid_request_error', message: 'No amount.' }))).toEqual({
      statusCode: 400,
      code: 'invalid_request_error',
      message: 'No amount.',
    });
  });

  it("gives the reader's refusals the spec's texts", () => {
    expect(
      answer(
        new PaymentError({ type: 'invalid_request_error', code: 'terminal_reader_offline', message: 'x' }),
      ),
    ).toEqual({
      statusCode: 409,
      code: 'reader_offline',
      message: POS_MESSAGES.readerOffline,
    });
    expect(
      answer(new PaymentError({ type: 'invalid_request_error', code: 'terminal_reader_busy', message: 'x' })),
    ).toEqual({
      statusCode: 409,
      code: 'terminal_reader_busy',
      message: POS_MESSAGES.readerBusy,
    });
    expect(
      answer(
        new PaymentError({
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: "No such terminal.reader: 'tmr_gone'",
        }),
      ),
    ).toEqual({ statusCode: 404, code: 'reader_not_present', message: POS_MESSAGES.readerNotPresent });
  });

  it('answers a reused idempotency key with 409, and an outage with 502 and no details', () => {
    expect(
      answer(new PaymentError({ type: 'idempotency_error', message: 'Keys for idempotent requests...' }))
        .statusCode,
    ).toBe(409);
    expect(
      answer(
        new PaymentError({ type: 'api_connection_error', message: 'ECONNRESET 10.0.0.7', statusCode: 502 }),
      ),
    ).toEqual({
      statusCode: 502,
      code: 'payment_provider_unavailable',
      message: POS_MESSAGES.paymentCreationError,
    });
  });
});

/** An id the shop was given that the provider does not know is the shop's 404; nothing else is. */
describe('missingAsNotFound', () => {
  const caught = (error: unknown) => {
    try {
      missingAsNotFound('Payment')(error);
    } catch (thrown) {
      return thrown;
    }
    throw new Error('missingAsNotFound returned');
  };

  it("turns the provider's missing object into the shop's not found", () => {
    const missing = new PaymentError({
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: "No such payment_intent: 'pi_x'",
    });
    const answer = caught(missing);
    expect(answer).toBeInstanceOf(AppError);
    expect(answer).toMatchObject({ code: 'not_found', message: 'Payment was not found.', statusCode: 404 });
  });

  it('lets every other failure through as it was', () => {
    const declined = new PaymentError({ type: 'card_error', code: 'card_declined', message: 'Declined.' });
    const outage = new PaymentError({ type: 'api_error', message: 'Down.' });
    const bug = new TypeError('x is undefined');
    for (const error of [declined, outage, bug]) expect(caught(error)).toBe(error);
  });
});
