import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductList } from '../../../../domain/admin/catalogue.ts';
import { jsonResponse, stubApi } from '../../../test/api-stub.ts';
import { renderWithRouter } from '../../../test/render.tsx';
import { ProductPage } from './product-page.tsx';
import { ProductsPage } from './products-page.tsx';

/** Two pages of products whatever is asked (50 a page), one product on each shown. */
const PRODUCTS: ProductList = {
  products: [
    {
      id: 5,
      code: 'W-100',
      name: 'Wool crew',
      icon: '',
      price: 1500,
      sale_price: null,
      category: 'Crew',
      tab: 'Socks',
      instock: 12,
      active: true,
    },
  ],
  total: 60,
  page: 1,
  pageSize: 50,
};

/**
 * The products list, and an empty catalogue for a new product's form (a product itself is not
 * found); every list asked for, by its search.
 */
function stubProductsApi() {
  const listSearches: string[] = [];
  stubApi(({ pathname, search }) => {
    if (pathname === '/api/admin/products') {
      listSearches.push(search);
      return PRODUCTS;
    }
    if (pathname === '/api/admin/categories' || pathname === '/api/admin/size-types') return [];
    return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404);
  });
  return listSearches;
}

const ROUTES = [
  { path: '/admin/products', element: <ProductsPage /> },
  { path: '/admin/products/:id', element: <ProductPage /> },
];

const searchBox = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Find a product' });
const currentPage = () => screen.getByRole('button', { current: 'page' });

describe('ProductsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens at the search, the archived switch and the page the URL holds', async () => {
    const listSearches = stubProductsApi();
    renderWithRouter(ROUTES, '/admin/products?q=wool&archived=true&page=2');
    expect(await screen.findByText('Wool crew')).toBeTruthy();
    expect(listSearches).toEqual(['?q=wool&archived=true&page=2']);
    expect(searchBox().value).toBe('wool');
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Archived products' }).checked).toBe(true);
    expect(currentPage().textContent).toBe('2');
  });

  it('opens at page 1 for a page the URL holds wrong', async () => {
    const listSearches = stubProductsApi();
    renderWithRouter(ROUTES, '/admin/products?page=-3');
    expect(await screen.findByText('Wool crew')).toBeTruthy();
    expect(listSearches).toEqual(['?archived=false&page=1']);
  });

  it('puts the search in the URL in place of the current entry, back at page 1, and asks once typed', async () => {
    const listSearches = stubProductsApi();
    const { router, user } = renderWithRouter(ROUTES, '/admin/products?page=2');
    await screen.findByText('Wool crew');
    await user.type(searchBox(), 'crew');
    expect(router.state.location.search).toBe('?q=crew');
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(listSearches).toContain('?q=crew&archived=false&page=1'));
    // The search is asked for once typed (debounced), not a letter at a time.
    expect(listSearches.filter((search) => search.startsWith('?q=c'))).toEqual([
      '?q=crew&archived=false&page=1',
    ]);
  });

  it('adds a history entry for another page, left out of the URL for page 1', async () => {
    stubProductsApi();
    const { router, user } = renderWithRouter(ROUTES, '/admin/products?q=wool&page=2');
    await screen.findByText('Wool crew');
    await user.click(screen.getByRole('button', { name: '1' }));
    expect(router.state.location.search).toBe('?q=wool');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('is as it was left when Back returns from a product', async () => {
    stubProductsApi();
    const { router, user } = renderWithRouter(ROUTES, '/admin/products?q=wool&page=2');
    await user.click(await screen.findByRole('link', { name: 'W-100' }));
    expect(router.state.location.pathname).toBe('/admin/products/5');
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Wool crew')).toBeTruthy();
    expect(searchBox().value).toBe('wool');
    expect(currentPage().textContent).toBe('2');
  });

  it('is as it was left when the product page leads back to the products', async () => {
    stubProductsApi();
    const { router, user } = renderWithRouter(ROUTES, '/admin/products?q=wool&page=2');
    await screen.findByText('Wool crew');
    await user.click(screen.getByRole('link', { name: 'Add a product' }));
    const back = await screen.findByRole('link', { name: 'Back to the products' });
    expect(back.getAttribute('href')).toBe('/admin/products?q=wool&page=2');
    await user.click(back);
    expect(router.state.location.search).toBe('?q=wool&page=2');
    expect(searchBox().value).toBe('wool');
  });
});
