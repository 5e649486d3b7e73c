import { notifyError } from '../../lib/notify.ts';
import { useCancelReaderAction, useSimulatePayment } from './pos.api.ts';
import { readerCallErrorText } from './pos-rules.ts';

/**
 * The buttons that act on the staff member's reader while it waits for a card: cancel its action,
 * or (test mode) present a test card to it. The reader's answer replaces the cached reader; a
 * failure is told in the reader's words.
 */
export function useReaderControls(readerId: string | undefined) {
  const cancelAction = useCancelReaderAction();
  const simulatePayment = useSimulatePayment();

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

  return { cancel, simulate, cancelling: cancelAction.isPending, simulating: simulatePayment.isPending };
}
