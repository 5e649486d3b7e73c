import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Setup } from '../../../domain/admin/setup.ts';
import type { LoginRecord } from '../../../domain/auth.ts';
import { auditLog, clients, settings } from '../../db/schema.ts';
import { bearer, createTestApp, type TestApp } from '../../test/app.ts';
import { prepareSetupLink } from './setup.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ data: 'empty' });
});
afterAll(() => t.close());

const tokenOf = (link: string | undefined) => link?.replace('/#/setup/', '') ?? '';

function setup(token: string, overrides: Partial<Setup> = {}): Setup {
  return {
    token,
    owner: {
      user_name: 'jo.owner',
      first_name: 'Jo',
      last_name: 'Bouchard',
      email: 'jo@northernsocks.ca',
      password: 'Northern2026!',
    },
    store: {
      store_name: 'Northern Socks',
      seller_company_name: 'Northern Socks Ltd.',
      store_address: '12 Water St, Halifax, NS B3J 1A1',
      store_email: 'hello@northernsocks.ca',
      store_phone: '902-555-0147',
      store_province: 'NS',
      gst_hst_number: '123456789 RT0001',
    },
    ...overrides,
  };
}

const post = (body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/setup', payload: body as Record<string, unknown> });
const snapshot = async () => ({
  clients: await t.db.select().from(clients),
  settings: await t.db.select().from(settings).orderBy(settings.key),
  audit: await t.db.select().from(auditLog),
});

describe('the first start of a shop without an admin', () => {
  it('makes a one-time link; only the newest printed one works', async () => {
    const first = tokenOf(await prepareSetupLink(t.db));
    const second = tokenOf(await prepareSetupLink(t.db));
    expect(second).not.toBe(first);
    expect((await t.app.inject({ url: `/api/setup/${first}` })).statusCode).toBe(404);
    const start = await t.app.inject({ url: `/api/setup/${second}` });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json()).toMatchObject({ store_name: '', gst_hst_number: '', store_province: 'ON' });
  });

  it('refuses bad details with the field messages and writes nothing', async () => {
    const token = tokenOf(await prepareSetupLink(t.db));
    const before = await snapshot();
    const good = setup(token);
    const cases: [unknown, string][] = [
      [
        { ...good, store: { ...good.store, gst_hst_number: '123' } },
        'GST/HST number must look like 123456789 RT0001.',
      ],
      [
        { ...good, store: { ...good.store, store_province: 'XX' } },
        'Store province must be a Canadian province',
      ],
      [
        { ...good, owner: { ...good.owner, password: 'short' } },
        'Password must be at least 8 characters long.',
      ],
      [{ ...good, owner: { ...good.owner, email: 'nope' } }, 'Email address is invalid.'],
      [{ ...good, store: { ...good.store, store_name: '' } }, 'Store name is required.'],
      [{ ...good, token: 'wrong' }, 'setup link'],
    ];
    for (const [body, message] of cases) {
      const answer = await post(body);
      expect(answer.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(JSON.stringify(answer.json().error)).toContain(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('creates the owner with every role and the store details, logs them in, and the link is spent', async () => {
    const token = tokenOf(await prepareSetupLink(t.db));
    const done = await post(setup(token));
    expect(done.statusCode, done.body).toBe(201);
    const owner = done.json<LoginRecord>();
    expect(owner).toMatchObject({ user_name: 'jo.owner', roles: ['CLIENT', 'POS', 'ADMIN'] });
    expect((await t.app.inject({ url: '/api/admin/settings', headers: bearer(owner) })).json()).toMatchObject(
      {
        store_name: 'Northern Socks',
        store_province: 'NS',
        // The store's days are Nova Scotia's.
        store_time_zone: 'America/Halifax',
        store_phone: '902-555-0147',
        // Not the demo shop's social page.
        social_url: '',
      },
    );
    expect((await t.app.inject({ url: '/api/config' })).json()).toMatchObject({
      storeName: 'Northern Socks',
      storeTaxRate: 0.14,
      socialUrl: '',
    });

    expect((await t.app.inject({ url: `/api/setup/${token}` })).statusCode).toBe(404);
    const again = await post(setup(token, { owner: { ...setup(token).owner, user_name: 'someone.else' } }));
    expect(again.statusCode).toBe(404);
    expect(await prepareSetupLink(t.db)).toBeUndefined();
  });
});

describe('a shop with an admin', () => {
  it('prints no setup link', async () => {
    const demo = await createTestApp();
    try {
      expect(await prepareSetupLink(demo.db)).toBeUndefined();
    } finally {
      await demo.close();
    }
  });
});
