/** The built-in payment sandbox, as Stripe's API behaves: card details, online payments, card readers. */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countRows, rowsOf, type Tx } from '../../db/database.ts';
import { sandboxCharges, sandboxPaymentIntents, sandboxPaymentMethods } from '../../db/schema.ts';
import { createFastPaths } from './sandbox/fast-paths.ts';
import { createSandboxGateway } from './sandbox/index.ts';
import { createLedger } from './sandbox/ledger.ts';
import {
  authorize,
  card,
  chargeOf,
  clock,
  FRONT,
  failure,
  gateway,
  OFFLINE,
  POPUP,
  POS_TYPES,
  paidInPerson,
  paidOnline,
  sandbox,
  startSandbox,
  t,
} from './sandbox-test-kit.ts';

startSandbox();

describe('card details (the sandbox card form)', () => {
  it('keeps brand, last 4, expiry and funding of 4242 4242 4242 4242, never the number', async () => {
    const method = await sandbox().createPaymentMethod(
      card('4242 4242 4242 4242', {
        billing_details: { name: 'Avery Lachance', address: { country: 'CA' } },
      }),
    );
    expect(method.id).toMatch(/^pm_/);
    expect(method.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, funding: 'credit' });
    expect(method.billing_details).toMatchObject({ name: 'Avery Lachance', address: { country: 'CA' } });
    const [row] = await t.db
      .select()
      .from(sandboxPaymentMethods)
      .where(eq(sandboxPaymentMethods.id, method.id));
    expect(JSON.stringify(row)).not.toContain('424242424242');
    const intent = await gateway.createPaymentIntent({
      amount: 1500,
      paymentMethodId: method.id,
      captureMethod: 'manual',
      confirm: true,
    });
    expect(await gateway.retrievePaymentIntentWithMethod(intent.id)).toEqual({
      intent,
      paymentMethod: method,
    });
  });

  it('authorizes with the payment method in one answer, as Stripe expands it; 3-D Secure and a replay too', async () => {
    const method = await sandbox().createPaymentMethod(card('4242424242424242'));
    const params = {
      amount: 1500,
      paymentMethodId: method.id,
      captureMethod: 'manual' as const,
      confirm: true,
      idempotencyKey: `with-method-${method.id}`,
    };
    const paid = await gateway.createPaymentIntentWithMethod(params);
    expect(paid).toEqual(await gateway.retrievePaymentIntentWithMethod(paid.intent.id));
    expect(paid).toMatchObject({ intent: { status: 'requires_capture' }, paymentMethod: method });
    // The same key answers the same intent, with its method.
    expect(await gateway.createPaymentIntentWithMethod(params)).toEqual(paid);
    const asking = await sandbox().createPaymentMethod(card('4000002500003155'));
    const challenged = await gateway.createPaymentIntentWithMethod({
      ...params,
      paymentMethodId: asking.id,
      idempotencyKey: undefined,
    });
    expect(challenged).toMatchObject({ intent: { status: 'requires_action' }, paymentMethod: asking });
  });

  it('answers an intent without a payment method with none', async () => {
    const intent = await gateway.createPaymentIntent({ amount: 1500 });
    expect(await gateway.retrievePaymentIntentWithMethod(intent.id)).toEqual({ intent, paymentMethod: null });
  });

  it('answers an intent with its latest charge in one call, as each is retrieved; none before one', async () => {
    const unpaid = await gateway.createPaymentIntent({ amount: 1500 });
    expect(await gateway.retrievePaymentIntentWithCharge(unpaid.id)).toEqual({
      intent: unpaid,
      charge: null,
    });
    const method = await sandbox().createPaymentMethod(card('4242424242424242'));
    const paid = await gateway.createPaymentIntent({
      amount: 1500,
      paymentMethodId: method.id,
      confirm: true,
    });
    if (!paid.latest_charge) throw new Error('a confirmed payment has a charge');
    expect(await gateway.retrievePaymentIntentWithCharge(paid.id)).toEqual({
      intent: await gateway.retrievePaymentIntent(paid.id),
      charge: await gateway.retrieveCharge(paid.latest_charge),
    });
    await expect(gateway.retrievePaymentIntentWithCharge('pi_missing')).rejects.toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
    });
  });

  it.each([
    ['a number failing Luhn', card('4242424242424241'), 'incorrect_number', 'Your card number is incorrect.'],
    ['letters', card('4242abcd42424242'), 'incorrect_number', 'Your card number is incorrect.'],
    [
      'an expiry year in the past',
      card('4242424242424242', { exp_year: 2025 }),
      'invalid_expiry_year',
      "Your card's expiration year is invalid.",
    ],
    [
      'an expiry month already past',
      card('4242424242424242', { exp_month: 11, exp_year: 2026 }),
      'invalid_expiry_month',
      "Your card's expiration month is invalid.",
    ],
    [
      'month 13',
      card('4242424242424242', { exp_month: 13 }),
      'invalid_expiry_month',
      "Your card's expiration month is invalid.",
    ],
    [
      'a two-digit CVC',
      card('4242424242424242', { cvc: '12' }),
      'invalid_cvc',
      "Your card's security code is invalid.",
    ],
    [
      'a three-digit CVC on an Amex',
      card('378282246310005', { cvc: '123' }),
      'invalid_cvc',
      "Your card's security code is invalid.",
    ],
  ])('refuses %s with Stripe’s error, writing nothing', async (_name, input, code, message) => {
    const before = await countRows(t.db, sandboxPaymentMethods);
    const error = await failure(sandbox().createPaymentMethod(input));
    expect(error).toMatchObject({ type: 'card_error', code, message, statusCode: 402 });
    expect(await countRows(t.db, sandboxPaymentMethods)).toBe(before);
  });

  it('accepts this month, a two-digit year and an Amex with a four-digit CVC', async () => {
    await expect(
      sandbox().createPaymentMethod(card('4242424242424242', { exp_month: 12, exp_year: 26 })),
    ).resolves.toMatchObject({ card: { exp_year: 2026 } });
    await expect(
      sandbox().createPaymentMethod(card('378282246310005', { cvc: '1234' })),
    ).resolves.toMatchObject({
      card: { brand: 'amex', last4: '0005' },
    });
  });
});

