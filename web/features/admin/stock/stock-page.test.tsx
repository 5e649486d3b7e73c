import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StockHistory, StockList } from '../../../../domain/admin/stock.ts';
import { pageCalls, stubApi } from '../../../test/api-stub.ts';
import { renderWithRouter } from '../../../test/render.tsx';
import { StockPage } from './stock-page.tsx';

/** Two pages of stock whatever is asked (50 a page), one item on each shown. */
const STOCK: StockList = {
  items: [
    {
      productId: 4,
      size_id: 2,
      packageId: null,
      code: 'MS-CRW-001',
      name: 'Maple Leaf Crew Sock - Red',
      size_name: 'M',
      instock: 3,
      active: true,
    },
  ],
  total: 60,
  page: 1,
  pageSize: 50,
};

/** Four pages of history whatever is asked, one change on each shown. */
const HISTORY: StockHistory = {
  entries: [
    {
      id: 9,
      productId: 4,
      size_id: 2,
      packageId: null,
      code: 'MS-CRW-001',
      name: 'Maple Leaf Crew Sock - Red',
      size_name: 'M',
      before: 12,
      after: 3,
      reason: 'damaged',
      changedBy: 'admin',
      createdAt: '2026-11-20T15:00:00.000Z',
    },
  ],
  total: 200,
  page: 1,
  pageSize: 50,
};

/** The stock and its history. */
const stockAndHistory = ({ pathname }: URL) => (pathname === '/api/admin/stock/history' ? HISTORY : STOCK);

const ROUTES = [{ path: '/admin/stock', element: <StockPage /> }];

const searchBox = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Find an item' });

describe('StockPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens at the tab, the search and the page the URL holds', async () => {
    const { calls } = stubApi(stockAndHistory);
    renderWithRouter(ROUTES, '/admin/stock?view=low&q=crew&page=2');
    expect(await screen.findByRole('table', { name: 'Low stock' })).toBeTruthy();
    expect(calls).toEqual(['/api/admin/stock?q=crew&low=true&page=2']);
    expect(searchBox().value).toBe('crew');
    expect(screen.getByRole('button', { current: 'page' }).textContent).toBe('2');
  });

  it('keeps the tab in the URL as the search typed replaces the entry, back at page 1', async () => {
    const { calls } = stubApi(stockAndHistory);
    const { router, user } = renderWithRouter(ROUTES, '/admin/stock?view=low&page=2');
    await screen.findByRole('table', { name: 'Low stock' });
    await user.type(searchBox(), 'crew');
    expect(router.state.location.search).toBe('?view=low&q=crew');
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(calls).toContain('/api/admin/stock?q=crew&low=true&page=1'));
  });

  it('opens the history at the page the URL holds, and another tab at its first page', async () => {
    const { calls } = stubApi(stockAndHistory);
    const { router, user } = renderWithRouter(ROUTES, '/admin/stock?view=history&page=3');
    expect(await screen.findByRole('table', { name: 'Stock history' })).toBeTruthy();
    expect(pageCalls(calls)).toEqual(['/api/admin/stock/history?page=3']);
    await user.click(screen.getByRole('tab', { name: 'All items' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('table', { name: 'Stock levels' })).toBeTruthy();
  });
});
