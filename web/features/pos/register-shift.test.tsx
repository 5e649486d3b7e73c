import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShiftSummary } from '../../../domain/pos/shifts.ts';
import { stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ShiftBar } from './register-shift.tsx';

const OPEN: ShiftSummary = {
  id: 1,
  cashierId: 2,
  cashier: 'Alex Martin',
  status: 'open',
  openedAt: '2026-11-29T12:00:00.000Z',
  closedAt: null,
  float: 15_000,
  cashSales: 0,
  cashRefunds: 0,
  cashMovements: 0,
  expectedCash: 15_000,
  counted: null,
  overShort: null,
  sales: 0,
  salesTotal: 0,
};

const CLOSED = { ...OPEN, status: 'closed', counted: 14_900, overShort: -100 };

/** An open shift; a cash movement or the close answers only when `answer` is called, as a slow network would. */
function stubShiftApi() {
  let answer = () => {};
  const later = (body: unknown) =>
    new Promise((resolve) => {
      answer = () => resolve(body);
    });
  const { fetch } = stubApi(({ pathname }) => {
    if (pathname === '/api/pos/shifts/cash')
      return later({ ...OPEN, cashMovements: -2_025, expectedCash: 12_975 });
    if (pathname === '/api/pos/shifts/close') return later({ shift: CLOSED, final: true });
    return OPEN;
  });
  return { fetch, answer: () => answer() };
}

describe('ShiftBar', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes cash out once for a double click', async () => {
    const api = stubShiftApi();
    const { user } = renderWithProviders(<ShiftBar onClosed={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Cash in/out' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Amount/), '20.25');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Coffee for the shop');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Take cash out' }));
    api.answer();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const moves = api.fetch.mock.calls.filter(([url]) => url.endsWith('/api/pos/shifts/cash'));
    expect(moves).toHaveLength(1);
  });

  it('moves no cash on Enter: the cashier chooses in or out with its button', async () => {
    const api = stubShiftApi();
    const { user } = renderWithProviders(<ShiftBar onClosed={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Cash in/out' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Amount/), '20.25');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Coffee for the shop{Enter}');
    expect(api.fetch.mock.calls.filter(([url]) => url.endsWith('/api/pos/shifts/cash'))).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Take cash out' }));
    api.answer();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [move] = api.fetch.mock.calls.filter(([url]) => url.endsWith('/api/pos/shifts/cash'));
    expect(JSON.parse(String((move as unknown as [string, RequestInit])[1].body))).toEqual({
      amount: -2_025,
      reason: 'Coffee for the shop',
    });
  });

  it('closes the shift once for a double click, and shows its report', async () => {
    const api = stubShiftApi();
    const onClosed = vi.fn();
    const { user } = renderWithProviders(<ShiftBar onClosed={onClosed} />);
    await user.click(await screen.findByRole('button', { name: 'Close shift' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Counted cash/), '149');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Close shift' }));
    api.answer();
    await waitFor(() => expect(onClosed).toHaveBeenCalledTimes(1));
    const closes = api.fetch.mock.calls.filter(([url]) => url.endsWith('/api/pos/shifts/close'));
    expect(closes).toHaveLength(1);
  });
});
