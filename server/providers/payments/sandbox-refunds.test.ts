/** The built-in payment sandbox, as Stripe's API behaves: refunds, the charge search, hosted checkout sessions, products and prices. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.ts';
import { countRows } from '../../db/database.ts';
import {
  sandboxCharges,
  sandboxCheckoutSessions,
  sandboxPaymentMethods,
  sandboxPrices,
  sandboxProducts,
  sandboxReaders,
  sandboxRefunds,
} from '../../db/schema.ts';
import type { PaymentGateway } from './gateway.ts';
import { createPaymentGateway } from './index.ts';
import { createSandboxGateway } from './sandbox/index.ts';
import { SANDBOX_CHECKOUT_PATH } from './sandbox/rows.ts';
import {
  authorize,
  card,
  chargeOf,
  clock,
  FRONT,
  failure,
  gateway,
  OFFLINE,
  paidInPerson,
  paidOnline,
  START,
  sandbox,
  setNow,
  startSandbox,
  t,
} from './sandbox-test-kit.ts';

startSandbox();

describe('refunds', () => {
  it('refunds a card payment online, partly then fully, never beyond', async () => {
    const intent = await paidOnline(2000);
    const partial = await gateway.createRefund({
      paymentIntentId: intent.id,
      amount: 500,
      idempotencyKey: 'r-1',
    });
    expect(partial).toMatchObject({
      id: expect.stringMatching(/^re_/),
      object: 'refund',
      amount: 500,
      status: 'succeeded',
      payment_intent: intent.id,
    });
    const tooMuch = await failure(
      gateway.createRefund({ paymentIntentId: intent.id, amount: 1600, idempotencyKey: 'r-2' }),
    );
    expect(tooMuch).toMatchObject({
      type: 'invalid_request_error',
      param: 'amount',
      message: 'Refund amount ($16.00) is greater than unrefunded amount on charge ($15.00)',
    });
    const rest = await gateway.createRefund({ paymentIntentId: intent.id, idempotencyKey: 'r-3' });
    expect(rest.amount).toBe(1500);
    expect(await chargeOf(intent)).toMatchObject({ amountRefunded: 2000 });
    const again = await failure(gateway.createRefund({ paymentIntentId: intent.id, idempotencyKey: 'r-4' }));
    expect(again).toMatchObject({ code: 'charge_already_refunded' });
    expect(again.message).toMatch(/^Charge ch_\w+ has already been refunded\.$/);
  });

  it('one idempotency key makes one refund, even when the request arrives twice at once', async () => {
    const intent = await paidOnline(3000);
    const params = { paymentIntentId: intent.id, amount: 1000, idempotencyKey: 'refund-once' };
    const [first, second] = await Promise.all([gateway.createRefund(params), gateway.createRefund(params)]);
    expect(second.id).toBe(first.id);
    expect((await gateway.createRefund(params)).id).toBe(first.id);
    expect(
      await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, intent.id)),
    ).toHaveLength(1);
    expect((await chargeOf(intent)).amountRefunded).toBe(1000);
    await expect(gateway.createRefund({ ...params, amount: 999 })).rejects.toMatchObject({
      type: 'idempotency_error',
    });
  });

  it('two different refunds at once never exceed the payment', async () => {
    const intent = await paidOnline(3000);
    const results = await Promise.allSettled([
      gateway.createRefund({ paymentIntentId: intent.id, amount: 2000, idempotencyKey: 'race-a' }),
      gateway.createRefund({ paymentIntentId: intent.id, amount: 2000, idempotencyKey: 'race-b' }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect((await chargeOf(intent)).amountRefunded).toBe(2000);
  });

  it('refuses an authorization not captured, and an unknown intent', async () => {
    const intent = await authorize(1000);
    await expect(
      gateway.createRefund({ paymentIntentId: intent.id, idempotencyKey: 'r-uncaptured' }),
    ).rejects.toMatchObject({ message: 'This PaymentIntent does not have a successful charge to refund.' });
    await expect(
      gateway.createRefund({ paymentIntentId: 'pi_nope', idempotencyKey: 'r-none' }),
    ).rejects.toMatchObject({ code: 'resource_missing' });
    await expect(
      gateway.createRefund({ paymentIntentId: intent.id, amount: 0, idempotencyKey: 'r-zero' }),
    ).rejects.toMatchObject({ param: 'amount' });
  });

  it('an Interac payment is refunded through the reader only, once', async () => {
    const intent = await paidInPerson(5650, 'interac_present');
    const online = await failure(gateway.createRefund({ paymentIntentId: intent.id, idempotencyKey: 'i-1' }));
    expect(online).toMatchObject({ type: 'invalid_request_error', code: 'charge_not_refundable' });

    await expect(
      gateway.refundPayment(FRONT, { paymentIntentId: intent.id, amount: 6000, idempotencyKey: 'ri-0' }),
    ).rejects.toMatchObject({
      message: 'Refund amount ($60.00) is greater than unrefunded amount on charge ($56.50)',
    });
    await expect(
      gateway.refundPayment(OFFLINE, { paymentIntentId: intent.id, idempotencyKey: 'ri-off' }),
    ).rejects.toMatchObject({ code: 'terminal_reader_offline' });

    const started = await gateway.refundPayment(FRONT, {
      paymentIntentId: intent.id,
      amount: 1650,
      idempotencyKey: 'ri-1',
    });
    expect(started.action).toMatchObject({
      type: 'refund_payment',
      status: 'in_progress',
      refund_payment: { payment_intent: intent.id, amount: 1650, refund: null },
    });
    // The same request again is the same action, not a busy reader nor a second refund.
    expect(
      (await gateway.refundPayment(FRONT, { paymentIntentId: intent.id, idempotencyKey: 'ri-1' })).action,
    ).toEqual(started.action);
    await expect(gateway.presentPaymentMethod(FRONT, { type: 'card_present' })).rejects.toMatchObject({
      param: 'type',
    });
    const done = await gateway.presentPaymentMethod(FRONT, { type: 'interac_present' });
    expect(done.action).toMatchObject({
      status: 'succeeded',
      refund_payment: { refund: expect.stringMatching(/^re_/) },
    });
    await gateway.refundPayment(FRONT, { paymentIntentId: intent.id, idempotencyKey: 'ri-1' });
    expect((await gateway.retrieveReader(FRONT)).action?.status).toBe('succeeded');
    expect(
      await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, intent.id)),
    ).toHaveLength(1);
    expect((await chargeOf(intent)).amountRefunded).toBe(1650);

    // The rest, without an amount: what remains.
    await gateway.refundPayment(FRONT, { paymentIntentId: intent.id, idempotencyKey: 'ri-2' });
    await gateway.presentPaymentMethod(FRONT, { type: 'interac_present' });
    expect((await chargeOf(intent)).amountRefunded).toBe(5650);
    await expect(
      gateway.refundPayment(FRONT, { paymentIntentId: intent.id, idempotencyKey: 'ri-3' }),
    ).rejects.toMatchObject({ code: 'charge_already_refunded' });
  });

  it('a card payment taken on a reader is refunded online, not through the reader', async () => {
    const intent = await paidInPerson(2100, 'card_present');
    await expect(
      gateway.refundPayment(FRONT, { paymentIntentId: intent.id, idempotencyKey: 'rc-1' }),
    ).rejects.toMatchObject({ code: 'charge_not_refundable' });
    await expect(
      gateway.createRefund({ paymentIntentId: intent.id, idempotencyKey: 'rc-2' }),
    ).resolves.toMatchObject({
      amount: 2100,
    });
  });

  it('cancelling an in-person refund leaves the payment as it was', async () => {
    const intent = await paidInPerson(1200, 'interac_present');
    await gateway.refundPayment(FRONT, { paymentIntentId: intent.id, idempotencyKey: 'rx-1' });
    expect((await gateway.cancelReaderAction(FRONT)).action).toBeNull();
    expect((await chargeOf(intent)).amountRefunded).toBe(0);
    expect((await gateway.retrievePaymentIntent(intent.id)).status).toBe('succeeded');
  });
});

describe('charge search', () => {
  const day = (n: number) => new Date(Date.UTC(2031, 0, n, 12));
  const window = { fromDate: day(1), toDate: day(31) };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    setNow(day(2));
    ids.web = (await paidOnline(2000, '5555555555554444')).id;
    setNow(day(3));
    ids.credit = (await paidInPerson(3000, 'card_present')).id;
    setNow(day(4));
    ids.debit = (await paidInPerson(2500, 'card_present', '4000056655665556')).id;
    setNow(day(5));
    ids.interac = (await paidInPerson(4500, 'interac_present')).id;
    setNow(day(6));
    ids.failed = (await failure(authorize(1000, '4000000000000002'))).paymentIntentId ?? '';
    await gateway.createRefund({ paymentIntentId: ids.web, amount: 700, idempotencyKey: 'search-refund' });
    setNow(day(20));
  });
  afterAll(() => {
    setNow(START);
  });

  const search = async (filter: Parameters<PaymentGateway['searchCharges']>[0]) =>
    (await gateway.searchCharges({ ...window, ...filter })).map((row) => row.paymentIntentId);

  it('answers the charges of the period, newest first, with the spec’s fields', async () => {
    const rows = await gateway.searchCharges(window);
    expect(rows.map((row) => row.paymentIntentId)).toEqual([
      ids.failed,
      ids.interac,
      ids.debit,
      ids.credit,
      ids.web,
    ]);
    expect(rows[4]).toEqual({
      chargeId: expect.stringMatching(/^ch_/),
      paymentIntentId: ids.web,
      amount: 2000,
      amountCaptured: 2000,
      amountRefunded: 700,
      refunded: false,
      captured: true,
      brand: 'mastercard',
      network: 'mastercard',
      source: 'card',
      country: 'US',
      last4: '4444',
      authorizationCode: null,
      created: Math.floor(day(2).getTime() / 1000),
      status: 'succeeded',
    });
    expect(rows[1]).toMatchObject({
      source: 'interac_present',
      brand: 'interac',
      network: 'interac',
      country: 'CA',
      authorizationCode: expect.stringMatching(/^[A-Z0-9]{6}$/),
    });
    expect(rows[2]?.authorizationCode).toMatch(/^[A-Z0-9]{6}$/);
    expect(rows[3]?.authorizationCode).toMatch(/^[A-Z0-9]{6}$/);
    expect(rows[0]).toMatchObject({ status: 'failed', authorizationCode: null });
  });

  it('filters by amount, date, status, card type and last 4, and limits', async () => {
    expect(await search({ fromAmount: 2500, toAmount: 3000 })).toEqual([ids.debit, ids.credit]);
    expect(await search({ fromDate: day(3), toDate: day(4) })).toEqual([ids.debit, ids.credit]);
    expect(await search({ status: 'failed' })).toEqual([ids.failed]);
    expect(await search({ status: 'succeeded', cardType: 'web' })).toEqual([ids.web]);
    expect(await search({ cardType: 'debit' })).toEqual([ids.interac, ids.debit]);
    expect(await search({ cardType: 'credit' })).toEqual([ids.credit]);
    expect(await search({ cardType: 'debit', last4: '5556' })).toEqual([ids.debit]);
    expect(await search({ limit: 2 })).toEqual([ids.failed, ids.interac]);
    expect(await search({ fromDate: day(7) })).toEqual([]);
  });

  it('answers one charge by its id as the search shows it, and resource_missing for an unknown one', async () => {
    const [web] = await gateway.searchCharges({ ...window, cardType: 'web' });
    expect(await gateway.retrieveCharge(web?.chargeId ?? '')).toEqual(web);
    const [interac] = await gateway.searchCharges({ ...window, last4: '1933' });
    expect(await gateway.retrieveCharge(interac?.chargeId ?? '')).toEqual(interac);
    await expect(gateway.retrieveCharge('ch_DoesNotExist')).rejects.toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
    });
  });
});

describe('hosted checkout sessions', () => {
  const lineItems = [
    { priceId: 'price_SbxNovelty1299', quantity: 2 },
    { priceId: 'price_SbxGiftBox4500', quantity: 1 },
  ];
  const successUrl = 'http://localhost:3000/#/checkout-success';

  it('creates a session from prices and quantities, with our hosted page', async () => {
    const session = await gateway.createCheckoutSession({ lineItems, successUrl, metadata: { staff: '7' } });
    expect(session).toMatchObject({
      id: expect.stringMatching(/^cs_test_/),
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 7098,
      currency: 'cad',
      payment_intent: null,
      success_url: successUrl,
      metadata: { staff: '7' },
      line_items: [
        { price: 'price_SbxNovelty1299', quantity: 2, amount_total: 2598, description: 'Novelty Socks' },
        { price: 'price_SbxGiftBox4500', quantity: 1, amount_total: 4500, description: 'Gift Box' },
      ],
    });
    expect(session.url).toBe(`${SANDBOX_CHECKOUT_PATH}${session.id}`);
    expect(await gateway.retrieveCheckoutSession(session.id)).toEqual(session);
  });

  it('refuses unknown prices, no lines and zero quantities', async () => {
    await expect(
      gateway.createCheckoutSession({ lineItems: [{ priceId: 'price_nope', quantity: 1 }], successUrl }),
    ).rejects.toMatchObject({ code: 'resource_missing', param: 'line_items[0][price]' });
    await expect(gateway.createCheckoutSession({ lineItems: [], successUrl })).rejects.toMatchObject({
      param: 'line_items',
    });
    await expect(
      gateway.createCheckoutSession({
        lineItems: [{ priceId: 'price_SbxGiftBox4500', quantity: 0 }],
        successUrl,
      }),
    ).rejects.toMatchObject({ param: 'line_items[0][quantity]' });
    await expect(gateway.retrieveCheckoutSession('cs_test_nope')).rejects.toMatchObject({
      code: 'resource_missing',
    });
  });

  it('the hosted page pays the session once: a declined card, then a good one', async () => {
    const session = await gateway.createCheckoutSession({ lineItems, successUrl, idempotencyKey: 'cs-key' });
    expect(
      (await gateway.createCheckoutSession({ lineItems, successUrl, idempotencyKey: 'cs-key' })).id,
    ).toBe(session.id);
    const declined = await failure(sandbox().completeCheckoutSession(session.id, card('4000000000000002')));
    expect(declined).toMatchObject({ code: 'card_declined', message: 'Your card was declined.' });
    expect((await gateway.retrieveCheckoutSession(session.id)).status).toBe('open');

    const paid = await sandbox().completeCheckoutSession(session.id, card('4242424242424242'));
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    expect(paid.payment_intent).toBe(declined.paymentIntentId);
    expect(await gateway.retrievePaymentIntent(paid.payment_intent ?? '')).toMatchObject({
      status: 'succeeded',
      amount_received: 7098,
      payment_method_types: ['card'],
      metadata: { checkout_session: session.id },
    });
    const again = await sandbox().completeCheckoutSession(session.id, card('4242424242424242'));
    expect(again.status).toBe('complete');
    const charges = await t.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.paymentIntentId, paid.payment_intent ?? ''));
    expect(charges.map((row) => row.status).sort()).toEqual(['failed', 'succeeded']);
  });

  it('takes inline prices, each a price of its own named by its product name', async () => {
    const session = await gateway.createCheckoutSession({
      lineItems: [
        { priceData: { name: 'Crew Sock (M)', unitAmount: 1299 }, quantity: 2 },
        { priceId: 'price_SbxGiftBox4500', quantity: 1 },
        { priceData: { name: 'HST 13%', unitAmount: 923 }, quantity: 1 },
      ],
      successUrl,
    });
    expect(session).toMatchObject({
      amount_total: 2598 + 4500 + 923,
      currency: 'cad',
      line_items: [
        {
          price: expect.stringMatching(/^price_\w+$/),
          quantity: 2,
          amount_total: 2598,
          description: 'Crew Sock (M)',
        },
        { price: 'price_SbxGiftBox4500', quantity: 1, amount_total: 4500, description: 'Gift Box' },
        {
          price: expect.stringMatching(/^price_\w+$/),
          quantity: 1,
          amount_total: 923,
          description: 'HST 13%',
        },
      ],
    });
    const [sock, , tax] = session.line_items;
    expect(sock?.price).not.toBe(tax?.price);

    await expect(
      gateway.createCheckoutSession({
        lineItems: [{ priceData: { name: ' ', unitAmount: 100 }, quantity: 1 }],
        successUrl,
      }),
    ).rejects.toMatchObject({ param: 'line_items[0][price_data][product_data][name]' });
    for (const unitAmount of [-1, 12.5]) {
      await expect(
        gateway.createCheckoutSession({
          lineItems: [{ priceData: { name: 'Sock', unitAmount }, quantity: 1 }],
          successUrl,
        }),
      ).rejects.toMatchObject({ param: 'line_items[0][price_data][unit_amount]' });
    }
  });

  it('puts the session id in place of {CHECKOUT_SESSION_ID} in the success URL, as Stripe’s redirect', async () => {
    const session = await gateway.createCheckoutSession({
      lineItems,
      successUrl: 'http://localhost:3000/#/checkout-success?session_id={CHECKOUT_SESSION_ID}',
    });
    const expected = `http://localhost:3000/#/checkout-success?session_id=${session.id}`;
    expect(session.success_url).toBe(expected);
    const paid = await sandbox().completeCheckoutSession(session.id, card('4242424242424242'));
    expect(paid.success_url).toBe(expected);
  });

  it('a session expires after 24 hours', async () => {
    const session = await gateway.createCheckoutSession({ lineItems, successUrl });
    const saved = clock.now();
    setNow(new Date(saved.getTime() + 24 * 3_600_000 + 1000));
    try {
      expect(await gateway.retrieveCheckoutSession(session.id)).toMatchObject({
        status: 'expired',
        url: null,
      });
      await expect(
        sandbox().completeCheckoutSession(session.id, card('4242424242424242')),
      ).rejects.toMatchObject({
        message: 'This Checkout Session is no longer active.',
      });
    } finally {
      setNow(saved);
    }
    const [row] = await t.db
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.id, session.id));
    expect(row?.paymentIntentId).toBeNull();
  });
});

describe('POS products and prices', () => {
  it('seeds the catalogue once, however many instances start', async () => {
    const others = [createSandboxGateway(t.db, clock), createSandboxGateway(t.db, clock)];
    await Promise.all(others.map((other) => other.listPrices()));
    const products = await gateway.listProducts();
    expect(products.map((product) => product.name)).toEqual([
      'Gift Box',
      'iPhone Case',
      'Novelty Socks',
      'Wool Hiking Socks',
    ]);
    expect(products[0]).toEqual({ id: 'prod_SbxGiftBox', object: 'product', name: 'Gift Box', active: true });
    const prices = await gateway.listPrices();
    expect(prices.map((price) => price.unit_amount).sort()).toEqual([1299, 1999, 2499, 2999, 4500]);
    expect(prices.find((price) => price.unit_amount === 2999)).toMatchObject({
      product: 'prod_SbxWoolHikingSocks',
      currency: 'cad',
      object: 'price',
    });
    expect(await countRows(t.db, sandboxProducts)).toBe(4);
    expect(await countRows(t.db, sandboxPrices)).toBe(5);
    expect(await countRows(t.db, sandboxReaders)).toBe(3);
  });

  it('lists only active products and prices', async () => {
    await t.db
      .update(sandboxPrices)
      .set({ active: false })
      .where(eq(sandboxPrices.id, 'price_SbxWoolHiking2499'));
    try {
      expect((await gateway.listPrices()).map((price) => price.id)).not.toContain('price_SbxWoolHiking2499');
    } finally {
      await t.db
        .update(sandboxPrices)
        .set({ active: true })
        .where(eq(sandboxPrices.id, 'price_SbxWoolHiking2499'));
    }
  });
});

describe('createPaymentGateway', () => {
  it('is the sandbox by default and Stripe when STRIPE_SECRET_KEY is set', () => {
    const sandboxGateway = createPaymentGateway(parseConfig({}), t.db, clock);
    expect(sandboxGateway).toMatchObject({ provider: 'sandbox', testMode: true });
    expect(sandboxGateway.sandbox).toBeDefined();
    const stripeGateway = createPaymentGateway(
      parseConfig({ STRIPE_SECRET_KEY: 'sk_test_123' }),
      t.db,
      clock,
    );
    expect(stripeGateway).toMatchObject({ provider: 'stripe', testMode: true, sandbox: undefined });
    expect(
      createPaymentGateway(parseConfig({ STRIPE_SECRET_KEY: 'sk_live_123' }), t.db, clock).testMode,
    ).toBe(false);
  });

  it('never stores a card number', async () => {
    const rows = await t.db.select().from(sandboxPaymentMethods);
    expect(rows.length).toBeGreaterThan(10);
    expect(JSON.stringify(rows)).not.toMatch(/\d{12,}/);
  });
});
