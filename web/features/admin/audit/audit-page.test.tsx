import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub.ts';
import { renderWithRouter } from '../../../test/render.tsx';
import { AuditPage } from './audit-page.tsx';

/** An empty audit log. */
const NO_ENTRIES = { entries: [], total: 0, page: 1, pageSize: 50 };

const ROUTES = [{ path: '/admin/audit', element: <AuditPage /> }];
const shown = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Show' }).value;

describe('AuditPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens at the kind of change and the page the URL holds', async () => {
    const { calls } = stubApi(() => NO_ENTRIES);
    renderWithRouter(ROUTES, '/admin/audit?entity=product&page=2');
    expect(await screen.findByText('No change has been recorded yet.')).toBeTruthy();
    expect(calls).toEqual(['/api/admin/audit?entity=product&page=2']);
    expect(shown()).toBe('Products');
  });

  it('shows everything for a kind of change it does not offer', async () => {
    const { calls } = stubApi(() => NO_ENTRIES);
    renderWithRouter(ROUTES, '/admin/audit?entity=secrets&page=0');
    expect(await screen.findByText('No change has been recorded yet.')).toBeTruthy();
    expect(calls).toEqual(['/api/admin/audit?page=1']);
    expect(shown()).toBe('Everything');
  });
});