describe('online payments: authorize now, capture later', () => {
  it('authorizes 4242 (requires_capture) and captures it', async () => {
    const intent = await authorize(4599);
    expect(intent).toMatchObject({
      id: expect.stringMatching(/^pi_/),
      status: 'requires_capture',
      amount: 4599,
      amount_capturable: 4599,
      amount_received: 0,
      currency: 'cad',
      capture_method: 'manual',
      metadata: { cart: 'test' },
      last_payment_error: null,
    });
    expect((await chargeOf(intent)).captured).toBe(false);
    const captured = await gateway.capturePaymentIntent(intent.id);
    expect(captured).toMatchObject({ status: 'succeeded', amount_received: 4599, amount_capturable: 0 });
    expect(await chargeOf(intent)).toMatchObject({ captured: true, amountCaptured: 4599, amountRefunded: 0 });
  });

  it('captures part of an authorization and releases the rest', async () => {
    const intent = await authorize(2000);
    const captured = await gateway.capturePaymentIntent(intent.id, { amountToCapture: 1500 });
    expect(captured).toMatchObject({ status: 'succeeded', amount_received: 1500 });
    expect(await chargeOf(intent)).toMatchObject({ amountCaptured: 1500, amountRefunded: 500 });
    const error = await failure(
      gateway.createRefund({ paymentIntentId: intent.id, amount: 1600, idempotencyKey: 'p1' }),
    );
    expect(error.message).toBe('Refund amount ($16.00) is greater than unrefunded amount on charge ($15.00)');
  });

  it('refuses to capture more than was authorized', async () => {
    const intent = await authorize(2000);
    const error = await failure(gateway.capturePaymentIntent(intent.id, { amountToCapture: 2001 }));
    expect(error).toMatchObject({ code: 'amount_too_large', param: 'amount_to_capture' });
    expect((await gateway.retrievePaymentIntent(intent.id)).status).toBe('requires_capture');
  });

  it('cancel releases an authorization; it can no longer be captured', async () => {
    const intent = await authorize(3000);
    const canceled = await gateway.cancelPaymentIntent(intent.id, { cancellationReason: 'abandoned' });
    expect(canceled).toMatchObject({
      status: 'canceled',
      amount_capturable: 0,
      cancellation_reason: 'abandoned',
    });
    expect(canceled.canceled_at).toBe(Math.floor(clock.now().getTime() / 1000));
    expect(await chargeOf(intent)).toMatchObject({ captured: false, amountRefunded: 3000 });
    const error = await failure(gateway.capturePaymentIntent(intent.id));
    expect(error).toMatchObject({
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message:
        'This PaymentIntent could not be captured because it has a status of canceled. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.',
    });
  });

  it('a captured payment cannot be cancelled', async () => {
    const intent = await paidOnline(1200);
    const error = await failure(gateway.cancelPaymentIntent(intent.id));
    expect(error.message).toBe(
      'You cannot cancel this PaymentIntent because it has a status of succeeded. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.',
    );
  });

  it('capture and cancel at the same moment: exactly one wins', async () => {
    const intent = await authorize(5000);
    const results = await Promise.allSettled([
      gateway.capturePaymentIntent(intent.id),
      gateway.cancelPaymentIntent(intent.id),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const final = await gateway.retrievePaymentIntent(intent.id);
    const row = await chargeOf(intent);
    if (final.status === 'succeeded') expect(row).toMatchObject({ captured: true, amountRefunded: 0 });
    else expect(row).toMatchObject({ captured: false, amountRefunded: 5000 });
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'generic_decline', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'card_declined', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000 0000 0000 9987', 'card_declined', 'lost_card', 'Your card was declined.'],
    ['4000 0000 0000 9979', 'card_declined', 'stolen_card', 'Your card was declined.'],
    ['4100 0000 0000 0019', 'card_declined', 'fraudulent', 'Your card was declined.'],
    ['4000 0000 0000 4954', 'card_declined', 'fraudulent', 'Your card was declined.'],
    ['4000 0000 0000 0069', 'expired_card', 'expired_card', 'Your card has expired.'],
    ['4000 0000 0000 0127', 'incorrect_cvc', 'incorrect_cvc', "Your card's security code is incorrect."],
    [
      '4000 0000 0000 0119',
      'processing_error',
      'processing_error',
      'An error occurred while processing your card. Try again in a little bit.',
    ],
  ])('%s is declined with %s (%s)', async (number, code, declineCode, message) => {
    const error = await failure(authorize(2500, number));
    expect(error).toMatchObject({
      type: 'card_error',
      code,
      decline_code: declineCode,
      message,
      statusCode: 402,
    });
    const intent = await gateway.retrievePaymentIntent(error.paymentIntentId ?? '');
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      payment_method: null,
      last_payment_error: { type: 'card_error', code, decline_code: declineCode, message },
    });
    expect(await chargeOf(intent)).toMatchObject({ status: 'failed', failureCode: code, captured: false });
  });

  it('the same idempotency key answers the same intent, or the same decline, never a second one', async () => {
    const method = await sandbox().createPaymentMethod(card('4242424242424242'));
    const params = {
      amount: 3100,
      paymentMethodId: method.id,
      captureMethod: 'manual' as const,
      confirm: true,
      idempotencyKey: 'order-key-1',
    };
    const [first, second] = await Promise.all([
      gateway.createPaymentIntent(params),
      gateway.createPaymentIntent(params),
    ]);
    expect(second.id).toBe(first.id);
    const third = await gateway.createPaymentIntent(params);
    expect(third.id).toBe(first.id);
    const rows = await t.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.idempotencyKey, 'order-key-1'));
    expect(rows).toHaveLength(1);
    expect(await countRows(t.db, sandboxCharges)).toBeGreaterThan(0);
    const charges = await t.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.paymentIntentId, first.id));
    expect(charges).toHaveLength(1);

    const mismatch = await failure(gateway.createPaymentIntent({ ...params, amount: 3200 }));
    expect(mismatch).toMatchObject({ type: 'idempotency_error' });
    expect(mismatch.message).toContain("Try using a key other than 'order-key-1'");

    const declined = await failure(authorize(900, '4000000000000002', 'order-key-2'));
    const again = await failure(
      gateway.createPaymentIntent({
        amount: 900,
        paymentMethodId: (await chargeOf({ id: declined.paymentIntentId ?? '' })).paymentMethodId ?? '',
        captureMethod: 'manual',
        confirm: true,
        idempotencyKey: 'order-key-2',
      }),
    );
    expect(again).toMatchObject({ code: 'card_declined', paymentIntentId: declined.paymentIntentId });
  });

  it.each([
    [{ amount: 49 }, 'amount_too_small', 'Amount must be at least $0.50 cad'],
    [{ amount: 12.5 }, 'parameter_invalid_integer', 'Invalid integer: 12.5'],
    [{ amount: 100_000_000 }, 'amount_too_large', 'Amount must be no more than $999,999.99 cad'],
  ])('refuses %o before writing anything', async (params, code, message) => {
    const before = await countRows(t.db, sandboxPaymentIntents);
    await expect(gateway.createPaymentIntent(params)).rejects.toMatchObject({
      code,
      message,
      param: 'amount',
    });
    expect(await countRows(t.db, sandboxPaymentIntents)).toBe(before);
  });

  it('refuses another currency, an unknown payment method and a confirm without one', async () => {
    await expect(gateway.createPaymentIntent({ amount: 1000, currency: 'usd' })).rejects.toMatchObject({
      param: 'currency',
    });
    await expect(
      gateway.createPaymentIntent({ amount: 1000, paymentMethodId: 'pm_nope', confirm: true }),
    ).rejects.toMatchObject({
      code: 'resource_missing',
      message: "No such payment_method: 'pm_nope'",
      statusCode: 404,
    });
    await expect(gateway.createPaymentIntent({ amount: 1000, confirm: true })).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
    await expect(gateway.retrievePaymentIntent('pi_nope')).rejects.toMatchObject({
      code: 'resource_missing',
    });
  });
});

