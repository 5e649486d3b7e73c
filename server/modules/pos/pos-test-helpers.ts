/** Shared steps of the POS integration tests: a payment taken on a (simulated) reader, refunded. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { LoginRecord } from '../../../domain/auth.ts';
import type { PosReader } from '../../../domain/pos/readers.ts';
import { clients } from '../../db/schema.ts';
import { SANDBOX_READERS } from '../../providers/payments/sandbox/seed.ts';
import { bearer, logIn, newClient, signUp, type TestApp } from '../../test/app.ts';

export const FRONT_COUNTER = SANDBOX_READERS[0].id;
export const BACK_OFFICE_OFFLINE = SANDBOX_READERS[1].id;
export const POP_UP_STAND = SANDBOX_READERS[2].id;

/**
 * A new staff member with these roles: signed up as a client, given the roles in the database
 * (sign-up gives CLIENT only), then logged in again so that the token carries them.
 */
export async function newStaff(t: TestApp, roles: string[]): Promise<LoginRecord> {
  const signup = newClient();
  const record = await signUp(t.app, signup);
  await t.db.update(clients).set({ roles }).where(eq(clients.id, record.client_id));
  return logIn(t.app, signup.user_name, signup.password);
}

/** A new cashier (the POS role). */
export function newCashier(t: TestApp): Promise<LoginRecord> {
  return newStaff(t, ['CLIENT', 'POS']);
}

export function posCall(t: TestApp, who: LoginRecord | null, url: string, payload?: unknown, headers = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { ...(who ? bearer(who) : {}), ...headers },
  });
}

export async function assignReader(t: TestApp, who: LoginRecord, readerId: string): Promise<void> {
  const response = await posCall(t, who, '/api/pos/update_user_reader', {
    user_id: who.client_id,
    reader_id: readerId,
  });
  expect(response.statusCode, response.body).toBe(200);
}

export async function createIntent(t: TestApp, who: LoginRecord, amount: number): Promise<string> {
  const response = await posCall(t, who, '/api/pos/create_payment_intent', { amount: String(amount) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string }>().id;
}

export async function processOn(t: TestApp, who: LoginRecord, readerId: string, paymentIntentId: string) {
  return posCall(t, who, '/api/pos/process_payment', { readerId, paymentIntentId, userId: who.client_id });
}

/** Creates an intent, hands it to the reader and presents a card: the reader as it ends. */
export async function payOnReader(
  t: TestApp,
  who: LoginRecord,
  readerId: string,
  amount: number,
  card: { interac?: boolean; number?: string } = {},
): Promise<{ paymentIntentId: string; reader: PosReader }> {
  const paymentIntentId = await createIntent(t, who, amount);
  const processing = await processOn(t, who, readerId, paymentIntentId);
  expect(processing.statusCode, processing.body).toBe(200);
  const simulate = card.interac ? '/api/pos/simulate_interac_payment' : '/api/pos/simulate_payment';
  const presented = await posCall(t, who, simulate, card.number ? { number: card.number } : {}, {
    reader_id: readerId,
  });
  expect(presented.statusCode, presented.body).toBe(200);
  return { paymentIntentId, reader: presented.json<PosReader>() };
}

/** A card payment refunded online on the POS refund screen, at the front counter: the refund's id. */
export async function refundOnScreen(
  t: TestApp,
  who: LoginRecord,
  paymentIntentId: string,
  amount: number,
): Promise<string> {
  const response = await posCall(
    t,
    who,
    '/api/pos/refund',
    { paymentIntentId, amount },
    { reader_id: FRONT_COUNTER, 'idempotency-key': randomUUID() },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string }>().id;
}
