import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageSchema, publicConfigSchema } from '../../../domain/config.ts';
import { settings } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET api/config', () => {
  it('answers the public settings without a login, in cents, in test mode with the sandbox', async () => {
    const response = await t.app.inject({ url: '/api/config' });
    expect(response.statusCode).toBe(200);
    const config = publicConfigSchema.strict().parse(response.json());
    expect(config).toMatchObject({
      showPrices: true,
      searchEnabled: true,
      testMode: true,
      paymentProvider: 'sandbox',
      currency: 'CAD',
      storeProvince: 'ON',
      storeTimeZone: 'America/Toronto',
      storeTaxRate: 0.13,
      customOrderMinimum: 200,
    });
    expect(config.minimumPurchase).toBeGreaterThan(0);
    expect(config.freeShippingOntario).toBeGreaterThan(0);
    expect(config.storeAddress).toContain('ON');
  });

  it('reflects a setting staff changed, at once', async () => {
    await t.db
      .insert(settings)
      .values({ key: 'show_prices', value: false })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: false },
      });
    const config = (await t.app.inject({ url: '/api/config' })).json();
    expect(config.showPrices).toBe(false);
    await t.db
      .insert(settings)
      .values({ key: 'show_prices', value: true })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: true },
      });
  });

  it('answers the default time zone for a stored zone the shop does not offer', async () => {
    const setZone = (value: string) =>
      t.db.insert(settings).values({ key: 'store_time_zone', value }).onConflictDoUpdate({
        target: settings.key,
        set: { value },
      });
    await setZone('America/Vancouver');
    expect((await t.app.inject({ url: '/api/config' })).json().storeTimeZone).toBe('America/Vancouver');
    await setZone('Mars/Olympus');
    expect((await t.app.inject({ url: '/api/config' })).json().storeTimeZone).toBe('America/Toronto');
    await setZone('America/Toronto');
  });

  it('still answers with a stale token: config never sends the web to login', async () => {
    const response = await t.app.inject({ url: '/api/config', headers: { authorization: 'Bearer stale' } });
    expect(response.statusCode).toBe(200);
  });

  it('names the Stripe provider and test mode from Stripe keys', async () => {
    const live = await createTestApp({
      data: 'empty',
      env: { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' },
    });
    try {
      const config = (await live.app.inject({ url: '/api/config' })).json();
      expect(config).toMatchObject({ paymentProvider: 'stripe', testMode: false, publicKey: 'pk_live_x' });
    } finally {
      await live.close();
    }
  });
});

describe('GET api/message', () => {
  it('answers the catalogue, with not_enough_stock holding its {0}', async () => {
    const response = await t.app.inject({ url: '/api/message' });
    expect(response.statusCode).toBe(200);
    const list = messageSchema.array().parse(response.json());
    const notEnough = list.find((m) => m.code === 'not_enough_stock');
    expect(notEnough?.text).toContain('{0}');
  });
});

describe('POST api/Logger', () => {
  it('accepts a client error without a login and answers 204', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Logger',
      payload: { level: 'error', message: 'TypeError: x is undefined', url: '#/cart' },
    });
    expect(response.statusCode).toBe(204);
  });

  it('refuses an empty message (400) and an oversized body (413)', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/logger', payload: { message: '' } });
    expect(empty.statusCode).toBe(400);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/Logger',
      payload: { message: 'x'.repeat(20_000) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBeTypeOf('string');
  });

  it('is rate-limited per address', async () => {
    const own = await createTestApp({ data: 'empty' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const r = await own.app.inject({ method: 'POST', url: '/api/Logger', payload: { message: `m${i}` } });
        statuses.push(r.statusCode);
      }
      expect(statuses.slice(0, 30).every((s) => s === 204)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await own.close();
    }
  });
});

describe('errors', () => {
  it('answers an unknown API path with 404 in the one error shape', async () => {
    const response = await t.app.inject({ url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'There is no GET /api/no-such-thing.' },
    });
  });

  it('publishes an OpenAPI document generated from the schemas', async () => {
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/config']),
    );
  });
});
