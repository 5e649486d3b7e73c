import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginRecord } from '../../../domain/auth.ts';
import { POS_MESSAGES } from '../../../domain/pos/messages.ts';
import type { PosReader, SavedPaymentDetail } from '../../../domain/pos/readers.ts';
import { countRows } from '../../db/database.ts';
import { outbox, posPayments, readerAssignments, sandboxPaymentIntents } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.ts';
import { bearer, createTestApp, logIn, signUp, type TestApp } from '../../test/app.ts';
import {
  assignReader,
  BACK_OFFICE_OFFLINE,
  createIntent,
  FRONT_COUNTER,
  newCashier,
  POP_UP_STAND,
  payOnReader,
  posCall,
  processOn,
} from './pos-test-helpers.ts';

let t: TestApp;
let cashier: LoginRecord;
let admin: LoginRecord;
let client: LoginRecord;
beforeAll(async () => {
  t = await createTestApp();
  cashier = await logIn(t.app, DEMO_ACCOUNTS.pos.user_name, DEMO_ACCOUNTS.pos.password);
  admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
  client = await signUp(t.app);
  await assignReader(t, cashier, FRONT_COUNTER);
  await assignReader(t, admin, POP_UP_STAND);
});
afterAll(() => t.close());

const call = (who: LoginRecord | null, url: string, payload?: unknown, headers = {}) =>
  posCall(t, who, url, payload, headers);

async function intentStatus(id: string): Promise<string | undefined> {
  const [row] = await t.db
    .select({ status: sandboxPaymentIntents.status })
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.id, id));
  return row?.status;
}

describe('the POS role guard', () => {
  const calls: [string, string, unknown?][] = [
    ['POST', '/api/pos/get_reader'],
    ['POST', '/api/pos/list_reader'],
    ['POST', '/api/pos/showreaders'],
    ['POST', '/api/pos/GetUserReader', { user_id: 1 }],
    ['POST', '/api/pos/update_user_reader', { user_id: 1, reader_id: FRONT_COUNTER }],
    ['POST', '/api/pos/create_payment_intent', { amount: '1000' }],
    ['POST', '/api/pos/process_payment', { readerId: FRONT_COUNTER, paymentIntentId: 'pi_x', userId: 1 }],
    ['POST', '/api/pos/simulate_payment', {}],
    ['POST', '/api/pos/simulate_interac_payment', {}],
    ['POST', '/api/pos/cancel_payment', { id: FRONT_COUNTER }],
    [
      'POST',
      '/api/pos/save_user_payment_detail',
      { userId: 1, readerId: 'x', amount: 1, paymentIntentId: 'pi' },
    ],
    ['POST', '/api/pos/list_products'],
    ['POST', '/api/pos/list_prices'],
    ['POST', '/api/pos/create-checkout-session', { lineItems: [] }],
    ['GET', '/api/pos/sandbox-checkout/cs_test_x'],
    ['POST', '/api/pos/sandbox-checkout/cs_test_x', {}],
    ['POST', '/api/pos/search-charge', {}],
    ['POST', '/api/pos/refund', { paymentIntentId: 'pi_x' }],
    ['POST', '/api/pos/refund-interac', { paymentIntentId: 'pi_x' }],
    ['POST', '/api/pos/receipts', { lines: [] }],
    ['GET', '/api/pos/receipts/1'],
    ['POST', '/api/pos/receipts/1/send', { email: 'a@example.ca' }],
    ['GET', '/api/pos/receipts/1/pdf'],
    ['GET', '/api/pos/tax-rate'],
    ['GET', '/api/pos/seller'],
    ['POST', '/api/pos/GETUSERREADER', { user_id: 1 }],
  ];

  it('answers 401 to visitors and 403 to clients on every call, whatever the body', async () => {
    const assignments = await countRows(t.db, readerAssignments);
    const intents = await countRows(t.db, sandboxPaymentIntents);
    for (const [method, url, payload] of calls) {
      const options = {
        method: method as 'GET' | 'POST',
        url,
        ...(payload ? { payload: payload as object } : {}),
      };
      const visitor = await t.app.inject(options);
      expect(visitor.statusCode, `${url} visitor`).toBe(401);
      const shopper = await t.app.inject({ ...options, headers: bearer(client) });
      expect(shopper.statusCode, `${url} client`).toBe(403);
    }
    expect(await countRows(t.db, readerAssignments)).toBe(assignments);
    expect(await countRows(t.db, sandboxPaymentIntents)).toBe(intents);
  });

  it('refuses a user_id, userId or User_id header naming someone else', async () => {
    expect((await call(cashier, '/api/pos/GetUserReader', { user_id: admin.client_id })).statusCode).toBe(
      403,
    );
    const other = await call(cashier, '/api/pos/update_user_reader', {
      user_id: admin.client_id,
      reader_id: BACK_OFFICE_OFFLINE,
    });
    expect(other.statusCode).toBe(403);
    const process = await call(cashier, '/api/pos/process_payment', {
      readerId: FRONT_COUNTER,
      paymentIntentId: 'pi_x',
      userId: admin.client_id,
    });
    expect(process.statusCode).toBe(403);
    const header = await call(cashier, '/api/pos/list_reader', undefined, {
      user_id: String(admin.client_id),
    });
    expect(header.statusCode).toBe(403);
    const [mine] = await t.db
      .select()
      .from(readerAssignments)
      .where(eq(readerAssignments.clientId, admin.client_id));
    expect(mine?.readerId).toBe(POP_UP_STAND);
  });
});

