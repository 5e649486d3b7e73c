/**
 * The Stripe gateway against a local fake of api.stripe.com (stripe-fake.ts): what the official
 * SDK sent (method, path, form fields, query, Idempotency-Key) and how its answers and errors are
 * mapped. Payment intents, refunds and the charge search.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { PaymentError, type PaymentGateway } from './gateway.ts';
import {
  cardPresentCharge,
  charge,
  form,
  gateway,
  interacCharge,
  list,
  paymentIntent,
  query,
  requests,
  routes,
  sent,
  startFakeStripe,
  stripeAt,
  TEST_VISA,
} from './stripe-fake.ts';

startFakeStripe();

/** Stripe's PaymentMethod of the test Visa, with these billing details. */
function visaMethod(billingDetails: Record<string, unknown>) {
  return {
    id: 'pm_1Qfake',
    object: 'payment_method',
    type: 'card',
    created: 1_795_400_000,
    billing_details: billingDetails,
    card: { ...TEST_VISA, networks: { available: ['visa'], preferred: null } },
  };
}

describe('payment intents', () => {
  it('authorizes: POST /v1/payment_intents with the form fields and the Idempotency-Key', async () => {
    routes['POST /v1/payment_intents'] = [200, paymentIntent()];
    const intent = await gateway.createPaymentIntent({
      amount: 4599,
      paymentMethodId: 'pm_1Qfake',
      captureMethod: 'manual',
      confirm: true,
      metadata: { cart: '7' },
      idempotencyKey: 'pay-cart-7-4599',
    });
    const request = sent();
    expect(request.method).toBe('POST');
    expect(request.headers.authorization).toBe('Bearer sk_test_fake');
    expect(request.headers['idempotency-key']).toBe('pay-cart-7-4599');
    expect(form(request)).toEqual({
      amount: '4599',
      currency: 'cad',
      'payment_method_types[0]': 'card',
      capture_method: 'manual',
      payment_method: 'pm_1Qfake',
      confirm: 'true',
      use_stripe_sdk: 'true',
      'metadata[cart]': '7',
    });
    expect(intent).toEqual({
      id: 'pi_3QfakeA1',
      object: 'payment_intent',
      amount: 4599,
      amount_capturable: 4599,
      amount_received: 0,
      currency: 'cad',
      status: 'requires_capture',
      capture_method: 'manual',
      payment_method_types: ['card'],
      payment_method: 'pm_1Qfake',
      latest_charge: 'ch_3QfakeA1',
      last_payment_error: null,
      next_action: null,
      client_secret: 'pi_3QfakeA1_secret_fake',
      metadata: { cart: '7' },
      receipt_email: null,
      cancellation_reason: null,
      canceled_at: null,
      created: 1_795_400_000,
      livemode: false,
    });
  });

  it('authorizes with the payment method expanded in the same request: the card the payment step keeps', async () => {
    const method = visaMethod({ name: 'Avery Lachance', email: null, phone: null, address: null });
    routes['POST /v1/payment_intents'] = [200, paymentIntent({ payment_method: method })];
    const { intent, paymentMethod } = await gateway.createPaymentIntentWithMethod({
      amount: 4599,
      paymentMethodId: 'pm_1Qfake',
      captureMethod: 'manual',
      confirm: true,
      idempotencyKey: 'pay-cart-7-4599',
    });
    expect(requests).toHaveLength(1);
    expect(form(sent())).toMatchObject({
      amount: '4599',
      payment_method: 'pm_1Qfake',
      confirm: 'true',
      'expand[0]': 'payment_method',
    });
    expect(intent).toMatchObject({
      id: 'pi_3QfakeA1',
      status: 'requires_capture',
      payment_method: 'pm_1Qfake',
    });
    expect(paymentMethod?.card).toMatchObject({ brand: 'visa', last4: '4242' });
  });

  it('a card asking for 3-D Secure answers requires_action with the next action and the client secret', async () => {
    routes['POST /v1/payment_intents'] = [
      200,
      paymentIntent({
        status: 'requires_action',
        amount_capturable: 0,
        latest_charge: null,
        next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } },
      }),
    ];
    const intent = await gateway.createPaymentIntent({
      amount: 4599,
      paymentMethodId: 'pm_1Qfake',
      captureMethod: 'manual',
      confirm: true,
    });
    expect(form(sent())).toMatchObject({ confirm: 'true', use_stripe_sdk: 'true' });
    expect(intent).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'use_stripe_sdk' },
      client_secret: 'pi_3QfakeA1_secret_fake',
    });
  });

  it('creates a POS intent for a reader: card_present and interac_present, automatic capture', async () => {
    routes['POST /v1/payment_intents'] = [
      200,
      paymentIntent({
        status: 'requires_payment_method',
        capture_method: 'automatic',
        payment_method: null,
        latest_charge: null,
        payment_method_types: ['card_present', 'interac_present'],
        receipt_email: 'buyer@example.ca',
      }),
    ];
    const intent = await gateway.createPaymentIntent({
      amount: 2260,
      paymentMethodTypes: ['card_present', 'interac_present'],
      captureMethod: 'automatic',
      receiptEmail: 'buyer@example.ca',
    });
    expect(form(sent())).toEqual({
      amount: '2260',
      currency: 'cad',
      'payment_method_types[0]': 'card_present',
      'payment_method_types[1]': 'interac_present',
      capture_method: 'automatic',
      receipt_email: 'buyer@example.ca',
    });
    expect(intent).toMatchObject({ status: 'requires_payment_method', payment_method: null });
  });

  it('a decline becomes a PaymentError with Stripe’s type, code, decline code and text', async () => {
    routes['POST /v1/payment_intents'] = [
      402,
      {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
          charge: 'ch_3QfakeD1',
          doc_url: 'https://stripe.com/docs/error-codes/card-declined',
          payment_intent: paymentIntent({
            id: 'pi_3QfakeD1',
            status: 'requires_payment_method',
            last_payment_error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'insufficient_funds',
              message: 'Your card has insufficient funds.',
            },
          }),
          request_log_url: 'https://dashboard.stripe.com/test/logs/req_fake',
        },
      },
    ];
    const error = await gateway
      .createPaymentIntent({
        amount: 2500,
        paymentMethodId: 'pm_1Qfake',
        confirm: true,
        captureMethod: 'manual',
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentError);
    expect(error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      paymentIntentId: 'pi_3QfakeD1',
      statusCode: 402,
    });
  });

  it('captures (amount_to_capture, Idempotency-Key), cancels and retrieves', async () => {
    routes['POST /v1/payment_intents/pi_3QfakeA1/capture'] = [
      200,
      paymentIntent({ status: 'succeeded', amount_capturable: 0, amount_received: 4000 }),
    ];
    const captured = await gateway.capturePaymentIntent('pi_3QfakeA1', {
      amountToCapture: 4000,
      idempotencyKey: 'capture-order-100001',
    });
    expect(form(sent())).toEqual({ amount_to_capture: '4000' });
    expect(sent().headers['idempotency-key']).toBe('capture-order-100001');
    expect(captured).toMatchObject({ status: 'succeeded', amount_received: 4000 });

    routes['POST /v1/payment_intents/pi_3QfakeA1/cancel'] = [
      200,
      paymentIntent({ status: 'canceled', cancellation_reason: 'abandoned', canceled_at: 1_795_400_100 }),
    ];
    const canceled = await gateway.cancelPaymentIntent('pi_3QfakeA1', { cancellationReason: 'abandoned' });
    expect(sent(1)).toMatchObject({ method: 'POST', path: '/v1/payment_intents/pi_3QfakeA1/cancel' });
    expect(form(sent(1))).toEqual({ cancellation_reason: 'abandoned' });
    expect(canceled).toMatchObject({ status: 'canceled', canceled_at: 1_795_400_100 });

    routes['GET /v1/payment_intents/pi_3QfakeA1'] = [200, paymentIntent({ latest_charge: charge() })];
    expect(await gateway.retrievePaymentIntent('pi_3QfakeA1')).toMatchObject({
      latest_charge: 'ch_3QfakeA1',
    });
  });

  it('checks the values of Stripe’s open enums: a status it does not know is an api_error, not a cast', async () => {
    routes['GET /v1/payment_intents/pi_3QfakeA1'] = [
      200,
      paymentIntent({ status: 'requires_reauthorization', payment_method_types: ['card', 'link'] }),
    ];
    await expect(gateway.retrievePaymentIntent('pi_3QfakeA1')).rejects.toMatchObject({
      type: 'api_error',
      message: 'Stripe answered an unknown payment intent status: requires_reauthorization',
    });
    routes['GET /v1/payment_intents/pi_3QfakeA1'] = [
      200,
      paymentIntent({ payment_method_types: ['card', 'link'] }),
    ];
    expect((await gateway.retrievePaymentIntent('pi_3QfakeA1')).payment_method_types).toEqual(['card']);
  });

  it('maps Stripe’s refusal of a capture', async () => {
    routes['POST /v1/payment_intents/pi_3QfakeA1/capture'] = [
      400,
      {
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message:
            'This PaymentIntent could not be captured because it has a status of canceled. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.',
        },
      },
    ];
    await expect(gateway.capturePaymentIntent('pi_3QfakeA1')).rejects.toMatchObject({
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      statusCode: 400,
    });
    expect(form(sent())).toEqual({});
  });

  it('retrieves an intent with its payment method expanded: the card and billing details', async () => {
    const method = visaMethod({
      name: 'Avery Lachance',
      email: 'avery@example.ca',
      phone: null,
      address: {
        line1: '25 King St W',
        line2: null,
        city: 'Toronto',
        state: 'ON',
        postal_code: 'M5L 1A1',
        country: 'CA',
      },
    });
    routes['GET /v1/payment_intents/pi_3QfakeA1'] = [200, paymentIntent({ payment_method: method })];
    const { intent, paymentMethod } = await gateway.retrievePaymentIntentWithMethod('pi_3QfakeA1');
    expect(query(sent(0))).toEqual({ 'expand[0]': 'payment_method' });
    expect(intent).toMatchObject({
      id: 'pi_3QfakeA1',
      payment_method: 'pm_1Qfake',
      status: 'requires_capture',
    });
    expect(paymentMethod).toEqual({
      id: 'pm_1Qfake',
      object: 'payment_method',
      type: 'card',
      card: {
        brand: 'visa',
        last4: '4242',
        network: 'visa',
        country: 'US',
        funding: 'credit',
        exp_month: 12,
        exp_year: 2030,
      },
      // Stripe's billing details, as they were sent.
      billing_details: method.billing_details,
      created: 1_795_400_000,
    });
  });

  it('answers an intent with its latest charge in one call (expand latest_charge); none before one', async () => {
    routes['GET /v1/payment_intents/pi_3QfakeP1'] = [
      200,
      paymentIntent({
        id: 'pi_3QfakeP1',
        status: 'succeeded',
        amount_received: 3000,
        latest_charge: cardPresentCharge(),
      }),
    ];
    const { intent, charge: latest } = await gateway.retrievePaymentIntentWithCharge('pi_3QfakeP1');
    expect(requests).toHaveLength(1);
    expect(query(sent(0))).toEqual({ 'expand[0]': 'latest_charge' });
    expect(intent).toMatchObject({ id: 'pi_3QfakeP1', status: 'succeeded', latest_charge: 'ch_3QfakeP1' });
    expect(latest).toMatchObject({
      chargeId: 'ch_3QfakeP1',
      paymentIntentId: 'pi_3QfakeP1',
      amount: 3000,
      source: 'card_present',
      last4: '4242',
      authorizationCode: 'A1B2C3',
    });
    routes['GET /v1/payment_intents/pi_3QfakeA1'] = [200, paymentIntent({ latest_charge: null })];
    expect((await gateway.retrievePaymentIntentWithCharge('pi_3QfakeA1')).charge).toBeNull();
  });

  it('has no sandbox operations; a network failure is an api_connection_error', async () => {
    expect(gateway).toMatchObject({ provider: 'stripe', testMode: true, sandbox: undefined });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(stripeAt(closedPort, true).retrievePaymentIntent('pi_x')).rejects.toMatchObject({
      type: 'api_connection_error',
      statusCode: 502,
    });
  });
});

