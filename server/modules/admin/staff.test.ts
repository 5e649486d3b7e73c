import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, Accounts, AuditPage, PasswordResetStarted } from '../../../domain/admin/staff.ts';
import type { LoginRecord } from '../../../domain/auth.ts';
import { auditLog, clients, outbox } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.ts';
import {
  bearer,
  createTestApp,
  expectAdminOnly,
  type InjectOptions,
  logIn,
  signUp,
  type TestApp,
} from '../../test/app.ts';

let t: TestApp;
let admin: LoginRecord;
beforeAll(async () => {
  t = await createTestApp();
  admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
});
afterAll(() => t.close());

const asAdmin = (call: InjectOptions) => t.app.inject({ ...call, headers: bearer(admin) });
const me = (who: LoginRecord) => t.app.inject({ url: '/api/auth/me', headers: bearer(who) });
const auditCount = async () => (await t.db.select({ id: auditLog.id }).from(auditLog)).length;
const clientRows = () => t.db.select().from(clients).orderBy(clients.id);

const CASHIER = {
  user_name: 'riley.cashier',
  first_name: 'Riley',
  last_name: 'Chen',
  email: 'riley@maplesock.ca',
  roles: ['POS'],
  password: 'Register2026!',
};

describe('the staff calls are for admins only', () => {
  it.each([
    { method: 'GET' as const, url: '/api/admin/staff' },
    { method: 'POST' as const, url: '/api/admin/staff', payload: CASHIER },
    { method: 'PUT' as const, url: '/api/admin/staff/1/roles', payload: { roles: [] } },
    { method: 'POST' as const, url: '/api/admin/staff/1/disable' },
    { method: 'POST' as const, url: '/api/admin/staff/1/enable' },
    { method: 'POST' as const, url: '/api/admin/staff/1/password-reset' },
    { method: 'GET' as const, url: '/api/admin/audit' },
  ])('$method $url: 401 to a visitor, 403 to a client or POS staff', async (call) => {
    const before = await clientRows();
    await expectAdminOnly(t.app, call);
    // The sign-ups of expectAdminOnly aside, nobody's account changed.
    expect((await clientRows()).slice(0, before.length)).toEqual(before);
  });
});