describe("the processor's writes and the disk (docs/decisions/031)", () => {
  const synchronousCommit = async (tx: Tx) =>
    (await rowsOf<{ value: string }>(tx, sql`SELECT current_setting('synchronous_commit') AS value`))[0]
      ?.value;
  /** The sandbox's parts on one transaction, to read the setting its statement left for the commit. */
  const partsOn = (tx: Tx) => {
    const context = {
      db: tx,
      clock,
      checkoutUrl: () => '',
      ready: async () => undefined,
      openedDisputes: new Set<string>(),
    };
    const ledger = createLedger(context);
    return { ledger, fast: createFastPaths(context, ledger) };
  };

  it('the card form, an authorization and its capture commit without waiting; a cancel and a card inside a larger transaction wait', async () => {
    const method = await t.db.transaction(async (tx) => {
      const made = await partsOn(tx).ledger.insertCardMethod(tx, card('4242424242424242'), { alone: true });
      expect(await synchronousCommit(tx)).toBe('off');
      return made;
    });
    const params = {
      amount: 1500,
      paymentMethodId: method.id,
      captureMethod: 'manual' as const,
      confirm: true,
    };
    const authorized = await t.db.transaction(async (tx) => {
      const approved = await partsOn(tx).fast.createApprovedIntent(params, method.id);
      expect(await synchronousCommit(tx)).toBe('off');
      return approved;
    });
    expect(authorized?.intent.status).toBe('requires_capture');
    await t.db.transaction(async (tx) => {
      expect(await partsOn(tx).fast.captureAtOnce(authorized?.intent.id ?? '', {})).toMatchObject({
        status: 'succeeded',
      });
      expect(await synchronousCommit(tx)).toBe('off');
    });

    const released = await authorize(900);
    await t.db.transaction(async (tx) => {
      const { ledger, fast } = partsOn(tx);
      expect(await fast.cancelAtOnce(released.id, null)).toMatchObject({ status: 'canceled' });
      await ledger.insertCardMethod(tx, card('4242424242424242'));
      expect(await synchronousCommit(tx)).toBe('on');
    });
    expect(await synchronousCommit(t.db as unknown as Tx)).toBe('on');
  });
});