// ---------------------------------------------------------------- refunds and search

describe('refunds', () => {
  it('refunds a card payment online: POST /v1/refunds with the Idempotency-Key', async () => {
    routes['GET /v1/payment_intents/pi_3QfakeA1'] = [
      200,
      paymentIntent({ status: 'succeeded', latest_charge: charge() }),
    ];
    routes['POST /v1/refunds'] = [
      200,
      {
        id: 're_3QfakeR1',
        object: 'refund',
        amount: 500,
        charge: 'ch_3QfakeA1',
        created: 1_795_400_200,
        currency: 'cad',
        metadata: { staff: '7' },
        payment_intent: 'pi_3QfakeA1',
        reason: 'requested_by_customer',
        status: 'succeeded',
      },
    ];
    const refund = await gateway.createRefund({
      paymentIntentId: 'pi_3QfakeA1',
      amount: 500,
      reason: 'requested_by_customer',
      metadata: { staff: '7' },
      idempotencyKey: 'refund-req-1',
    });
    expect(sent(0)).toMatchObject({ method: 'GET', path: '/v1/payment_intents/pi_3QfakeA1' });
    expect(query(sent(0))).toEqual({ 'expand[0]': 'latest_charge' });
    expect(sent(1)).toMatchObject({ method: 'POST', path: '/v1/refunds' });
    expect(sent(1).headers['idempotency-key']).toBe('refund-req-1');
    expect(form(sent(1))).toEqual({
      payment_intent: 'pi_3QfakeA1',
      amount: '500',
      reason: 'requested_by_customer',
      'metadata[staff]': '7',
    });
    expect(refund).toEqual({
      id: 're_3QfakeR1',
      object: 'refund',
      amount: 500,
      charge: 'ch_3QfakeA1',
      payment_intent: 'pi_3QfakeA1',
      currency: 'cad',
      status: 'succeeded',
      reason: 'requested_by_customer',
      metadata: { staff: '7' },
      created: 1_795_400_200,
    });
  });

  it('passes on Stripe’s over-refund refusal', async () => {
    routes['GET /v1/payment_intents/pi_3QfakeA1'] = [
      200,
      paymentIntent({ status: 'succeeded', latest_charge: charge() }),
    ];
    routes['POST /v1/refunds'] = [
      400,
      {
        error: {
          type: 'invalid_request_error',
          param: 'amount',
          message: 'Refund amount ($50.00) is greater than unrefunded amount on charge ($45.99)',
        },
      },
    ];
    await expect(
      gateway.createRefund({ paymentIntentId: 'pi_3QfakeA1', amount: 5000, idempotencyKey: 'refund-req-2' }),
    ).rejects.toMatchObject({
      type: 'invalid_request_error',
      param: 'amount',
      message: 'Refund amount ($50.00) is greater than unrefunded amount on charge ($45.99)',
    });
  });

  it('never refunds an Interac payment online: nothing is posted', async () => {
    routes['GET /v1/payment_intents/pi_3QfakeI1'] = [
      200,
      paymentIntent({ id: 'pi_3QfakeI1', status: 'succeeded', latest_charge: interacCharge() }),
    ];
    await expect(
      gateway.createRefund({ paymentIntentId: 'pi_3QfakeI1', idempotencyKey: 'refund-req-3' }),
    ).rejects.toMatchObject({ code: 'charge_not_refundable' });
    expect(requests.map((request) => request.method)).toEqual(['GET']);
  });
});

