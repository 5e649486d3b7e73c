import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '../../../../domain/admin/staff.ts';
import { clearLoggedClient, getLoggedClient, setLoggedClient } from '../../../lib/auth-store.ts';
import { stubApi } from '../../../test/api-stub.ts';
import { loginRecord } from '../../../test/login-record.ts';
import { renderWithProviders, renderWithRouter } from '../../../test/render.tsx';
import { StaffPage } from './staff-page.tsx';

const OWNER: Account = {
  client_id: 3,
  user_name: 'admin',
  full_name: 'Morgan Lee',
  company_name: 'Maple Sock Co. Inc.',
  email: 'admin@maplesock.ca',
  roles: ['CLIENT', 'POS', 'ADMIN'],
  disabled: false,
  created_at: '2026-11-01T12:00:00.000Z',
};

const LOGGED_OWNER = loginRecord({
  client_id: OWNER.client_id,
  user_name: OWNER.user_name,
  client_full_name: OWNER.full_name,
  email: OWNER.email,
  roles: OWNER.roles,
});

/**
 * The staff list holds the owner on the page asked, of two pages; a change of roles answers the
 * account as changed.
 */
function stubStaffApi() {
  const { fetch } = stubApi(({ searchParams }, init) =>
    init?.method === 'PUT'
      ? { ...OWNER, roles: ['CLIENT', ...(JSON.parse(String(init.body)) as { roles: string[] }).roles] }
      : { accounts: [OWNER], total: 60, page: Number(searchParams.get('page') ?? 1), pageSize: 50 },
  );
  return fetch;
}

describe('StaffPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearLoggedClient();
  });

  it('warns an admin taking their own Admin role, and their session loses it at once', async () => {
    setLoggedClient(LOGGED_OWNER);
    const fetch = stubStaffApi();
    const { user } = renderWithProviders(
      <MemoryRouter>
        <StaffPage />
      </MemoryRouter>,
    );
    await user.click(await screen.findByRole('button', { name: 'Actions for admin' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change roles' }));
    expect(screen.queryByText('Your own Admin role')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /Admin/ }));
    expect(screen.getByText('Your own Admin role')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Give up my Admin role' }));
    await waitFor(() => expect(getLoggedClient()?.roles).toEqual(['CLIENT', 'POS']));
    expect(fetch).toHaveBeenCalledWith(
      expect.stringContaining('/api/admin/staff/3/roles'),
      expect.objectContaining({ method: 'PUT' }),
    );
  });

  it('opens at the search, the staff switch and the page the URL holds', async () => {
    const fetch = stubStaffApi();
    renderWithRouter(
      [{ path: '/admin/staff', element: <StaffPage /> }],
      '/admin/staff?q=lee&staff=false&page=2',
    );
    expect(await screen.findByText('Morgan Lee')).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/admin/staff?q=lee&staff=false&page=2']);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Find an account' }).value).toBe('lee');
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Staff only' }).checked).toBe(false);
  });
});
