import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_CONFIG } from '../lib/config.ts';
import { stubApi } from '../test/api-stub.ts';
import { renderWithProviders } from '../test/render.tsx';
import { Header } from './header.tsx';

const LONG_NAME = 'The Maple Sock Company of Nova Scotia';

describe('Header', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the shop's whole name on its home link, where a phone's header cuts it", async () => {
    stubApi(() => ({ ...FALLBACK_CONFIG, storeName: LONG_NAME }));
    renderWithProviders(
      <MemoryRouter>
        <Header />
      </MemoryRouter>,
    );
    const home = await screen.findByRole('link', { name: LONG_NAME });
    expect(home.getAttribute('title')).toBe(LONG_NAME);
    expect(home.getAttribute('href')).toBe('/');
  });
});
