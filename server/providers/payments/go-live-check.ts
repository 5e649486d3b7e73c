/**
 * The go-live check (npm run stripe:check and the back office's Going live page; issue "Going live
 * with Stripe"): what an owner must have in place to take real money, looked at without changing
 * anything: the keys, of one mode; the webhook's signing secret; the webhook endpoint answering at
 * the shop's public address, and registered with Stripe for every event the shop acts on; the card
 * readers registered and online; whether the shop runs in test mode.
 */
import type { CheckResult, CheckStatus, GoLiveReport } from '../../../domain/admin/go-live.ts';
import type { Config } from '../../config.ts';
import { isPaymentError, type PaymentGateway, type Reader, type WebhookEndpointSummary } from './gateway.ts';
import { SIMULATED_REGISTRATION_CODE } from './sandbox/terminal.ts';
import { HANDLED_EVENT_TYPES } from './webhook-events.ts';

export type { CheckResult, CheckStatus };

/** How long the endpoint check waits for the shop's answer. */
const ENDPOINT_TIMEOUT_MS = 10_000;

export interface GoLiveDeps {
  config: Pick<
    Config,
    | 'paymentProvider'
    | 'stripeSecretKey'
    | 'stripePublishableKey'
    | 'stripeWebhookSecret'
    | 'publicUrl'
    | 'testMode'
  >;
  /** The processor's readers (its gateway's listReaders: Stripe's, or the sandbox's simulated ones). */
  listReaders: (() => Promise<Reader[]>) | undefined;
  /** Stripe's webhook endpoints; undefined for the sandbox and without a secret key. */
  listWebhookEndpoints: (() => Promise<WebhookEndpointSummary[]>) | undefined;
  /** fetch, or a stand-in in tests. */
  fetch: (
    url: string,
    init: { method: 'POST'; headers: Record<string, string>; body: string },
  ) => Promise<{
    status: number;
    text(): Promise<string>;
  }>;
}

type Mode = 'live' | 'test' | 'unknown';

function modeOf(key: string | undefined, prefixes: readonly string[]): Mode {
  if (!key) return 'unknown';
  for (const prefix of prefixes) {
    if (key.startsWith(`${prefix}_live_`)) return 'live';
    if (key.startsWith(`${prefix}_test_`)) return 'test';
  }
  return 'unknown';
}

function keysCheck(config: GoLiveDeps['config']): CheckResult {
  const check = 'API keys';
  if (config.paymentProvider === 'sandbox') {
    return {
      check,
      status: 'warning',
      detail:
        'No STRIPE_SECRET_KEY: the built-in sandbox takes test cards only. Set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY to take real money.',
    };
  }
  const secret = modeOf(config.stripeSecretKey, ['sk', 'rk']);
  const publishable = modeOf(config.stripePublishableKey, ['pk']);
  if (secret === 'unknown') {
    return {
      check,
      status: 'failed',
      detail: 'STRIPE_SECRET_KEY is not a Stripe secret key (sk_live_... or sk_test_...).',
    };
  }
  if (publishable === 'unknown') {
    return {
      check,
      status: 'failed',
      detail:
        'STRIPE_PUBLISHABLE_KEY is missing or not a publishable key (pk_live_... or pk_test_...): the card form cannot load.',
    };
  }
  if (secret !== publishable) {
    return {
      check,
      status: 'failed',
      detail: `The secret key is a ${secret} key and the publishable key a ${publishable} key: both must be live, or both test.`,
    };
  }
  return { check, status: 'ok', detail: `Both keys are ${secret} keys.` };
}

function modeCheck(config: GoLiveDeps['config']): CheckResult {
  return config.testMode
    ? {
        check: 'Mode',
        status: 'warning',
        detail: 'Test mode: no real money is taken; the shop, the POS and the back office show TEST MODE.',
      }
    : { check: 'Mode', status: 'ok', detail: 'Live mode: cards are charged; no TEST MODE banner shows.' };
}