describe('readers and their assignment', () => {
  it('lists the simulated readers, one of them offline', async () => {
    const list = await call(cashier, '/api/pos/list_reader');
    expect(list.statusCode).toBe(200);
    const readers = list.json<{ id: string; name: string }[]>();
    expect(readers.map((reader) => reader.id).sort()).toEqual(
      [FRONT_COUNTER, BACK_OFFICE_OFFLINE, POP_UP_STAND].sort(),
    );
    expect(Object.keys(readers[0] ?? {})).toEqual(['id', 'name']);
    const shown = (await call(cashier, '/api/pos/showreaders')).json<{ id: string; status: string }[]>();
    expect(shown.find((reader) => reader.id === BACK_OFFICE_OFFLINE)?.status).toBe('offline');
    expect(shown.find((reader) => reader.id === FRONT_COUNTER)?.status).toBe('online');
  });

  it("answers the caller's own reader, null before one is chosen, and changes it to a known reader", async () => {
    const newcomer = await newCashier(t);
    const none = await call(newcomer, '/api/pos/GetUserReader', { user_id: newcomer.client_id });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();

    const unknown = await call(newcomer, '/api/pos/update_user_reader', {
      user_id: newcomer.client_id,
      reader_id: 'tmr_DoesNotExist',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.reader_id).toBe('Please select a card reader from the list.');
    const blank = await call(newcomer, '/api/pos/update_user_reader', {
      user_id: newcomer.client_id,
      reader_id: '',
    });
    expect(blank.statusCode).toBe(400);

    const chosen = await call(newcomer, '/api/pos/update_user_reader', {
      user_id: newcomer.client_id,
      reader_id: POP_UP_STAND,
    });
    expect(chosen.json()).toEqual({ id: POP_UP_STAND, name: 'Pop-up Stand Reader' });
    const again = await call(newcomer, '/api/pos/update_user_reader', {
      user_id: newcomer.client_id,
      reader_id: FRONT_COUNTER,
    });
    expect(again.statusCode).toBe(200);
    const mine = await call(newcomer, '/api/pos/GetUserReader', { user_id: newcomer.client_id });
    expect(mine.json()).toEqual({ id: FRONT_COUNTER, name: 'Front Counter WisePOS E' });
  });

  it('answers the reader named by the reader_id header when it is the caller’s', async () => {
    const response = await call(cashier, '/api/pos/get_reader', undefined, { reader_id: FRONT_COUNTER });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: FRONT_COUNTER,
      object: 'terminal.reader',
      name: 'Front Counter WisePOS E',
      status: 'online',
    });
  });

  it('answers a missing reader with 404 and the spec text, and a reader of someone else with 403', async () => {
    const missing = await call(cashier, '/api/pos/get_reader');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toEqual({
      code: 'reader_not_present',
      message: POS_MESSAGES.readerNotPresent,
    });
    const notMine = await call(cashier, '/api/pos/get_reader', undefined, { reader_id: POP_UP_STAND });
    expect(notMine.statusCode).toBe(403);
    const unknown = await call(cashier, '/api/pos/get_reader', undefined, { reader_id: 'tmr_Nope' });
    expect(unknown.statusCode).toBe(403);
  });

  it('answers 404 when the assigned reader is gone from the account', async () => {
    const ghost = await newCashier(t);
    await t.db.insert(readerAssignments).values({ clientId: ghost.client_id, readerId: 'tmr_Removed' });
    const reader = await call(ghost, '/api/pos/get_reader', undefined, { reader_id: 'tmr_Removed' });
    expect(reader.statusCode).toBe(404);
    expect(reader.json().error.message).toBe(POS_MESSAGES.readerNotPresent);
    expect((await call(ghost, '/api/pos/GetUserReader', { user_id: ghost.client_id })).json()).toBeNull();
    const id = await createIntent(t, ghost, 1000);
    const process = await processOn(t, ghost, 'tmr_Removed', id);
    expect(process.statusCode).toBe(404);
    expect(process.json().error.message).toBe('Card Reader does not present, please go to Card Checkout.');
  });
});

