import { describe, expect, it } from 'vitest';
import { PaymentError, type Reader, type WebhookEndpointSummary } from './gateway.ts';
import { type GoLiveDeps, goLiveCheck } from './go-live-check.ts';
import { HANDLED_EVENT_TYPES } from './webhook-events.ts';

/** npm run stripe:check's verdicts, with the processor and the shop's endpoint stood in for. */

const LIVE: GoLiveDeps['config'] = {
  paymentProvider: 'stripe',
  stripeSecretKey: 'sk_live_abc',
  stripePublishableKey: 'pk_live_abc',
  stripeWebhookSecret: 'whsec_abc',
  publicUrl: 'https://shop.example.ca',
  testMode: false,
};

function reader(label: string, status: Reader['status']): Reader {
  return {
    id: `tmr_${label}`,
    object: 'terminal.reader',
    label,
    status,
    device_type: 'bbpos_wisepos_e',
    serial_number: label,
    action: null,
    livemode: true,
  };
}

/** The shop's endpoint as Stripe has it registered: enabled, sending every event the shop acts on. */
function endpoint(fields: Partial<WebhookEndpointSummary> = {}): WebhookEndpointSummary {
  return {
    url: 'https://shop.example.ca/api/stripe/webhook',
    status: 'enabled',
    enabled_events: [...HANDLED_EVENT_TYPES],
    ...fields,
  };
}

/** The shop's webhook answering an unsigned event as it does: 400 invalid_signature. */
const signatureChecked: GoLiveDeps['fetch'] = async () => ({
  status: 400,
  text: async () => '{"error":{"code":"invalid_signature","message":"No signatures found"}}',
});

function deps(overrides: Partial<GoLiveDeps> = {}, config: Partial<GoLiveDeps['config']> = {}): GoLiveDeps {
  return {
    config: { ...LIVE, ...config },
    listReaders: async () => [reader('Front counter', 'online')],
    listWebhookEndpoints: async () => [endpoint()],
    fetch: signatureChecked,
    ...overrides,
  };
}

async function verdicts(given: GoLiveDeps) {
  return Object.fromEntries((await goLiveCheck(given)).map((result) => [result.check, result.status]));
}

