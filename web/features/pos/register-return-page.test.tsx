import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Sale } from '../../../domain/pos/register.ts';
import { notifyError } from '../../lib/notify.ts';
import { renderWithRouter } from '../../test/render.tsx';
import { CASHIER_ID, fakeReaderServerForEachTest, ok, refusal } from './fake-reader-server.ts';
import { keepPendingReturn, readPendingReturn } from './pending-return.ts';
import { RegisterReturnPage } from './register-return-page.tsx';

vi.mock('../../lib/notify.ts', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));

const RECEIPT_NUMBER = 41;

/** Two pairs of socks at CDN$10.00, 13% tax, paid CDN$22.60 with an Interac card on the reader. */
const SALE: Sale = {
  id: 5,
  cashier: 'Casey Cashier',
  shiftId: 3,
  lines: [
    {
      productId: 60,
      size_id: null,
      packageId: null,
      code: 'WS-001',
      name: 'Wool Sock',
      sizeName: '',
      unitPrice: 1000,
      quantity: 2,
      lineTotal: 2000,
      returned: 0,
    },
  ],
  subtotal: 2000,
  taxRatePpm: 130_000,
  tax: 260,
  total: 2260,
  rounding: 0,
  paid: 2260,
  change: 0,
  tenders: [
    {
      id: 9,
      type: 'interac',
      amount: 2260,
      tendered: null,
      change: null,
      paymentIntentId: 'pi_1',
      brand: 'interac',
      last4: '4242',
      authorizationCode: '123456',
      refunded: 0,
      refundedOutside: 0,
    },
  ],
  receipt: { receipt_id: 12, receipt_number: RECEIPT_NUMBER },
  returns: [],
  createdAt: '2026-11-29T15:00:00.000Z',
};

/**
 * The return page opened again after a reload, with a return kept whose Interac part the reader
 * refunded (pending-return.ts): the cashier finishes it, and the server refuses it.
 */
async function finishKeptReturn(server: ReturnType<typeof fakeReaderServerForEachTest>, refused: unknown) {
  keepPendingReturn(CASHIER_ID, {
    cashierId: CASHIER_ID,
    receiptNumber: RECEIPT_NUMBER,
    saleId: SALE.id,
    quantities: { '0': 1 },
    restock: true,
    refundId: 're_1',
  });
  server.handlers[`/api/pos/sales/by-receipt/${RECEIPT_NUMBER}`] = () => ok(SALE);
  server.handlers[`/api/pos/sales/${SALE.id}/returns`] = () => refused as ReturnType<typeof ok>;
  const view = renderWithRouter([{ path: '/pos/return', element: <RegisterReturnPage /> }], '/pos/return');
  await screen.findByText('The Interac part is back on the client’s card: finish the return.');
  await view.user.click(screen.getByRole('button', { name: 'Refund CDN$11.30' }));
  await waitFor(() => expect(notifyError).toHaveBeenCalledTimes(1));
  expect(server.sent(`/api/pos/sales/${SALE.id}/returns`)).toEqual([
    { lines: [{ line: 0, quantity: 1 }], restock: true, interacRefundId: 're_1' },
  ]);
}

describe('RegisterReturnPage, a return kept after its Interac refund', () => {
  const server = fakeReaderServerForEachTest({ fakeTime: false });

  it('is forgotten when another return recorded its refund already, and the cashier is told', async () => {
    const message = 'That refund was recorded with a return already.';
    await finishKeptReturn(server, refusal(409, 'refund_used', message));
    expect(notifyError).toHaveBeenCalledWith(message);
    expect(readPendingReturn(CASHIER_ID)).toBeUndefined();
  });

  it('is kept when the return failed for another reason, to be finished again', async () => {
    await finishKeptReturn(server, refusal(503, 'database_unavailable', 'Please try again.'));
    expect(readPendingReturn(CASHIER_ID)).toMatchObject({ saleId: SALE.id, refundId: 're_1' });
  });
});
