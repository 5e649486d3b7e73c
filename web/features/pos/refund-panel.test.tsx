import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-stub.ts';
import { posCharge } from '../../test/pos-charge.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { RefundPanel } from './refund-panel.tsx';
import type { ReaderRefundFlow } from './use-reader-refund.ts';

vi.mock('../../lib/notify.ts', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));

/** A card charge of CDN$45.20: refunded online, never on the reader. */
const CARD_CHARGE = posCharge({ amount: 4520, source: 'card' });

/** A card charge is refunded online: the reader's flow is never used. */
const NO_READER = {
  cardReader: { readerId: null },
  processing: false,
  starting: false,
  cancelling: false,
} as unknown as ReaderRefundFlow;

function openPartialRefund() {
  renderWithProviders(<RefundPanel charge={CARD_CHARGE} readerRefund={NO_READER} onDone={vi.fn()} />);
  fireEvent.click(screen.getByLabelText('Refund partially'));
  return screen.getByLabelText('Refund Amount') as HTMLInputElement;
}

describe('RefundPanel, a partial refund', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the amount with its cents once the box is left, as the register and the other money boxes do', async () => {
    const amount = openPartialRefund();
    fireEvent.change(amount, { target: { value: '12.5' } });
    fireEvent.blur(amount);
    await waitFor(() => expect(amount.value).toBe('CDN$12.50'));
  });

  it('refunds the amount shown, in cents', async () => {
    const { fetch } = stubApi(() => ({ status: 'succeeded', amount: 1250 }));
    const amount = openPartialRefund();
    fireEvent.change(amount, { target: { value: '12.5' } });
    fireEvent.blur(amount);
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    // The panel also reads the public settings (the store's clock for Paid at): only the refund counts.
    const refundCalls = () => fetch.mock.calls.filter(([url]) => String(url).includes('/api/pos/refund'));
    await waitFor(() => expect(refundCalls()).toHaveLength(1));
    const [, init] = refundCalls()[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ paymentIntentId: 'pi_1', amount: 1250 });
  });
});
