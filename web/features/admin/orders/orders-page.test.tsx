import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrdersPage } from '../../../../domain/admin/orders.ts';
import { adminOrder } from '../../../test/admin-order.ts';
import { stubApi } from '../../../test/api-stub.ts';
import { renderWithRouter } from '../../../test/render.tsx';
import { OrderPage } from './order-page.tsx';
import { OrdersPage } from './orders-page.tsx';

const ORDER = adminOrder();

/** Two pages of orders whatever is asked (50 a page), the order above on each shown. */
const ORDERS: AdminOrdersPage = {
  orders: [
    {
      orderNumber: ORDER.orderNumber,
      createdAt: ORDER.createdAt,
      status: ORDER.status,
      clientName: ORDER.clientName,
      email: ORDER.email,
      province: ORDER.province,
      total: ORDER.total,
      amountRefunded: 0,
      trackingNumber: null,
      lineCount: 1,
    },
  ],
  total: 60,
  page: 1,
  pageSize: 50,
};

/** The orders list and the order; every list asked for, by its search. */
function stubOrdersApi() {
  const listSearches: string[] = [];
  stubApi(({ pathname, search }) => {
    if (pathname === '/api/admin/orders') {
      listSearches.push(search);
      return ORDERS;
    }
    return pathname === `/api/admin/orders/${ORDER.orderNumber}` ? ORDER : [];
  });
  return listSearches;
}

const ROUTES = [
  { path: '/admin/orders', element: <OrdersPage /> },
  { path: '/admin/orders/:orderNumber', element: <OrderPage /> },
];

const FILTERED = '/admin/orders?q=Avery&status=paid&province=ON&from=2026-11-01&to=2026-11-30&page=2';

const inputValue = (role: 'textbox' | 'combobox', name: string) =>
  screen.getByRole<HTMLInputElement>(role, { name }).value;
const dayValue = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;

describe('OrdersPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens at the search, filters and page the URL holds', async () => {
    const listSearches = stubOrdersApi();
    renderWithRouter(ROUTES, FILTERED);
    expect(await screen.findByText('Avery Lachance')).toBeTruthy();
    expect(listSearches).toEqual(['?q=Avery&status=paid&province=ON&from=2026-11-01&to=2026-11-30&page=2']);
    expect(inputValue('textbox', 'Find')).toBe('Avery');
    expect(inputValue('combobox', 'Status')).toBe('Paid: to ship');
    expect(inputValue('combobox', 'Province')).toBe('Ontario');
    expect(dayValue('From')).toBe('2026-11-01');
    expect(dayValue('To')).toBe('2026-11-30');
    expect(screen.getByRole('button', { current: 'page' }).textContent).toBe('2');
  });

  it('takes the defaults for filters and a page the URL holds wrong', async () => {
    const listSearches = stubOrdersApi();
    renderWithRouter(ROUTES, '/admin/orders?status=lost&province=ZZ&from=2026-13-40&to=soon&page=abc');
    expect(await screen.findByText('Avery Lachance')).toBeTruthy();
    expect(listSearches).toEqual(['?page=1']);
    expect(inputValue('combobox', 'Status')).toBe('Every status');
  });

  it('adds a history entry for a filter, back at page 1, and keeps the ticked orders out of the URL', async () => {
    stubOrdersApi();
    const { router, user } = renderWithRouter(ROUTES, '/admin/orders?page=2');
    await screen.findByText('Avery Lachance');
    await user.click(screen.getByRole('checkbox', { name: 'Choose order 100123' }));
    expect(screen.getByText('1 chosen')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Shipped' }));
    expect(router.state.location.search).toBe('?status=shipped');
    expect(router.state.historyAction).toBe('PUSH');
    expect(screen.queryByText('1 chosen')).toBeNull();
  });

  it('leaves no order ticked that Back takes out of sight', async () => {
    stubOrdersApi();
    const { router, user } = renderWithRouter(ROUTES, '/admin/orders');
    await screen.findByText('Avery Lachance');
    await user.click(screen.getByRole('button', { name: '2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Choose order 100123' }));
    expect(screen.getByText('1 chosen')).toBeTruthy();
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByText('1 chosen')).toBeNull();
  });

  it('replaces the history entry for the search typed', async () => {
    stubOrdersApi();
    const { router, user } = renderWithRouter(ROUTES, '/admin/orders?status=paid&page=2');
    await screen.findByText('Avery Lachance');
    await user.type(screen.getByRole('textbox', { name: 'Find' }), 'Avery');
    expect(router.state.location.search).toBe('?status=paid&q=Avery');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('is as it was left when Back or the order’s link to the orders returns to it', async () => {
    stubOrdersApi();
    const { router, user } = renderWithRouter(ROUTES, FILTERED);
    await user.click(await screen.findByRole('link', { name: '#100123' }));
    const back = await screen.findByRole('link', { name: '← Orders' });
    expect(back.getAttribute('href')).toBe(FILTERED);
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Avery Lachance')).toBeTruthy();
    expect(inputValue('textbox', 'Find')).toBe('Avery');
    expect(inputValue('combobox', 'Status')).toBe('Paid: to ship');
    expect(screen.getByRole('button', { current: 'page' }).textContent).toBe('2');
  });
});
