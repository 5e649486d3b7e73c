import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { POS_MESSAGES } from '../../../domain/pos/messages.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import {
  actionOf,
  eventually,
  fakeReaderServerForEachTest,
  nextPoll,
  READER_ID,
  readerWith,
  refusal,
  renderOnReader,
} from './fake-reader-server.ts';
import { posKeys } from './pos.api.ts';
import { useReaderRefund } from './use-reader-refund.ts';

vi.mock('../../lib/notify.ts', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));

const CALL = {
  readerId: READER_ID,
  request: { paymentIntentId: 'pi_1' },
  idempotencyKey: 'refund-attempt-1',
};

describe('useReaderRefund (spec §4 Refund, Interac)', () => {
  const server = fakeReaderServerForEachTest();

  async function renderRefund() {
    const onRefunded = vi.fn();
    const view = await renderOnReader(() => useReaderRefund({ onRefunded }));
    return { ...view, onRefunded };
  }

  async function startRefund(view: Awaited<ReturnType<typeof renderRefund>>) {
    await act(() => view.result.current.start(CALL));
    expect(view.result.current.processing).toBe(true);
    expect(server.sent('/api/pos/refund-interac')).toEqual([{ paymentIntentId: 'pi_1' }]);
  }

  it('hands the refund to the reader and waits for the card; succeeded searches the charges again', async () => {
    const view = await renderRefund();
    const invalidate = vi.spyOn(view.queryClient, 'invalidateQueries');
    await startRefund(view);
    server.reader = readerWith(actionOf('refund_payment', 'succeeded', 'pi_1'));
    await nextPoll();
    await eventually(() => expect(view.result.current.processing).toBe(false));
    expect(notifySuccess).toHaveBeenCalledWith(POS_MESSAGES.refundSuccess);
    expect(view.onRefunded).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: posKeys.allCharges });
  });

  it("a failed refund says 'Refund failed:' with the reader's words", async () => {
    const view = await renderRefund();
    await startRefund(view);
    server.reader = readerWith(actionOf('refund_payment', 'failed', 'pi_1'));
    await nextPoll();
    await eventually(() => expect(view.result.current.processing).toBe(false));
    expect(notifyError).toHaveBeenCalledWith('Refund failed: card_declined: Your card was declined.');
    expect(view.onRefunded).not.toHaveBeenCalled();
  });

  it('a refund the reader dropped keeps waiting for Cancel Refund', async () => {
    const view = await renderRefund();
    await startRefund(view);
    server.reader = readerWith(null);
    await nextPoll();
    await nextPoll();
    expect(view.result.current.processing).toBe(true);
    expect(notifyError).not.toHaveBeenCalled();

    const onCancelled = vi.fn();
    act(() => view.result.current.cancel(onCancelled));
    await eventually(() => expect(view.result.current.processing).toBe(false));
    expect(onCancelled).toHaveBeenCalledTimes(1);
  });

  it('a refusal of the refund call is thrown to the form; an empty answer is the refund failed text', async () => {
    server.handlers['/api/pos/refund-interac'] = () => refusal(409, 'charge_already_refunded', 'Already.');
    const view = await renderRefund();
    await act(() => expect(view.result.current.start(CALL)).rejects.toThrow('Already.'));
    expect(view.result.current.processing).toBe(false);

    server.handlers['/api/pos/refund-interac'] = () => ({ status: 200 });
    await act(() => view.result.current.start(CALL));
    expect(notifyError).toHaveBeenCalledWith(POS_MESSAGES.refundFailed);
    expect(view.result.current.processing).toBe(false);
  });
});