describe('the dispute test card (4000 0000 0000 0259)', () => {
  const DISPUTED = '4000000000000259';

  it('opens one dispute at the capture and tells the events once; a replay or another card opens none', async () => {
    const intent = await authorize(2500, DISPUTED);
    expect(sandbox().takeOpenedDispute(intent.id)).toBe(false);
    const key = `capture:${intent.id}`;
    await gateway.capturePaymentIntent(intent.id, { idempotencyKey: key });
    expect(sandbox().takeOpenedDispute(intent.id)).toBe(true);
    expect(sandbox().takeOpenedDispute(intent.id)).toBe(false);
    await gateway.capturePaymentIntent(intent.id, { idempotencyKey: key });
    expect(sandbox().takeOpenedDispute(intent.id)).toBe(false);
    expect(await gateway.listDisputes({ paymentIntentId: intent.id })).toEqual([
      expect.objectContaining({ amount: 2500, reason: 'fraudulent', payment_intent: intent.id }),
    ]);

    const paid = await paidOnline(2500);
    expect(sandbox().takeOpenedDispute(paid.id)).toBe(false);
    expect(await gateway.listDisputes({ paymentIntentId: paid.id })).toEqual([]);
  });

  it('opens it as well when the charge is captured at once, or the capture runs locked', async () => {
    const method = await sandbox().createPaymentMethod(card(DISPUTED));
    const automatic = await gateway.createPaymentIntent({
      amount: 1800,
      paymentMethodId: method.id,
      confirm: true,
    });
    expect(automatic.status).toBe('succeeded');
    expect(sandbox().takeOpenedDispute(automatic.id)).toBe(true);
    // The chargeback took the money back: Stripe refuses a refund on top of it.
    const refused = await failure(
      gateway.createRefund({ paymentIntentId: automatic.id, idempotencyKey: 'refund-disputed' }),
    );
    expect(refused).toMatchObject({ type: 'invalid_request_error', code: 'charge_disputed' });

    // The locked capture answers what one statement cannot (a reader's charge made meanwhile).
    const context = {
      db: t.db,
      clock,
      checkoutUrl: () => '',
      ready: async () => undefined,
      openedDisputes: new Set<string>(),
    };
    const locked = createFastPaths(context, createLedger(context));
    const authorized = await authorize(1200, DISPUTED);
    await t.db.transaction((tx) => locked.captureLocked(tx, authorized.id, {}));
    expect([...context.openedDisputes]).toEqual([authorized.id]);
    expect(await gateway.listDisputes({ paymentIntentId: authorized.id })).toHaveLength(1);
  });
});

