import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notifyError } from '../../lib/notify.ts';
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
import { useReaderAction } from './use-reader-action.ts';

vi.mock('../../lib/notify.ts', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));

describe('useReaderAction', () => {
  const server = fakeReaderServerForEachTest();

  /** The hook watching our refund of pi_1 (`dropEnds` as given), started once the reader is known. */
  async function renderWatching(dropEnds: boolean) {
    server.reader = readerWith(actionOf('refund_payment', 'in_progress', 'pi_1'));
    const onEnd = vi.fn();
    const watched = { paymentIntentId: 'pi_1' };
    const view = await renderOnReader(() =>
      useReaderAction({ type: 'refund_payment', watched, onEnd, dropEnds }),
    );
    return { ...view, onEnd, watched };
  }

  const readerCalls = () => server.sent('/api/pos/get_reader').length;

  it('polls while the action is in progress, and tells its end once, however often the reader answers', async () => {
    const view = await renderWatching(true);
    const before = readerCalls();
    await nextPoll();
    await eventually(() => expect(readerCalls()).toBe(before + 1));
    expect(view.onEnd).not.toHaveBeenCalled();

    server.reader = readerWith(actionOf('refund_payment', 'succeeded', 'pi_1'));
    await nextPoll();
    await eventually(() => expect(view.onEnd).toHaveBeenCalledWith({ kind: 'succeeded' }, view.watched));
    // The action is over: no more polling; the reader answering again tells nothing new.
    const after = readerCalls();
    await nextPoll();
    expect(readerCalls()).toBe(after);
    server.reader = readerWith(actionOf('refund_payment', 'succeeded', 'pi_1'), 'offline');
    await act(() => view.result.current.cardReader.reader.refetch());
    await eventually(() => expect(view.result.current.cardReader.reader.data?.status).toBe('offline'));
    expect(readerCalls()).toBe(after + 1);
    expect(view.onEnd).toHaveBeenCalledTimes(1);
  });

  it('a dropped action ends it when the caller says so', async () => {
    const view = await renderWatching(true);
    server.reader = readerWith(null);
    await nextPoll();
    await eventually(() => expect(view.onEnd).toHaveBeenCalledWith({ kind: 'dropped' }, view.watched));
  });

  it('else the caller waits on, and the polling stops', async () => {
    const view = await renderWatching(false);
    server.reader = readerWith(null);
    await nextPoll();
    await eventually(() => expect(view.result.current.cardReader.reader.data?.action).toBeNull());
    const after = readerCalls();
    await nextPoll();
    expect(readerCalls()).toBe(after);
    expect(view.onEnd).not.toHaveBeenCalled();
  });

  it('cancel and simulate act on the reader; their answer is the cached reader, their failure is told', async () => {
    server.handlers['/api/pos/simulate_payment'] = () =>
      refusal(409, 'reader_in_use', 'Front is in use by Sam.');
    const view = await renderWatching(true);
    act(() => view.result.current.simulate(false));
    await eventually(() => expect(notifyError).toHaveBeenCalledWith('Front is in use by Sam.'));

    const onCancelled = vi.fn();
    act(() => view.result.current.cancel(onCancelled));
    await eventually(() => expect(onCancelled).toHaveBeenCalledTimes(1));
    expect(server.sent('/api/pos/cancel_payment')).toEqual([{ id: READER_ID }]);
    expect(view.result.current.cardReader.reader.data?.action).toBeNull();
  });
});
