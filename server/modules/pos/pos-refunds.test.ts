/**
 * The refund screen's calls (spec pos.md §2 Refund, §4 Refund, §5, §7): charge search with its
 * filters, card refunds made online, Interac refunds made in person through the reader.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginRecord } from '../../../domain/auth.ts';
import { POS_MESSAGES, refundMaxMessage } from '../../../domain/pos/messages.ts';
import type { PosReader } from '../../../domain/pos/readers.ts';
import type { ChargeSearchRequest, PosCharge, RefundResult } from '../../../domain/pos/refunds.ts';
import { countRows } from '../../db/database.ts';
import { products, sandboxRefunds } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.ts';
import { createTestApp, logIn, type TestApp } from '../../test/app.ts';
import {
  assignReader,
  BACK_OFFICE_OFFLINE,
  FRONT_COUNTER,
  newCashier,
  POP_UP_STAND,
  payOnReader,
  posCall,
} from './pos-test-helpers.ts';

/** Mid-morning in Toronto on a day of November 2030 (the store's calendar day is that day). */
const day = (date: number) => new Date(Date.UTC(2030, 10, date, 15));
let now = day(10);
let t: TestApp;
let cashier: LoginRecord;
let admin: LoginRecord;

/** The payment intents of the charges made on days 2 to 6, one of each kind. */
const paid = { web: '', credit: '', debit: '', interac: '', failed: '' };

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => now } });
  cashier = await logIn(t.app, DEMO_ACCOUNTS.pos.user_name, DEMO_ACCOUNTS.pos.password);
  admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
  await assignReader(t, cashier, FRONT_COUNTER);
  await assignReader(t, admin, POP_UP_STAND);

  now = day(2);
  paid.web = await payOnHostedPage(t, cashier);
  now = day(3);
  paid.credit = (await payOnReader(t, cashier, FRONT_COUNTER, 3000)).paymentIntentId;
  now = day(4);
  paid.debit = (
    await payOnReader(t, cashier, FRONT_COUNTER, 2500, { number: '4000056655665556' })
  ).paymentIntentId;
  now = day(5);
  paid.interac = (await payOnReader(t, cashier, FRONT_COUNTER, 4520, { interac: true })).paymentIntentId;
  // 23:30 in Toronto on day 6 is already day 7 in UTC: the search counts the store's days.
  now = new Date(Date.UTC(2030, 10, 7, 4, 30));
  paid.failed = (await payOnReader(t, cashier, FRONT_COUNTER, 1005)).paymentIntentId;
  now = day(20);
});
afterAll(() => t.close());

/** A card payment on the sandbox's hosted checkout page (the charge search's 'Web'): 2 × CDN$12.99, no tax. */
async function payOnHostedPage(app: TestApp, who: LoginRecord): Promise<string> {
  // Card Checkout sells the catalogue: a product priced CDN$12.99 gives the amount searched for below.
  const [product] = await app.db
    .update(products)
    .set({ pricing: 1299, priceDiscount: 0 })
    .where(eq(products.code, 'AC-BAG-001'))
    .returning({ id: products.id });
  const created = await posCall(app, who, '/api/pos/create-checkout-session', {
    lineItems: [{ priceId: `price_${product?.id}`, quantity: 2 }],
    addTax: false,
  });
  expect(created.statusCode, created.body).toBe(200);
  const sessionId = /cs_[A-Za-z0-9_]+/.exec(created.json<{ url: string }>().url)?.[0] ?? '';
  const payment = await posCall(app, who, `/api/pos/sandbox-checkout/${sessionId}`, {
    number: '5555555555554444',
    exp_month: 12,
    exp_year: 2034,
    cvc: '123',
  });
  expect(payment.json()).toMatchObject({ status: 'complete', payment_status: 'paid' });
  const charges = await search({ cardType: 3, fromDate: '2030-11-02', toDate: '2030-11-02' });
  return charges[0]?.paymentIntentId ?? '';
}

const NOVEMBER = { fromDate: '2030-11-01', toDate: '2030-11-30' };

async function search(filter: ChargeSearchRequest): Promise<PosCharge[]> {
  const response = await posCall(t, cashier, '/api/pos/search-charge', filter);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PosCharge[]>();
}

async function found(filter: ChargeSearchRequest): Promise<string[]> {
  return (await search({ ...NOVEMBER, ...filter })).map((charge) => charge.paymentIntentId ?? '');
}

async function chargeOf(paymentIntentId: string): Promise<PosCharge | undefined> {
  return (await search(NOVEMBER)).find((charge) => charge.paymentIntentId === paymentIntentId);
}

