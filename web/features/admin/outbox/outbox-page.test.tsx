import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../../test/render.tsx';
import { OutboxPage } from './outbox-page.tsx';

/** An empty outbox and no mail server; every call, by its path and search. */
function stubApi() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const { pathname, search } = new URL(String(url), 'http://shop.test');
      asked.push(`${pathname}${search}`);
      const body = pathname === '/api/admin/outbox/health' ? { configured: false } : [];
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return asked;
}

const ROUTES = [{ path: '/admin/outbox', element: <OutboxPage /> }];

describe('OutboxPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens at the status the URL holds, and a status chosen adds a history entry', async () => {
    const asked = stubApi();
    const { router, user } = renderWithRouter(ROUTES, '/admin/outbox?status=failed');
    expect(await screen.findByText('No failed e-mail.')).toBeTruthy();
    expect(asked).toContain('/api/admin/outbox?status=failed');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Failed' }).checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'All' }));
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('PUSH');
  });
});
