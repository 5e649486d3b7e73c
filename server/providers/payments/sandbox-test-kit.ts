/**
 * What the sandbox gateway's test files share: an empty shop's database, the gateway on a clock the
 * tests move, the simulated readers, and the payments a test starts from. A test file calls
 * startSandbox() once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { sandboxCharges } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { type CardInput, PaymentError, type PaymentGateway, type PaymentIntent } from './gateway.ts';
import { createSandboxGateway } from './sandbox/index.ts';
import { SANDBOX_READERS, seedSimulatedReaders } from './sandbox/seed.ts';

export let t: TestApp;
export let gateway: PaymentGateway;
/** The day the tests start on; a test that moves the clock puts it back. */
export const START = new Date('2026-12-01T15:00:00Z');
let now = START;
export const clock = { now: () => new Date(now) };

/** Moves the sandbox's clock. */
export function setNow(date: Date): void {
  now = date;
}

export const FRONT = SANDBOX_READERS[0].id;
export const OFFLINE = SANDBOX_READERS[1].id;
export const POPUP = SANDBOX_READERS[2].id;
export const POS_TYPES = ['card_present', 'interac_present'] as const;

/** Builds the app and the gateway for the file's tests. */
export function startSandbox(): void {
  beforeAll(async () => {
    // Test files share this module when they share a worker (vitest.config.ts): each starts on START.
    now = START;
    t = await createTestApp({ data: 'empty' });
    // The demo's readers: an empty shop has none until the owner registers one.
    await seedSimulatedReaders(t.db);
    gateway = createSandboxGateway(t.db, clock);
  });
  afterAll(() => t.close());
}

export function card(number: string, overrides: Partial<CardInput> = {}): CardInput {
  return { number, exp_month: 12, exp_year: clock.now().getUTCFullYear() + 3, cvc: '123', ...overrides };
}

export function sandbox() {
  if (!gateway.sandbox) throw new Error('the sandbox has its own operations');
  return gateway.sandbox;
}

/** The PaymentError a call fails with. */
export async function failure(promise: Promise<unknown>): Promise<PaymentError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentError);
    return error as PaymentError;
  }
  throw new Error('expected a PaymentError');
}

/** A storefront payment: card details -> payment method -> authorized intent (manual capture). */
export async function authorize(amount: number, number = '4242424242424242', idempotencyKey?: string) {
  const method = await sandbox().createPaymentMethod(card(number));
  return gateway.createPaymentIntent({
    amount,
    paymentMethodId: method.id,
    captureMethod: 'manual',
    confirm: true,
    metadata: { cart: 'test' },
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
}

export async function paidOnline(amount: number, number = '4242424242424242') {
  const intent = await authorize(amount, number);
  return gateway.capturePaymentIntent(intent.id);
}

/** A POS payment through a reader: create, process, present. */
export async function paidInPerson(
  amount: number,
  type: 'card_present' | 'interac_present' = 'card_present',
  number?: string,
  readerId = FRONT,
): Promise<PaymentIntent> {
  const intent = await gateway.createPaymentIntent({ amount, paymentMethodTypes: [...POS_TYPES] });
  await gateway.processPaymentIntent(readerId, intent.id);
  await gateway.presentPaymentMethod(readerId, number ? { type, number } : { type });
  return gateway.retrievePaymentIntent(intent.id);
}

export async function chargeOf(intent: Pick<PaymentIntent, 'id'>) {
  const [row] = await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.paymentIntentId, intent.id));
  if (!row) throw new Error(`no charge for ${intent.id}`);
  return row;
}
