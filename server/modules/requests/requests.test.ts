import { desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactRequestInput, CustomRequestInput } from '../../../domain/requests.ts';
import { countRows } from '../../db/database.ts';
import { contactRequests, customRequests, outbox, settings } from '../../db/schema.ts';
import { PROCESS_STEPS } from '../../db/seed/demo-data.ts';
import { createMailSender } from '../../providers/mail/outbox.ts';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { readFixture } from './fixtures/index.ts';

const PUBLIC_URL = 'https://socks.example.ca';
const STORE_EMAIL = 'hello@maplesock.ca';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: `${PUBLIC_URL}/` } });
});
afterAll(() => t.close());

/** Each call comes from an address of its own, so the rate limits stay out of the way. */
let addresses = 0;
function nextAddress(): string {
  addresses += 1;
  return `10.1.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

function post(
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
  remoteAddress = nextAddress(),
) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });
}

async function uploadLogo(name = 'logo.png'): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await readFixture(name))], { type: 'image/png' }), name);
  const request = new Request('http://shop.test/api/upload', { method: 'POST', body: form });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ url: string }>().url;
}

const custom = (overrides: Partial<Record<keyof CustomRequestInput, unknown>> = {}) => ({
  name: 'Lakeshore Lions Hockey',
  email: 'coach@lakeshorelions.ca',
  type: 'Crew',
  size: 'L',
  color: 'Navy',
  stripes: 2,
  stripe_color: 'Gold',
  text: 'GO LIONS',
  text_location: 3,
  text_alignment: 2,
  text_size: 'M',
  text_color: 'White',
  logo: '',
  logo_location: 'Cuff',
  message: 'Team socks for 40 players, delivered before the October tournament.',
  quantity: 250,
  ...overrides,
});

const contact = (overrides: Partial<Record<keyof ContactRequestInput, unknown>> = {}) => ({
  name: 'Priya Natarajan',
  email: 'priya@example.ca',
  phone: '905-555-0110',
  address: '12 Main St, Mississauga, ON',
  message: 'Do you sell wool socks for children?',
  ...overrides,
});

async function written() {
  return {
    custom: await countRows(t.db, customRequests),
    contact: await countRows(t.db, contactRequests),
    mail: await countRows(t.db, outbox),
  };
}

function mailsAfter(id: number) {
  return t.db.select().from(outbox).where(gt(outbox.id, id)).orderBy(outbox.id);
}

async function lastMailId(): Promise<number> {
  const [row] = await t.db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1);
  return row?.id ?? 0;
}

describe('GET api/process', () => {
  it('answers the five steps in order, with their images, to anyone', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/Process' });
    expect(response.statusCode).toBe(200);
    const steps = response.json<{ title: string; image: string }[]>();
    expect(steps.map((step) => step.title)).toEqual(PROCESS_STEPS.map((step) => step.title));
    for (const step of steps) {
      expect(Object.keys(step).sort()).toEqual(['image', 'title']);
      expect(step.image).toMatch(/^\/images\/.+process-step-\d/);
    }
    const image = await t.app.inject({ method: 'GET', url: steps[0]?.image ?? '' });
    expect(image.statusCode).toBe(200);
  });
});

describe('POST api/setCustomRequest', () => {
  it('stores a visitor request and queues the shop e-mail and the client copy, with absolute logo links', async () => {
    const logos = [await uploadLogo('logo.png'), await uploadLogo('logo.svg')];
    const before = await lastMailId();
    const response = await post('/api/setCustomRequest', custom({ logo: logos.join(',') }));
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: number }>();

    const [row] = await t.db.select().from(customRequests).where(eq(customRequests.id, id));
    expect(row).toMatchObject({
      clientId: null,
      name: 'Lakeshore Lions Hockey',
      email: 'coach@lakeshorelions.ca',
      type: 'Crew',
      size: 'L',
      color: 'Navy',
      stripes: 2,
      stripeColor: 'Gold',
      text: 'GO LIONS',
      textLocation: 3,
      textAlignment: 2,
      textSize: 'M',
      textColor: 'White',
      logos,
      logoLocation: 'Cuff',
      quantity: 250,
    });

    const mails = await mailsAfter(before);
    expect(mails.map((mail) => mail.to)).toEqual([STORE_EMAIL, 'coach@lakeshorelions.ca']);
    const [shop, copy] = mails;
    expect(shop?.subject).toBe(`Custom sock request #${id} from Lakeshore Lions Hockey`);
    for (const line of [
      'Name: Lakeshore Lions Hockey',
      'Email: coach@lakeshorelions.ca',
      'Sock type: Crew',
      'Size: L — men 8–12',
      'Colour: Navy',
      'Stripes: 2',
      'Stripe colour: Gold',
      'Text: GO LIONS',
      'Text location: Sides',
      'Text alignment: Horizontal',
      'Text size: M',
      'Text colour: White',
      'Logo location: Cuff',
      'Quantity: 250 pairs',
      `${PUBLIC_URL}${logos[0]}`,
      `${PUBLIC_URL}${logos[1]}`,
      'Team socks for 40 players',
    ]) {
      expect(shop?.text).toContain(line);
      expect(copy?.text).toContain(line);
    }
    expect(copy?.subject).toBe('Your custom sock request to Maple Sock Co.');
    expect(copy?.text).toMatch(/^Hello Lakeshore Lions Hockey,/);
    expect(shop?.status).toBe('pending');
  });

  it("records the logged-in client and accepts only the spec's fields, with blanks for the optional ones", async () => {
    const client = await signUp(t.app);
    const response = await post(
      '/api/setCustomRequest',
      { name: 'Avery Lachance', email: 'avery@example.ca', quantity: 200 },
      bearer(client),
    );
    expect(response.statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(customRequests)
      .where(eq(customRequests.id, response.json<{ id: number }>().id));
    expect(row).toMatchObject({
      clientId: client.client_id,
      stripes: 0,
      text: '',
      textLocation: null,
      textAlignment: null,
      logos: [],
    });
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ['no name', { name: undefined }, 'name', 'Name is required.'],
    ['a blank name', { name: '   ' }, 'name', 'Name is required.'],
    ['a short name', { name: 'Al' }, 'name', 'Name must be at least 3 characters long.'],
    ['a long name', { name: 'n'.repeat(256) }, 'name', 'Name cannot be more than 255 characters long.'],
    ['no email', { email: '' }, 'email', 'Email is required.'],
    ['a bad email', { email: 'coach@' }, 'email', 'Email address is invalid.'],
    ['no quantity', { quantity: undefined }, 'quantity', 'Quantity is required.'],
    ['a null quantity', { quantity: null }, 'quantity', 'Quantity is required.'],
    ['a small quantity', { quantity: 199 }, 'quantity', 'Quantity must be at least 200.'],
    ['a fractional quantity', { quantity: 250.5 }, 'quantity', 'Quantity must be a whole number.'],
    ['a text quantity', { quantity: 'lots' }, 'quantity', 'Quantity must be a number.'],
    [
      '14 letters of text',
      { text: 'ABCDEFGHIJKLMN' },
      'text',
      'Text cannot be more than 13 characters long.',
    ],
    ['5 stripes', { stripes: 5 }, 'stripes', 'Stripes must be a number from 0 to 4.'],
    ['-1 stripes', { stripes: -1 }, 'stripes', 'Stripes must be a number from 0 to 4.'],
    [
      'text location 4',
      { text_location: 4 },
      'text_location',
      'Text location must be front (1), back (2) or sides (3).',
    ],
    [
      'text alignment 3',
      { text_alignment: 3 },
      'text_alignment',
      'Text alignment must be vertical (1) or horizontal (2).',
    ],
    ['text size XXL', { text_size: 'XXL' }, 'text_size', 'Text size must be S, M, L or XL.'],
    ['an unknown sock type', { type: 'Mitten' }, 'type', 'Please choose a sock type from the list.'],
    ['a long colour', { color: 'c'.repeat(51) }, 'color', 'Color cannot be more than 50 characters long.'],
    [
      'a long message',
      { message: 'm'.repeat(2001) },
      'message',
      'Message cannot be more than 2000 characters long.',
    ],
    [
      'a logo elsewhere',
      { logo: 'https://evil.example/x.png' },
      'logo',
      'Logos must be images uploaded with this form.',
    ],
    [
      'a logo never uploaded',
      { logo: `/uploads/${'a'.repeat(32)}.png` },
      'logo',
      'Logos must be images uploaded with this form.',
    ],
  ];

  it.each(refusals)('refuses %s with the message, writing nothing', async (_what, change, field, message) => {
    const before = await written();
    const response = await post('/api/setCustomRequest', custom(change));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'invalid_input',
      message,
      fields: { [field]: message },
    });
    expect(await written()).toEqual(before);
  });

  it('refuses unknown fields and more than five logos', async () => {
    const extra = await post('/api/setCustomRequest', custom({ price: 0 } as never));
    expect(extra.statusCode).toBe(400);
    const url = await uploadLogo();
    const many = await post('/api/setCustomRequest', custom({ logo: Array(6).fill(url).join(',') }));
    expect(many.statusCode).toBe(400);
    expect(many.json().error.fields.logo).toBe('At most 5 logos can be sent.');
  });

  it('takes the minimum from the custom_order_minimum setting', async () => {
    await t.db
      .insert(settings)
      .values({ key: 'custom_order_minimum', value: 300 })
      .onConflictDoUpdate({ target: settings.key, set: { value: 300 } });
    try {
      const below = await post('/api/setCustomRequest', custom({ quantity: 250 }));
      expect(below.statusCode).toBe(400);
      expect(below.json().error).toMatchObject({
        message: 'Quantity must be at least 300.',
        fields: { quantity: 'Quantity must be at least 300.' },
      });
      expect((await post('/api/setCustomRequest', custom({ quantity: 300 }))).statusCode).toBe(201);
      // The custom page states and checks the same minimum.
      expect((await t.app.inject({ url: '/api/config' })).json().customOrderMinimum).toBe(300);
    } finally {
      await t.db.update(settings).set({ value: 200 }).where(eq(settings.key, 'custom_order_minimum'));
    }
  });

  it('keeps the request when the mail server is down: the e-mails wait in the outbox', async () => {
    const before = await lastMailId();
    const response = await post('/api/setCustomRequest', custom({ name: 'Offline Mail Test' }));
    expect(response.statusCode).toBe(201);
    const sender = createMailSender({
      db: t.db,
      from: 'shop@example.ca',
      clock: { now: () => new Date() },
      transport: { sendMail: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25')) },
    });
    expect(await sender.deliverDue(100)).toBe(0);
    const mails = await mailsAfter(before);
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(mail).toMatchObject({ status: 'pending', attempts: 1 });
    const [row] = await t.db
      .select({ name: customRequests.name })
      .from(customRequests)
      .where(eq(customRequests.id, response.json<{ id: number }>().id));
    expect(row?.name).toBe('Offline Mail Test');
  });

  it('rate-limits an address to 10 requests in 10 minutes, but not the clients behind it', async () => {
    const address = nextAddress();
    for (let i = 0; i < 10; i += 1) {
      expect((await post('/api/setCustomRequest', custom(), {}, address)).statusCode).toBe(201);
    }
    const before = await written();
    const refused = await post('/api/setCustomRequest', custom(), {}, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(await written()).toEqual(before);
    const client = await signUp(t.app);
    expect((await post('/api/setCustomRequest', custom(), bearer(client), address)).statusCode).toBe(201);
  });
});

