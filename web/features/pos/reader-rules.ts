/**
 * Rules of the staff member's card reader (spec pos §2 status line, §4 card payment and Interac
 * refund, §5 live path, §8 texts): its state, why a payment cannot start on it, the texts of a
 * failed reader call, and what the reader's answer says of our action on it. Pure, so that they
 * are tested without a browser.
 */
import type { ReaderActionType } from '../../../domain/pos/constants.ts';
import { POS_MESSAGES, readerErrorText } from '../../../domain/pos/messages.ts';
import type { PosReader, ReaderAction } from '../../../domain/pos/readers.ts';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';

export type ReaderState = 'loading' | 'none' | 'not-present' | 'offline' | 'online';

/** The status line's state: no reader chosen, a reader the server does not know, offline, online. */
export function readerState(
  readerId: string | undefined,
  reader: PosReader | undefined,
  loading: boolean,
  error: unknown,
): ReaderState {
  if (loading) return 'loading';
  if (!readerId) return 'none';
  if (error || !reader) return 'not-present';
  return reader.status === 'online' ? 'online' : 'offline';
}

/** Why a payment cannot start on this reader (spec §5 live path), or undefined when it can. */
export function readerProblem(state: ReaderState): string | undefined {
  if (state === 'online') return undefined;
  if (state === 'offline') return POS_MESSAGES.readerOffline;
  return POS_MESSAGES.readerNotPresent;
}

/** The text for a failed reader call: the spec's own messages where it has one, else '{type}: {message}'. */
export function readerCallErrorText(error: unknown): string {
  if (!isApiError(error)) return errorMessage(error, POS_MESSAGES.paymentCreationError);
  if (error.code === 'reader_not_present' || error.code === 'resource_missing') {
    return POS_MESSAGES.readerNotPresent;
  }
  if (error.code === 'terminal_reader_offline' || error.code === 'reader_offline') {
    return POS_MESSAGES.readerOffline;
  }
  // The shop's own refusal names who holds the reader: it reads whole, without a code before it.
  if (error.code === 'reader_in_use') return error.message;
  if (error.status === 0 || error.status >= 500) return POS_MESSAGES.paymentCreationError;
  return readerErrorText({ code: error.code, message: error.message });
}

/**
 * A reader status call that did not get through (no network, the server or the provider briefly
 * down, rate limited): while a payment or refund waits on the reader, the page keeps polling
 * instead of giving up, since the card may still be presented and the money taken.
 */
export function isTransientError(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

/**
 * The reader's action when it is ours: of the expected type and, for a payment, for our payment
 * intent. An action left by an earlier payment is not ours (null).
 */
export function ownAction(
  reader: PosReader | undefined,
  type: ReaderActionType,
  paymentIntentId: string | undefined,
): PosReader['action'] {
  const action = reader?.action;
  if (!action || action.type !== type || !paymentIntentId) return null;
  const intent =
    type === 'process_payment_intent'
      ? action.process_payment_intent?.payment_intent
      : action.refund_payment?.payment_intent;
  return intent === paymentIntentId ? action : null;
}

/**
 * How our action on the reader ended, as the reader's latest answer (or the status call's error)
 * tells it; undefined while it runs, and while status calls do not get through (the page asks
 * again at the next tick). 'dropped': the reader has no action any more, cancelled on the reader
 * or by another call; an action of someone else's is no end of ours.
 */
export type ReaderActionEnd =
  | { kind: 'succeeded' }
  | { kind: 'failed'; action: ReaderAction }
  | { kind: 'refused'; error: unknown }
  | { kind: 'dropped' };

export function readerActionEnd(
  reader: PosReader | undefined,
  error: unknown,
  type: ReaderActionType,
  paymentIntentId: string,
): ReaderActionEnd | undefined {
  if (error && !isTransientError(error)) return { kind: 'refused', error };
  const action = ownAction(reader, type, paymentIntentId);
  // After a status call that did not get through, the last answer may be from before the hand-over.
  if (!action) return reader?.action === null && !error ? { kind: 'dropped' } : undefined;
  if (action.status === 'in_progress') return undefined;
  return action.status === 'failed' ? { kind: 'failed', action } : { kind: 'succeeded' };
}
