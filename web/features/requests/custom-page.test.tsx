import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_CONFIG } from '../../lib/config.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { CustomPage } from './custom-page.tsx';

/** The shop answers its settings with the owner's minimum for a custom order. */
function stubConfig(customOrderMinimum: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = String(url).endsWith('/api/config')
        ? { ...FALLBACK_CONFIG, showPrices: true, customOrderMinimum }
        : [];
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

describe('CustomPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("states, starts from and checks the owner's minimum, not the default 200", async () => {
    stubConfig(300);
    const { user } = renderWithProviders(
      <MemoryRouter>
        <CustomPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Minimum order: 300 pairs per size and design')).toBeTruthy();
    const quantity = screen.getByRole<HTMLInputElement>('textbox', { name: /Quantity/ });
    expect(quantity.value).toBe('300');
    expect(screen.getByText('At least 300 pairs of this size and design')).toBeTruthy();
    await user.clear(quantity);
    await user.type(quantity, '250');
    await user.tab();
    expect(await screen.findByText('Quantity must be at least 300.')).toBeTruthy();
  });
});
