import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoLiveReport } from '../../../domain/admin/go-live.ts';
import type { LoginRecord } from '../../../domain/auth.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.ts';
import { gateway, list, reader, routes, startFakeStripe } from '../../providers/payments/stripe-fake.ts';
import { HANDLED_EVENT_TYPES } from '../../providers/payments/webhook-events.ts';
import { bearer, createTestApp, expectAdminOnly, logIn, type TestApp } from '../../test/app.ts';
import { changedTables, snapshot } from '../../test/db-snapshot.ts';

/**
 * GET api/admin/stripe-check: npm run stripe:check's checks in the back office. The test app has no
 * network: the endpoint check's call to PUBLIC_URL reaches the app's own webhook (server/test/app.ts).
 */

const CHECK = { url: '/api/admin/stripe-check' };

async function checkAs(t: TestApp, admin: LoginRecord): Promise<GoLiveReport> {
  const answer = await t.app.inject({ ...CHECK, headers: bearer(admin) });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<GoLiveReport>();
}

const statuses = (report: GoLiveReport) =>
  Object.fromEntries(report.results.map((result) => [result.check, result.status]));

describe('the go-live check on the sandbox', () => {
  let t: TestApp;
  let admin: LoginRecord;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
  });
  afterAll(() => t.close());

  it('answers 401 to a visitor and 403 to a client or POS staff', async () => {
    await expectAdminOnly(t.app, CHECK);
  });

  it('says the sandbox takes test cards only, its endpoint answers, and nothing fails', async () => {
    const report = await checkAs(t, admin);
    expect(statuses(report)).toEqual({
      'API keys': 'warning',
      Mode: 'warning',
      'Webhook signing secret': 'ok',
      'Webhook endpoint': 'ok',
      'Webhook events': 'ok',
      // The sandbox is asked for its simulated readers: the demo's Back Office Reader is offline.
      'Card readers': 'warning',
    });
    expect(report.results.find((result) => result.check === 'Webhook endpoint')?.detail).toBe(
      'http://localhost:3000/api/stripe/webhook answers and refuses unsigned events.',
    );
    expect(report.results.find((result) => result.check === 'Card readers')?.detail).toBe(
      '2 of 3 simulated readers online; offline: Back Office Reader.',
    );
    expect(report).toMatchObject({ ready: true, testMode: true, provider: 'sandbox' });
  });

  it('changes nothing in the database', async () => {
    const before = await snapshot(t.db);
    await checkAs(t, admin);
    expect(changedTables(before, await snapshot(t.db))).toEqual([]);
  });
});

describe('the go-live check with Stripe test keys', () => {
  startFakeStripe();
  let t: TestApp;
  let admin: LoginRecord;
  beforeAll(async () => {
    t = await createTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_PUBLISHABLE_KEY: 'pk_test_fake' },
      payments: gateway,
    });
    admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
  });
  afterAll(() => t.close());

  it("asks the shop's gateway for Stripe's readers and endpoints: an address Stripe cannot reach, an event not sent", async () => {
    routes['GET /v1/terminal/readers'] = [
      200,
      list(
        [reader(), reader(null, { id: 'tmr_Off', label: 'Back Office Reader', status: 'offline' })],
        '/v1/terminal/readers',
      ),
    ];
    // An endpoint registered before the shop acted on charge.dispute.funds_withdrawn.
    routes['GET /v1/webhook_endpoints'] = [
      200,
      list(
        [
          {
            id: 'we_fake',
            object: 'webhook_endpoint',
            url: 'http://localhost:3000/api/stripe/webhook',
            status: 'enabled',
            enabled_events: HANDLED_EVENT_TYPES.filter((type) => type !== 'charge.dispute.funds_withdrawn'),
          },
        ],
        '/v1/webhook_endpoints',
      ),
    ];
    const report = await checkAs(t, admin);
    expect(statuses(report)).toEqual({
      'API keys': 'ok',
      Mode: 'warning',
      'Webhook signing secret': 'ok',
      'Webhook endpoint': 'warning',
      'Webhook events': 'failed',
      'Card readers': 'warning',
    });
    expect(report.results.find((result) => result.check === 'Webhook events')?.detail).toBe(
      "Stripe's endpoint at http://localhost:3000/api/stripe/webhook does not send charge.dispute.funds_withdrawn: add it to the endpoint's events.",
    );
    expect(report.results.find((result) => result.check === 'Card readers')?.detail).toBe(
      '1 of 2 readers online; offline: Back Office Reader.',
    );
    expect(report).toMatchObject({ ready: false, testMode: true, provider: 'stripe' });
  });

  it('is not ready when Stripe refuses the secret key', async () => {
    routes['GET /v1/terminal/readers'] = [
      401,
      { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_***fake' } },
    ];
    const report = await checkAs(t, admin);
    expect(report.results.find((result) => result.check === 'Card readers')).toEqual({
      check: 'Card readers',
      status: 'failed',
      detail: 'Stripe refused the secret key: Invalid API Key provided: sk_test_***fake',
    });
    expect(report.ready).toBe(false);
  });
});