function secretCheck(config: GoLiveDeps['config']): CheckResult {
  const check = 'Webhook signing secret';
  if (config.stripeWebhookSecret) return { check, status: 'ok', detail: 'STRIPE_WEBHOOK_SECRET is set.' };
  if (config.paymentProvider === 'sandbox') {
    return { check, status: 'ok', detail: 'The sandbox signs its own events with a secret of its own.' };
  }
  return {
    check,
    status: 'failed',
    detail:
      "STRIPE_WEBHOOK_SECRET is not set: copy the endpoint's signing secret (whsec_...) from Stripe's dashboard. Until then every event is refused and payments the browser never reported are not recorded.",
  };
}

/** An unsigned, empty event: a shop that checks signatures refuses it (400) and writes nothing. */
async function endpointCheck(deps: GoLiveDeps): Promise<CheckResult> {
  const check = 'Webhook endpoint';
  const url = `${deps.config.publicUrl}/api/stripe/webhook`;
  let status: number;
  let body = '';
  try {
    const response = await deps.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    status = response.status;
    body = await response.text();
  } catch (error) {
    return {
      check,
      status: 'failed',
      detail: `${url} did not answer (${error instanceof Error ? error.message : String(error)}): is the shop running there, and is PUBLIC_URL its address?`,
    };
  }
  const local = /^https?:\/\/(localhost|127\.|\[::1\])/.test(deps.config.publicUrl);
  if (status === 400 && body.includes('invalid_signature')) {
    return local && deps.config.paymentProvider === 'stripe'
      ? {
          check,
          status: 'warning',
          detail: `${url} answers and checks signatures, but Stripe cannot reach a local address: set PUBLIC_URL to the shop's public address and register that.`,
        }
      : { check, status: 'ok', detail: `${url} answers and refuses unsigned events.` };
  }
  if (status === 503) {
    return {
      check,
      status: 'failed',
      detail: `${url} answers that it has no signing secret: set STRIPE_WEBHOOK_SECRET where the shop runs and restart it.`,
    };
  }
  return { check, status: 'failed', detail: `${url} answered ${status}, not the shop's webhook.` };
}

/** Whether Stripe sends the shop's endpoint every event the shop acts on (HANDLED_EVENT_TYPES). */
async function eventsCheck(deps: GoLiveDeps): Promise<CheckResult> {
  const check = 'Webhook events';
  if (deps.config.paymentProvider === 'sandbox') {
    return { check, status: 'ok', detail: 'The sandbox sends the shop every event it acts on.' };
  }
  if (!deps.listWebhookEndpoints) {
    return {
      check,
      status: 'warning',
      detail: 'Stripe was not asked for its endpoints: it has no secret key.',
    };
  }
  const url = `${deps.config.publicUrl}/api/stripe/webhook`;
  const events = HANDLED_EVENT_TYPES.join(', ');
  let endpoints: WebhookEndpointSummary[];
  try {
    endpoints = await deps.listWebhookEndpoints();
  } catch (error) {
    // A restricted key may not read the endpoints; the readers' check says whether the key works.
    return {
      check,
      status: 'warning',
      detail: `Stripe could not be asked for its webhook endpoints (${error instanceof Error ? error.message : String(error)}): check in its dashboard that ${url} is sent ${events}.`,
    };
  }
  const endpoint = endpoints.find((candidate) => candidate.url === url);
  if (!endpoint) {
    return {
      check,
      status: 'failed',
      detail: `Stripe has no webhook endpoint at ${url}: add it (Developers, Webhooks) with these events: ${events}.`,
    };
  }
  if (endpoint.status !== 'enabled') {
    return {
      check,
      status: 'failed',
      detail: `Stripe's endpoint at ${url} is ${endpoint.status}: enable it in the dashboard (Developers, Webhooks).`,
    };
  }
  const sent = new Set(endpoint.enabled_events);
  const missing = sent.has('*') ? [] : HANDLED_EVENT_TYPES.filter((type) => !sent.has(type));
  if (missing.length > 0) {
    return {
      check,
      status: 'failed',
      detail: `Stripe's endpoint at ${url} does not send ${missing.join(', ')}: add ${missing.length === 1 ? 'it' : 'them'} to the endpoint's events.`,
    };
  }
  return {
    check,
    status: 'ok',
    detail: `Stripe sends ${url} all ${HANDLED_EVENT_TYPES.length} events the shop acts on.`,
  };
}

