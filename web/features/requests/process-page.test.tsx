import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ProcessPage } from './process-page.tsx';

function stubSteps(steps: unknown[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(steps), { headers: { 'Content-Type': 'application/json' } }),
    ),
  );
}

describe('ProcessPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the steps are being written when the shop has none yet, and still leads to the form', async () => {
    stubSteps([]);
    renderWithProviders(
      <MemoryRouter>
        <ProcessPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('The steps are being written')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Steps of a custom order' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Customize my socks' }).length).toBeGreaterThan(0);
  });

  it('lists the steps it has, in order', async () => {
    stubSteps([
      { id: 1, title: 'Send us your idea', image: 'idea.webp', sort_order: 1 },
      { id: 2, title: 'We knit your socks', image: 'knit.webp', sort_order: 2 },
    ]);
    renderWithProviders(
      <MemoryRouter>
        <ProcessPage />
      </MemoryRouter>,
    );
    const steps = await screen.findByRole('list', { name: 'Steps of a custom order' });
    expect(steps.textContent).toContain('Send us your idea');
    expect(screen.queryByText('The steps are being written')).toBeNull();
  });
});
