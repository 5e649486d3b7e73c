import { act } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { READER_POLL_MS, type ReaderActionType } from '../../../domain/pos/constants.ts';
import type { PosReader, ReaderAction } from '../../../domain/pos/readers.ts';
import { LOGGED_CLIENT_KEY } from '../../../domain/storage-keys.ts';
import { renderHookWithProviders } from '../../test/render.tsx';
import type { CardReader } from './card-reader.tsx';

/**
 * For hook tests: the POS calls of a cashier whose card reader the test drives, answered through
 * a fake `fetch`, so that the real API client, TanStack Query and the hooks run as in the browser;
 * time is fake, and the test lets it pass.
 */

export const CASHIER_ID = 7;
export const READER_ID = 'tmr_front';

interface Answer {
  status: number;
  body?: unknown;
}

export const ok = (body: unknown): Answer => ({ status: 200, body });

export const refusal = (status: number, code: string, message: string): Answer => ({
  status,
  body: { error: { code, message } },
});

export function readerWith(action: ReaderAction | null, status: PosReader['status'] = 'online'): PosReader {
  return {
    id: READER_ID,
    object: 'terminal.reader',
    name: 'Front Counter',
    label: 'Front Counter',
    status,
    device_type: 'simulated_wisepos_e',
    action,
  };
}

/** The reader's action of `type` for the payment intent `paymentIntentId`. */
export function actionOf(
  type: ReaderActionType,
  status: ReaderAction['status'],
  paymentIntentId: string,
): ReaderAction {
  const failed = status === 'failed';
  return {
    type,
    status,
    failure_code: failed ? 'card_declined' : null,
    failure_message: failed ? 'Your card was declined.' : null,
    ...(type === 'process_payment_intent'
      ? { process_payment_intent: { payment_intent: paymentIntentId } }
      : {
          refund_payment: { payment_intent: paymentIntentId, charge: 'ch_1', amount: null, refund: null },
        }),
  };
}

type Handler = (body: unknown) => Answer;

/**
 * The server: `reader` is the cashier's reader as get_reader answers it; `handlers` answer the
 * other calls (a test replaces one to make it fail); `calls` lists what the page sent.
 */
export interface FakeReaderServer {
  reader: PosReader;
  handlers: Record<string, Handler>;
  calls: { path: string; body: unknown }[];
  /** The bodies of the calls sent to `path`. */
  sent: (path: string) => unknown[];
}

function defaultHandlers(server: FakeReaderServer): Record<string, Handler> {
  const setReader = (reader: PosReader): Answer => {
    server.reader = reader;
    return ok(reader);
  };
  return {
    '/api/pos/GetUserReader': () => ok({ id: READER_ID, name: 'Front Counter' }),
    '/api/pos/showreaders': () =>
      ok([
        { id: READER_ID, name: 'Front Counter', status: 'online' },
        { id: 'tmr_stand', name: 'Pop-up Stand', status: 'offline' },
      ]),
    '/api/pos/get_reader': () => ok(server.reader),
    '/api/pos/create_payment_intent': () => ok({ id: 'pi_1' }),
    '/api/pos/process_payment': () =>
      setReader(readerWith(actionOf('process_payment_intent', 'in_progress', 'pi_1'))),
    '/api/pos/cancel_payment': () => setReader(readerWith(null)),
    '/api/pos/save_user_payment_detail': () => ok({ saved: true }),
    '/api/pos/refund-interac': () => setReader(readerWith(actionOf('refund_payment', 'in_progress', 'pi_1'))),
    '/api/Logger': () => ({ status: 204 }),
  };
}

/**
 * A fake server for each test of the file, the cashier logged in, and fake time unless `fakeTime`
 * is false (a component test that clicks runs in real time).
 */
export function fakeReaderServerForEachTest({ fakeTime = true } = {}): FakeReaderServer {
  const server: FakeReaderServer = {
    reader: readerWith(null),
    handlers: {},
    calls: [],
    sent: (path) => server.calls.filter((call) => call.path === path).map((call) => call.body),
  };
  beforeEach(() => {
    if (fakeTime) vi.useFakeTimers();
    server.reader = readerWith(null);
    server.handlers = defaultHandlers(server);
    server.calls = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      server.calls.push({ path, body });
      const handler = server.handlers[path];
      const answer = handler ? handler(body) : refusal(404, 'not_found', `No ${path} in this test.`);
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    window.localStorage.setItem(
      LOGGED_CLIENT_KEY,
      JSON.stringify({ client_id: CASHIER_ID, token: 'test-token', roles: ['CLIENT', 'POS'] }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    window.localStorage.clear();
  });
  return server;
}

/** A hook of a reader flow, rendered once the cashier's reader is known and online. */
export async function renderOnReader<Result extends { cardReader: CardReader }>(hook: () => Result) {
  const view = renderHookWithProviders(hook);
  await eventually(() => expect(view.result.current.cardReader.state).toBe('online'));
  return view;
}

/** Lets fake time pass in small steps (the poll's timer, the answers, React's renders) until `check` passes. */
export async function eventually(check: () => void, within = READER_POLL_MS / 2): Promise<void> {
  for (let waited = 0; ; waited += 10) {
    try {
      check();
      return;
    } catch (error) {
      if (waited >= within) throw error;
    }
    await act(() => vi.advanceTimersByTimeAsync(10));
  }
}

/** The time to the reader's next poll. */
export async function nextPoll(): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(READER_POLL_MS));
}
