import type { APIRequestContext, Page } from '@playwright/test';
import type { LoginRecord } from '../domain/auth.ts';
import { bearer, DEMO, expect, logInByApi } from './fixtures.ts';

/**
 * The POS's card readers in the browser tests. There is one demo cashier, and a reader's state is
 * shared by whoever uses it: every POS test starts with the cashier's reader idle and leaves it idle
 * (`test.afterEach(leaveReaderIdle)`), so a test that fails half-way through a payment does not
 * leave the reader busy for the next one.
 */

export const FRONT_COUNTER = { id: 'tmr_SbxFrontCounter01', name: 'Front Counter WisePOS E' };
export const POP_UP_STAND = { id: 'tmr_SbxPopUpStand03', name: 'Pop-up Stand Reader' };

/** The cashier's reader, as the reader dialog sets it (POST api/pos/update_user_reader). */
async function assignReader(request: APIRequestContext, cashier: LoginRecord, readerId: string) {
  const response = await request.post('/api/pos/update_user_reader', {
    headers: bearer(cashier),
    data: { user_id: cashier.client_id, reader_id: readerId },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Cancels whatever the cashier's reader is doing (Stripe's cancel_action; nothing when idle). */
async function idleReader(request: APIRequestContext, cashier: LoginRecord) {
  const assigned = await request.post('/api/pos/GetUserReader', {
    headers: bearer(cashier),
    data: { user_id: cashier.client_id },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  const reader = (await assigned.json()) as { id: string } | null;
  if (!reader) return;
  const cancelled = await request.post('/api/pos/cancel_payment', {
    headers: bearer(cashier),
    data: { id: reader.id },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
}

/** The cashier's reader is `readerId`, with nothing in progress on it. */
export async function useIdleReader(request: APIRequestContext, cashier: LoginRecord, readerId: string) {
  await assignReader(request, cashier, readerId);
  await idleReader(request, cashier);
}

/** After each POS test: the demo cashier's reader does nothing. */
export async function leaveReaderIdle({ request }: { request: APIRequestContext }) {
  await idleReader(request, await logInByApi(request, DEMO.pos));
}

/**
 * Whole dollars (100 to 899) that no earlier attempt of a test used, taken from the clock: a test
 * that finds its charge on the refund page by its amount then finds this attempt's alone, also
 * when it runs again on the same shop.
 */
export function freshDollars(): number {
  return 100 + (Math.floor(Date.now() / 1000) % 800);
}

/** Stripe's simulated readers decline totals whose cents end so (test-mode amounts). */
export const DECLINING_CENTS = [1, 5, 55, 65, 75];

/** A card payment taken on the cashier's reader through the API, as the POS page takes it. */
export async function takeReaderPayment(request: APIRequestContext, cashier: LoginRecord, cents: number) {
  const headers = bearer(cashier);
  const intent = await request.post('/api/pos/create_payment_intent', {
    headers,
    data: { amount: String(cents) },
  });
  expect(intent.status(), await intent.text()).toBe(200);
  const { id } = (await intent.json()) as { id: string };
  const processing = await request.post('/api/pos/process_payment', {
    headers,
    data: { readerId: FRONT_COUNTER.id, paymentIntentId: id, userId: cashier.client_id },
  });
  expect(processing.status(), await processing.text()).toBe(200);
  const presented = await request.post('/api/pos/simulate_payment', {
    headers: { ...headers, reader_id: FRONT_COUNTER.id },
    data: {},
  });
  expect(presented.status(), await presented.text()).toBe(200);
  expect(((await presented.json()) as { action: { status: string } }).action.status).toBe('succeeded');
}

export function toast(page: Page, text: string) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}
