import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PosReader } from '../../../domain/pos.ts';
import { notifyError } from '../../lib/notify.ts';
import { cancelReaderAction, posKeys, simulatePayment } from './pos.api.ts';
import { readerCallErrorText } from './pos-rules.ts';

/**
 * The buttons that act on the staff member's reader while it waits for a card: cancel its action,
 * or (test mode) present a test card to it. The reader's answer replaces the cached reader; a
 * failure is told in the reader's words.
 */
export function useReaderControls(readerId: string | undefined) {
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState(false);
  const [simulating, setSimulating] = useState(false);

  const adopt = (id: string, after: PosReader) =>
    queryClient.setQueryData<PosReader>(posKeys.reader(id), after);

  /** Cancels the reader's action; `onCancelled` runs once the reader has said so. */
  const cancel = async (onCancelled: () => void) => {
    if (!readerId) return;
    setCancelling(true);
    try {
      const after = await cancelReaderAction({ id: readerId });
      adopt(readerId, after);
      onCancelled();
    } catch (error) {
      notifyError(readerCallErrorText(error));
    } finally {
      setCancelling(false);
    }
  };

  /** Presents a test card (an Interac one with `interac`) to the reader. */
  const simulate = async (interac: boolean) => {
    if (!readerId) return;
    setSimulating(true);
    try {
      adopt(readerId, await simulatePayment(readerId, interac));
    } catch (error) {
      // Test helpers: the error is logged by the API client; say it too, it helps the tester.
      notifyError(readerCallErrorText(error));
    } finally {
      setSimulating(false);
    }
  };

  return { cancel, simulate, cancelling, simulating };
}