describe('POST api/pos/create_payment_intent', () => {
  it('creates a card_present and interac_present intent for the total in cents', async () => {
    const id = await createIntent(t, cashier, 1130);
    const [row] = await t.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
    expect(row).toMatchObject({
      amount: 1130,
      currency: 'cad',
      status: 'requires_payment_method',
      captureMethod: 'automatic',
      paymentMethodTypes: ['card_present', 'interac_present'],
    });
    expect(row?.metadata).toMatchObject({
      source: 'pos',
      pos_user: String(cashier.client_id),
      reader_id: FRONT_COUNTER,
    });
    const withEmail = await call(cashier, '/api/pos/create_payment_intent', {
      amount: 2260,
      receiptEmail: 'buyer@example.ca',
    });
    expect(withEmail.statusCode).toBe(200);
  });

  it('refuses amounts that are not whole cents from 50 to the ceiling, and writes nothing', async () => {
    const before = await countRows(t.db, sandboxPaymentIntents);
    for (const [amount, message] of [
      ['', 'Amount is required'],
      ['49', POS_MESSAGES.amountMin],
      ['0', POS_MESSAGES.amountMin],
      ['12.50', 'Amount must be a whole number of cents.'],
      ['-100', 'Amount must be a whole number of cents.'],
      ['1e5', 'Amount must be a whole number of cents.'],
      ['10000001', POS_MESSAGES.amountMax],
    ] as const) {
      const response = await call(cashier, '/api/pos/create_payment_intent', { amount });
      expect(response.statusCode, amount).toBe(400);
      expect(response.json().error.fields.amount, amount).toBe(message);
    }
    const email = await call(cashier, '/api/pos/create_payment_intent', {
      amount: '100',
      receiptEmail: 'x@',
    });
    expect(email.json().error.fields.receiptEmail).toBe('Please enter a valid email address');
    const missing = await call(cashier, '/api/pos/create_payment_intent', {});
    expect(missing.statusCode).toBe(400);
    const extra = await call(cashier, '/api/pos/create_payment_intent', { amount: '100', currency: 'usd' });
    expect(extra.statusCode).toBe(400);
    expect(await countRows(t.db, sandboxPaymentIntents)).toBe(before);
  });
});

