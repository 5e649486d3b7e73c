import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../../test/render.tsx';
import { ShiftsPage } from './shifts-page.tsx';

/** No shift; every call, by its path and search. */
function stubApi() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const { pathname, search } = new URL(String(url), 'http://shop.test');
      asked.push(`${pathname}${search}`);
      const body = { shifts: [], total: 0, page: 1, pageSize: 50 };
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return asked;
}

const ROUTES = [{ path: '/admin/shifts', element: <ShiftsPage /> }];
const dayValue = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;

describe('ShiftsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens at the days and the page the URL holds', async () => {
    const asked = stubApi();
    renderWithRouter(ROUTES, '/admin/shifts?from=2026-11-01&to=2026-11-30&page=2');
    expect(await screen.findByText('No shift was opened on those days.')).toBeTruthy();
    expect(asked).toEqual(['/api/admin/shifts?from=2026-11-01&to=2026-11-30&page=2']);
    expect(dayValue('Opened from')).toBe('2026-11-01');
    expect(dayValue('To')).toBe('2026-11-30');
  });

  it('takes no day for a day the URL holds wrong', async () => {
    const asked = stubApi();
    renderWithRouter(ROUTES, '/admin/shifts?from=2026-02-30&to=yesterday');
    expect(await screen.findByText('No shift has been opened yet.')).toBeTruthy();
    expect(asked).toEqual(['/api/admin/shifts?page=1']);
  });
});