describe('staff accounts', () => {
  let cashier: Account;

  it('creates a cashier who then logs in with the POS role; the creation is audited', async () => {
    const created = await asAdmin({ method: 'POST', url: '/api/admin/staff', payload: CASHIER });
    expect(created.statusCode, created.body).toBe(201);
    cashier = created.json<Account>();
    expect(cashier).toMatchObject({
      user_name: 'riley.cashier',
      full_name: 'Riley Chen',
      roles: ['CLIENT', 'POS'],
      disabled: false,
    });
    const login = await logIn(t.app, 'riley.cashier', 'Register2026!');
    expect(login.roles).toEqual(['CLIENT', 'POS']);
    const [entry] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      action: 'staff.create',
      entityId: String(cashier.client_id),
      actorId: admin.client_id,
    });
  });

  it.each([
    [{ ...CASHIER, user_name: 'admin', email: 'new@example.ca' }, 409, 'That user name is already taken.'],
    [{ ...CASHIER, user_name: 'new.one', roles: [] }, 400, 'Give the account POS, ADMIN or both.'],
    [{ ...CASHIER, user_name: 'new.one', roles: ['OWNER'] }, 400, 'A role is POS or ADMIN.'],
    [
      { ...CASHIER, user_name: 'new.one', password: 'short' },
      400,
      'Password must be at least 8 characters long.',
    ],
    [{ ...CASHIER, user_name: 'new one!' }, 400, 'may contain only letters'],
    [{ ...CASHIER, user_name: 'new.one', email: 'nope' }, 400, 'Email address is invalid.'],
    [{ ...CASHIER, user_name: 'new.one', first_name: '' }, 400, 'First name is required.'],
  ])('refuses %j with %i and writes nothing', async (payload, status, message) => {
    const before = await clientRows();
    const audits = await auditCount();
    const answer = await asAdmin({ method: 'POST', url: '/api/admin/staff', payload });
    expect(answer.statusCode).toBe(status);
    expect(JSON.stringify(answer.json().error)).toContain(message);
    expect(await clientRows()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('lists staff first, finds by name, and pages', async () => {
    const staff = await asAdmin({ url: '/api/admin/staff?staff=true' });
    expect(staff.statusCode).toBe(200);
    const names = staff.json<Accounts>().accounts.map((account) => account.user_name);
    expect(names).toEqual(
      expect.arrayContaining([DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.pos.user_name, 'riley.cashier']),
    );
    expect(staff.json<Accounts>().accounts.every((a) => a.roles.some((r) => r !== 'CLIENT'))).toBe(true);
    const found = await asAdmin({ url: '/api/admin/staff?q=riley' });
    expect(found.json<Accounts>()).toMatchObject({ total: 1, accounts: [{ user_name: 'riley.cashier' }] });
    expect((await asAdmin({ url: '/api/admin/staff?page=0' })).statusCode).toBe(400);
  });

  it('grants ADMIN and takes POS away, at once for the account’s open session', async () => {
    const session = await logIn(t.app, 'riley.cashier', 'Register2026!');
    expect((await t.app.inject({ url: '/api/admin/staff', headers: bearer(session) })).statusCode).toBe(403);
    const changed = await asAdmin({
      method: 'PUT',
      url: `/api/admin/staff/${cashier.client_id}/roles`,
      payload: { roles: ['ADMIN'] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Account>().roles).toEqual(['CLIENT', 'ADMIN']);
    expect((await t.app.inject({ url: '/api/admin/staff', headers: bearer(session) })).statusCode).toBe(200);
    const back = await asAdmin({
      method: 'PUT',
      url: `/api/admin/staff/${cashier.client_id}/roles`,
      payload: { roles: ['POS'] },
    });
    expect(back.json<Account>().roles).toEqual(['CLIENT', 'POS']);
    expect((await t.app.inject({ url: '/api/admin/staff', headers: bearer(session) })).statusCode).toBe(403);
  });

  it('disables an account: its session ends at once and it cannot log in; enabled, it can again', async () => {
    const session = await logIn(t.app, 'riley.cashier', 'Register2026!');
    expect((await me(session)).statusCode).toBe(200);
    const disabled = await asAdmin({ method: 'POST', url: `/api/admin/staff/${cashier.client_id}/disable` });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json<Account>().disabled).toBe(true);
    expect((await me(session)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { user_name: 'riley.cashier', password: 'Register2026!' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.code).toBe('account_disabled');

    const enabled = await asAdmin({ method: 'POST', url: `/api/admin/staff/${cashier.client_id}/enable` });
    expect(enabled.json<Account>().disabled).toBe(false);
    expect((await logIn(t.app, 'riley.cashier', 'Register2026!')).roles).toContain('POS');
  });

  it('never leaves the shop without an admin, and an admin cannot disable themselves', async () => {
    const own = await asAdmin({ method: 'POST', url: `/api/admin/staff/${admin.client_id}/disable` });
    expect(own.statusCode).toBe(409);
    expect(own.json().error.code).toBe('own_account');
    const last = await asAdmin({
      method: 'PUT',
      url: `/api/admin/staff/${admin.client_id}/roles`,
      payload: { roles: ['POS'] },
    });
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toMatchObject({ code: 'last_admin' });
    expect((await me(admin)).json().roles).toContain('ADMIN');

    // With a second admin, the first may step down; the second is then the last one.
    await asAdmin({
      method: 'PUT',
      url: `/api/admin/staff/${cashier.client_id}/roles`,
      payload: { roles: ['ADMIN'] },
    });
    const second = await logIn(t.app, 'riley.cashier', 'Register2026!');
    const stepDown = await asAdmin({
      method: 'PUT',
      url: `/api/admin/staff/${admin.client_id}/roles`,
      payload: { roles: ['POS'] },
    });
    expect(stepDown.statusCode, stepDown.body).toBe(200);
    const lastOne = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/staff/${cashier.client_id}/roles`,
      payload: { roles: [] },
      headers: bearer(second),
    });
    expect(lastOne.statusCode).toBe(409);
    const restore = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/staff/${admin.client_id}/roles`,
      payload: { roles: ['POS', 'ADMIN'] },
      headers: bearer(second),
    });
    expect(restore.statusCode).toBe(200);
    await asAdmin({
      method: 'PUT',
      url: `/api/admin/staff/${cashier.client_id}/roles`,
      payload: { roles: ['POS'] },
    });
  });

  it('answers 404 for an account that does not exist', async () => {
    expect((await asAdmin({ method: 'POST', url: '/api/admin/staff/999999/disable' })).statusCode).toBe(404);
    expect(
      (await asAdmin({ method: 'PUT', url: '/api/admin/staff/999999/roles', payload: { roles: [] } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('password resets', () => {
  it('e-mails a link that sets a new password once and ends the old sessions', async () => {
    const client = await signUp(t.app);
    const started = await asAdmin({
      method: 'POST',
      url: `/api/admin/staff/${client.client_id}/password-reset`,
    });
    expect(started.statusCode, started.body).toBe(200);
    const { link, email } = started.json<PasswordResetStarted>();
    expect(email).toBe(client.email);
    const token = link.split('/#/reset-password/')[1] ?? '';
    expect(token.length).toBeGreaterThan(20);
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, client.email));
    expect(mail?.text).toContain(link);

    const reset = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
    expect((await reset('short')).statusCode).toBe(400);
    expect((await reset('Chosen2026!')).statusCode).toBe(204);
    expect((await me(client)).statusCode).toBe(401);
    expect((await logIn(t.app, client.user_name, 'Chosen2026!')).client_id).toBe(client.client_id);
    const again = await reset('Another2026!');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('reset_link_invalid');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'not-a-token', password: 'Another2026!' },
    });
    expect(unknown.json().error.code).toBe('reset_link_invalid');
  });
});

describe('GET api/admin/audit', () => {
  it('answers the changes newest first, with who made them, by kind of record', async () => {
    const page = await asAdmin({ url: '/api/admin/audit?entity=client' });
    expect(page.statusCode).toBe(200);
    const { entries, total } = page.json<AuditPage>();
    expect(total).toBeGreaterThan(5);
    expect(entries[0]).toMatchObject({
      action: 'staff.password_reset',
      entity: 'client',
      actor: 'Morgan Lee',
    });
    expect(entries.every((entry) => entry.entity === 'client')).toBe(true);
    const ids = entries.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await asAdmin({ url: '/api/admin/audit?page=-1' })).statusCode).toBe(400);
  });
});