describe('charge search', () => {
  const online = charge({ id: 'ch_web', payment_intent: 'pi_web', amount: 2000, amount_refunded: 700 });
  const credit = cardPresentCharge({ id: 'ch_credit', payment_intent: 'pi_credit' });
  const failed = charge({
    id: 'ch_failed',
    payment_intent: 'pi_failed',
    amount: 1000,
    status: 'failed',
    captured: false,
    failure_code: 'card_declined',
  });
  const interac = interacCharge();

  it('lists charges of the period (created[gte], created[lte]) and filters the rest', async () => {
    routes['GET /v1/charges'] = (request) =>
      request.query.get('starting_after') === 'ch_credit'
        ? [200, list([online], '/v1/charges')]
        : [200, list([failed, interac, credit], '/v1/charges', true)];
    const rows = await gateway.searchCharges({
      fromDate: new Date('2031-01-01T00:00:00Z'),
      toDate: new Date('2031-01-31T23:59:59Z'),
    });
    expect(query(sent(0))).toEqual({
      limit: '100',
      'created[gte]': String(Date.UTC(2031, 0, 1) / 1000),
      'created[lte]': String(Date.UTC(2031, 0, 31, 23, 59, 59) / 1000),
    });
    expect(query(sent(1))).toMatchObject({ starting_after: 'ch_credit' });
    expect(rows.map((row) => row.chargeId)).toEqual(['ch_failed', 'ch_3QfakeI1', 'ch_credit', 'ch_web']);
    expect(rows[3]).toEqual({
      chargeId: 'ch_web',
      paymentIntentId: 'pi_web',
      amount: 2000,
      amountCaptured: 4599,
      amountRefunded: 700,
      refunded: false,
      captured: true,
      brand: 'visa',
      network: 'visa',
      source: 'card',
      country: 'US',
      last4: '4242',
      authorizationCode: null,
      created: 1_795_400_000,
      status: 'succeeded',
    });
    expect(rows[1]).toMatchObject({
      source: 'interac_present',
      brand: 'interac',
      network: 'interac',
      authorizationCode: '7Q4K9Z',
    });
    expect(rows[2]).toMatchObject({ source: 'card_present', authorizationCode: 'A1B2C3' });
    expect(rows[0]).toMatchObject({ status: 'failed', authorizationCode: null });
  });

  it('applies amount, status, card type, last 4 and limit', async () => {
    routes['GET /v1/charges'] = [200, list([failed, interac, credit, online], '/v1/charges')];
    const ids = async (filter: Parameters<PaymentGateway['searchCharges']>[0]) =>
      (await gateway.searchCharges(filter)).map((row) => row.chargeId);
    expect(await ids({ fromAmount: 2000, toAmount: 3000 })).toEqual(['ch_credit', 'ch_web']);
    expect(await ids({ status: 'failed' })).toEqual(['ch_failed']);
    expect(await ids({ cardType: 'web', status: 'succeeded' })).toEqual(['ch_web']);
    expect(await ids({ cardType: 'debit' })).toEqual(['ch_3QfakeI1']);
    expect(await ids({ cardType: 'credit', last4: '4242' })).toEqual(['ch_credit']);
    expect(await ids({ limit: 2 })).toEqual(['ch_failed', 'ch_3QfakeI1']);
    expect(query(sent(0))).toEqual({ limit: '100' });
  });
});

