import { useEffect, useEffectEvent, useRef } from 'react';
import type { ReaderActionType } from '../../../domain/pos/constants.ts';
import { notifyError } from '../../lib/notify.ts';
import { useCardReader } from './card-reader.tsx';
import { useCancelReaderAction, useSimulatePayment } from './pos.api.ts';
import {
  isTransientError,
  ownAction,
  type ReaderActionEnd,
  readerActionEnd,
  readerCallErrorText,
} from './reader-rules.ts';

interface ReaderActionOptions<Watched extends { paymentIntentId: string }> {
  type: ReaderActionType;
  /** Our action the reader works on (a new object for each attempt), or undefined. */
  watched: Watched | undefined;
  /** How the watched action ended; heard once per attempt. */
  onEnd: (end: ReaderActionEnd, watched: Watched) => void;
  /** Whether a reader that dropped the action (cancelled on the reader) ends it, or the page waits on. */
  dropEnds: boolean;
}

/**
 * Our action on the staff member's card reader (a payment, an Interac refund) while it runs, as
 * Stripe Terminal's server-driven flow has it (DESIGN.md "POS"): the reader is polled every
 * READER_POLL_MS while the action is in progress, and its end is heard once. The buttons act on
 * it: cancel, or (test mode) present a test card. Failed calls are told in the reader's words.
 */
export function useReaderAction<Watched extends { paymentIntentId: string }>({
  type,
  watched,
  onEnd,
  dropEnds,
}: ReaderActionOptions<Watched>) {
  // Polled while our action runs, and while the reader does not show it yet (its hand-over's answer
  // was lost, or the status calls since did not get through) unless a dropped action waits on.
  const cardReader = useCardReader((reader) => {
    if (watched === undefined) return false;
    const own = ownAction(reader, type, watched.paymentIntentId);
    return own ? own.status === 'in_progress' : dropEnds || reader?.action !== null;
  });
  const { readerId, reader } = cardReader;
  const cancelAction = useCancelReaderAction();
  const simulatePayment = useSimulatePayment();
  const heard = useRef<Watched>(undefined);
  const end = useEffectEvent(onEnd);

  // The reader's answer comes from the poll, a simulate button or the call that started the
  // action: whichever brings the end, the page hears it once.
  useEffect(() => {
    if (!watched || heard.current === watched) return;
    const found = readerActionEnd(reader.data, reader.error, type, watched.paymentIntentId);
    if (!found || (found.kind === 'dropped' && !dropEnds)) return;
    heard.current = watched;
    end(found, watched);
  }, [watched, reader.data, reader.error, type, dropEnds]);

  /**
   * Hands our action to the reader with `call`; answers whether the reader has it. When the call's
   * answer is lost (no network, the server briefly down), the reader may have the action all the
   * same, and a card presented to it pays: the reader is asked, and the action is watched when it
   * has it, or when it cannot be asked yet (the poll asks until it answers, and a reader without
   * our action ends it as dropped). A refusal the server answered is thrown: nothing was handed over.
   */
  const handOver = async (
    call: () => Promise<{ id?: string } | undefined>,
    paymentIntentId: string,
  ): Promise<boolean> => {
    try {
      return Boolean((await call())?.id);
    } catch (error) {
      if (!isTransientError(error)) throw error;
      const fresh = await reader.refetch();
      const mayHaveIt = fresh.error
        ? isTransientError(fresh.error)
        : ownAction(fresh.data, type, paymentIntentId) !== null;
      if (mayHaveIt) return true;
      throw error;
    }
  };

  /** Cancels the reader's action; `onCancelled` runs once the reader has said so. */
  const cancel = (onCancelled: () => void) => {
    if (!readerId) return;
    cancelAction.mutate(
      { id: readerId },
      { onSuccess: onCancelled, onError: (error) => notifyError(readerCallErrorText(error)) },
    );
  };

  /** Presents a test card (an Interac one with `interac`) to the reader. */
  const simulate = (interac: boolean) => {
    if (!readerId) return;
    simulatePayment.mutate(
      { readerId, interac },
      // Test helpers: the error is logged by the API client; say it too, it helps the tester.
      { onError: (error) => notifyError(readerCallErrorText(error)) },
    );
  };

  return {
    cardReader,
    handOver,
    cancel,
    simulate,
    cancelling: cancelAction.isPending,
    simulating: simulatePayment.isPending,
  };
}
