import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, settings } from '../../db/schema.ts';
import { storeSender } from '../../modules/settings/settings.service.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createMailSender, enqueueMail, MAX_ATTEMPTS, type MailFrom } from './outbox.ts';

interface Received {
  to: string[];
  raw: string;
}

let t: TestApp;
let server: SMTPServer;
let port: number;
const received: Received[] = [];
let refuseMail = false;

beforeAll(async () => {
  t = await createTestApp({ data: 'empty' });
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      callback(refuseMail ? new Error('mailbox unavailable') : null);
      void address;
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

function sender(now: () => Date = () => new Date(), from: MailFrom = 'Shop <shop@example.ca>') {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  return createMailSender({ db: t.db, transport, from, clock: { now } });
}

describe('the outbox', () => {
  it('keeps an e-mail until it is sent, then sends it once over SMTP with its attachment', async () => {
    const id = await enqueueMail(t.db, {
      to: 'buyer@example.ca',
      subject: 'Your invoice 1001',
      text: 'Thank you.',
      attachments: [
        {
          filename: 'invoice.pdf',
          contentType: 'application/pdf',
          contentBase64: Buffer.from('%PDF-1.4').toString('base64'),
        },
      ],
    });
    const [pending] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    expect(pending?.status).toBe('pending');

    expect(await sender().deliverDue()).toBe(1);
    expect(await sender().deliverDue()).toBe(0);
    const mail = received.find((r) => r.to.includes('buyer@example.ca'));
    expect(mail?.raw).toContain('Subject: Your invoice 1001');
    expect(mail?.raw).toContain('invoice.pdf');
    const [sent] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('keeps a message the server refuses, retries it later, and gives up after the last attempt', async () => {
    refuseMail = true;
    let now = new Date('2026-11-22T10:00:00Z');
    const id = await enqueueMail(t.db, { to: 'later@example.ca', subject: 'Hello', text: 'Hi' });
    await t.db.update(outbox).set({ nextAttemptAt: now }).where(eq(outbox.id, id));
    const clocked = sender(() => now);

    expect(await clocked.deliverDue()).toBe(0);
    const [failedOnce] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    expect(failedOnce).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failedOnce?.lastError).toContain('mailbox unavailable');
    expect(await clocked.deliverDue()).toBe(0); // not due yet
    expect((await t.db.select().from(outbox).where(eq(outbox.id, id)))[0]?.attempts).toBe(1);

    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      now = new Date(now.getTime() + 24 * 3_600_000);
      await clocked.deliverDue();
    }
    const [gaveUp] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    expect(gaveUp).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    refuseMail = false;
  });

  it('is sent from the store’s name and e-mail as its settings say when MAIL_FROM is not set', async () => {
    for (const [key, value] of [
      ['store_name', 'Northern Socks'],
      ['store_email', 'hello@northernsocks.ca'],
    ] as const) {
      await t.db
        .insert(settings)
        .values({ key, value })
        .onConflictDoUpdate({ target: settings.key, set: { value } });
    }
    await enqueueMail(t.db, { to: 'from-test@example.ca', subject: 'Your order', text: 'Thank you.' });
    expect(await sender(undefined, () => storeSender(t.db)).deliverDue()).toBe(1);
    const mail = received.find((r) => r.to.includes('from-test@example.ca'));
    expect(mail?.raw).toContain('From: Northern Socks <hello@northernsocks.ca>');
  });
});
