/** Resolved tokens are kept for a second (auth.service.ts): revocation must still bite. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.ts';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer({ token }) });

describe('resolved tokens', () => {
  it('stop working at once on the instance that logged out', async () => {
    const record = await signUp(t.app);
    expect((await me(record.token)).statusCode).toBe(200);
    expect((await me(record.token)).statusCode).toBe(200);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(record) });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await me(record.token)).statusCode).toBe(401);
  });

  it('stop working within a second when the session is revoked elsewhere', async () => {
    const record = await signUp(t.app);
    expect((await me(record.token)).statusCode).toBe(200);
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.clientId, record.client_id));
    const revokedAt = performance.now();
    await expect
      .poll(async () => (await me(record.token)).statusCode, { timeout: 2_000, interval: 50 })
      .toBe(401);
    expect(performance.now() - revokedAt).toBeLessThan(1_500);
  });

  it('keep other sessions of the same client working after a logout', async () => {
    const record = await signUp(t.app);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { user_name: record.user_name, password: 'Woolly-Socks-42' },
    });
    const other = second.json<{ token: string }>().token;
    expect((await me(other)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(record) });
    expect((await me(record.token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });
});