let keys = 0;
/** One refund attempt of the web: its own Idempotency-Key. */
const newKey = () => `refund-attempt-${++keys}-${Date.now()}`;

function refund(
  who: LoginRecord,
  body: unknown,
  key: string | null = newKey(),
  readerId: string = FRONT_COUNTER,
) {
  return posCall(t, who, '/api/pos/refund', body, {
    reader_id: readerId,
    ...(key === null ? {} : { 'idempotency-key': key }),
  });
}

function refundInterac(who: LoginRecord, body: unknown, readerId: string | null, key = newKey()) {
  return posCall(t, who, '/api/pos/refund-interac', body, {
    ...(readerId === null ? {} : { reader_id: readerId }),
    'idempotency-key': key,
  });
}

const readerOf = async (who: LoginRecord, readerId: string) =>
  (await posCall(t, who, '/api/pos/get_reader', undefined, { reader_id: readerId })).json<PosReader>();

describe('POST api/pos/search-charge', () => {
  it('answers the charges of the period, newest first, with the spec’s fields', async () => {
    expect(await found({})).toEqual([paid.failed, paid.interac, paid.debit, paid.credit, paid.web]);
    const [web] = await search({ ...NOVEMBER, cardType: 3 });
    expect(web).toEqual({
      chargeId: expect.stringMatching(/^ch_/),
      paymentIntentId: paid.web,
      amount: 2598,
      amountRefunded: 0,
      refunded: false,
      captured: true,
      brand: 'mastercard',
      network: 'mastercard',
      source: 'card',
      country: 'US',
      last4: '4444',
      created: day(2).toISOString(),
      status: 'succeeded',
      // A sandbox payment made here, not a web order's.
      orderNumber: null,
    });
    expect(await chargeOf(paid.interac)).toMatchObject({
      amount: 4520,
      brand: 'interac',
      network: 'interac',
      source: 'interac_present',
      country: 'CA',
      last4: '1933',
    });
  });

  it('filters by amount in dollars, both ends included', async () => {
    expect(await found({ fromAmount: '25', toAmount: 30 })).toEqual([paid.debit, paid.credit, paid.web]);
    expect(await found({ fromAmount: 25.98, toAmount: '25.98' })).toEqual([paid.web]);
    expect(await found({ fromAmount: '45.20' })).toEqual([paid.interac]);
  });

  it('filters by the store’s calendar days, in either date format', async () => {
    expect(await found({ fromDate: '11/03/2030', toDate: '2030-11-04' })).toEqual([paid.debit, paid.credit]);
    expect(await found({ fromDate: '2030-11-06', toDate: '2030-11-06' })).toEqual([paid.failed]);
    expect(await found({ fromDate: '2030-11-07', toDate: '2030-11-30' })).toEqual([]);
    expect(await found({ fromDate: '2030-11-05T00:00:00.000Z', toDate: '2030-11-05' })).toEqual([
      paid.interac,
    ]);
  });

  it('filters by status: 1 succeeded, 2 failed, 0 none', async () => {
    expect(await found({ status: 2 })).toEqual([paid.failed]);
    expect(await found({ status: 1 })).toEqual([paid.interac, paid.debit, paid.credit, paid.web]);
    expect(await found({ status: 0 })).toHaveLength(5);
    const [failed] = await search({ ...NOVEMBER, status: 2 });
    expect(failed).toMatchObject({ status: 'failed', captured: false, amount: 1005 });
  });

  it('filters by card type (1 Debit with Interac, 2 Credit, 3 Web) and last 4 only with a card type', async () => {
    expect(await found({ cardType: 1 })).toEqual([paid.interac, paid.debit]);
    expect(await found({ cardType: 2, status: 1 })).toEqual([paid.credit]);
    expect(await found({ cardType: 3 })).toEqual([paid.web]);
    expect(await found({ cardType: 1, last4: '5556' })).toEqual([paid.debit]);
    expect(await found({ cardType: 1, last4: '4444' })).toEqual([]);
    // Without a card type the last 4 is cleared (spec §5), so it filters nothing.
    expect(await found({ cardType: 0, last4: '5556' })).toHaveLength(5);
  });

  it('limits the results (default 100) and searches everything without filters', async () => {
    expect(await found({ limit: 2 })).toEqual([paid.failed, paid.interac]);
    expect(await found({ limit: '3' })).toHaveLength(3);
    expect((await search({})).length).toBeGreaterThanOrEqual(5);
  });

  it('refuses bad filters with one message per field', async () => {
    const cases: [ChargeSearchRequest | Record<string, unknown>, string, string][] = [
      [{ cardType: 1, last4: '12a4' }, 'last4', POS_MESSAGES.last4Digits],
      [{ cardType: 2, last4: '123' }, 'last4', POS_MESSAGES.last4Length],
      [{ limit: '1x' }, 'limit', POS_MESSAGES.limitDigits],
      [{ limit: 101 }, 'limit', POS_MESSAGES.limitMax],
      [{ fromAmount: 'ten' }, 'fromAmount', POS_MESSAGES.fromAmountInvalid],
      [{ toAmount: -1 }, 'toAmount', POS_MESSAGES.toAmountInvalid],
      [{ fromAmount: 30, toAmount: 20 }, 'toAmount', POS_MESSAGES.amountRange],
      [{ fromDate: '2030-13-01' }, 'fromDate', POS_MESSAGES.dateInvalid],
      [{ fromDate: '2030-11-05', toDate: '2030-11-04' }, 'toDate', POS_MESSAGES.dateRange],
    ];
    for (const [filter, field, message] of cases) {
      const response = await posCall(t, cashier, '/api/pos/search-charge', filter);
      expect(response.statusCode, JSON.stringify(filter)).toBe(400);
      expect(response.json().error.fields[field], JSON.stringify(filter)).toBe(message);
    }
    for (const filter of [{ status: 3 }, { cardType: 4 }, { created: 'today' }]) {
      expect((await posCall(t, cashier, '/api/pos/search-charge', filter)).statusCode).toBe(400);
    }
  });
});

