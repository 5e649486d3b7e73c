import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { POS_MESSAGES, readerFailureText } from '../../../domain/pos/messages.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { posKeys, type RefundCall, useRefundInterac } from './pos.api.ts';
import { readerCallErrorText } from './reader-rules.ts';
import { useReaderAction } from './use-reader-action.ts';

/** An Interac refund the reader works on: a new object for each attempt. */
interface ReaderRefund {
  paymentIntentId: string;
}

/**
 * Interac refunds through the staff member's reader (spec pos §4 Refund): the refund is handed to
 * the reader, which is polled every second while its refund_payment is in progress. Succeeded:
 * the success message, the charges are searched again and `onRefunded` runs; failed: the reader's
 * words. A reader that dropped the refund leaves it waiting for Cancel Refund, as before.
 */
export function useReaderRefund({ onRefunded }: { onRefunded: () => void }) {
  const queryClient = useQueryClient();
  const [refund, setRefund] = useState<ReaderRefund>();
  const refundInterac = useRefundInterac();

  const action = useReaderAction({
    type: 'refund_payment',
    watched: refund,
    dropEnds: false,
    onEnd: (end) => {
      setRefund(undefined);
      if (end.kind === 'succeeded') {
        notifySuccess(POS_MESSAGES.refundSuccess);
        onRefunded();
        void queryClient.invalidateQueries({ queryKey: posKeys.allCharges });
      } else if (end.kind === 'failed') {
        notifyError(`Refund failed: ${readerFailureText(end.action)}`);
      } else if (end.kind === 'refused') {
        notifyError(readerCallErrorText(end.error));
      }
    },
  });

  /** Hands the refund to the reader; a call that fails throws, as the card refund's does. */
  const start = async (call: RefundCall) => {
    const { paymentIntentId } = call.request;
    if (!(await action.handOver(() => refundInterac.mutateAsync(call), paymentIntentId))) {
      notifyError(POS_MESSAGES.refundFailed);
      return;
    }
    setRefund({ paymentIntentId });
  };

  /** Cancel Refund: the reader's action is cancelled, then `onCancelled` runs. */
  const cancel = (onCancelled: () => void) =>
    action.cancel(() => {
      setRefund(undefined);
      onCancelled();
    });

  return {
    cardReader: action.cardReader,
    processing: refund !== undefined,
    starting: refundInterac.isPending,
    start,
    cancel,
    simulate: action.simulate,
    cancelling: action.cancelling,
    simulating: action.simulating,
  };
}

export type ReaderRefundFlow = ReturnType<typeof useReaderRefund>;