describe('POST api/contactus', () => {
  it('stores the message and queues an e-mail to the shop', async () => {
    const before = await lastMailId();
    const response = await post('/api/contactus', contact());
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: number }>();
    const [row] = await t.db.select().from(contactRequests).where(eq(contactRequests.id, id));
    expect(row).toMatchObject({ clientId: null, ...contact() });
    const mails = await mailsAfter(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: STORE_EMAIL,
      subject: `Contact message #${id} from Priya Natarajan`,
    });
    for (const line of [
      'Name: Priya Natarajan',
      'Email: priya@example.ca',
      'Phone: 905-555-0110',
      'Address: 12 Main St, Mississauga, ON',
      'Do you sell wool socks for children?',
    ]) {
      expect(mails[0]?.text).toContain(line);
    }
  });

  it('needs only a name and an e-mail, and records the logged-in client', async () => {
    const client = await signUp(t.app);
    const response = await post(
      '/api/contactus',
      { name: 'Avery', email: 'avery@example.ca' },
      bearer(client),
    );
    expect(response.statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.id, response.json<{ id: number }>().id));
    expect(row).toMatchObject({ clientId: client.client_id, phone: '', address: '', message: '' });
  });

  it('keeps a line break in a name out of the subject', async () => {
    const before = await lastMailId();
    const response = await post('/api/contactus', contact({ name: 'Eve\r\nBcc: everyone@example.ca' }));
    expect(response.statusCode).toBe(201);
    const [mail] = await mailsAfter(before);
    expect(mail?.subject).not.toMatch(/[\r\n]/);
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ['no name', { name: undefined }, 'name', 'Name is required.'],
    ['a short name', { name: 'Jo' }, 'name', 'Name must be at least 3 characters long.'],
    ['a long name', { name: 'n'.repeat(256) }, 'name', 'Name cannot be more than 255 characters long.'],
    ['no email', { email: undefined }, 'email', 'Email is required.'],
    ['a bad email', { email: 'priya.example.ca' }, 'email', 'Email address is invalid.'],
    ['a long phone', { phone: '1'.repeat(51) }, 'phone', 'Phone cannot be more than 50 characters long.'],
    [
      'a long address',
      { address: 'a'.repeat(501) },
      'address',
      'Address cannot be more than 500 characters long.',
    ],
    [
      'a long message',
      { message: 'm'.repeat(2001) },
      'message',
      'Message cannot be more than 2000 characters long.',
    ],
    ['a number for a phone', { phone: 9055550110 }, 'phone', 'Phone must be text.'],
  ];

  it.each(refusals)('refuses %s with the message, writing nothing', async (_what, change, field, message) => {
    const before = await written();
    const response = await post('/api/contactus', contact(change));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
    expect(await written()).toEqual(before);
  });

  it('refuses unknown fields, a huge body and a client_id of someone else', async () => {
    expect((await post('/api/contactus', contact({ subject: 'hi' } as never))).statusCode).toBe(400);
    const huge = await post('/api/contactus', contact({ message: 'm'.repeat(40_000) }));
    expect(huge.statusCode).toBe(413);
    const client = await signUp(t.app);
    const other = await post(
      '/api/contactus',
      { ...contact(), client_id: client.client_id + 1 },
      bearer(client),
    );
    expect(other.statusCode).toBe(403);
  });

  it('rate-limits an address to 10 messages in 10 minutes', async () => {
    const address = nextAddress();
    for (let i = 0; i < 10; i += 1) {
      expect((await post('/api/contactus', contact(), {}, address)).statusCode).toBe(201);
    }
    const refused = await post('/api/contactus', contact(), {}, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('Too many requests. Please wait a few minutes and try again.');
  });
});
