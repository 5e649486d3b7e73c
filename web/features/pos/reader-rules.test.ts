import { describe, expect, it } from 'vitest';
import { POS_MESSAGES } from '../../../domain/pos/messages.ts';
import type { PosReader } from '../../../domain/pos/readers.ts';
import { ApiError } from '../../lib/api.ts';
import {
  isTransientError,
  ownAction,
  readerActionEnd,
  readerCallErrorText,
  readerProblem,
  readerState,
} from './reader-rules.ts';

function reader(overrides: Partial<PosReader> = {}): PosReader {
  return {
    id: 'tmr_1',
    object: 'terminal.reader',
    name: 'Front',
    label: 'Front',
    status: 'online',
    device_type: 'bbpos_wisepos_e',
    action: null,
    ...overrides,
  };
}

describe('the card reader', () => {
  it('states: loading, none chosen, not present, offline, online', () => {
    expect(readerState('tmr_1', undefined, true, undefined)).toBe('loading');
    expect(readerState(undefined, undefined, false, undefined)).toBe('none');
    expect(readerState('tmr_1', undefined, false, new Error('gone'))).toBe('not-present');
    expect(readerState('tmr_1', reader({ status: 'offline' }), false, undefined)).toBe('offline');
    expect(readerState('tmr_1', reader(), false, undefined)).toBe('online');
  });

  it('a payment starts only on a present, online reader (spec §5, §8)', () => {
    expect(readerProblem('online')).toBeUndefined();
    expect(readerProblem('offline')).toBe(POS_MESSAGES.readerOffline);
    expect(readerProblem('not-present')).toBe(POS_MESSAGES.readerNotPresent);
    expect(readerProblem('none')).toBe(POS_MESSAGES.readerNotPresent);
  });

  it("shows a reader error as '{type}: {message}', with the spec's own texts where it has them", () => {
    expect(readerCallErrorText(new ApiError(402, 'card_declined', 'Your card was declined.'))).toBe(
      'card_declined: Your card was declined.',
    );
    expect(readerCallErrorText(new ApiError(404, 'reader_not_present', 'x'))).toBe(
      POS_MESSAGES.readerNotPresent,
    );
    expect(readerCallErrorText(new ApiError(409, 'terminal_reader_offline', 'x'))).toBe(
      POS_MESSAGES.readerOffline,
    );
    expect(
      readerCallErrorText(new ApiError(409, 'reader_in_use', 'Front Counter is in use by Sam Lee.')),
    ).toBe('Front Counter is in use by Sam Lee.');
    expect(readerCallErrorText(new ApiError(500, 'internal', 'x'))).toBe(POS_MESSAGES.paymentCreationError);
    expect(readerCallErrorText(new ApiError(0, 'network_error', 'x'))).toBe(
      POS_MESSAGES.paymentCreationError,
    );
  });

  it('an action is ours only when its type and payment intent match', () => {
    const paying = reader({
      action: {
        type: 'process_payment_intent',
        status: 'in_progress',
        failure_code: null,
        failure_message: null,
        process_payment_intent: { payment_intent: 'pi_1' },
      },
    });
    expect(ownAction(paying, 'process_payment_intent', 'pi_1')?.status).toBe('in_progress');
    expect(ownAction(paying, 'process_payment_intent', 'pi_2')).toBeNull();
    expect(ownAction(paying, 'refund_payment', 'pi_1')).toBeNull();
    expect(ownAction(paying, 'process_payment_intent', undefined)).toBeNull();
    const refunding = reader({
      action: {
        type: 'refund_payment',
        status: 'succeeded',
        failure_code: null,
        failure_message: null,
        refund_payment: { payment_intent: 'pi_9', charge: 'ch_9', amount: null, refund: 're_1' },
      },
    });
    expect(ownAction(refunding, 'refund_payment', 'pi_9')?.status).toBe('succeeded');
    expect(ownAction(undefined, 'refund_payment', 'pi_9')).toBeNull();
  });
});

describe('polling the reader', () => {
  it('keeps polling through calls that did not get through, stops on a refusal', () => {
    expect(isTransientError(new ApiError(0, 'network_error', 'offline'))).toBe(true);
    expect(isTransientError(new ApiError(502, 'payment_provider_unavailable', 'x'))).toBe(true);
    expect(isTransientError(new ApiError(503, 'unavailable', 'x'))).toBe(true);
    expect(isTransientError(new ApiError(429, 'rate_limited', 'x'))).toBe(true);
    expect(isTransientError(new ApiError(404, 'reader_not_present', 'x'))).toBe(false);
    expect(isTransientError(new ApiError(403, 'reader_not_assigned', 'x'))).toBe(false);
  });
});

describe('what the reader says of our action', () => {
  const paying = (status: 'in_progress' | 'succeeded' | 'failed', paymentIntent = 'pi_1') =>
    reader({
      action: {
        type: 'process_payment_intent',
        status,
        failure_code: status === 'failed' ? 'card_declined' : null,
        failure_message: status === 'failed' ? 'Your card was declined.' : null,
        process_payment_intent: { payment_intent: paymentIntent },
      },
    });

  it('nothing while it runs, succeeded or failed once it is done', () => {
    expect(readerActionEnd(paying('in_progress'), null, 'process_payment_intent', 'pi_1')).toBeUndefined();
    expect(readerActionEnd(paying('succeeded'), null, 'process_payment_intent', 'pi_1')).toEqual({
      kind: 'succeeded',
    });
    const failed = readerActionEnd(paying('failed'), null, 'process_payment_intent', 'pi_1');
    expect(failed).toMatchObject({ kind: 'failed', action: { failure_code: 'card_declined' } });
  });

  it('a reader with no action dropped ours; an action of another payment, or no answer yet, is no end', () => {
    expect(readerActionEnd(reader(), null, 'process_payment_intent', 'pi_1')).toEqual({ kind: 'dropped' });
    expect(
      readerActionEnd(paying('succeeded', 'pi_2'), null, 'process_payment_intent', 'pi_1'),
    ).toBeUndefined();
    expect(readerActionEnd(paying('succeeded'), null, 'refund_payment', 'pi_1')).toBeUndefined();
    expect(readerActionEnd(undefined, null, 'process_payment_intent', 'pi_1')).toBeUndefined();
  });

  it('a status call refused for good ends it; one that did not get through waits for the next', () => {
    const gone = new ApiError(404, 'reader_not_present', 'x');
    expect(readerActionEnd(paying('in_progress'), gone, 'process_payment_intent', 'pi_1')).toEqual({
      kind: 'refused',
      error: gone,
    });
    const down = new ApiError(503, 'unavailable', 'x');
    expect(readerActionEnd(paying('in_progress'), down, 'process_payment_intent', 'pi_1')).toBeUndefined();
    // The last answer that got through still counts: a payment seen done is done.
    expect(readerActionEnd(paying('succeeded'), down, 'process_payment_intent', 'pi_1')).toEqual({
      kind: 'succeeded',
    });
  });

  it('a reader seen without the action before a status call failed has not dropped it: that answer may be from before the hand-over', () => {
    const down = new ApiError(503, 'unavailable', 'x');
    const idle = reader({ action: null });
    expect(readerActionEnd(idle, down, 'process_payment_intent', 'pi_1')).toBeUndefined();
    expect(readerActionEnd(idle, null, 'process_payment_intent', 'pi_1')).toEqual({ kind: 'dropped' });
  });
});
