import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_CONFIG } from '../lib/config.ts';
import { renderWithProviders } from '../test/render.tsx';
import { Footer } from './footer.tsx';

function stubConfig(storePhone: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ ...FALLBACK_CONFIG, storeName: 'Harbour Socks', storePhone }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
}

describe('Footer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the store's phone as a link to call it, as the settings say", async () => {
    stubConfig('+1 905-555-0100');
    renderWithProviders(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const phone = await screen.findByRole('link', { name: '+1 905-555-0100' });
    expect(phone.getAttribute('href')).toBe('tel:+19055550100');
  });

  it('shows no phone line when the owner gave none', async () => {
    stubConfig('');
    renderWithProviders(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    await screen.findAllByText('Harbour Socks');
    expect(screen.queryByRole('link', { name: /^tel:|\+1/ })).toBeNull();
  });
});
