/**
 * The Stripe gateway against a local fake of api.stripe.com (stripe-fake.ts): what the official
 * SDK sent (method, path, form fields, query, Idempotency-Key) and how its answers and errors are
 * mapped. Readers, hosted checkout sessions, products and prices.
 */
import { describe, expect, it } from 'vitest';
import { createStripeGateway } from './stripe/index.ts';
import {
  charge,
  form,
  gateway,
  interacCharge,
  list,
  paymentIntent,
  port,
  query,
  reader,
  requests,
  routes,
  sent,
  startFakeStripe,
} from './stripe-fake.ts';

startFakeStripe();

describe('readers', () => {
  const processing = {
    type: 'process_payment_intent',
    status: 'in_progress',
    failure_code: null,
    failure_message: null,
    process_payment_intent: { payment_intent: 'pi_3QfakeP1' },
  };

  it('lists and retrieves readers', async () => {
    routes['GET /v1/terminal/readers'] = [
      200,
      list(
        [reader(), reader(null, { id: 'tmr_Off', label: 'Back Office Reader', status: 'offline' })],
        '/v1/terminal/readers',
      ),
    ];
    const readers = await gateway.listReaders();
    expect(query(sent())).toEqual({ limit: '100' });
    expect(readers).toEqual([
      {
        id: 'tmr_FakeReader1',
        object: 'terminal.reader',
        label: 'Front Counter WisePOS E',
        status: 'online',
        device_type: 'bbpos_wisepos_e',
        serial_number: 'WSC513105011295',
        action: null,
        livemode: false,
      },
      expect.objectContaining({ id: 'tmr_Off', status: 'offline' }),
    ]);
    routes['GET /v1/terminal/readers/tmr_FakeReader1'] = [200, reader(processing)];
    expect((await gateway.retrieveReader('tmr_FakeReader1')).action).toEqual(processing);
  });

  it('registers a reader at the first location, and renames one', async () => {
    routes['GET /v1/terminal/locations'] = [
      200,
      list(
        [{ id: 'tml_Store1', object: 'terminal.location', display_name: 'Store' }],
        '/v1/terminal/locations',
      ),
    ];
    routes['POST /v1/terminal/readers'] = [200, reader(null, { id: 'tmr_New', label: 'Pop-up' })];
    const created = await gateway.createReader({ registration_code: 'sepia-cerulean-aqua', label: 'Pop-up' });
    expect(query(sent())).toEqual({ limit: '1' });
    expect(form(sent(1))).toEqual({
      registration_code: 'sepia-cerulean-aqua',
      label: 'Pop-up',
      location: 'tml_Store1',
    });
    expect(created).toMatchObject({ id: 'tmr_New', label: 'Pop-up' });

    routes['POST /v1/terminal/readers/tmr_New'] = [200, reader(null, { id: 'tmr_New', label: 'Front desk' })];
    expect((await gateway.updateReader('tmr_New', { label: 'Front desk' })).label).toBe('Front desk');
    expect(form(sent(2))).toEqual({ label: 'Front desk' });
  });

  it('refuses to register a reader without a Terminal location', async () => {
    routes['GET /v1/terminal/locations'] = [200, list([], '/v1/terminal/locations')];
    await expect(gateway.createReader({ registration_code: 'code', label: 'Pop-up' })).rejects.toMatchObject({
      param: 'location',
    });
  });

  it('hands an intent to a reader: POST process_payment_intent', async () => {
    routes['POST /v1/terminal/readers/tmr_FakeReader1/process_payment_intent'] = [200, reader(processing)];
    const result = await gateway.processPaymentIntent('tmr_FakeReader1', 'pi_3QfakeP1');
    expect(form(sent())).toEqual({ payment_intent: 'pi_3QfakeP1' });
    expect(result.action).toEqual(processing);
  });

  it('maps an offline reader’s refusal', async () => {
    routes['POST /v1/terminal/readers/tmr_FakeReader1/process_payment_intent'] = [
      400,
      {
        error: {
          type: 'invalid_request_error',
          code: 'terminal_reader_offline',
          message:
            'Reader is currently offline, please ensure the reader is powered on and connected to the internet before retrying your request.',
        },
      },
    ];
    await expect(gateway.processPaymentIntent('tmr_FakeReader1', 'pi_3QfakeP1')).rejects.toMatchObject({
      type: 'invalid_request_error',
      code: 'terminal_reader_offline',
    });
  });

  it('presents a test card (test helper) in test mode only', async () => {
    routes['POST /v1/test_helpers/terminal/readers/tmr_FakeReader1/present_payment_method'] = [
      200,
      reader({ ...processing, status: 'succeeded' }),
    ];
    const done = await gateway.presentPaymentMethod('tmr_FakeReader1', {
      type: 'interac_present',
      number: '4506445006931933',
    });
    expect(form(sent())).toEqual({ type: 'interac_present', 'interac_present[number]': '4506445006931933' });
    expect(done.action?.status).toBe('succeeded');
    await gateway.presentPaymentMethod('tmr_FakeReader1');
    expect(form(sent(1))).toEqual({ type: 'card_present' });

    const live = createStripeGateway({ secretKey: 'sk_live_fake', testMode: false, host: '127.0.0.1', port });
    await expect(live.presentPaymentMethod('tmr_FakeReader1')).rejects.toMatchObject({
      type: 'invalid_request_error',
    });
    expect(requests).toHaveLength(2);
  });

  it('cancels the action and the intent nothing was taken on', async () => {
    routes['GET /v1/terminal/readers/tmr_FakeReader1'] = [200, reader(processing)];
    routes['POST /v1/terminal/readers/tmr_FakeReader1/cancel_action'] = [200, reader(null)];
    routes['GET /v1/payment_intents/pi_3QfakeP1'] = [
      200,
      paymentIntent({ id: 'pi_3QfakeP1', status: 'requires_payment_method', latest_charge: null }),
    ];
    routes['POST /v1/payment_intents/pi_3QfakeP1/cancel'] = [
      200,
      paymentIntent({ id: 'pi_3QfakeP1', status: 'canceled', cancellation_reason: 'abandoned' }),
    ];
    const result = await gateway.cancelReaderAction('tmr_FakeReader1');
    expect(result.action).toBeNull();
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/terminal/readers/tmr_FakeReader1',
      'POST /v1/terminal/readers/tmr_FakeReader1/cancel_action',
      'GET /v1/payment_intents/pi_3QfakeP1',
      'POST /v1/payment_intents/pi_3QfakeP1/cancel',
    ]);
    expect(form(sent(3))).toEqual({ cancellation_reason: 'abandoned' });
  });

  it('never cancels a payment already taken, nor an action already finished', async () => {
    routes['GET /v1/terminal/readers/tmr_FakeReader1'] = [200, reader(processing)];
    routes['POST /v1/terminal/readers/tmr_FakeReader1/cancel_action'] = [200, reader(null)];
    routes['GET /v1/payment_intents/pi_3QfakeP1'] = [
      200,
      paymentIntent({ id: 'pi_3QfakeP1', status: 'succeeded', payment_method_types: ['interac_present'] }),
    ];
    await gateway.cancelReaderAction('tmr_FakeReader1');
    expect(requests.map((request) => request.path)).not.toContain('/v1/payment_intents/pi_3QfakeP1/cancel');

    requests.length = 0;
    routes['GET /v1/terminal/readers/tmr_FakeReader1'] = [
      200,
      reader({ ...processing, status: 'succeeded' }),
    ];
    const finished = await gateway.cancelReaderAction('tmr_FakeReader1');
    expect(finished.action?.status).toBe('succeeded');
    expect(requests.map((request) => request.method)).toEqual(['GET']);
  });

  it('refunds Interac through the reader: POST refund_payment with its metadata and the Idempotency-Key', async () => {
    routes['GET /v1/payment_intents/pi_3QfakeI1'] = [
      200,
      paymentIntent({ id: 'pi_3QfakeI1', status: 'succeeded', latest_charge: interacCharge() }),
    ];
    const refunding = {
      type: 'refund_payment',
      status: 'in_progress',
      failure_code: null,
      failure_message: null,
      refund_payment: { payment_intent: 'pi_3QfakeI1', amount: 1650, metadata: { source: 'pos' } },
    };
    routes['POST /v1/terminal/readers/tmr_FakeReader1/refund_payment'] = [200, reader(refunding)];
    const result = await gateway.refundPayment('tmr_FakeReader1', {
      paymentIntentId: 'pi_3QfakeI1',
      amount: 1650,
      metadata: { source: 'pos' },
      idempotencyKey: 'interac-refund-1',
    });
    expect(sent(1).headers['idempotency-key']).toBe('interac-refund-1');
    expect(form(sent(1))).toEqual({
      payment_intent: 'pi_3QfakeI1',
      amount: '1650',
      'metadata[source]': 'pos',
    });
    expect(result.action).toEqual({
      type: 'refund_payment',
      status: 'in_progress',
      failure_code: null,
      failure_message: null,
      refund_payment: {
        payment_intent: 'pi_3QfakeI1',
        charge: null,
        amount: 1650,
        refund: null,
        metadata: { source: 'pos' },
      },
    });
  });

  it('reads the refund a reader made by its id: GET /v1/refunds/:id', async () => {
    routes['GET /v1/refunds/re_3QfakeI1'] = [
      200,
      {
        id: 're_3QfakeI1',
        object: 'refund',
        amount: 1650,
        charge: 'ch_3QfakeI1',
        created: 1_795_400_200,
        currency: 'cad',
        metadata: { source: 'pos', pos_return: 'pending' },
        payment_intent: 'pi_3QfakeI1',
        reason: null,
        status: 'succeeded',
      },
    ];
    const refund = await gateway.retrieveRefund('re_3QfakeI1');
    expect(sent(0)).toMatchObject({ method: 'GET', path: '/v1/refunds/re_3QfakeI1' });
    expect(refund).toMatchObject({
      id: 're_3QfakeI1',
      amount: 1650,
      payment_intent: 'pi_3QfakeI1',
      metadata: { source: 'pos', pos_return: 'pending' },
    });
  });

  it('refuses to refund a card payment through the reader', async () => {
    routes['GET /v1/payment_intents/pi_3QfakeA1'] = [
      200,
      paymentIntent({ status: 'succeeded', latest_charge: charge() }),
    ];
    await expect(
      gateway.refundPayment('tmr_FakeReader1', { paymentIntentId: 'pi_3QfakeA1', idempotencyKey: 'x' }),
    ).rejects.toMatchObject({ code: 'charge_not_refundable' });
    expect(requests).toHaveLength(1);
  });
});

