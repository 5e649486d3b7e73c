import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxDetail, OutboxHealth } from '../../../domain/admin/outbox.ts';
import type { InvoiceDraft, RequestDetail, RequestsPage } from '../../../domain/admin/requests.ts';
import type { LoginRecord } from '../../../domain/auth.ts';
import {
  auditLog,
  contactRequests,
  customRequests,
  outbox,
  packages,
  products,
  requestReplies,
  wishRequests,
} from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.ts';
import { enqueueMail } from '../../providers/mail/outbox.ts';
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
let client: LoginRecord;
/** One request of each kind, by a person of their own (the tests find them by name). */
let custom: number;
let contact: number;
let wish: number;
let sock: { id: number; pricing: number; priceDiscount: number; name: string };
let box: { id: number; productId: number; pricing: number };

beforeAll(async () => {
  t = await createTestApp();
  admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
  client = await signUp(t.app);
  const [onSale] = await t.db
    .select({
      id: products.id,
      pricing: products.pricing,
      priceDiscount: products.priceDiscount,
      name: products.name,
    })
    .from(products)
    .orderBy(products.priceDiscount)
    .limit(1)
    .offset(0);
  const [boxed] = await t.db
    .select({ id: packages.id, productId: packages.productId, pricing: packages.pricing })
    .from(packages)
    .limit(1);
  if (!onSale || !boxed) throw new Error('the demo data has products and packages');
  sock = onSale;
  box = boxed;

  const [c] = await t.db
    .insert(customRequests)
    .values({
      name: 'Quinn Custom',
      email: 'quinn@example.ca',
      type: 'Crew',
      size: 'M',
      color: 'Red',
      stripes: 2,
      stripeColor: 'White',
      text: 'GO TEAM',
      textLocation: 1,
      textAlignment: 2,
      logos: ['/uploads/logo-one.png', '/uploads/logo-two.png'],
      logoLocation: 'Cuff',
      message: 'For our hockey league.',
      quantity: 400,
    })
    .returning({ id: customRequests.id });
  const [m] = await t.db
    .insert(contactRequests)
    .values({
      name: 'Casey Contact',
      email: 'casey@example.ca',
      phone: '416-555-0101',
      message: 'Do you ship to Yukon?\nThanks.',
    })
    .returning({ id: contactRequests.id });
  const [w] = await t.db
    .insert(wishRequests)
    .values({
      clientId: client.client_id,
      customerName: 'Wren Wish',
      email: 'wren@example.ca',
      phone: '613-555-0102',
      address: '1 Wellington St, Ottawa',
      message: 'For the holidays.',
      cart: [
        {
          product_id: sock.id,
          package_id: null,
          code: 'X',
          name: sock.name,
          size_id: null,
          size_name: 'M',
          quantity: 3,
        },
        {
          product_id: box.productId,
          package_id: box.id,
          code: 'Y',
          name: 'Gift box',
          size_id: null,
          size_name: null,
          quantity: 1,
        },
        {
          product_id: 999_999,
          package_id: null,
          code: 'GONE',
          name: 'Retired sock',
          size_id: null,
          size_name: null,
          quantity: 2,
        },
      ],
    })
    .returning({ id: wishRequests.id });
  if (!c || !m || !w) throw new Error('requests were not stored');
  custom = c.id;
  contact = m.id;
  wish = w.id;
});
afterAll(() => t.close());

const asAdmin = (call: InjectOptions) => t.app.inject({ ...call, headers: bearer(admin) });

