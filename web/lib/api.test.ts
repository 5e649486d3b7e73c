import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginRecord } from '../test/login-record.ts';

/** The API client runs in a browser; these tests give it a minimal window and a fake fetch. */
function fakeWindow(hash: string) {
  const storage = new Map<string, string>();
  return {
    location: { hash, href: `http://shop.test/${hash}` },
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    },
    addEventListener: () => undefined,
  };
}

function reply(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const record = loginRecord();

describe('api client', () => {
  let win: ReturnType<typeof fakeWindow>;
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.resetModules();
    win = fakeWindow('#/cart?x=1');
    vi.stubGlobal('window', win);
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function load() {
    const store = await import('./auth-store.ts');
    const api = await import('./api.ts');
    return { ...store, ...api };
  }

  it('sends the token and client id of the stored login, and JSON', async () => {
    const { api, setLoggedClient } = await load();
    setLoggedClient(record);
    fetchMock.mockResolvedValueOnce(reply(200, { ok: true }));
    await expect(api.post('/api/addcart', { quantity: 1 })).resolves.toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers.User_id).toBe('7');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"quantity":1}');
  });

  it("throws the server's error with its code, message and fields", async () => {
    const { api, ApiError } = await load();
    fetchMock.mockResolvedValueOnce(
      reply(400, { error: { code: 'invalid', message: 'Bad input', fields: { name: 'Name is required.' } } }),
    );
    fetchMock.mockResolvedValue(reply(204));
    const error = await api.get('/api/thing').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid',
      message: 'Bad input',
      fields: { name: 'Name is required.' },
    });
  });

  it('uses the status text when the body has no error message', async () => {
    const { api } = await load();
    fetchMock.mockResolvedValueOnce(new Response('nope', { status: 404, statusText: 'Not Found' }));
    fetchMock.mockResolvedValue(reply(204));
    await expect(api.get('/api/missing')).rejects.toMatchObject({ status: 404, message: 'Not Found' });
  });

  it('on a 401 forgets the login and opens login with the current route as returnUrl', async () => {
    const { api, setLoggedClient, getLoggedClient } = await load();
    setLoggedClient(record);
    fetchMock.mockResolvedValueOnce(reply(401, { error: { code: 'unauthorized', message: 'Expired.' } }));
    await expect(api.get('/api/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(getLoggedClient()).toBeNull();
    expect(win.location.hash).toBe('/login?returnUrl=%2Fcart%3Fx%3D1&session=ended');
  });

  it('on a 401 to a visitor who never logged in, opens login without saying a session ended', async () => {
    const { api } = await load();
    fetchMock.mockResolvedValueOnce(reply(401, { error: { code: 'unauthorized', message: 'Log in.' } }));
    await expect(api.get('/api/product/2/11')).rejects.toMatchObject({ status: 401 });
    expect(win.location.hash).toBe('/login?returnUrl=%2Fcart%3Fx%3D1');
  });

  it('does not redirect on a 401 from config or the logger, whatever the case', async () => {
    const { api, setLoggedClient, getLoggedClient } = await load();
    setLoggedClient(record);
    fetchMock.mockResolvedValue(reply(401, { error: { code: 'unauthorized', message: 'No.' } }));
    await expect(api.get('/api/Config')).rejects.toMatchObject({ status: 401 });
    await expect(api.post('/api/logger', { level: 'error', message: 'x' })).rejects.toMatchObject({
      status: 401,
    });
    expect(getLoggedClient()).not.toBeNull();
    expect(win.location.hash).toBe('#/cart?x=1');
  });

  it('does not redirect again when already on the login page', async () => {
    const { api } = await load();
    win.location.hash = '#/login?returnUrl=%2Fcart';
    fetchMock.mockResolvedValue(reply(401, { error: { code: 'unauthorized', message: 'No.' } }));
    await expect(api.get('/api/cart')).rejects.toMatchObject({ status: 401 });
    expect(win.location.hash).toBe('#/login?returnUrl=%2Fcart');
  });

  it('logs a failed call to api/Logger, but never a failed log call', async () => {
    const { api } = await load();
    fetchMock.mockResolvedValueOnce(reply(500, { error: { code: 'internal', message: 'Boom.' } }));
    fetchMock.mockResolvedValue(reply(500));
    await expect(api.get('/api/boom')).rejects.toMatchObject({ status: 500 });
    const logCalls = fetchMock.mock.calls.filter(([url]) => String(url).toLowerCase() === '/api/logger');
    expect(logCalls).toHaveLength(1);
    expect(JSON.parse(String(logCalls[0]?.[1]?.body))).toMatchObject({ level: 'error' });
    await expect(api.post('/api/Logger', { level: 'error', message: 'x' })).rejects.toMatchObject({
      status: 500,
    });
    const after = fetchMock.mock.calls.filter(([url]) => String(url).toLowerCase() === '/api/logger');
    expect(after).toHaveLength(2);
  });
});
