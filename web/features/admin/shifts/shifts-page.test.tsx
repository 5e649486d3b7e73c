import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageCalls, stubApi } from '../../../test/api-stub.ts';
import { renderWithRouter } from '../../../test/render.tsx';
import { ShiftsPage } from './shifts-page.tsx';

/** No shift. */
const NO_SHIFTS = { shifts: [], total: 0, page: 1, pageSize: 50 };

const ROUTES = [{ path: '/admin/shifts', element: <ShiftsPage /> }];
const dayValue = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;

describe('ShiftsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens at the days and the page the URL holds', async () => {
    const { calls } = stubApi(() => NO_SHIFTS);
    renderWithRouter(ROUTES, '/admin/shifts?from=2026-11-01&to=2026-11-30&page=2');
    expect(await screen.findByText('No shift was opened on those days.')).toBeTruthy();
    expect(pageCalls(calls)).toEqual(['/api/admin/shifts?from=2026-11-01&to=2026-11-30&page=2']);
    expect(dayValue('Opened from')).toBe('2026-11-01');
    expect(dayValue('To')).toBe('2026-11-30');
  });

  it('takes no day for a day the URL holds wrong', async () => {
    const { calls } = stubApi(() => NO_SHIFTS);
    renderWithRouter(ROUTES, '/admin/shifts?from=2026-02-30&to=yesterday');
    expect(await screen.findByText('No shift has been opened yet.')).toBeTruthy();
    expect(pageCalls(calls)).toEqual(['/api/admin/shifts?page=1']);
  });
});