async function listOf(query: string): Promise<RequestsPage> {
  const response = await asAdmin({ url: `/api/admin/requests${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RequestsPage>();
}

/** What a refused call must leave as it was. */
async function requestsState() {
  return {
    outbox: (await t.db.select({ n: count() }).from(outbox))[0]?.n,
    replies: (await t.db.select({ n: count() }).from(requestReplies))[0]?.n,
    audit: (await t.db.select({ n: count() }).from(auditLog))[0]?.n,
    statuses: [
      ...(await t.db.select({ status: customRequests.status }).from(customRequests)),
      ...(await t.db.select({ status: contactRequests.status }).from(contactRequests)),
      ...(await t.db.select({ status: wishRequests.status }).from(wishRequests)),
    ],
  };
}

describe('the requests inbox', () => {
  it.each([
    { method: 'GET' as const, url: '/api/admin/requests' },
    { method: 'GET' as const, url: '/api/admin/requests/contact/1' },
    { method: 'PUT' as const, url: '/api/admin/requests/contact/1/status', payload: { status: 'closed' } },
    { method: 'POST' as const, url: '/api/admin/requests/contact/1/reply', payload: { text: 'Hello' } },
    { method: 'GET' as const, url: '/api/admin/requests/wish/1/invoice-draft' },
  ])('$method $url: 401 to a visitor, 403 to a client or POS staff', async (call) => {
    await expectAdminOnly(t.app, call);
  });

  it('lists the three kinds, newest first, with a short summary', async () => {
    const page = await listOf('');
    expect(page).toMatchObject({ page: 1, pageSize: 50 });
    const ours = page.requests.filter((r) => [custom, contact, wish].includes(r.id));
    expect(page.requests.map((r) => `${r.kind}/${r.id}`)).toEqual(
      expect.arrayContaining([`custom/${custom}`, `contact/${contact}`, `wish/${wish}`]),
    );
    expect(ours.length).toBeGreaterThanOrEqual(3);
    const times = page.requests.map((r) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const byKind = Object.fromEntries(page.requests.map((r) => [`${r.kind}/${r.id}`, r]));
    expect(byKind[`custom/${custom}`]).toMatchObject({
      name: 'Quinn Custom',
      email: 'quinn@example.ca',
      status: 'new',
      summary: '400 pairs · Crew · M · For our hockey league.',
    });
    expect(byKind[`contact/${contact}`]?.summary).toBe('Do you ship to Yukon? Thanks.');
    expect(byKind[`wish/${wish}`]?.summary).toBe('3 lines · For the holidays.');
    expect(page.total).toBeGreaterThanOrEqual(3);
  });

  it('filters by kind, status and name or e-mail', async () => {
    const wishes = await listOf('?kind=wish');
    expect(wishes.requests.every((r) => r.kind === 'wish')).toBe(true);
    expect(wishes.requests.map((r) => r.id)).toContain(wish);
    expect(wishes.total).toBe(wishes.requests.length);

    const byName = await listOf('?q=casey');
    expect(byName.requests.map((r) => `${r.kind}/${r.id}`)).toEqual([`contact/${contact}`]);
    expect(byName.total).toBe(1);
    const byEmail = await listOf('?q=QUINN%40EXAMPLE');
    expect(byEmail.requests.map((r) => r.id)).toEqual([custom]);
    // LIKE's wildcards are taken literally.
    expect((await listOf('?q=%25')).total).toBe(0);

    await t.db.update(contactRequests).set({ status: 'closed' }).where(eq(contactRequests.id, contact));
    const closed = await listOf('?status=closed');
    expect(closed.requests.map((r) => `${r.kind}/${r.id}`)).toContain(`contact/${contact}`);
    expect(closed.requests.every((r) => r.status === 'closed')).toBe(true);
    expect((await listOf('?status=closed&kind=custom')).requests.map((r) => r.id)).not.toContain(custom);
    await t.db.update(contactRequests).set({ status: 'new' }).where(eq(contactRequests.id, contact));

    for (const bad of ['?kind=order', '?status=done', '?page=0', `?q=${'x'.repeat(101)}`, '?other=1']) {
      const response = await asAdmin({ url: `/api/admin/requests${bad}` });
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it('shows a request whole: the custom design and its logos, the message, the wish list', async () => {
    const customDetail = (
      await asAdmin({ url: `/api/admin/requests/custom/${custom}` })
    ).json<RequestDetail>();
    expect(customDetail).toMatchObject({
      kind: 'custom',
      name: 'Quinn Custom',
      type: 'Crew',
      stripes: 2,
      stripe_color: 'White',
      text: 'GO TEAM',
      text_location: 'Front',
      text_alignment: 'Horizontal',
      logos: ['/uploads/logo-one.png', '/uploads/logo-two.png'],
      logo_location: 'Cuff',
      quantity: 400,
      replies: [],
    });
    const contactDetail = await asAdmin({ url: `/api/Admin/Requests/contact/${contact}` });
    expect(contactDetail.json()).toMatchObject({
      kind: 'contact',
      phone: '416-555-0101',
      message: 'Do you ship to Yukon?\nThanks.',
    });
    const wishDetail = (await asAdmin({ url: `/api/admin/requests/wish/${wish}` })).json<RequestDetail>();
    expect(wishDetail).toMatchObject({
      kind: 'wish',
      client_id: client.client_id,
      address: '1 Wellington St, Ottawa',
    });
    expect(wishDetail.kind === 'wish' && wishDetail.lines.map((l) => l.quantity)).toEqual([3, 1, 2]);
  });

  it('answers 404 for an unknown id or kind, 400 for a bad id', async () => {
    const unknownId = await asAdmin({ url: '/api/admin/requests/custom/999999' });
    expect(unknownId.statusCode).toBe(404);
    expect(unknownId.json().error.code).toBe('not_found');
    expect((await asAdmin({ url: `/api/admin/requests/order/${custom}` })).statusCode).toBe(404);
    expect((await asAdmin({ url: '/api/admin/requests/custom/abc' })).statusCode).toBe(400);
    expect(
      (await asAdmin({ url: `/api/admin/requests/wish/${contact + 999_999}/invoice-draft` })).statusCode,
    ).toBe(404);
  });

  it('changes the status, audited', async () => {
    const changed = await asAdmin({
      method: 'PUT',
      url: `/api/admin/requests/custom/${custom}/status`,
      payload: { status: 'in_progress' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<RequestDetail>().status).toBe('in_progress');
    const [row] = await t.db.select().from(customRequests).where(eq(customRequests.id, custom));
    expect(row?.status).toBe('in_progress');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'request.status'), eq(auditLog.entityId, `custom/${custom}`)));
    expect(audit).toMatchObject({
      entity: 'request',
      actorId: admin.client_id,
      before: { status: 'new' },
      after: { status: 'in_progress' },
    });
  });

  it('refuses a bad status, an unknown request; writes nothing', async () => {
    const before = await requestsState();
    for (const payload of [{ status: 'done' }, {}, { status: 'closed', extra: 1 }, { status: 3 }]) {
      const response = await asAdmin({
        method: 'PUT',
        url: `/api/admin/requests/contact/${contact}/status`,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const bad = await asAdmin({
      method: 'PUT',
      url: `/api/admin/requests/contact/${contact}/status`,
      payload: { status: 'done' },
    });
    expect(bad.json().error.fields).toEqual({ status: 'A status is new, in_progress, answered or closed.' });
    const missing = await asAdmin({
      method: 'PUT',
      url: '/api/admin/requests/contact/999999/status',
      payload: { status: 'closed' },
    });
    expect(missing.statusCode).toBe(404);
    expect(await requestsState()).toEqual(before);
  });

  it('e-mails a reply through the outbox, keeps it, and marks the request answered', async () => {
    const replied = await asAdmin({
      method: 'POST',
      url: `/api/admin/requests/contact/${contact}/reply`,
      payload: { text: 'Yes, we ship everywhere in Canada.' },
    });
    expect(replied.statusCode, replied.body).toBe(200);
    const detail = replied.json<RequestDetail>();
    expect(detail.status).toBe('answered');
    expect(detail.replies).toHaveLength(1);
    const [reply] = detail.replies;
    expect(reply).toMatchObject({
      text: 'Yes, we ship everywhere in Canada.',
      actor: expect.any(String),
      outbox_status: 'pending',
    });

    const [stored] = await t.db
      .select()
      .from(requestReplies)
      .where(and(eq(requestReplies.kind, 'contact'), eq(requestReplies.requestId, contact)));
    expect(stored).toMatchObject({ actorId: admin.client_id, outboxId: reply?.outbox_id });
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, reply?.outbox_id ?? 0));
    expect(mail?.to).toBe('casey@example.ca');
    expect(mail?.subject).toContain(`#${contact}`);
    expect(mail?.text).toContain('Hello Casey Contact,\n\nYes, we ship everywhere in Canada.');
    expect(mail?.text).toContain('> Do you ship to Yukon?');
    const [row] = await t.db.select().from(contactRequests).where(eq(contactRequests.id, contact));
    expect(row?.status).toBe('answered');
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'request.reply'), eq(auditLog.entityId, `contact/${contact}`)));
    expect(audits).toHaveLength(1);
  });

  it('refuses an empty, a too long or a missing reply, and an unknown request; writes nothing', async () => {
    const before = await requestsState();
    const cases: [unknown, string | undefined][] = [
      [{ text: '' }, 'Reply is required.'],
      [{ text: '   ' }, 'Reply is required.'],
      [{ text: 'x'.repeat(5001) }, 'Reply cannot be more than 5000 characters long.'],
      [{}, 'Reply is required.'],
      [{ text: 42 }, 'Reply is required.'],
      [{ text: 'Hi', status: 'closed' }, undefined],
    ];
    for (const [payload, message] of cases) {
      const response = await asAdmin({
        method: 'POST',
        url: `/api/admin/requests/wish/${wish}/reply`,
        payload: payload as Record<string, unknown>,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(response.json().error.fields).toEqual({ text: message });
    }
    for (const url of ['/api/admin/requests/wish/999999/reply', `/api/admin/requests/gift/${wish}/reply`]) {
      const response = await asAdmin({ method: 'POST', url, payload: { text: 'Hi' } });
      expect(response.statusCode, url).toBe(404);
    }
    expect(await requestsState()).toEqual(before);
  });

  it('drafts a POS invoice from a wish list, at the catalogue’s current prices', async () => {
    const response = await asAdmin({ url: `/api/admin/requests/wish/${wish}/invoice-draft` });
    expect(response.statusCode, response.body).toBe(200);
    const draft = response.json<InvoiceDraft>();
    expect(draft).toEqual({
      client_name: 'Wren Wish',
      email: 'wren@example.ca',
      contact_no: '613-555-0102',
      address: '1 Wellington St, Ottawa',
      products: [
        {
          product_name: `${sock.name} (M)`,
          price: sock.pricing - Math.min(sock.priceDiscount, sock.pricing),
          quantity: 3,
          priced: true,
        },
        { product_name: 'Gift box', price: box.pricing, quantity: 1, priced: true },
        { product_name: 'Retired sock', price: 0, quantity: 2, priced: false },
      ],
      additionalDetails: `Wish request #${wish}: For the holidays.`,
    });
    // Only wish lists become invoices.
    expect((await asAdmin({ url: `/api/admin/requests/custom/${custom}/invoice-draft` })).statusCode).toBe(
      404,
    );
  });
});