describe('the go-live check', () => {
  it('passes a live shop with both keys, the signing secret, its endpoint and online readers', async () => {
    expect(await verdicts(deps())).toEqual({
      'API keys': 'ok',
      Mode: 'ok',
      'Webhook signing secret': 'ok',
      'Webhook endpoint': 'ok',
      'Webhook events': 'ok',
      'Card readers': 'ok',
    });
  });

  it('fails an endpoint Stripe does not have, has disabled, or does not send every event the shop acts on', async () => {
    const eventsCheck = async (endpoints: WebhookEndpointSummary[] | Error) => {
      const results = await goLiveCheck(
        deps({
          listWebhookEndpoints: async () => {
            if (endpoints instanceof Error) throw endpoints;
            return endpoints;
          },
        }),
      );
      return results.find((result) => result.check === 'Webhook events');
    };
    expect(await eventsCheck([endpoint({ url: 'https://old.example.ca/api/stripe/webhook' })])).toMatchObject(
      {
        status: 'failed',
        detail: expect.stringContaining(
          'Stripe has no webhook endpoint at https://shop.example.ca/api/stripe/webhook',
        ),
      },
    );
    expect(await eventsCheck([endpoint({ status: 'disabled' })])).toMatchObject({
      status: 'failed',
      detail: expect.stringContaining('is disabled'),
    });
    const older = HANDLED_EVENT_TYPES.filter(
      (type) => type !== 'charge.dispute.funds_withdrawn' && type !== 'refund.created',
    );
    expect(await eventsCheck([endpoint({ enabled_events: older })])).toMatchObject({
      status: 'failed',
      detail:
        "Stripe's endpoint at https://shop.example.ca/api/stripe/webhook does not send refund.created, charge.dispute.funds_withdrawn: add them to the endpoint's events.",
    });
    expect(await eventsCheck([endpoint({ enabled_events: ['*'] })])).toMatchObject({ status: 'ok' });
    expect(
      await eventsCheck(new PaymentError({ type: 'invalid_request_error', message: 'No permission' })),
    ).toMatchObject({
      status: 'warning',
      detail: expect.stringContaining('No permission'),
    });
    const sandbox = await goLiveCheck(
      deps({ listWebhookEndpoints: undefined }, { paymentProvider: 'sandbox' }),
    );
    expect(sandbox.find((result) => result.check === 'Webhook events')?.status).toBe('ok');
    const keyless = await goLiveCheck(deps({ listWebhookEndpoints: undefined }));
    expect(keyless.find((result) => result.check === 'Webhook events')?.status).toBe('warning');
  });

  it('fails keys of two modes, a missing publishable key, a missing signing secret', async () => {
    expect((await verdicts(deps({}, { stripePublishableKey: 'pk_test_abc' })))['API keys']).toBe('failed');
    expect((await verdicts(deps({}, { stripePublishableKey: undefined })))['API keys']).toBe('failed');
    expect((await verdicts(deps({}, { stripeWebhookSecret: undefined })))['Webhook signing secret']).toBe(
      'failed',
    );
  });

  it('fails an endpoint that does not answer, has no secret, or is not the shop’s', async () => {
    const down: GoLiveDeps['fetch'] = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    const noSecret: GoLiveDeps['fetch'] = async () => ({ status: 503, text: async () => '' });
    const notTheShop: GoLiveDeps['fetch'] = async () => ({ status: 404, text: async () => 'Not Found' });
    for (const fetch of [down, noSecret, notTheShop]) {
      expect((await verdicts(deps({ fetch })))['Webhook endpoint']).toBe('failed');
    }
  });

  it('notes test mode, a local address Stripe cannot reach, no readers and offline ones', async () => {
    const test = await goLiveCheck(
      deps({}, { testMode: true, stripeSecretKey: 'sk_test_a', stripePublishableKey: 'pk_test_a' }),
    );
    expect(test.find((result) => result.check === 'Mode')).toMatchObject({ status: 'warning' });
    expect((await verdicts(deps({}, { publicUrl: 'http://localhost:3000' })))['Webhook endpoint']).toBe(
      'warning',
    );
    expect((await verdicts(deps({ listReaders: async () => [] })))['Card readers']).toBe('warning');
    const some = await goLiveCheck(
      deps({ listReaders: async () => [reader('Front counter', 'online'), reader('Pop-up', 'offline')] }),
    );
    expect(some.find((result) => result.check === 'Card readers')).toEqual({
      check: 'Card readers',
      status: 'warning',
      detail: '1 of 2 readers online; offline: Pop-up.',
    });
  });

  it('fails when Stripe refuses the secret key', async () => {
    const refused = async (): Promise<Reader[]> => {
      throw new PaymentError({
        type: 'authentication_error',
        message: 'Invalid API Key provided: sk_live_***abc',
      });
    };
    const results = await goLiveCheck(deps({ listReaders: refused }));
    expect(results.find((result) => result.check === 'Card readers')).toEqual({
      check: 'Card readers',
      status: 'failed',
      detail: 'Stripe refused the secret key: Invalid API Key provided: sk_live_***abc',
    });
  });

  it('says a sandbox shop takes test cards only', async () => {
    const results = await goLiveCheck(
      deps(
        { listReaders: undefined, listWebhookEndpoints: undefined },
        {
          paymentProvider: 'sandbox',
          stripeSecretKey: undefined,
          stripeWebhookSecret: undefined,
          testMode: true,
        },
      ),
    );
    expect(results.map((result) => result.status)).toEqual(['warning', 'warning', 'ok', 'ok', 'ok', 'ok']);
  });

  it("asks the sandbox for its simulated readers: a new shop has none, the demo's one offline", async () => {
    const sandbox = {
      paymentProvider: 'sandbox',
      stripeSecretKey: undefined,
      stripeWebhookSecret: undefined,
      testMode: true,
    } as const;
    const readersOf = async (listed: Reader[]) =>
      (await goLiveCheck(deps({ listReaders: async () => listed }, sandbox))).find(
        (result) => result.check === 'Card readers',
      );
    expect(await readersOf([])).toEqual({
      check: 'Card readers',
      status: 'warning',
      detail:
        'No reader is registered: the register takes cards through Card Checkout only (register one in the back office, Card readers; in test mode the code simulated-wpe makes a simulated one).',
    });
    expect(await readersOf([reader('Front', 'online'), reader('Back', 'offline')])).toEqual({
      check: 'Card readers',
      status: 'warning',
      detail: '1 of 2 simulated readers online; offline: Back.',
    });
    expect((await readersOf([reader('Front', 'online')]))?.detail).toBe(
      '1 simulated reader registered, online.',
    );
  });

  it('says Stripe was not asked for its readers without a secret key', async () => {
    const results = await goLiveCheck(deps({ listReaders: undefined }, { stripeSecretKey: undefined }));
    expect(results.find((result) => result.check === 'Card readers')).toEqual({
      check: 'Card readers',
      status: 'warning',
      detail: 'Stripe was not asked for its readers: it has no secret key.',
    });
  });
});