describe('a day of activity, for the reconciliation', () => {
  const window = { from: new Date('2031-01-15T05:00:00Z'), to: new Date('2031-01-16T05:00:00Z') };
  const created = {
    'created[gte]': String(window.from.getTime() / 1000),
    'created[lt]': String(window.to.getTime() / 1000),
  };

  it('lists every charge of the day, page after page (created[gte], created[lt])', async () => {
    routes['GET /v1/charges'] = (request) =>
      request.query.get('starting_after') === 'ch_first'
        ? [200, list([charge({ id: 'ch_second', amount_captured: 0, captured: false })], '/v1/charges')]
        : [200, list([charge({ id: 'ch_first' })], '/v1/charges', true)];
    const charges = await gateway.listCharges(window);
    expect(query(sent(0))).toEqual({ limit: '100', ...created });
    expect(query(sent(1))).toEqual({ limit: '100', ...created, starting_after: 'ch_first' });
    expect(charges.map((row) => [row.chargeId, row.amountCaptured, row.captured])).toEqual([
      ['ch_first', 4599, true],
      ['ch_second', 0, false],
    ]);
  });

  it('lists the refunds and the disputes of the day, and the disputes of one payment', async () => {
    routes['GET /v1/refunds'] = [
      200,
      list(
        [
          {
            id: 're_1',
            object: 'refund',
            amount: 700,
            charge: 'ch_web',
            payment_intent: 'pi_web',
            currency: 'cad',
            status: 'succeeded',
            reason: null,
            metadata: {},
            created: 1_926_230_000,
          },
        ],
        '/v1/refunds',
      ),
    ];
    routes['GET /v1/disputes'] = [
      200,
      list(
        [
          {
            id: 'dp_1',
            object: 'dispute',
            amount: 2000,
            charge: 'ch_web',
            payment_intent: 'pi_web',
            currency: 'cad',
            reason: 'fraudulent',
            status: 'needs_response',
            created: 1_926_240_000,
          },
        ],
        '/v1/disputes',
      ),
    ];
    expect(await gateway.listRefunds(window)).toEqual([
      expect.objectContaining({ id: 're_1', amount: 700, payment_intent: 'pi_web', status: 'succeeded' }),
    ]);
    expect(query(sent(0))).toEqual({ limit: '100', ...created });
    expect(await gateway.listDisputes({ created: window })).toEqual([
      {
        id: 'dp_1',
        object: 'dispute',
        amount: 2000,
        charge: 'ch_web',
        payment_intent: 'pi_web',
        currency: 'cad',
        reason: 'fraudulent',
        status: 'needs_response',
        created: 1_926_240_000,
      },
    ]);
    expect(sent(1)).toMatchObject({ method: 'GET', path: '/v1/disputes' });
    expect(query(sent(1))).toEqual({ limit: '100', ...created });
    await gateway.listDisputes({ paymentIntentId: 'pi_web' });
    expect(query(sent(2))).toEqual({ limit: '100', payment_intent: 'pi_web' });
  });
});