async function readersCheck(deps: GoLiveDeps): Promise<CheckResult> {
  const check = 'Card readers';
  const simulated = deps.config.paymentProvider === 'sandbox';
  if (!deps.listReaders) {
    // npm run stripe:check opens no database (the sandbox's), and asks Stripe only with a key.
    return simulated
      ? { check, status: 'ok', detail: "The sandbox's readers are simulated (back office, Card readers)." }
      : { check, status: 'warning', detail: 'Stripe was not asked for its readers: it has no secret key.' };
  }
  let readers: Reader[];
  try {
    readers = await deps.listReaders();
  } catch (error) {
    // Stripe answers a wrong key 401 with the type invalid_request_error, not authentication_error.
    const refused =
      isPaymentError(error) && (error.type === 'authentication_error' || error.statusCode === 401);
    return {
      check,
      status: 'failed',
      detail: refused
        ? `Stripe refused the secret key: ${error.message}`
        : `The card processor could not be asked for its readers: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (readers.length === 0) {
    return {
      check,
      status: 'warning',
      detail: `No reader is registered: the register takes cards through Card Checkout only (register one in the back office, Card readers${deps.config.testMode ? `; in test mode the code ${SIMULATED_REGISTRATION_CODE} makes a simulated one` : ''}).`,
    };
  }
  const kind = `${simulated ? 'simulated ' : ''}reader${readers.length === 1 ? '' : 's'}`;
  const offline = readers.filter((reader) => reader.status !== 'online');
  if (offline.length > 0) {
    return {
      check,
      status: 'warning',
      detail: `${readers.length - offline.length} of ${readers.length} ${kind} online; offline: ${offline.map((reader) => reader.label).join(', ')}.`,
    };
  }
  return {
    check,
    status: 'ok',
    detail: `${readers.length} ${kind} registered, ${readers.length === 1 ? 'online' : 'all online'}.`,
  };
}

/** Every check, in the order an owner fixes them. */
export async function goLiveCheck(deps: GoLiveDeps): Promise<CheckResult[]> {
  return [
    keysCheck(deps.config),
    modeCheck(deps.config),
    secretCheck(deps.config),
    await endpointCheck(deps),
    await eventsCheck(deps),
    await readersCheck(deps),
  ];
}

/** The checks with their verdict: ready when none failed. */
export async function goLiveReport(deps: GoLiveDeps): Promise<GoLiveReport> {
  const results = await goLiveCheck(deps);
  return {
    results,
    ready: results.every((result) => result.status !== 'failed'),
    testMode: deps.config.testMode,
    provider: deps.config.paymentProvider,
  };
}

/**
 * The check's dependencies as the shop has them (npm run stripe:check and the back office):
 * the processor's readers through the shop's gateway (the sandbox's simulated ones too), and the
 * network with a timeout, so that a shop that does not answer is a failed check, not a hang.
 */
export function goLiveDeps(
  config: GoLiveDeps['config'],
  gateway: Pick<PaymentGateway, 'provider' | 'listReaders' | 'listWebhookEndpoints'> | undefined,
  fetchUrl: GoLiveDeps['fetch'] = (url, init) =>
    fetch(url, { ...init, signal: AbortSignal.timeout(ENDPOINT_TIMEOUT_MS) }),
): GoLiveDeps {
  return {
    config,
    listReaders: gateway ? () => gateway.listReaders() : undefined,
    listWebhookEndpoints: gateway?.listWebhookEndpoints?.bind(gateway),
    fetch: fetchUrl,
  };
}

const MARKS: Record<CheckStatus, string> = { ok: 'ok  ', warning: 'note', failed: 'FAIL' };

export function formatGoLiveCheck(results: readonly CheckResult[]): string {
  return results.map((result) => `${MARKS[result.status]}  ${result.check}: ${result.detail}`).join('\n');
}
