import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { PriceTag } from './price-tag.tsx';

describe('PriceTag', () => {
  it('shows the sale price with the list price struck through beside it', () => {
    renderWithProviders(<PriceTag pricing={1500} priceDiscount={300} />);
    expect(screen.getByText('CDN$12.00')).toBeTruthy();
    const was = screen.getByLabelText('was CDN$15.00');
    expect(was.tagName).toBe('S');
    expect(getComputedStyle(was).textDecoration).toContain('line-through');
    expect(screen.getByText('Sale')).toBeTruthy();
  });

  it('shows one price without a discount, and nothing while prices are hidden', () => {
    const { rerender } = renderWithProviders(<PriceTag pricing={1500} priceDiscount={null} />);
    expect(screen.getByText('CDN$15.00')).toBeTruthy();
    expect(screen.queryByLabelText(/^was /)).toBeNull();
    expect(screen.queryByText('Sale')).toBeNull();
    rerender(<PriceTag pricing={null} priceDiscount={null} />);
    expect(screen.queryByText(/CDN\$/)).toBeNull();
  });
});
