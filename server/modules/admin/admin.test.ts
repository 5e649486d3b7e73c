import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.ts';
import { enqueueMail } from '../../providers/mail/outbox.ts';
import { bearer, createTestApp, logIn, signUp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET api/admin/outbox (role ADMIN)', () => {
  it('answers 401 to a visitor and 403 to a client or a POS staff member', async () => {
    expect((await t.app.inject({ url: '/api/admin/outbox' })).statusCode).toBe(401);
    const client = await signUp(t.app);
    const asClient = await t.app.inject({ url: '/api/admin/outbox', headers: bearer(client) });
    expect(asClient.statusCode).toBe(403);
    expect(asClient.json().error).toEqual({
      code: 'forbidden',
      message: 'Your account does not have access to this.',
    });
    const pos = await logIn(t.app, DEMO_ACCOUNTS.pos.user_name, DEMO_ACCOUNTS.pos.password);
    expect((await t.app.inject({ url: '/api/admin/outbox', headers: bearer(pos) })).statusCode).toBe(403);
  });

  it('lists the newest e-mails first for an admin, filtered by status', async () => {
    await enqueueMail(t.db, { to: 'first@example.ca', subject: 'First', text: 'one' });
    await enqueueMail(t.db, {
      to: 'second@example.ca',
      subject: 'Second',
      text: 'two',
      attachments: [{ filename: 'invoice.pdf', contentType: 'application/pdf', contentBase64: 'JVBERi0=' }],
    });
    const admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
    const response = await t.app.inject({ url: '/api/admin/outbox?status=pending', headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    const subjects = response.json().map((entry: { subject: string }) => entry.subject);
    expect(subjects.slice(0, 2)).toEqual(['Second', 'First']);
    // Attachments are named, never sent back.
    expect(response.json()[0].attachments).toEqual([
      { filename: 'invoice.pdf', contentType: 'application/pdf' },
    ]);
    expect(response.json()[1].attachments).toEqual([]);
    expect(response.body).not.toContain('JVBERi0=');
    const sent = await t.app.inject({ url: '/api/admin/outbox?status=sent', headers: bearer(admin) });
    expect(sent.json()).toEqual([]);
    const bad = await t.app.inject({ url: '/api/admin/outbox?status=lost', headers: bearer(admin) });
    expect(bad.statusCode).toBe(400);
  });
});
