import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub.ts';
import { renderWithRouter } from '../../../test/render.tsx';
import { OutboxPage } from './outbox-page.tsx';

/** An empty outbox and no mail server. */
const emptyOutbox = ({ pathname }: URL) =>
  pathname === '/api/admin/outbox/health' ? { configured: false } : [];

const ROUTES = [{ path: '/admin/outbox', element: <OutboxPage /> }];

describe('OutboxPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens at the status the URL holds, and a status chosen adds a history entry', async () => {
    const { calls } = stubApi(emptyOutbox);
    const { router, user } = renderWithRouter(ROUTES, '/admin/outbox?status=failed');
    expect(await screen.findByText('No failed e-mail.')).toBeTruthy();
    expect(calls).toContain('/api/admin/outbox?status=failed');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Failed' }).checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'All' }));
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('PUSH');
  });
});
