import { useState } from 'react';
import { POS_MESSAGES, readerFailureText } from '../../../domain/pos/messages.ts';
import { notifyError } from '../../lib/notify.ts';
import { useCreatePaymentIntent, useProcessPayment } from './pos.api.ts';
import { type ReaderActionEnd, readerCallErrorText, readerProblem, readerState } from './reader-rules.ts';
import { useReaderAction } from './use-reader-action.ts';

/** A payment the reader took: the sale names it in its card (or Interac) tender. */
export interface ReaderPaid {
  paymentIntentId: string;
  amount: number;
}

interface Watched {
  paymentIntentId: string;
  amount: number;
}

function unpaidText(end: Exclude<ReaderActionEnd, { kind: 'succeeded' }>): string {
  if (end.kind === 'failed') return readerFailureText(end.action);
  if (end.kind === 'refused') return readerCallErrorText(end.error);
  return 'The payment was cancelled on the card reader.';
}

/**
 * A card payment on the cashier's reader for a register sale: the existing reader flow (check the
 * reader, create the intent, hand it over, poll while in progress), ending with the payment's id,
 * which the sale then names. The receipt is the sale's, so nothing is kept in the browser here.
 */
export function useRegisterCardPayment({ onPaid }: { onPaid: (paid: ReaderPaid) => void }) {
  const [starting, setStarting] = useState(false);
  const [watched, setWatched] = useState<Watched>();
  const createPaymentIntent = useCreatePaymentIntent();
  const processPayment = useProcessPayment();

  const action = useReaderAction({
    type: 'process_payment_intent',
    watched,
    onEnd: (end, payment) => {
      setWatched(undefined);
      if (end.kind === 'succeeded')
        onPaid({ paymentIntentId: payment.paymentIntentId, amount: payment.amount });
      else notifyError(unpaidText(end));
    },
    dropEnds: true,
  });
  const { readerId, reader, userId } = action.cardReader;

  const begin = async (amount: number) => {
    if (starting || watched) return;
    setStarting(true);
    try {
      const fresh = readerId ? await reader.refetch() : undefined;
      const problem = readerProblem(readerState(readerId, fresh?.data, false, fresh?.error));
      if (problem || !readerId) {
        notifyError(
          fresh?.error ? readerCallErrorText(fresh.error) : (problem ?? POS_MESSAGES.readerNotPresent),
        );
        return;
      }
      const intent = await createPaymentIntent.mutateAsync({ amount: String(amount), forSale: true });
      if (!intent?.id) {
        notifyError(POS_MESSAGES.paymentCreationError);
        return;
      }
      const call = () => processPayment.mutateAsync({ readerId, paymentIntentId: intent.id, userId });
      if (!(await action.handOver(call, intent.id))) {
        notifyError(POS_MESSAGES.paymentCreationError);
        return;
      }
      setWatched({ paymentIntentId: intent.id, amount });
    } catch (error) {
      notifyError(readerCallErrorText(error));
    } finally {
      setStarting(false);
    }
  };

  const cancel = () => action.cancel(() => setWatched(undefined));

  return {
    starting,
    waiting: watched,
    busy: starting || watched !== undefined,
    begin,
    cancel,
    cardReader: action.cardReader,
    simulate: action.simulate,
    simulating: action.simulating,
    cancelling: action.cancelling,
  };
}
