import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginRecordSchema } from '../../../domain/auth.ts';
import { countRows } from '../../db/database.ts';
import { clients, sessions } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.ts';
import { bearer, createTestApp, logIn, newClient, signUp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-up (POST api/client)', () => {
  it('creates a client, logs them in and answers the login record', async () => {
    const body = newClient({ middle_initial: '' });
    const response = await t.app.inject({ method: 'POST', url: '/api/client', payload: body });
    expect(response.statusCode).toBe(201);
    const record = loginRecordSchema.parse(response.json());
    expect(record).toMatchObject({
      user_name: body.user_name,
      client_full_name: 'Avery Lachance',
      company_name: 'Lachance Outfitters',
      roles: ['CLIENT'],
    });
    expect(record.token.length).toBeGreaterThanOrEqual(40);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(record) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ client_id: record.client_id, email: body.email });
  });

  it('stores the password as an argon2id hash and the token only as a hash', async () => {
    const record = await signUp(t.app);
    const [row] = await t.db.select().from(clients).where(eq(clients.id, record.client_id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const stored = await t.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(stored.some((s) => s.tokenHash === record.token)).toBe(false);
  });

  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['missing first name', { first_name: '' }, 'first_name', 'Your First Name is required.'],
    [
      'long first name',
      { first_name: 'A'.repeat(51) },
      'first_name',
      'Your First Name cannot be more than 50 characters long.',
    ],
    ['missing last name', { last_name: undefined }, 'last_name', 'Your Last Name is required.'],
    [
      'long last name',
      { last_name: 'L'.repeat(51) },
      'last_name',
      'Your Last Name cannot be more than 50 characters long.',
    ],
    [
      'long middle initial',
      { middle_initial: 'M'.repeat(51) },
      'middle_initial',
      'Your Middle Initial cannot be more than 50 characters long.',
    ],
    [
      'long company',
      { company_name: 'C'.repeat(101) },
      'company_name',
      'Your Company Name cannot be more than 100 characters long.',
    ],
    ['blank first name', { first_name: '   ' }, 'first_name', 'Your First Name is required.'],
    ['missing email', { email: '' }, 'email', 'Email is required.'],
    ['invalid email', { email: 'not-an-email' }, 'email', 'Email address is invalid.'],
    [
      'short user name',
      { user_name: 'ab' },
      'user_name',
      'Your User Name must be at least 3 characters long.',
    ],
    ['long phone', { phone: '1'.repeat(51) }, 'phone', 'Phone cannot be more than 50 characters long.'],
    ['short password', { password: 'short' }, 'password', 'Password must be at least 8 characters long.'],
    ['blank password', { password: ' '.repeat(8) }, 'password', 'Password cannot be only spaces.'],
    ['wrong type', { first_name: 42 }, 'first_name', 'Your First Name is required.'],
  ];
  it.each(cases)(
    'refuses %s with the spec message and writes nothing',
    async (_name, change, field, message) => {
      const before = await countRows(t.db, clients);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/client',
        payload: { ...newClient(), ...change },
      });
      expect(response.statusCode).toBe(400);
      const { error } = response.json();
      expect(error.code).toBe('invalid_input');
      expect(error.fields[field]).toBe(message);
      expect(await countRows(t.db, clients)).toBe(before);
    },
  );

  it('refuses unknown fields such as roles (request schemas are strict)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/client',
      payload: { ...newClient(), roles: ['ADMIN'] },
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a user name or e-mail already registered, whatever the case', async () => {
    const first = newClient();
    await signUp(t.app, first);
    const before = await countRows(t.db, clients);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/client',
      payload: newClient({ user_name: first.user_name.toUpperCase(), email: first.email.toUpperCase() }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'duplicate',
      fields: { user_name: 'That user name is already taken.', email: 'That email is already registered.' },
    });
    expect(await countRows(t.db, clients)).toBe(before);
  });
});

describe('login and logout', () => {
  it('logs in by user name and by e-mail, case-insensitively', async () => {
    const body = newClient();
    await signUp(t.app, body);
    const byName = await logIn(t.app, body.user_name.toUpperCase(), body.password);
    const byEmail = await logIn(t.app, body.email, body.password);
    expect(byName.client_id).toBe(byEmail.client_id);
    expect(byName.token).not.toBe(byEmail.token);
  });

  it('logs in the demo accounts with their roles', async () => {
    const pos = await logIn(t.app, DEMO_ACCOUNTS.pos.user_name, DEMO_ACCOUNTS.pos.password);
    expect(pos.roles).toContain('POS');
    const admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
    expect(admin.roles).toEqual(expect.arrayContaining(['POS', 'ADMIN']));
  });

  it('answers the same 401 for a wrong password and an unknown user', async () => {
    const body = newClient();
    await signUp(t.app, body);
    for (const payload of [
      { user_name: body.user_name, password: 'Wrong-password-1' },
      { user_name: 'nobody-at-all', password: 'Wrong-password-1' },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({
        code: 'invalid_credentials',
        message: 'Invalid user name or password.',
      });
    }
  });

  it('refuses a login body without a password', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { user_name: 'demo' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.password).toBe('Password is required.');
  });

  it('revokes the token on logout', async () => {
    const record = await signUp(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(record) });
    expect(out.statusCode).toBe(204);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(record) });
    expect(me.statusCode).toBe(401);
    expect(me.json().error.code).toBe('unauthorized');
  });

  it('answers 401 for a missing or made-up token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const made = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: 'Bearer abc' },
    });
    expect(made.statusCode).toBe(401);
  });
});