describe('POST api/pos/refund (card payments, online)', () => {
  it('refunds part, then the rest, never more than what remains', async () => {
    const refundsBefore = await countRows(t.db, sandboxRefunds);
    const part = await refund(cashier, { paymentIntentId: paid.credit, amount: 1000 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json<RefundResult>()).toEqual({
      id: expect.stringMatching(/^re_/),
      object: 'refund',
      status: 'succeeded',
      amount: 1000,
      payment_intent: paid.credit,
    });
    expect(await chargeOf(paid.credit)).toMatchObject({ amountRefunded: 1000, refunded: false });

    const tooMuch = await refund(cashier, { paymentIntentId: paid.credit, amount: 2001 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.fields.amount).toBe(refundMaxMessage(2000));
    expect(tooMuch.json().error.message).toBe("Refund Amount can't be more than 20.00.");

    const rest = await refund(cashier, { paymentIntentId: paid.credit });
    expect(rest.json<RefundResult>()).toMatchObject({ status: 'succeeded', amount: 2000 });
    expect(await chargeOf(paid.credit)).toMatchObject({ amountRefunded: 3000, refunded: true });

    const again = await refund(cashier, { paymentIntentId: paid.credit, amount: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'charge_already_refunded',
      message: POS_MESSAGES.alreadyRefunded,
    });
    expect(await countRows(t.db, sandboxRefunds)).toBe(refundsBefore + 2);
  });

  it('never refunds twice for one Idempotency-Key, even once the charge is fully refunded', async () => {
    const refundsBefore = await countRows(t.db, sandboxRefunds);
    const key = newKey();
    const first = await refund(cashier, { paymentIntentId: paid.web, amount: 598 }, key);
    expect(first.statusCode, first.body).toBe(200);
    const [retried, concurrent] = await Promise.all([
      refund(cashier, { paymentIntentId: paid.web, amount: 598 }, key),
      refund(cashier, { paymentIntentId: paid.web, amount: 598 }, key),
    ]);
    expect(retried.json<RefundResult>().id).toBe(first.json<RefundResult>().id);
    expect(concurrent.json<RefundResult>().id).toBe(first.json<RefundResult>().id);
    expect(await chargeOf(paid.web)).toMatchObject({ amountRefunded: 598 });

    const fullKey = newKey();
    const full = await refund(cashier, { paymentIntentId: paid.web }, fullKey);
    expect(full.json<RefundResult>().amount).toBe(2000);
    const fullRetry = await refund(cashier, { paymentIntentId: paid.web }, fullKey);
    expect(fullRetry.statusCode).toBe(200);
    expect(fullRetry.json<RefundResult>().id).toBe(full.json<RefundResult>().id);

    const reused = await refund(cashier, { paymentIntentId: paid.web, amount: 100 }, key);
    expect(reused.statusCode).toBe(409);
    expect(await countRows(t.db, sandboxRefunds)).toBe(refundsBefore + 2);
    expect(await chargeOf(paid.web)).toMatchObject({ amountRefunded: 2598, refunded: true });
    const made = await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, paid.web));
    expect(made.map((row) => row.amount).sort((a, b) => a - b)).toEqual([598, 2000]);
  });

  it('needs an Idempotency-Key of 8 to 255 characters', async () => {
    const before = await countRows(t.db, sandboxRefunds);
    const missing = await refund(cashier, { paymentIntentId: paid.debit, amount: 100 }, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields['idempotency-key']).toBe('The Idempotency-Key header is required.');
    const short = await refund(cashier, { paymentIntentId: paid.debit, amount: 100 }, 'abc');
    expect(short.statusCode).toBe(400);
    expect(await countRows(t.db, sandboxRefunds)).toBe(before);
  });

  it('refuses Interac payments (refunded in person), failed and unknown payments, and bad amounts', async () => {
    const before = await countRows(t.db, sandboxRefunds);
    const interac = await refund(cashier, { paymentIntentId: paid.interac });
    expect(interac.statusCode).toBe(400);
    expect(interac.json().error).toEqual({
      code: 'interac_refund_in_person',
      message: POS_MESSAGES.interacRefundThroughReader,
    });
    const failed = await refund(cashier, { paymentIntentId: paid.failed });
    expect(failed.statusCode).toBe(409);
    expect(failed.json().error.code).toBe('charge_not_refundable');
    expect((await refund(cashier, { paymentIntentId: 'pi_DoesNotExist' })).statusCode).toBe(404);
    for (const amount of [0, -5, 12.5, '100']) {
      const response = await refund(cashier, { paymentIntentId: paid.debit, amount });
      expect(response.statusCode, String(amount)).toBe(400);
    }
    expect((await refund(cashier, { paymentIntentId: paid.debit, extra: 1 })).statusCode).toBe(400);
    expect((await refund(cashier, { amount: 100 })).statusCode).toBe(400);
    expect(await countRows(t.db, sandboxRefunds)).toBe(before);
  });

  it('refuses a reader_id header naming a reader that is not the caller’s', async () => {
    const response = await refund(
      cashier,
      { paymentIntentId: paid.debit, amount: 100 },
      newKey(),
      POP_UP_STAND,
    );
    expect(response.statusCode).toBe(403);
    expect(await chargeOf(paid.debit)).toMatchObject({ amountRefunded: 0 });
  });
});

