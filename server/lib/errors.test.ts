import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../domain/errors.ts';
import { DEMO_ACCOUNTS } from '../db/seed/demo-data.ts';
import {
  assignReader,
  createIntent,
  FRONT_COUNTER,
  newCashier,
  processOn,
} from '../modules/pos/pos-test-helpers.ts';
import { bearer, createTestApp, type InjectOptions, logIn, type TestApp } from '../test/app.ts';

/**
 * Every 4xx and 5xx has the one error body `{ error: { code, message, fields? } }` (DESIGN.md
 * "Errors"), including what the framework answers by itself, in words a person can read.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };
const dimensions = '/api/Dimension/byproductid';

async function errorOf(request: InjectOptions) {
  const response = await t.app.inject(request);
  const body = errorBodySchema.strict().parse(response.json());
  return { status: response.statusCode, ...body.error };
}

describe('the framework’s own refusals', () => {
  it.each<[string, InjectOptions, number, string, string]>([
    [
      'malformed JSON',
      { method: 'POST', url: dimensions, headers: json, payload: '{"product_id":' },
      400,
      'invalid_json',
      'The request body is not valid JSON.',
    ],
    [
      'a JSON null body',
      { method: 'POST', url: dimensions, headers: json, payload: 'null' },
      400,
      'invalid_input',
      'The request needs a JSON body.',
    ],
    ['no body', { method: 'POST', url: dimensions }, 400, 'invalid_input', 'The request needs a JSON body.'],
    [
      'an empty body said to be JSON',
      { method: 'POST', url: dimensions, headers: json, payload: '' },
      400,
      'invalid_input',
      'The request needs a JSON body.',
    ],
    [
      'a list for an object',
      { method: 'POST', url: dimensions, headers: json, payload: '[1,2]' },
      400,
      'invalid_input',
      'The request body must be a JSON object.',
    ],
    [
      'an over-long path parameter',
      { method: 'GET', url: `/api/product/${'1'.repeat(200)}` },
      400,
      'invalid_input',
      'A value in the address is too long.',
    ],
    [
      'a broken escape in the path',
      { method: 'GET', url: '/api/product/%E0%A4%A' },
      400,
      'invalid_url',
      'The address is not valid.',
    ],
    [
      'an unknown path',
      { method: 'GET', url: '/api/nothing' },
      404,
      'not_found',
      'There is no GET /api/nothing.',
    ],
    [
      'plain text',
      { method: 'POST', url: dimensions, headers: { 'content-type': 'text/plain' }, payload: 'hello' },
      415,
      'unsupported_media_type',
      'This call takes a JSON body (Content-Type: application/json).',
    ],
    [
      'XML',
      { method: 'POST', url: dimensions, headers: { 'content-type': 'application/xml' }, payload: '<a/>' },
      415,
      'unsupported_media_type',
      'This call takes a JSON body (Content-Type: application/json).',
    ],
    [
      'a body over 1 MB',
      { method: 'POST', url: dimensions, headers: json, payload: `{"a":"${'x'.repeat(1_100_000)}"}` },
      413,
      'body_too_large',
      'The request body is too large.',
    ],
    [
      'a poisoned prototype',
      {
        method: 'POST',
        url: dimensions,
        headers: json,
        payload: '{"__proto__":{"admin":true},"product_id":1}',
      },
      400,
      'invalid_json',
      'The request body is not valid JSON.',
    ],
  ])('%s', async (_, request, status, code, message) => {
    expect(await errorOf(request)).toMatchObject({ status, code, message });
  });
});

describe('a number beyond PostgreSQL’s integer', () => {
  it('is refused at the edge with the field’s message, and the shop answers everyone after it', async () => {
    const refused = await errorOf({
      method: 'POST',
      url: dimensions,
      payload: { product_id: 2_147_483_648, size_id: null },
    });
    expect(refused).toMatchObject({
      status: 400,
      code: 'invalid_input',
      fields: { product_id: 'product_id is not a valid id.' },
    });
    for (let attempt = 0; attempt < 3; attempt++) {
      const ok = await t.app.inject({
        method: 'POST',
        url: dimensions,
        payload: { product_id: 1, size_id: null },
      });
      expect(ok.statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/getShowRoomProducts' })).statusCode).toBe(200);
    }
  });

  it('in a path is a 400, not a 404 or a 500', async () => {
    expect(await errorOf({ method: 'GET', url: '/api/product/2147483648' })).toMatchObject({
      status: 400,
      code: 'invalid_input',
    });
    const admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
    expect(
      await errorOf({ method: 'GET', url: '/api/pos/receipts/99999999999999999999', headers: bearer(admin) }),
    ).toMatchObject({ status: 400, code: 'invalid_input' });
  });
});

describe('calls whose body is optional', () => {
  it('simulate a card on the reader with no body, or an empty one said to be JSON', async () => {
    const admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
    const cashier = await newCashier(t);
    await assignReader(t, cashier, FRONT_COUNTER);
    for (const [url, headers] of [
      ['/api/pos/simulate_payment', {}],
      ['/api/pos/simulate_interac_payment', json],
    ] as const) {
      const intent = await createIntent(t, cashier, 2000);
      expect((await processOn(t, cashier, FRONT_COUNTER, intent)).statusCode).toBe(200);
      const presented = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(cashier), ...headers, reader_id: FRONT_COUNTER },
      });
      expect(presented.statusCode, presented.body).toBe(200);
      expect(presented.json().action.status).toBe('succeeded');
    }
    // With nothing in progress, the answer is the same error body as any other.
    const idle = await errorOf({
      method: 'POST',
      url: '/api/pos/simulate_payment',
      headers: { ...bearer(admin), reader_id: FRONT_COUNTER },
    });
    expect(idle.status).toBeGreaterThanOrEqual(400);
    expect(idle.status).toBeLessThan(500);
  });
});

describe('a refusal of a whole part of the request', () => {
  it.each<[string, Omit<InjectOptions, 'headers'>, string]>([
    ['the query', { method: 'GET', url: '/api/admin/products?colour=red' }, 'query'],
    [
      'the body',
      { method: 'POST', url: '/api/admin/categories', payload: { name: 'Winter', colour: 'red' } },
      'body',
    ],
  ])('names %s when it has a key the call does not take', async (_part, request, field) => {
    const admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
    const refused = await errorOf({ ...request, headers: bearer(admin) });
    expect(refused).toMatchObject({ status: 400, code: 'invalid_input' });
    expect(refused.fields).toEqual({ [field]: refused.message });
    expect(refused.message).toContain('colour');
  });
});
