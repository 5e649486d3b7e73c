import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_SENT, type LoginRecord } from '../../../domain/auth.ts';
import { outbox } from '../../db/schema.ts';
import { bearer, createTestApp, logIn, newClient, signUp, type TestApp } from '../../test/app.ts';

let t: TestApp;
/** The test's clock: moved forward to let a link expire. */
let now = new Date();

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => now } });
});
afterAll(() => t.close());

function forgot(email: string, address = '203.0.113.10') {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    remoteAddress: address,
  });
}

function reset(token: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
}

const me = (who: LoginRecord) => t.app.inject({ url: '/api/auth/me', headers: bearer(who) });

/** The reset links e-mailed to an address, oldest first. */
async function linksTo(email: string): Promise<string[]> {
  const mails = await t.db.select().from(outbox).where(eq(outbox.to, email));
  return mails.flatMap((mail) => /#\/reset-password\/(\S+)/.exec(mail.text ?? '')?.[1] ?? []);
}

describe('a forgotten password', () => {
  it('e-mails a single-use link that sets a new password and ends every login', async () => {
    const details = newClient();
    const client = await signUp(t.app, details);
    const other = await logIn(t.app, details.user_name, details.password);

    const asked = await forgot(details.email.toUpperCase());
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ message: FORGOT_PASSWORD_SENT });
    const [token] = await linksTo(client.email);
    expect(token?.length).toBeGreaterThan(20);

    expect((await reset(token ?? '', 'Chosen2026!')).statusCode).toBe(204);
    expect((await me(client)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await logIn(t.app, details.user_name, 'Chosen2026!')).client_id).toBe(client.client_id);
    const again = await reset(token ?? '', 'Another2026!');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('reset_link_invalid');
  });

  it('answers an unknown e-mail the same way and sends nothing', async () => {
    const before = await t.db.select().from(outbox);
    const asked = await forgot('nobody-here@example.ca');
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: FORGOT_PASSWORD_SENT });
    expect(await t.db.select().from(outbox)).toHaveLength(before.length);
  });

  it('sends one link when asked twice at once, and a link that expired no longer works', async () => {
    const details = newClient();
    await signUp(t.app, details);
    await forgot(details.email);
    await forgot(details.email);
    const links = await linksTo(details.email);
    expect(links).toHaveLength(1);
    now = new Date(now.getTime() + 3 * 24 * 3_600_000);
    const late = await reset(links[0] ?? '', 'Chosen2026!');
    expect(late.json().error.code).toBe('reset_link_invalid');
    now = new Date();
  });

  it('refuses a bad e-mail, and too many requests from one address', async () => {
    const bad = await forgot('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.email).toBe('Email address is invalid.');
    const limited = await createTestApp({ env: { LOGIN_RATE_LIMIT: '2' } });
    try {
      const ask = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: 'someone@example.ca' },
          remoteAddress: '203.0.113.99',
        });
      expect([(await ask()).statusCode, (await ask()).statusCode, (await ask()).statusCode]).toEqual([
        202, 202, 429,
      ]);
    } finally {
      await limited.close();
    }
  });
});

describe('changing the password from the profile', () => {
  it('needs the current password, and ends the other logins but not this one', async () => {
    const details = newClient();
    const client = await signUp(t.app, details);
    const elsewhere = await logIn(t.app, details.user_name, details.password);
    const change = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(client),
        payload: body,
      });

    const wrong = await change({ current_password: 'not-it-at-all', password: 'Chosen2026!' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.current_password).toBe('Your current password is not right.');
    const short = await change({ current_password: details.password, password: 'short' });
    expect(short.statusCode).toBe(400);

    expect((await change({ current_password: details.password, password: 'Chosen2026!' })).statusCode).toBe(
      204,
    );
    expect((await me(client)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await logIn(t.app, details.user_name, 'Chosen2026!')).client_id).toBe(client.client_id);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { current_password: 'x', password: 'Chosen2026!' },
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('signing up as a real person', () => {
  it('takes one-letter names and no company', async () => {
    const record = await signUp(
      t.app,
      newClient({ first_name: 'Li', middle_initial: '', last_name: 'N', company_name: '' }),
    );
    expect(record).toMatchObject({
      first_name: 'Li',
      last_name: 'N',
      company_name: '',
      client_full_name: 'Li N',
    });
  });
});
