import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_MESSAGES } from '../../../domain/requests.ts';
import { FALLBACK_CONFIG } from '../../lib/config.ts';
import { jsonResponse, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ContactPage } from './contact-page.tsx';

const RATE_LIMITED = 'Too many requests. Please wait a few minutes and try again.';

/** The shop answers its settings, and a message with the given status and error body. */
function stubContactApi(status: number, error: { code: string; message: string }) {
  stubApi(({ pathname }) => (pathname === '/api/config' ? FALLBACK_CONFIG : jsonResponse({ error }, status)));
}

async function sendMessage() {
  const { user } = renderWithProviders(
    <MemoryRouter>
      <ContactPage />
    </MemoryRouter>,
  );
  await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Li Wei');
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'li.wei@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Do you ship to Yukon?');
  await user.click(screen.getByRole('button', { name: 'Send message' }));
}

describe('ContactPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says why a message was refused for being one too many, under the spec's failure message", async () => {
    stubContactApi(429, { code: 'rate_limited', message: RATE_LIMITED });
    await sendMessage();
    const failure = await screen.findByText(REQUEST_MESSAGES.contactFailure);
    // The server's reason on a line of its own, in the same alert.
    expect(screen.getByText(RATE_LIMITED).closest('[role="alert"]')).toBe(failure.closest('[role="alert"]'));
  });

  it("shows only the spec's failure message for any other failure", async () => {
    stubContactApi(500, { code: 'internal', message: 'Something bad happened; please try again later.' });
    await sendMessage();
    const failure = await screen.findByText(REQUEST_MESSAGES.contactFailure);
    expect(failure.closest('[role="alert"]')?.textContent).toBe(REQUEST_MESSAGES.contactFailure);
  });
});