describe('a payment through the reader', () => {
  it('goes to succeeded when a card is presented, and is saved once for that reader', async () => {
    const id = await createIntent(t, cashier, 2260);
    const processing = await processOn(t, cashier, FRONT_COUNTER, id);
    expect(processing.statusCode).toBe(200);
    expect(processing.json<PosReader>().action).toMatchObject({
      type: 'process_payment_intent',
      status: 'in_progress',
      process_payment_intent: { payment_intent: id },
    });
    // The web polls get_reader every second while in progress.
    const polled = await call(cashier, '/api/pos/get_reader', undefined, { reader_id: FRONT_COUNTER });
    expect(polled.json<PosReader>().action?.status).toBe('in_progress');
    const busy = await processOn(t, cashier, FRONT_COUNTER, await createIntent(t, cashier, 500));
    expect(busy.statusCode).toBe(409);

    const presented = await call(cashier, '/api/pos/simulate_payment', {}, { reader_id: FRONT_COUNTER });
    expect(presented.json<PosReader>().action).toMatchObject({ status: 'succeeded', failure_code: null });
    expect(await intentStatus(id)).toBe('succeeded');

    const detail = { userId: cashier.client_id, readerId: FRONT_COUNTER, amount: 2260, paymentIntentId: id };
    const saved = await call(cashier, '/api/pos/save_user_payment_detail', detail);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ userId: cashier.client_id, readerId: FRONT_COUNTER, amount: 2260 });
    const twice = await call(cashier, '/api/pos/save_user_payment_detail', detail);
    expect(twice.json().id).toBe(saved.json().id);
    const rows = await t.db.select().from(posPayments).where(eq(posPayments.paymentIntentId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ clientId: cashier.client_id, amount: 2260 });
  });

  it('makes the payment’s one receipt when it is saved and e-mails it at once to the address typed', async () => {
    // 20.00 + 2.60 HST = 22.60, for robin@example.ca.
    const created = await call(cashier, '/api/pos/create_payment_intent', {
      amount: '2260',
      subtotal: 2000,
      receiptEmail: 'robin.payment@example.ca',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<{ id: string }>().id;
    await processOn(t, cashier, FRONT_COUNTER, id);
    await call(cashier, '/api/pos/simulate_payment', {}, { reader_id: FRONT_COUNTER });
    const detail = { userId: cashier.client_id, readerId: FRONT_COUNTER, amount: 2260, paymentIntentId: id };
    const saved = (
      await call(cashier, '/api/pos/save_user_payment_detail', detail)
    ).json<SavedPaymentDetail>();
    expect(saved.receipt).toEqual({ receipt_id: expect.any(Number), receipt_number: expect.any(Number) });
    const receipt = await t.app.inject({
      url: `/api/pos/receipts/${saved.receipt?.receipt_id}`,
      headers: bearer(cashier),
    });
    expect(receipt.json()).toMatchObject({
      kind: 'payment',
      paymentIntentId: id,
      lines: [{ amount: 2000, tax: 260, total: 2260, addTax: true }],
      total: 2260,
      email: 'robin.payment@example.ca',
      // The card as the processor tells it, with the network's authorization code.
      tenders: [
        {
          type: 'card',
          amount: 2260,
          brand: 'visa',
          last4: '4242',
          authorizationCode: expect.stringMatching(/^[A-Z0-9]{6}$/),
        },
      ],
    });
    const again = (
      await call(cashier, '/api/pos/save_user_payment_detail', detail)
    ).json<SavedPaymentDetail>();
    expect(again.receipt).toEqual(saved.receipt);
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, 'robin.payment@example.ca'));
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringContaining(`Receipt ${saved.receipt?.receipt_number}`),
    ]);
  });

  it('refuses an amount before tax that the store’s tax does not turn into the total', async () => {
    const refused = await call(cashier, '/api/pos/create_payment_intent', { amount: '2260', subtotal: 2100 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.subtotal).toBe(POS_MESSAGES.paymentAmountMismatch);
  });

  it('goes to failed on Stripe’s declining test amounts and cards, with the failure code and message', async () => {
    const declined = await payOnReader(t, cashier, FRONT_COUNTER, 1005);
    expect(declined.reader.action).toMatchObject({
      status: 'failed',
      failure_code: 'card_declined',
      failure_message: 'Your card was declined.',
    });
    expect(await intentStatus(declined.paymentIntentId)).toBe('requires_payment_method');

    const pin = await payOnReader(t, cashier, FRONT_COUNTER, 2055);
    expect(pin.reader.action).toMatchObject({ status: 'failed', failure_code: 'card_declined' });

    const funds = await payOnReader(t, cashier, FRONT_COUNTER, 3000, { number: '4000000000009995' });
    expect(funds.reader.action).toMatchObject({
      status: 'failed',
      failure_message: 'Your card has insufficient funds.',
    });

    const notSaved = await call(cashier, '/api/pos/save_user_payment_detail', {
      userId: cashier.client_id,
      readerId: FRONT_COUNTER,
      amount: 1005,
      paymentIntentId: declined.paymentIntentId,
    });
    expect(notSaved.statusCode).toBe(409);
    expect(notSaved.json().error.message).toBe(POS_MESSAGES.paymentNotSucceeded);
  });

  it('is cancelled with the reader’s cancel_action before a card is presented', async () => {
    const id = await createIntent(t, cashier, 1500);
    await processOn(t, cashier, FRONT_COUNTER, id);
    const cancelled = await call(cashier, '/api/pos/cancel_payment', { id: FRONT_COUNTER });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<PosReader>().action).toBeNull();
    expect(await intentStatus(id)).toBe('canceled');
    const late = await call(cashier, '/api/pos/simulate_payment', {}, { reader_id: FRONT_COUNTER });
    expect(late.statusCode).toBe(400);
    expect(await intentStatus(id)).toBe('canceled');
  });

  it('takes Interac at once; a cancel afterwards does not undo it', async () => {
    const paid = await payOnReader(t, cashier, FRONT_COUNTER, 4520, { interac: true });
    expect(paid.reader.action?.status).toBe('succeeded');
    expect(await intentStatus(paid.paymentIntentId)).toBe('succeeded');
    const cancelled = await call(cashier, '/api/pos/cancel_payment', { id: FRONT_COUNTER });
    expect(cancelled.statusCode).toBe(200);
    expect(await intentStatus(paid.paymentIntentId)).toBe('succeeded');
    const charges = await call(cashier, '/api/pos/search-charge', { cardType: 1, last4: '1933' });
    const charge = charges.json<{ paymentIntentId: string; network: string; captured: boolean }[]>()[0];
    expect(charge).toMatchObject({
      paymentIntentId: paid.paymentIntentId,
      network: 'interac',
      captured: true,
    });
  });

  it('refuses an offline reader with 409 and the spec text, and another’s reader or intent', async () => {
    const offline = await newCashier(t);
    await assignReader(t, offline, BACK_OFFICE_OFFLINE);
    const id = await createIntent(t, offline, 1000);
    const response = await processOn(t, offline, BACK_OFFICE_OFFLINE, id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'reader_offline',
      message:
        'Card Reader is not online, please turn on your card reader and connect to internet, or go to Card Checkout.',
    });
    const state = await call(offline, '/api/pos/get_reader', undefined, { reader_id: BACK_OFFICE_OFFLINE });
    expect(state.json<PosReader>().status).toBe('offline');

    const notMine = await processOn(t, cashier, POP_UP_STAND, await createIntent(t, cashier, 1000));
    expect(notMine.statusCode).toBe(403);
    const othersIntent = await processOn(t, admin, POP_UP_STAND, id);
    expect(othersIntent.statusCode).toBe(404);
    const unknownIntent = await processOn(t, cashier, FRONT_COUNTER, 'pi_DoesNotExist');
    expect(unknownIntent.statusCode).toBe(404);
  });

  it('saves only a succeeded payment of that reader, for its real amount', async () => {
    const paid = await payOnReader(t, admin, POP_UP_STAND, 1234);
    // The processor's events record the payment as the cashier's (webhooks.test.ts) before any save.
    await t.app.sandboxEvents?.idle();
    const savedBefore = await countRows(t.db, posPayments);
    const detail = {
      userId: admin.client_id,
      readerId: POP_UP_STAND,
      amount: 1234,
      paymentIntentId: paid.paymentIntentId,
    };
    const wrongAmount = await call(admin, '/api/pos/save_user_payment_detail', { ...detail, amount: 1 });
    expect(wrongAmount.statusCode).toBe(400);
    expect(wrongAmount.json().error.fields.amount).toBe(POS_MESSAGES.paymentAmountMismatch);
    const wrongReader = await call(admin, '/api/pos/save_user_payment_detail', {
      ...detail,
      readerId: FRONT_COUNTER,
    });
    expect(wrongReader.statusCode).toBe(403);
    const pending = await createIntent(t, admin, 999);
    const notPaid = await call(admin, '/api/pos/save_user_payment_detail', {
      ...detail,
      paymentIntentId: pending,
    });
    expect(notPaid.statusCode).toBe(409);
    const othersPayment = await call(cashier, '/api/pos/save_user_payment_detail', {
      ...detail,
      userId: cashier.client_id,
      readerId: FRONT_COUNTER,
    });
    expect(othersPayment.statusCode).toBe(404);
    expect(await countRows(t.db, posPayments)).toBe(savedBefore);
    const ok = await call(admin, '/api/pos/save_user_payment_detail', detail);
    expect(ok.statusCode).toBe(200);
  });

  it('simulates on the caller’s reader without a header, and refuses when nothing is in progress', async () => {
    const id = await createIntent(t, admin, 800);
    await processOn(t, admin, POP_UP_STAND, id);
    const presented = await call(admin, '/api/pos/simulate_payment', {});
    expect(presented.json<PosReader>()).toMatchObject({ id: POP_UP_STAND, action: { status: 'succeeded' } });
    const idle = await call(admin, '/api/pos/simulate_interac_payment', {});
    expect(idle.statusCode).toBe(400);
    const badCard = await call(admin, '/api/pos/simulate_payment', { number: 'abc' });
    expect(badCard.statusCode).toBe(400);
  });
});

