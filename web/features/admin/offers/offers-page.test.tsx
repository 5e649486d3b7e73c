import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { OffersPage } from './offers-page.tsx';

/** A product of the list's answer, by code and name. */
const product = (id: number, code: string, name: string) => ({
  id,
  code,
  name,
  icon: '',
  category_id: 1,
  category: 'Crew',
  price: 1500,
  sale_price: null,
  stock: 10,
  active: true,
});

/**
 * The list answers the first page of what the search finds: all products, or those of the text.
 * A shop of more than 50 products has some that only a search reaches.
 */
function stubProductsApi() {
  const { fetch } = stubApi(({ pathname, searchParams }) => {
    if (pathname !== '/api/admin/products') return [];
    const products = (searchParams.get('q') ?? '').startsWith('WS')
      ? [product(70, 'WS-ANK-001', 'Everyday Ankle Sock - White')]
      : [product(1, 'MS-CRW-001', 'Maple Leaf Crew Sock - Red')];
    return { products, total: products.length, page: 1, pageSize: 50 };
  });
  return fetch;
}

describe('OffersPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('finds the product of an offer by what the owner types, beyond the first page', async () => {
    const fetch = stubProductsApi();
    const { user } = renderWithProviders(<OffersPage />);
    await user.click(await screen.findByRole('button', { name: 'Add an offer' }));
    const picker = await screen.findByRole('combobox', { name: 'Product' });
    await user.click(picker);
    expect(await screen.findByRole('option', { name: 'MS-CRW-001 Maple Leaf Crew Sock - Red' })).toBeTruthy();
    await user.clear(picker);
    await user.type(picker, 'WS-');
    await user.click(await screen.findByRole('option', { name: 'WS-ANK-001 Everyday Ankle Sock - White' }));
    expect((picker as HTMLInputElement).value).toBe('WS-ANK-001 Everyday Ankle Sock - White');
    expect(fetch).toHaveBeenCalledWith(expect.stringContaining('q=WS-'), expect.anything());
  });
});