// ---------------------------------------------------------------- checkout, products, prices

describe('checkout sessions, products and prices', () => {
  const session = {
    id: 'cs_test_a1Fake',
    object: 'checkout.session',
    amount_total: 7098,
    cancel_url: null,
    created: 1_795_400_000,
    currency: 'cad',
    expires_at: 1_795_486_400,
    line_items: {
      object: 'list',
      data: [
        {
          id: 'li_1',
          object: 'item',
          amount_total: 2598,
          description: 'Novelty Socks',
          price: { id: 'price_1Novelty', object: 'price', product: 'prod_Novelty', unit_amount: 1299 },
          quantity: 2,
        },
        {
          id: 'li_2',
          object: 'item',
          amount_total: 4500,
          description: 'Gift Box',
          price: { id: 'price_1GiftBox', object: 'price', product: 'prod_GiftBox', unit_amount: 4500 },
          quantity: 1,
        },
      ],
      has_more: false,
      url: '/v1/checkout/sessions/cs_test_a1Fake/line_items',
    },
    metadata: {},
    mode: 'payment',
    payment_intent: null,
    payment_status: 'unpaid',
    status: 'open',
    success_url: 'https://shop.example.ca/#/checkout-success',
    url: 'https://checkout.stripe.com/c/pay/cs_test_a1Fake',
  };

  it('creates a hosted checkout session from prices and quantities', async () => {
    routes['POST /v1/checkout/sessions'] = [200, session];
    const created = await gateway.createCheckoutSession({
      lineItems: [
        { priceId: 'price_1Novelty', quantity: 2 },
        { priceId: 'price_1GiftBox', quantity: 1 },
      ],
      successUrl: 'https://shop.example.ca/#/checkout-success',
      idempotencyKey: 'checkout-1',
    });
    expect(sent().headers['idempotency-key']).toBe('checkout-1');
    expect(form(sent())).toEqual({
      mode: 'payment',
      'line_items[0][price]': 'price_1Novelty',
      'line_items[0][quantity]': '2',
      'line_items[1][price]': 'price_1GiftBox',
      'line_items[1][quantity]': '1',
      success_url: 'https://shop.example.ca/#/checkout-success',
      'expand[0]': 'line_items',
    });
    expect(created).toEqual({
      id: 'cs_test_a1Fake',
      object: 'checkout.session',
      url: 'https://checkout.stripe.com/c/pay/cs_test_a1Fake',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 7098,
      currency: 'cad',
      payment_intent: null,
      success_url: 'https://shop.example.ca/#/checkout-success',
      cancel_url: null,
      metadata: {},
      line_items: [
        { price: 'price_1Novelty', quantity: 2, amount_total: 2598, description: 'Novelty Socks' },
        { price: 'price_1GiftBox', quantity: 1, amount_total: 4500, description: 'Gift Box' },
      ],
      created: 1_795_400_000,
      expires_at: 1_795_486_400,
    });
    routes['GET /v1/checkout/sessions/cs_test_a1Fake'] = [
      200,
      { ...session, status: 'complete', payment_status: 'paid', payment_intent: 'pi_3QfakeC1', url: null },
    ];
    const retrieved = await gateway.retrieveCheckoutSession('cs_test_a1Fake');
    expect(query(sent(1))).toEqual({ 'expand[0]': 'line_items' });
    expect(retrieved).toMatchObject({ status: 'complete', payment_intent: 'pi_3QfakeC1', url: null });
  });

  it('sends inline prices as price_data in the store currency, and the success URL with its template', async () => {
    const successUrl = 'https://shop.example.ca/#/checkout-success?session_id={CHECKOUT_SESSION_ID}';
    routes['POST /v1/checkout/sessions'] = [
      200,
      {
        ...session,
        amount_total: 2936,
        success_url: successUrl,
        line_items: {
          ...session.line_items,
          data: [
            {
              id: 'li_1',
              object: 'item',
              amount_total: 2598,
              description: 'Crew Sock (M)',
              price: { id: 'price_1Inline', object: 'price', product: 'prod_Inline', unit_amount: 1299 },
              quantity: 2,
            },
            {
              id: 'li_2',
              object: 'item',
              amount_total: 338,
              description: 'HST 13%',
              price: { id: 'price_1InlineTax', object: 'price', product: 'prod_InlineTax', unit_amount: 338 },
              quantity: 1,
            },
          ],
        },
      },
    ];
    const created = await gateway.createCheckoutSession({
      lineItems: [
        { priceData: { name: 'Crew Sock (M)', unitAmount: 1299 }, quantity: 2 },
        { priceData: { name: 'HST 13%', unitAmount: 338 }, quantity: 1 },
      ],
      successUrl,
    });
    expect(form(sent())).toEqual({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'cad',
      'line_items[0][price_data][unit_amount]': '1299',
      'line_items[0][price_data][product_data][name]': 'Crew Sock (M)',
      'line_items[0][quantity]': '2',
      'line_items[1][price_data][currency]': 'cad',
      'line_items[1][price_data][unit_amount]': '338',
      'line_items[1][price_data][product_data][name]': 'HST 13%',
      'line_items[1][quantity]': '1',
      // Stripe fills the template in when it sends the buyer back.
      success_url: successUrl,
      'expand[0]': 'line_items',
    });
    expect(created.line_items).toEqual([
      { price: 'price_1Inline', quantity: 2, amount_total: 2598, description: 'Crew Sock (M)' },
      { price: 'price_1InlineTax', quantity: 1, amount_total: 338, description: 'HST 13%' },
    ]);
  });

  it('lists active products and prices, page by page', async () => {
    routes['GET /v1/products'] = (request) =>
      request.query.get('starting_after')
        ? [
            200,
            list([{ id: 'prod_GiftBox', object: 'product', name: 'Gift Box', active: true }], '/v1/products'),
          ]
        : [
            200,
            list(
              [{ id: 'prod_Novelty', object: 'product', name: 'Novelty Socks', active: true }],
              '/v1/products',
              true,
            ),
          ];
    expect(await gateway.listProducts()).toEqual([
      { id: 'prod_Novelty', object: 'product', name: 'Novelty Socks', active: true },
      { id: 'prod_GiftBox', object: 'product', name: 'Gift Box', active: true },
    ]);
    expect(query(sent(0))).toEqual({ active: 'true', limit: '100' });
    expect(query(sent(1))).toEqual({ active: 'true', limit: '100', starting_after: 'prod_Novelty' });

    routes['GET /v1/prices'] = [
      200,
      list(
        [
          {
            id: 'price_1Novelty',
            object: 'price',
            active: true,
            currency: 'cad',
            product: 'prod_Novelty',
            unit_amount: 1299,
          },
        ],
        '/v1/prices',
      ),
    ];
    expect(await gateway.listPrices()).toEqual([
      {
        id: 'price_1Novelty',
        object: 'price',
        product: 'prod_Novelty',
        unit_amount: 1299,
        currency: 'cad',
        active: true,
      },
    ]);
    expect(query(sent(2))).toEqual({ active: 'true', limit: '100' });
  });
});
