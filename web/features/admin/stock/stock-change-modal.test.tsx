import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StockItem } from '../../../../domain/admin/stock.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { StockChangeModal } from './stock-change-modal.tsx';

vi.mock('../../../lib/notify.ts', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));

const SOCK: StockItem = {
  productId: 4,
  size_id: 2,
  packageId: null,
  code: 'MS-CRW-001',
  name: 'Maple Leaf Crew Sock - Red',
  size_name: 'M',
  instock: 12,
  active: true,
};

/** The PUT api/admin/stock calls the form made, answered with `answer`. */
function stubStockCall(answer: { status: number; body: unknown }) {
  const calls: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      expect([url, init.method]).toEqual(['/api/admin/stock', 'PUT']);
      calls.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

describe('StockChangeModal', () => {
  beforeEach(() => vi.mocked(notifySuccess).mockClear());
  afterEach(() => vi.unstubAllGlobals());

  it('adds received stock with its reason, says what it became and closes', async () => {
    const calls = stubStockCall({
      status: 200,
      body: [{ productId: 4, size_id: 2, packageId: null, before: 12, instock: 36 }],
    });
    const onClose = vi.fn();
    const { user } = renderWithProviders(<StockChangeModal item={SOCK} onClose={onClose} />);
    expect(screen.getByText('12 in stock now')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Change (negative to remove)' }), '24');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([[{ productId: 4, size_id: 2, packageId: null, reason: 'received', adjust: 24 }]]);
    expect(notifySuccess).toHaveBeenCalledWith('MS-CRW-001 (M): 12 → 36 in stock.');
  });

  it('refuses a change of 0 before sending anything, and sets a level when asked', async () => {
    const calls = stubStockCall({
      status: 200,
      body: [{ productId: 4, size_id: 2, packageId: null, before: 12, instock: 5 }],
    });
    const { user } = renderWithProviders(<StockChangeModal item={SOCK} onClose={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'Change (negative to remove)' }), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The change cannot be 0.')).toBeTruthy();
    expect(calls).toEqual([]);

    await user.click(screen.getByText('Set the level'));
    const level = screen.getByRole('textbox', { name: 'New level' });
    await user.clear(level);
    await user.type(level, '5');
    await user.click(screen.getByRole('combobox', { name: 'Reason' }));
    await user.click(await screen.findByRole('option', { name: 'Counted (a stock count)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls).toEqual([[{ productId: 4, size_id: 2, packageId: null, reason: 'counted', instock: 5 }]]),
    );
  });

  it('shows the server’s refusal and stays open', async () => {
    stubStockCall({
      status: 409,
      body: {
        error: {
          code: 'not_enough_stock',
          message: 'MS-CRW-001 (M) has 12 in stock: it cannot go down by 20.',
        },
      },
    });
    const onClose = vi.fn();
    const { user } = renderWithProviders(<StockChangeModal item={SOCK} onClose={onClose} />);
    await user.type(screen.getByRole('textbox', { name: 'Change (negative to remove)' }), '-20');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'MS-CRW-001 (M) has 12 in stock: it cannot go down by 20.',
    );
    expect(onClose).not.toHaveBeenCalled();

    // The next Save, refused by the form itself, takes that refusal away.
    const change = screen.getByRole('textbox', { name: 'Change (negative to remove)' });
    await user.clear(change);
    await user.type(change, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The change cannot be 0.')).toBeTruthy();
    expect(screen.queryByText('MS-CRW-001 (M) has 12 in stock: it cannot go down by 20.')).toBeNull();
  });
});