describe('card readers', () => {
  it('lists the simulated readers: two online, one offline', async () => {
    const readers = await gateway.listReaders();
    expect(readers.map((reader) => [reader.label, reader.status])).toEqual([
      ['Back Office Reader', 'offline'],
      ['Front Counter WisePOS E', 'online'],
      ['Pop-up Stand Reader', 'online'],
    ]);
    expect(readers[1]).toMatchObject({ id: FRONT, object: 'terminal.reader', action: null, livemode: false });
    await expect(gateway.retrieveReader('tmr_nope')).rejects.toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
    });
  });

  it('processes a payment: in_progress until a card is presented, then succeeded (captured at once)', async () => {
    const intent = await gateway.createPaymentIntent({
      amount: 2260,
      paymentMethodTypes: [...POS_TYPES],
      receiptEmail: 'buyer@example.ca',
    });
    const processing = await gateway.processPaymentIntent(FRONT, intent.id);
    expect(processing.action).toEqual({
      type: 'process_payment_intent',
      status: 'in_progress',
      failure_code: null,
      failure_message: null,
      process_payment_intent: { payment_intent: intent.id },
    });
    expect((await gateway.retrieveReader(FRONT)).action?.status).toBe('in_progress');
    const done = await gateway.presentPaymentMethod(FRONT);
    expect(done.action).toMatchObject({ status: 'succeeded', failure_code: null });
    expect(await gateway.retrievePaymentIntent(intent.id)).toMatchObject({
      status: 'succeeded',
      amount_received: 2260,
      receipt_email: 'buyer@example.ca',
    });
    expect(await chargeOf(intent)).toMatchObject({
      paymentMethodType: 'card_present',
      brand: 'visa',
      last4: '4242',
      captured: true,
    });
  });

  it('an offline reader refuses actions with Stripe’s terminal_reader_offline', async () => {
    const intent = await gateway.createPaymentIntent({ amount: 1500, paymentMethodTypes: [...POS_TYPES] });
    const error = await failure(gateway.processPaymentIntent(OFFLINE, intent.id));
    expect(error).toMatchObject({
      type: 'invalid_request_error',
      code: 'terminal_reader_offline',
      message:
        'Reader is currently offline, please ensure the reader is powered on and connected to the internet before retrying your request.',
    });
    expect((await gateway.retrieveReader(OFFLINE)).action).toBeNull();
    await expect(gateway.cancelReaderAction(OFFLINE)).rejects.toMatchObject({
      code: 'terminal_reader_offline',
    });
  });

  it('a busy reader refuses a second payment', async () => {
    const first = await gateway.createPaymentIntent({ amount: 1500, paymentMethodTypes: [...POS_TYPES] });
    const second = await gateway.createPaymentIntent({ amount: 1600, paymentMethodTypes: [...POS_TYPES] });
    await gateway.processPaymentIntent(POPUP, first.id);
    await expect(gateway.processPaymentIntent(POPUP, second.id)).rejects.toMatchObject({
      code: 'terminal_reader_busy',
    });
    await gateway.cancelReaderAction(POPUP);
  });

  it.each([
    [1001, 'call_issuer'],
    [1005, 'generic_decline'],
    [1055, 'incorrect_pin'],
    [1065, 'withdrawal_count_limit_exceeded'],
    [1075, 'pin_try_exceeded'],
  ])('Stripe’s test amount %i makes the reader decline (%s)', async (amount, declineCode) => {
    const intent = await paidInPerson(amount);
    const reader = await gateway.retrieveReader(FRONT);
    expect(reader.action).toMatchObject({
      type: 'process_payment_intent',
      status: 'failed',
      failure_code: 'card_declined',
      failure_message: 'Your card was declined.',
    });
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', decline_code: declineCode },
    });
    // The same intent can be tried again (a declined card is not the end of the sale).
    await gateway.processPaymentIntent(FRONT, intent.id);
    await gateway.cancelReaderAction(FRONT);
  });

  it('declines test cards presented to the reader, and approves amounts ending in .00', async () => {
    const declined = await paidInPerson(2000, 'card_present', '4000000000009995');
    expect(declined.last_payment_error).toMatchObject({ decline_code: 'insufficient_funds' });
    expect((await gateway.retrieveReader(FRONT)).action).toMatchObject({
      status: 'failed',
      failure_code: 'card_declined',
      failure_message: 'Your card has insufficient funds.',
    });
    await expect(paidInPerson(2500)).resolves.toMatchObject({ status: 'succeeded' });
  });

  it('Interac is captured at once, even on a manual-capture intent, and cannot be cancelled after', async () => {
    const intent = await gateway.createPaymentIntent({
      amount: 3390,
      paymentMethodTypes: [...POS_TYPES],
      captureMethod: 'manual',
    });
    await gateway.processPaymentIntent(FRONT, intent.id);
    await gateway.presentPaymentMethod(FRONT, { type: 'interac_present' });
    const paid = await gateway.retrievePaymentIntent(intent.id);
    expect(paid).toMatchObject({ status: 'succeeded', amount_received: 3390 });
    expect(await chargeOf(intent)).toMatchObject({
      paymentMethodType: 'interac_present',
      brand: 'interac',
      network: 'interac',
      funding: 'debit',
      last4: '1933',
      captured: true,
    });
    await expect(gateway.cancelPaymentIntent(intent.id)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
    // Cancelling the reader's action after the card was presented undoes nothing.
    const reader = await gateway.cancelReaderAction(FRONT);
    expect(reader.action).toMatchObject({ status: 'succeeded' });
    expect((await gateway.retrievePaymentIntent(intent.id)).status).toBe('succeeded');
  });

  it('gives a succeeded in-person charge a 6-character authorization code; online and declined ones none', async () => {
    const code = async (intent: { latest_charge: string | null }) =>
      (await gateway.retrieveCharge(intent.latest_charge ?? '')).authorizationCode;
    const card = await paidInPerson(2700, 'card_present');
    const interac = await paidInPerson(3100, 'interac_present');
    const cardCode = await code(card);
    expect(cardCode).toMatch(/^[A-Z0-9]{6}$/);
    expect(await code(interac)).toMatch(/^[A-Z0-9]{6}$/);
    // The code belongs to the charge: asked again, or by another instance, it is the same.
    expect(await code(card)).toBe(cardCode);
    expect(
      (await createSandboxGateway(t.db, clock).retrieveCharge(card.latest_charge ?? '')).authorizationCode,
    ).toBe(cardCode);
    const declined = await paidInPerson(2000, 'card_present', '4000000000009995');
    expect(declined.status).toBe('requires_payment_method');
    expect(await code(declined)).toBeNull();
    expect(await code(await paidOnline(1900))).toBeNull();
    expect(await code(await authorize(1200))).toBeNull();
  });

  it('a card on a manual-capture intent waits for capture (unlike Interac)', async () => {
    const intent = await gateway.createPaymentIntent({
      amount: 1800,
      paymentMethodTypes: [...POS_TYPES],
      captureMethod: 'manual',
    });
    await gateway.processPaymentIntent(FRONT, intent.id);
    await gateway.presentPaymentMethod(FRONT, { type: 'card_present' });
    expect((await gateway.retrievePaymentIntent(intent.id)).status).toBe('requires_capture');
  });

  it('cancel returns the reader to idle and cancels the intent nothing was taken on', async () => {
    const intent = await gateway.createPaymentIntent({ amount: 4000, paymentMethodTypes: [...POS_TYPES] });
    await gateway.processPaymentIntent(FRONT, intent.id);
    const reader = await gateway.cancelReaderAction(FRONT);
    expect(reader.action).toBeNull();
    expect(await gateway.retrievePaymentIntent(intent.id)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
    });
    await expect(gateway.presentPaymentMethod(FRONT)).rejects.toMatchObject({
      type: 'invalid_request_error',
    });
    await expect(gateway.processPaymentIntent(FRONT, intent.id)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
    // Cancelling an idle reader changes nothing.
    expect((await gateway.cancelReaderAction(FRONT)).action).toBeNull();
  });

  it('refuses an online-only intent, and a card type the intent does not accept', async () => {
    const online = await gateway.createPaymentIntent({ amount: 1000 });
    await expect(gateway.processPaymentIntent(FRONT, online.id)).rejects.toMatchObject({
      param: 'payment_intent',
    });
    const cardOnly = await gateway.createPaymentIntent({
      amount: 1000,
      paymentMethodTypes: ['card_present'],
    });
    await gateway.processPaymentIntent(FRONT, cardOnly.id);
    await expect(gateway.presentPaymentMethod(FRONT, { type: 'interac_present' })).rejects.toMatchObject({
      param: 'type',
    });
    expect((await gateway.retrieveReader(FRONT)).action?.status).toBe('in_progress');
    await gateway.cancelReaderAction(FRONT);
  });

  it('keeps each reader’s action in the database, not in one process', async () => {
    const intent = await gateway.createPaymentIntent({ amount: 1700, paymentMethodTypes: [...POS_TYPES] });
    await gateway.processPaymentIntent(FRONT, intent.id);
    const otherInstance = createSandboxGateway(t.db, clock);
    expect((await otherInstance.retrieveReader(FRONT)).action?.status).toBe('in_progress');
    await otherInstance.presentPaymentMethod(FRONT);
    expect((await gateway.retrieveReader(FRONT)).action?.status).toBe('succeeded');
  });
});
