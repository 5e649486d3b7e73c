import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestsPage as RequestsList } from '../../../../domain/admin/requests.ts';
import { jsonResponse, stubApi } from '../../../test/api-stub.ts';
import { renderWithRouter } from '../../../test/render.tsx';
import { RequestPage } from './request-page.tsx';
import { RequestsPage } from './requests-page.tsx';

/** Two pages of requests whatever is asked (50 a page), one custom request on each shown. */
const REQUESTS: RequestsList = {
  requests: [
    {
      kind: 'custom',
      id: 12,
      name: 'Avery Lachance',
      email: 'avery@example.com',
      status: 'new',
      summary: '300 pairs, two colours',
      created_at: '2026-11-20T15:00:00.000Z',
    },
  ],
  total: 60,
  page: 1,
  pageSize: 50,
};

/** The requests list (a request itself is not found); every list asked for, by its search. */
function stubRequestsApi() {
  const listSearches: string[] = [];
  stubApi(({ pathname, search }) => {
    if (pathname !== '/api/admin/requests') {
      return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404);
    }
    listSearches.push(search);
    return REQUESTS;
  });
  return listSearches;
}

const ROUTES = [
  { path: '/admin/requests', element: <RequestsPage /> },
  { path: '/admin/requests/:kind/:id', element: <RequestPage /> },
];

const kindChosen = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name }).checked;
const searchBox = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Find a request' });

describe('RequestsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens at the kind, status, search and page the URL holds', async () => {
    const listSearches = stubRequestsApi();
    renderWithRouter(ROUTES, '/admin/requests?kind=custom&status=new&q=avery&page=2');
    expect(await screen.findByText('Avery Lachance')).toBeTruthy();
    expect(listSearches).toEqual(['?kind=custom&status=new&q=avery&page=2']);
    expect(kindChosen('Custom socks')).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Status' }).value).toBe('New');
    expect(searchBox().value).toBe('avery');
    expect(screen.getByRole('button', { current: 'page' }).textContent).toBe('2');
  });

  it('shows every kind for a kind the URL holds wrong', async () => {
    const listSearches = stubRequestsApi();
    renderWithRouter(ROUTES, '/admin/requests?kind=letters');
    expect(await screen.findByText('Avery Lachance')).toBeTruthy();
    expect(listSearches).toEqual(['?page=1']);
    expect(kindChosen('All')).toBe(true);
  });

  it('adds a history entry for another kind, back at page 1; Back returns to the kind before', async () => {
    stubRequestsApi();
    const { router, user } = renderWithRouter(ROUTES, '/admin/requests?kind=custom&page=2');
    await screen.findByText('Avery Lachance');
    await user.click(screen.getByRole('radio', { name: 'Wish list' }));
    expect(router.state.location.search).toBe('?kind=wish');
    expect(router.state.historyAction).toBe('PUSH');
    await act(() => router.navigate(-1));
    expect(kindChosen('Custom socks')).toBe(true);
  });

  it('replaces the history entry for the search typed', async () => {
    stubRequestsApi();
    const { router, user } = renderWithRouter(ROUTES, '/admin/requests?kind=custom&page=2');
    await screen.findByText('Avery Lachance');
    await user.type(searchBox(), 'avery');
    expect(router.state.location.search).toBe('?kind=custom&q=avery');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('is as it was left when a request leads back to all requests', async () => {
    stubRequestsApi();
    const { router, user } = renderWithRouter(ROUTES, '/admin/requests?kind=custom&page=2');
    await user.click(await screen.findByRole('link', { name: 'Avery Lachance' }));
    expect(router.state.location.pathname).toBe('/admin/requests/custom/12');
    const back = screen.getByRole('link', { name: '← All requests' });
    expect(back.getAttribute('href')).toBe('/admin/requests?kind=custom&page=2');
    await user.click(back);
    expect(await screen.findByText('Avery Lachance')).toBeTruthy();
    expect(kindChosen('Custom socks')).toBe(true);
    expect(screen.getByRole('button', { current: 'page' }).textContent).toBe('2');
  });
});
