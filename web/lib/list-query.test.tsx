import { act, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate, useNavigationType } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../test/render.tsx';
import { isOptionOf, listPathAsLeft, useListQuery, usePageWithinList } from './list-query.ts';

const STATUSES = [{ value: '' }, { value: 'paid' }, { value: 'shipped' }];

/** A list of orders opened at `url`, with where the router is and how it got there. */
function renderList(url: string) {
  function Router({ children }: { children: ReactNode }) {
    return <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  }
  return renderHook(
    () => ({
      list: useListQuery({ q: '', archived: false, status: '' }, { status: isOptionOf(STATUSES) }),
      location: useLocation(),
      navigationType: useNavigationType(),
      navigate: useNavigate(),
    }),
    { wrapper: Router },
  );
}

/** A search box of a list, its text in the URL. */
function SearchBox() {
  const { filters, setFilters } = useListQuery({ q: '' });
  return (
    <input
      aria-label="Find"
      value={filters.q}
      onChange={(event) => setFilters({ q: event.currentTarget.value }, { replace: true })}
    />
  );
}

describe('useListQuery', () => {
  it('is the default view, and its path as left the plain path, before the list was shown', () => {
    expect(listPathAsLeft('/admin/orders')).toBe('/admin/orders');
    const { result } = renderList('/admin/orders');
    expect(result.current.list.filters).toEqual({ q: '', archived: false, status: '' });
    expect(result.current.list.page).toBe(1);
  });

  it('reads the filters and the page from the URL', () => {
    const { result } = renderList('/admin/orders?q=wool&archived=true&status=paid&page=2');
    expect(result.current.list.filters).toEqual({ q: 'wool', archived: true, status: 'paid' });
    expect(result.current.list.page).toBe(2);
  });

  it.each(['abc', '-3', '0', '1.5', '2e3', ''])('takes page=%s for page 1', (page) => {
    const { result } = renderList(`/admin/orders?page=${page}`);
    expect(result.current.list.page).toBe(1);
  });

  it('takes the default for a switch or a choice the URL holds wrong', () => {
    const { result } = renderList('/admin/orders?archived=yes&status=lost');
    expect(result.current.list.filters).toEqual({ q: '', archived: false, status: '' });
  });

  it('replaces the history entry for typing, back at page 1, keeping what else the URL holds', () => {
    const { result } = renderList('/admin/orders?view=low&page=4');
    act(() => result.current.list.setFilters({ q: 'wool' }, { replace: true }));
    expect(result.current.location.search).toBe('?view=low&q=wool');
    expect(result.current.navigationType).toBe('REPLACE');
    expect(result.current.list.page).toBe(1);
  });

  it('adds a history entry for a filter or a page, so Back returns to the list before', () => {
    const { result } = renderList('/admin/orders?q=wool');
    act(() => result.current.list.setPage(3));
    expect(result.current.location.search).toBe('?q=wool&page=3');
    expect(result.current.navigationType).toBe('PUSH');
    act(() => result.current.list.setFilters({ status: 'shipped' }));
    expect(result.current.location.search).toBe('?q=wool&status=shipped');
    expect(result.current.navigationType).toBe('PUSH');
    act(() => result.current.navigate(-1));
    expect(result.current.list.filters.status).toBe('');
    expect(result.current.list.page).toBe(3);
  });

  it('leaves the defaults out of the URL, and does not move for a change to what it holds', () => {
    const { result } = renderList('/admin/orders?q=wool&archived=true&page=2');
    act(() => result.current.list.setFilters({ q: '', archived: false }));
    expect(result.current.location.search).toBe('');
    const { key } = result.current.location;
    act(() => result.current.list.setFilters({ archived: false }));
    act(() => result.current.list.setPage(1));
    expect(result.current.location.key).toBe(key);
  });

  it.each([
    ['a key at a time, as a browser sends them', 0],
    ['keys sent together', null],
  ])('keeps each key where it is typed in the middle of a search, %s', async (_, delay) => {
    const { router } = renderWithRouter(
      [{ path: '/admin/orders', element: <SearchBox /> }],
      '/admin/orders?q=wool',
    );
    const box = screen.getByRole<HTMLInputElement>('textbox', { name: 'Find' });
    await userEvent.setup({ delay }).type(box, 'my ', { initialSelectionStart: 0, initialSelectionEnd: 0 });
    expect(box.value).toBe('my wool');
    expect(router.state.location.search).toBe('?q=my+wool');
  });

  it('gives the path of the list with the filters and page it was left with', () => {
    const { result, unmount } = renderList('/admin/orders?status=paid');
    act(() => result.current.list.setPage(2));
    unmount();
    expect(listPathAsLeft('/admin/orders')).toBe('/admin/orders?status=paid&page=2');
  });
});

describe('usePageWithinList', () => {
  /** A list at `url` whose server answers `total` rows, 50 a page. */
  function renderPagedList(url: string, total: number | undefined) {
    function Router({ children }: { children: ReactNode }) {
      return <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
    }
    return renderHook(
      () => {
        const list = useListQuery({ q: '' });
        usePageWithinList(list.page, list.setPage, total === undefined ? undefined : { total, pageSize: 50 });
        return { list, location: useLocation(), navigationType: useNavigationType() };
      },
      { wrapper: Router },
    );
  }

  it('moves a page past the last to the last, in place of the address', () => {
    const { result } = renderPagedList('/admin/products?q=wool&page=9', 120);
    expect(result.current.list.page).toBe(3);
    expect(result.current.location.search).toBe('?q=wool&page=3');
    expect(result.current.navigationType).toBe('REPLACE');
  });

  it('moves an empty list to page 1, and leaves a page within the list or one not answered yet', () => {
    expect(renderPagedList('/admin/products?page=4', 0).result.current.location.search).toBe('');
    expect(renderPagedList('/admin/products?page=3', 120).result.current.location.search).toBe('?page=3');
    expect(renderPagedList('/admin/products?page=4', undefined).result.current.location.search).toBe(
      '?page=4',
    );
  });
});