describe('the outbox', () => {
  async function mailWithAttachment(): Promise<number> {
    return enqueueMail(t.db, {
      to: 'robin@example.ca',
      subject: 'Your invoice',
      text: 'Please find your invoice attached.',
      html: '<p>Please find your invoice attached.</p>',
      attachments: [
        {
          filename: 'invoice-12.pdf',
          contentType: 'application/pdf',
          contentBase64: Buffer.from('%PDF-1.4 fake').toString('base64'),
        },
      ],
    });
  }

  it.each([
    { method: 'GET' as const, url: '/api/admin/outbox/1' },
    { method: 'GET' as const, url: '/api/admin/outbox/1/attachments/1' },
    { method: 'POST' as const, url: '/api/admin/outbox/1/resend' },
    { method: 'GET' as const, url: '/api/admin/outbox/health' },
  ])('$method $url: 401 to a visitor, 403 to a client or POS staff', async (call) => {
    await expectAdminOnly(t.app, call);
  });

  it('lists by status, and shows one e-mail with its text and attachments', async () => {
    const id = await mailWithAttachment();
    const pending = (await asAdmin({ url: '/api/admin/outbox?status=pending' })).json<{ id: number }[]>();
    expect(pending.map((m) => m.id)).toContain(id);
    const sent = (await asAdmin({ url: '/api/admin/outbox?status=sent' })).json<{ id: number }[]>();
    expect(sent.map((m) => m.id)).not.toContain(id);

    const response = await asAdmin({ url: `/api/admin/outbox/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<OutboxDetail>()).toMatchObject({
      id,
      to: 'robin@example.ca',
      text: 'Please find your invoice attached.',
      hasHtml: true,
      status: 'pending',
      attachments: [{ filename: 'invoice-12.pdf', contentType: 'application/pdf', size: 13 }],
    });
    expect(response.body).not.toContain('contentBase64');
    expect((await asAdmin({ url: '/api/admin/outbox/999999' })).statusCode).toBe(404);
  });

  it('downloads an attachment, never inline', async () => {
    const id = await mailWithAttachment();
    const file = await asAdmin({ url: `/api/admin/outbox/${id}/attachments/1` });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="invoice-12.pdf"/);
    expect(file.rawPayload.toString()).toBe('%PDF-1.4 fake');
    expect((await asAdmin({ url: `/api/admin/outbox/${id}/attachments/2` })).statusCode).toBe(404);
    expect((await asAdmin({ url: '/api/admin/outbox/999999/attachments/1' })).statusCode).toBe(404);
    expect((await asAdmin({ url: `/api/admin/outbox/${id}/attachments/0` })).statusCode).toBe(400);
  });

  it('sends a failed e-mail again from now; a sent one is 409; audited', async () => {
    const id = await mailWithAttachment();
    await t.db
      .update(outbox)
      .set({
        status: 'failed',
        attempts: 8,
        lastError: 'connection refused',
        nextAttemptAt: new Date(Date.now() + 3_600_000),
      })
      .where(eq(outbox.id, id));
    const resent = await asAdmin({ method: 'POST', url: `/api/admin/outbox/${id}/resend` });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json<OutboxDetail>()).toMatchObject({ status: 'pending', attempts: 0 });
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row?.status).toBe('pending');
    expect(row?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'outbox.resend'), eq(auditLog.entityId, String(id))));
    expect(audits).toHaveLength(1);

    await t.db.update(outbox).set({ status: 'sent', sentAt: new Date() }).where(eq(outbox.id, id));
    const again = await asAdmin({ method: 'POST', url: `/api/admin/outbox/${id}/resend` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_sent');
    const [after] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    expect(after?.status).toBe('sent');
    expect((await asAdmin({ method: 'POST', url: '/api/admin/outbox/999999/resend' })).statusCode).toBe(404);
  });

  it('says the mail server is not configured without SMTP_URL', async () => {
    const health = await asAdmin({ url: '/api/admin/outbox/health' });
    expect(health.statusCode, health.body).toBe(200);
    expect(health.json<OutboxHealth>()).toEqual({ configured: false });
  });

  // A second app of its own: slow to build on a busy machine, hence the longer time allowed.
  it('says a mail server that does not answer is down, without a 500', async () => {
    // Port 1 on this machine: nothing listens, the connection is refused at once.
    const down = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const owner = await logIn(down.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
      const health = await down.app.inject({ url: '/api/admin/outbox/health', headers: bearer(owner) });
      expect(health.statusCode, health.body).toBe(200);
      expect(health.json()).toMatchObject({ configured: true, ok: false, error: expect.any(String) });
      expect(health.body).not.toContain('smtp://');
    } finally {
      await down.close();
    }
  }, 90_000);
});
