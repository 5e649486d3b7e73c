import { useQueryClient } from '@tanstack/react-query';
import { useReducer } from 'react';
import { POS_MESSAGES, readerFailureText } from '../../../domain/pos/messages.ts';
import type { ProcessPayment, SavedPaymentDetail } from '../../../domain/pos/readers.ts';
import { type PosTotals, paidDetails } from '../../../domain/pos/sale.ts';
import { POS_PAID_DETAILS_KEY } from '../../../domain/storage-keys.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { posKeys, useCreatePaymentIntent, useProcessPayment, useSaveUserPaymentDetail } from './pos.api.ts';
import type { PaidPayment } from './pos-rules.ts';
import { type ReaderActionEnd, readerCallErrorText, readerProblem, readerState } from './reader-rules.ts';
import { useReaderAction } from './use-reader-action.ts';

/** What a payment takes: the totals (cents) and the e-mail the receipt goes to, if any. */
export interface PaymentRequest {
  totals: PosTotals;
  receiptEmail: string | undefined;
}

/**
 * A payment under way (spec §4 startTrans, processing): being started (the reader checked, the
 * intent created and handed over), or handed to the reader, which works on it.
 */
export type Transaction =
  | ({ phase: 'starting' } & PaymentRequest)
  | ({ phase: 'processing' } & PaymentRequest & ProcessPayment);

export interface ReaderPaymentState {
  transaction: Transaction | undefined;
  /** What the last payment took, once the reader said it succeeded (spec §4 paidSuccess). */
  paid: PosTotals | undefined;
  /** The last payment's receipt, made by the server when the payment was saved. */
  receipt: SavedPaymentDetail['receipt'] | undefined;
  /** The last payment was cancelled (spec §4 cancelled). */
  cancelled: boolean;
  /** Why the last payment was not taken (a declined card, a reader that refused), until the next. */
  unpaid: string | undefined;
}

export type ReaderPaymentEvent =
  | ({ type: 'begin' } & PaymentRequest)
  | ({ type: 'handed-over' } & ProcessPayment)
  /** No payment: it could not start, the reader refused or dropped it, or the card failed. */
  | { type: 'stopped'; reason: string }
  | { type: 'succeeded' }
  | { type: 'receipted'; receipt: SavedPaymentDetail['receipt'] }
  | { type: 'cancelled' };

export const IDLE_PAYMENT: ReaderPaymentState = {
  transaction: undefined,
  paid: undefined,
  receipt: undefined,
  cancelled: false,
  unpaid: undefined,
};

/** The payment's states and the events that move it (spec §4 Card payment with a reader). */
export function readerPaymentReducer(
  state: ReaderPaymentState,
  event: ReaderPaymentEvent,
): ReaderPaymentState {
  const { transaction } = state;
  switch (event.type) {
    case 'begin':
      // One payment at a time; Begin Transaction clears cancelled and paid (spec §4).
      if (transaction) return state;
      return {
        transaction: { phase: 'starting', totals: event.totals, receiptEmail: event.receiptEmail },
        paid: undefined,
        receipt: undefined,
        cancelled: false,
        unpaid: undefined,
      };
    case 'handed-over':
      if (transaction?.phase !== 'starting') return state;
      return {
        ...state,
        transaction: {
          ...transaction,
          phase: 'processing',
          readerId: event.readerId,
          paymentIntentId: event.paymentIntentId,
          userId: event.userId,
        },
      };
    case 'stopped':
      return transaction ? { ...state, transaction: undefined, unpaid: event.reason } : state;
    case 'succeeded':
      if (transaction?.phase !== 'processing') return state;
      return { ...state, transaction: undefined, paid: transaction.totals };
    case 'receipted':
      return state.paid ? { ...state, receipt: event.receipt } : state;
    case 'cancelled':
      // Also a reader left busy by an earlier page, cancelled from this one: the refusal that busy
      // reader caused is over with it ("Not paid" beside "Payment cancelled." said two things).
      return { ...state, transaction: undefined, cancelled: true, unpaid: undefined };
  }
}

function storePaidDetails(details: PaidPayment): void {
  try {
    window.localStorage.setItem(POS_PAID_DETAILS_KEY, JSON.stringify(details));
  } catch {
    // Storage is only the spec's convenience: the receipt can still be generated from the server.
  }
}

