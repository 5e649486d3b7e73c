import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  CASHIER_ID,
  eventually,
  fakeReaderServerForEachTest,
  READER_ID,
  renderOnReader,
} from './fake-reader-server.ts';
import { useRegisterCardPayment } from './register-card.ts';

vi.mock('../../lib/notify.ts', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));

describe('useRegisterCardPayment', () => {
  const server = fakeReaderServerForEachTest();

  it('asks for the payment as a sale’s, so that one the register loses keeps the shift from closing', async () => {
    const view = await renderOnReader(() => useRegisterCardPayment({ onPaid: vi.fn() }));
    let started: Promise<void> | undefined;
    act(() => {
      started = view.result.current.begin(1130);
    });
    await eventually(() => expect(server.sent('/api/pos/process_payment')).toHaveLength(1));
    await act(async () => started);
    expect(server.sent('/api/pos/create_payment_intent')).toEqual([{ amount: '1130', forSale: true }]);
    expect(server.sent('/api/pos/process_payment')).toEqual([
      { readerId: READER_ID, paymentIntentId: 'pi_1', userId: CASHIER_ID },
    ]);
  });
});