describe('retrieveCharge', () => {
  it('answers one charge as the search shows it (GET /v1/charges/{id}), and 404 for an unknown one', async () => {
    routes['GET /v1/charges/ch_3QfakeI1'] = [200, interacCharge({ amount_refunded: 650 })];
    expect(await gateway.retrieveCharge('ch_3QfakeI1')).toMatchObject({
      chargeId: 'ch_3QfakeI1',
      paymentIntentId: 'pi_3QfakeI1',
      amount: 5650,
      amountRefunded: 650,
      source: 'interac_present',
      last4: '1933',
      authorizationCode: '7Q4K9Z',
    });
    expect(sent(0)).toMatchObject({ method: 'GET', path: '/v1/charges/ch_3QfakeI1' });
    routes['GET /v1/charges/ch_missing'] = [
      404,
      {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: "No such charge: 'ch_missing'",
        },
      },
    ];
    await expect(gateway.retrieveCharge('ch_missing')).rejects.toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
    });
  });

  it('takes the authorization code from an in-person charge’s receipt; none online, none when declined', async () => {
    routes['GET /v1/charges/ch_3QfakeP1'] = [200, cardPresentCharge()];
    routes['GET /v1/charges/ch_3QfakeI1'] = [200, interacCharge()];
    routes['GET /v1/charges/ch_3QfakeA1'] = [200, charge()];
    routes['GET /v1/charges/ch_noReceipt'] = [
      200,
      cardPresentCharge({
        id: 'ch_noReceipt',
        payment_method_details: { type: 'card_present', card_present: { brand: 'visa', receipt: null } },
      }),
    ];
    routes['GET /v1/charges/ch_declined'] = [
      200,
      cardPresentCharge({
        id: 'ch_declined',
        status: 'failed',
        captured: false,
        failure_code: 'card_declined',
      }),
    ];
    const code = async (id: string) => (await gateway.retrieveCharge(id)).authorizationCode;
    expect(await code('ch_3QfakeP1')).toBe('A1B2C3');
    expect(await code('ch_3QfakeI1')).toBe('7Q4K9Z');
    expect(await code('ch_3QfakeA1')).toBeNull();
    expect(await code('ch_noReceipt')).toBeNull();
    expect(await code('ch_declined')).toBeNull();
  });
});

// ---------------------------------------------------------------- readers