/** Why a payment on the reader ended without being paid, as the page tells it (spec §8). */
function unpaidText(end: Exclude<ReaderActionEnd, { kind: 'succeeded' }>): string {
  if (end.kind === 'failed') return readerFailureText(end.action);
  if (end.kind === 'refused') return readerCallErrorText(end.error);
  return 'The payment was cancelled on the card reader.';
}

/**
 * A card payment on the staff member's reader (spec pos §4 Card payment with a reader, §5, §8):
 * Begin checks that the reader is present and online, creates the payment intent (total with tax,
 * cents) and hands it to the reader, which is then polled every second while it works on it.
 * Succeeded: the paid details are kept (POS_PaidDetails) and saved to the server, and `onFinished`
 * resets the form; failed: the reader's words. Cancel ends it on the reader and resets the form.
 */
export function useReaderPayment({ onFinished }: { onFinished: () => void }) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(readerPaymentReducer, IDLE_PAYMENT);
  const createPaymentIntent = useCreatePaymentIntent();
  const processPayment = useProcessPayment();
  const saveUserPaymentDetail = useSaveUserPaymentDetail();
  const { transaction } = state;

  const finish = (end: ReaderActionEnd, payment: Extract<Transaction, { phase: 'processing' }>) => {
    if (end.kind !== 'succeeded') {
      const reason = unpaidText(end);
      notifyError(reason);
      dispatch({ type: 'stopped', reason });
      return;
    }
    const { totals, receiptEmail, readerId, paymentIntentId, userId } = payment;
    storePaidDetails({ ...paidDetails(totals), paymentIntentId, ...(receiptEmail ? { receiptEmail } : {}) });
    // Errors are only logged (spec §7); the API client has logged them already. The answer names
    // the payment's receipt, made (and e-mailed) by the server.
    saveUserPaymentDetail.mutate(
      { userId, readerId, amount: totals.total, paymentIntentId },
      { onSuccess: (saved) => dispatch({ type: 'receipted', receipt: saved.receipt }) },
    );
    // The payment is a new charge: a refund search kept from earlier is out of date.
    void queryClient.invalidateQueries({ queryKey: posKeys.allCharges });
    onFinished();
    dispatch({ type: 'succeeded' });
    notifySuccess(POS_MESSAGES.paidSuccessfully);
  };

  const action = useReaderAction({
    type: 'process_payment_intent',
    watched: transaction?.phase === 'processing' ? transaction : undefined,
    onEnd: finish,
    dropEnds: true,
  });
  const { readerId, reader, userId } = action.cardReader;

  const begin = async (request: PaymentRequest) => {
    if (transaction) return;
    dispatch({ type: 'begin', ...request });
    const stop = (message: string) => {
      notifyError(message);
      dispatch({ type: 'stopped', reason: message });
    };
    try {
      // The live path needs a reader that is present and online (spec §5).
      const fresh = readerId ? await reader.refetch() : undefined;
      const problem = readerProblem(readerState(readerId, fresh?.data, false, fresh?.error));
      if (problem || !readerId) {
        stop(fresh?.error ? readerCallErrorText(fresh.error) : (problem ?? POS_MESSAGES.readerNotPresent));
        return;
      }
      const intent = await createPaymentIntent.mutateAsync({
        amount: String(request.totals.total),
        subtotal: request.totals.amount,
        receiptEmail: request.receiptEmail,
      });
      if (!intent?.id) {
        stop(POS_MESSAGES.paymentCreationError);
        return;
      }
      const handedOver = { readerId, paymentIntentId: intent.id, userId };
      if (!(await action.handOver(() => processPayment.mutateAsync(handedOver), intent.id))) {
        stop(POS_MESSAGES.paymentCreationError);
        return;
      }
      dispatch({ type: 'handed-over', ...handedOver });
    } catch (error) {
      stop(readerCallErrorText(error));
    }
  };

  const cancel = () =>
    action.cancel(() => {
      onFinished();
      dispatch({ type: 'cancelled' });
    });

  // A reader left busy by an earlier page (a reload mid-payment) is offered a cancel.
  const strayAction =
    !transaction && reader.data?.action?.status === 'in_progress' ? reader.data.action : undefined;

  return {
    ...state,
    cardReader: action.cardReader,
    strayAction,
    begin,
    cancel,
    simulate: action.simulate,
    cancelling: action.cancelling,
    simulating: action.simulating,
  };
}