describe('POST api/pos/refund-interac (in person, through the reader)', () => {
  it('starts refund_payment on the reader, which is polled until the Interac card is presented', async () => {
    const before = await countRows(t.db, sandboxRefunds);
    const key = newKey();
    const started = await refundInterac(
      cashier,
      { paymentIntentId: paid.interac, amount: 1520 },
      FRONT_COUNTER,
      key,
    );
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<PosReader>()).toMatchObject({
      id: FRONT_COUNTER,
      object: 'terminal.reader',
      action: {
        type: 'refund_payment',
        status: 'in_progress',
        refund_payment: { payment_intent: paid.interac, amount: 1520, refund: null },
      },
    });
    // The web polls get_reader every second while the action is in progress: nothing refunded yet.
    expect((await readerOf(cashier, FRONT_COUNTER)).action?.status).toBe('in_progress');
    expect(await chargeOf(paid.interac)).toMatchObject({ amountRefunded: 0 });
    const retried = await refundInterac(
      cashier,
      { paymentIntentId: paid.interac, amount: 1520 },
      FRONT_COUNTER,
      key,
    );
    expect(retried.json<PosReader>().action?.status).toBe('in_progress');

    const notInterac = await posCall(
      t,
      cashier,
      '/api/pos/simulate_payment',
      {},
      { reader_id: FRONT_COUNTER },
    );
    expect(notInterac.statusCode).toBe(400);
    const presented = await posCall(
      t,
      cashier,
      '/api/pos/simulate_interac_payment',
      {},
      { reader_id: FRONT_COUNTER },
    );
    expect(presented.statusCode, presented.body).toBe(200);

    const polled = await readerOf(cashier, FRONT_COUNTER);
    expect(polled.action).toMatchObject({
      type: 'refund_payment',
      status: 'succeeded',
      failure_code: null,
      refund_payment: { payment_intent: paid.interac, refund: expect.stringMatching(/^re_/) },
    });
    expect(await chargeOf(paid.interac)).toMatchObject({ amountRefunded: 1520, refunded: false });

    const afterwards = await refundInterac(
      cashier,
      { paymentIntentId: paid.interac, amount: 1520 },
      FRONT_COUNTER,
      key,
    );
    expect(afterwards.statusCode).toBe(200);
    expect(await chargeOf(paid.interac)).toMatchObject({ amountRefunded: 1520 });
    expect(await countRows(t.db, sandboxRefunds)).toBe(before + 1);
  });

  it('is cancelled with the reader’s cancel_action before the card is presented: nothing refunded', async () => {
    const colleague = await newCashier(t);
    await assignReader(t, colleague, FRONT_COUNTER);
    const started = await refundInterac(
      cashier,
      { paymentIntentId: paid.interac, amount: 500 },
      FRONT_COUNTER,
    );
    expect(started.json<PosReader>().action?.status).toBe('in_progress');
    // The refund is the cashier's while it runs: a colleague on the same reader cannot cancel it.
    const notTheirs = await posCall(t, colleague, '/api/pos/cancel_payment', { id: FRONT_COUNTER });
    expect(notTheirs.statusCode).toBe(409);
    expect(notTheirs.json().error.message).toContain('for a refund in progress');
    const cancelled = await posCall(t, cashier, '/api/pos/cancel_payment', { id: FRONT_COUNTER });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<PosReader>().action).toBeNull();
    const late = await posCall(
      t,
      cashier,
      '/api/pos/simulate_interac_payment',
      {},
      { reader_id: FRONT_COUNTER },
    );
    expect(late.statusCode).toBe(400);
    expect(await chargeOf(paid.interac)).toMatchObject({ amountRefunded: 1520 });
  });

  it('fails on the reader when another reader refunded the rest first', async () => {
    const remaining = { paymentIntentId: paid.interac };
    expect((await refundInterac(cashier, remaining, FRONT_COUNTER)).statusCode).toBe(200);
    expect((await refundInterac(admin, remaining, POP_UP_STAND)).statusCode).toBe(200);
    await posCall(t, cashier, '/api/pos/simulate_interac_payment', {}, { reader_id: FRONT_COUNTER });
    expect((await readerOf(cashier, FRONT_COUNTER)).action).toMatchObject({
      status: 'succeeded',
      refund_payment: { amount: null },
    });
    await posCall(t, admin, '/api/pos/simulate_interac_payment', {}, { reader_id: POP_UP_STAND });
    const failed = (await readerOf(admin, POP_UP_STAND)).action;
    expect(failed).toMatchObject({
      type: 'refund_payment',
      status: 'failed',
      failure_code: 'charge_already_refunded',
    });
    expect(failed?.failure_message).toEqual(expect.any(String));
    expect(await chargeOf(paid.interac)).toMatchObject({ amountRefunded: 4520, refunded: true });

    const again = await refundInterac(cashier, remaining, FRONT_COUNTER);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(POS_MESSAGES.alreadyRefunded);
  });

  it('refuses card payments (refunded online) and more than what remains', async () => {
    const card = await refundInterac(cashier, { paymentIntentId: paid.debit }, FRONT_COUNTER);
    expect(card.statusCode).toBe(400);
    expect(card.json().error).toEqual({ code: 'card_refund_online', message: POS_MESSAGES.cardRefundOnline });

    const interac = await payOnReader(t, cashier, FRONT_COUNTER, 2000, { interac: true });
    const tooMuch = await refundInterac(
      cashier,
      { paymentIntentId: interac.paymentIntentId, amount: 2001 },
      FRONT_COUNTER,
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.fields.amount).toBe(refundMaxMessage(2000));
    expect((await readerOf(cashier, FRONT_COUNTER)).action?.type).toBe('process_payment_intent');
  });

  it('needs the caller’s own reader, present and online', async () => {
    const interac = await payOnReader(t, admin, POP_UP_STAND, 3000, { interac: true });
    const body = { paymentIntentId: interac.paymentIntentId };

    const missing = await refundInterac(admin, body, null);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toEqual({
      code: 'reader_not_present',
      message: POS_MESSAGES.readerNotPresent,
    });
    expect((await refundInterac(admin, body, FRONT_COUNTER)).statusCode).toBe(403);

    const backOffice = await newCashier(t);
    await assignReader(t, backOffice, BACK_OFFICE_OFFLINE);
    const offline = await refundInterac(backOffice, body, BACK_OFFICE_OFFLINE);
    expect(offline.statusCode).toBe(409);
    expect(offline.json().error).toEqual({ code: 'reader_offline', message: POS_MESSAGES.readerOffline });

    const noKey = await posCall(t, admin, '/api/pos/refund-interac', body, { reader_id: POP_UP_STAND });
    expect(noKey.statusCode).toBe(400);
    expect(await chargeOf(interac.paymentIntentId)).toMatchObject({ amountRefunded: 0 });
    expect((await readerOf(admin, POP_UP_STAND)).action?.type).toBe('process_payment_intent');
  });
});