describe('a reader busy with someone’s action', () => {
  it('is not another’s to take over, cancel or take as theirs until it ends; the owner may cancel it', async () => {
    const holder = await newCashier(t);
    const other = await newCashier(t);
    const newcomer = await newCashier(t);
    await assignReader(t, holder, POP_UP_STAND);
    await assignReader(t, other, POP_UP_STAND);
    const held = await createIntent(t, holder, 2600);
    expect((await processOn(t, holder, POP_UP_STAND, held)).statusCode).toBe(200);

    const inUse = {
      code: 'reader_in_use',
      message:
        'Pop-up Stand Reader is in use by Avery Lachance for a payment in progress. ' +
        'Please wait until it ends, or ask them or the owner to cancel it.',
    };
    const othersIntent = await createIntent(t, other, 1800);
    const takeOver = await processOn(t, other, POP_UP_STAND, othersIntent);
    expect(takeOver.statusCode).toBe(409);
    expect(takeOver.json().error).toEqual(inUse);
    const cancel = await call(other, '/api/pos/cancel_payment', { id: POP_UP_STAND });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error).toEqual(inUse);
    const present = await call(other, '/api/pos/simulate_payment', {}, { reader_id: POP_UP_STAND });
    expect(present.statusCode).toBe(409);
    const reassign = await call(newcomer, '/api/pos/update_user_reader', {
      user_id: newcomer.client_id,
      reader_id: POP_UP_STAND,
    });
    expect(reassign.statusCode).toBe(409);
    expect(reassign.json().error.code).toBe('reader_in_use');
    expect(
      (await call(newcomer, '/api/pos/GetUserReader', { user_id: newcomer.client_id })).json(),
    ).toBeNull();
    // Nothing of the holder's payment was touched.
    expect(await intentStatus(held)).toBe('requires_payment_method');
    const reader = await call(holder, '/api/pos/get_reader', undefined, { reader_id: POP_UP_STAND });
    expect(reader.json<PosReader>().action).toMatchObject({
      status: 'in_progress',
      process_payment_intent: { payment_intent: held },
    });

    // The owner cancels it without being the holder; then the reader is anyone's again.
    const byOwner = await call(admin, '/api/pos/cancel_payment', { id: POP_UP_STAND });
    expect(byOwner.statusCode).toBe(200);
    expect(await intentStatus(held)).toBe('canceled');
    expect((await processOn(t, other, POP_UP_STAND, othersIntent)).statusCode).toBe(200);
    expect((await call(other, '/api/pos/cancel_payment', { id: POP_UP_STAND })).statusCode).toBe(200);
    await assignReader(t, newcomer, POP_UP_STAND);
  });
});

describe('simulating outside test mode', () => {
  it('is refused with live keys (403) before reaching the provider', async () => {
    const live = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_live_not_a_real_key' } });
    try {
      const who = await logIn(live.app, DEMO_ACCOUNTS.pos.user_name, DEMO_ACCOUNTS.pos.password);
      for (const url of ['/api/pos/simulate_payment', '/api/pos/simulate_interac_payment']) {
        const response = await posCall(live, who, url, {}, { reader_id: FRONT_COUNTER });
        expect(response.statusCode).toBe(403);
        expect(response.json().error.message).toBe(POS_MESSAGES.testModeOnly);
      }
      const page = await live.app.inject({
        url: '/api/pos/sandbox-checkout/cs_test_abc',
        headers: bearer(who),
      });
      expect(page.statusCode).toBe(404);
    } finally {
      await live.close();
    }
  });
});