describe('token expiry', () => {
  it('answers 401 once the session has expired', async () => {
    let now = new Date('2026-11-22T10:00:00Z');
    const clocked = await createTestApp({ clock: { now: () => now }, env: { SESSION_TTL_HOURS: '2' } });
    try {
      const record = await signUp(clocked.app);
      expect(record.expires_at).toBe('2026-11-22T12:00:00.000Z');
      now = new Date('2026-11-22T11:59:00Z');
      expect((await clocked.app.inject({ url: '/api/auth/me', headers: bearer(record) })).statusCode).toBe(
        200,
      );
      now = new Date('2026-11-22T12:00:01Z');
      expect((await clocked.app.inject({ url: '/api/auth/me', headers: bearer(record) })).statusCode).toBe(
        401,
      );
    } finally {
      await clocked.close();
    }
  });
});

describe('who may read and change a client', () => {
  it('lets a client read and update their own record', async () => {
    const record = await signUp(t.app);
    const read = await t.app.inject({ url: `/api/client/${record.client_id}`, headers: bearer(record) });
    expect(read.statusCode).toBe(200);
    const { client_id: _id, client_full_name: _name, roles: _roles, ...profile } = read.json();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/client/${record.client_id}`,
      headers: bearer(record),
      payload: { ...profile, first_name: 'Beatrice', city: 'Ottawa' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      first_name: 'Beatrice',
      city: 'Ottawa',
      client_full_name: 'Beatrice J Lachance',
    });
  });

  it('refuses another client’s record to a client (403) but not to an admin', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const asBob = await t.app.inject({ url: `/api/client/${alice.client_id}`, headers: bearer(bob) });
    expect(asBob.statusCode).toBe(403);
    const admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
    const asAdmin = await t.app.inject({ url: `/api/client/${alice.client_id}`, headers: bearer(admin) });
    expect(asAdmin.statusCode).toBe(200);
  });

  it('refuses to update another client’s profile and leaves it unchanged', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const { token: _t, expires_at: _e, client_id: _c, client_full_name: _f, roles: _r, ...profile } = alice;
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/client/${alice.client_id}`,
      headers: bearer(bob),
      payload: { ...profile, first_name: 'Mallory' },
    });
    expect(response.statusCode).toBe(403);
    const read = await t.app.inject({ url: `/api/client/${alice.client_id}`, headers: bearer(alice) });
    expect(read.json().first_name).toBe('Avery');
  });

  it('refuses a User_id header naming another user (403)', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const response = await t.app.inject({
      url: '/api/auth/me',
      headers: { ...bearer(bob), user_id: String(alice.client_id) },
    });
    expect(response.statusCode).toBe(403);
    const own = await t.app.inject({
      url: '/api/auth/me',
      headers: { ...bearer(bob), user_id: String(bob.client_id) },
    });
    expect(own.statusCode).toBe(200);
  });

  it('refuses a body id naming another user (403) before anything is validated or written', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const { token: _t, expires_at: _e, client_id: _c, client_full_name: _f, roles: _r, ...profile } = bob;
    for (const field of ['client_id', 'userId']) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/client/${bob.client_id}`,
        headers: bearer(bob),
        payload: { ...profile, first_name: 'Changed', [field]: alice.client_id },
      });
      expect(response.statusCode).toBe(403);
    }
    const read = await t.app.inject({ url: `/api/client/${bob.client_id}`, headers: bearer(bob) });
    expect(read.json().first_name).toBe('Avery');
  });

  it('answers 404 for an unknown client and 400 for a malformed id', async () => {
    const admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
    expect((await t.app.inject({ url: '/api/client/999999', headers: bearer(admin) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/client/abc', headers: bearer(admin) })).statusCode).toBe(400);
  });
});

describe('rate limits', () => {
  it('answers 429 with a clear message after too many login attempts', async () => {
    const limited = await createTestApp({ data: 'empty', env: { LOGIN_RATE_LIMIT: '3' } });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { user_name: 'x', password: 'y' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toEqual({
        code: 'rate_limited',
        message: 'Too many login attempts. Please wait a minute and try again.',
      });
    } finally {
      await limited.close();
    }
  });
});

describe('paths are matched case-insensitively', () => {
  it('serves api/Client and api/client alike', async () => {
    const record = await signUp(t.app);
    const response = await t.app.inject({ url: `/api/Client/${record.client_id}`, headers: bearer(record) });
    expect(response.statusCode).toBe(200);
  });
});
