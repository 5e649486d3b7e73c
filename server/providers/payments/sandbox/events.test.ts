import { describe, expect, it } from 'vitest';
import type { Clock } from '../../../lib/clock.ts';
import type { PaymentGateway, PaymentIntent } from '../gateway.ts';
import { verifyWebhook } from '../webhook-events.ts';
import { withSandboxEvents } from './events.ts';

/** The sandbox's webhook deliveries: signed as Stripe signs, in order, retried, stopped on close. */

const SECRET = 'whsec_unit_test';
const NOW = new Date('2026-11-26T12:00:00Z');
const fixedClock = (at: Date): Clock => ({ now: () => at });

const canceled = { id: 'pi_unit', object: 'payment_intent', status: 'canceled' } as PaymentIntent;
/** Only what these tests call: releasing an authorization. */
const inner = {
  provider: 'sandbox',
  testMode: true,
  sandbox: undefined,
  cancelPaymentIntent: async (id: string) => ({ ...canceled, id }),
  capturePaymentIntent: async (id: string) => ({ ...canceled, id, status: 'succeeded' }),
  listDisputes: async () => [],
} as unknown as PaymentGateway;

/** The gateway sending its events to `deliver`, retried after `retryDelaysMs`. */
function eventsTo(
  deliver: (body: string, signature: string) => Promise<number>,
  log: (message: string) => void = () => undefined,
  retryDelaysMs: number[] = [1, 1],
) {
  return withSandboxEvents(inner, { secret: SECRET, clock: fixedClock(NOW), deliver, log, retryDelaysMs });
}

/** A stand-in gateway's events, delivered to `deliver` with the default retries. */
function eventsOf(gateway: PaymentGateway, deliver: (body: string, signature: string) => Promise<number>) {
  return withSandboxEvents(gateway, {
    secret: SECRET,
    clock: fixedClock(NOW),
    deliver,
    log: () => undefined,
  });
}

function recorder(statuses: number[]) {
  const bodies: { body: string; signature: string }[] = [];
  return {
    bodies,
    deliver: async (body: string, signature: string) => {
      bodies.push({ body, signature });
      return statuses.shift() ?? 200;
    },
    /** The events delivered so far, their signatures checked. */
    received: () => bodies.map(({ body, signature }) => verifyWebhook(body, signature, SECRET, NOW)),
  };
}

describe('the sandbox’s webhook events', () => {
  it('sends each change as Stripe’s event, signed with the endpoint’s secret, in order', async () => {
    const endpoint = recorder([]);
    const events = eventsTo(endpoint.deliver);
    await events.gateway.capturePaymentIntent('pi_unit');
    await events.gateway.cancelPaymentIntent('pi_unit');
    await events.idle();
    const received = endpoint.received();
    expect(received.map((event) => [event.type, event.data.object.id])).toEqual([
      ['payment_intent.succeeded', 'pi_unit'],
      ['payment_intent.canceled', 'pi_unit'],
    ]);
    expect(received[0]).toMatchObject({ object: 'event', livemode: false, created: NOW.getTime() / 1000 });
    expect(received[0]?.id).not.toBe(received[1]?.id);
  });

  it('delivers again after an answer that is not 2xx, and gives up after its retries, saying so', async () => {
    const endpoint = recorder([500, 503, 200]);
    const logged: string[] = [];
    const events = eventsTo(endpoint.deliver, (message) => logged.push(message));
    await events.gateway.cancelPaymentIntent('pi_unit');
    await events.idle();
    expect(endpoint.bodies).toHaveLength(3);
    expect(new Set(endpoint.bodies.map(({ body }) => body)).size).toBe(1);
    expect(logged).toEqual([]);

    const down = recorder([500, 500, 500]);
    const failing = eventsTo(down.deliver, (message) => logged.push(message));
    await failing.gateway.cancelPaymentIntent('pi_unit');
    await failing.idle();
    expect(down.bodies).toHaveLength(3);
    expect(logged).toEqual([expect.stringMatching(/payment_intent\.canceled .* answered 500; given up$/)]);
  });

  it('drops what it has not delivered yet when the app closes, without waiting for a retry', async () => {
    const endpoint = recorder([500, 500, 500, 500]);
    const events = eventsTo(endpoint.deliver, () => undefined, [60_000]);
    await events.gateway.cancelPaymentIntent('pi_unit');
    await events.gateway.cancelPaymentIntent('pi_unit');
    await new Promise((resolve) => setTimeout(resolve, 10));
    const started = Date.now();
    await events.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(endpoint.bodies).toHaveLength(1);
  });

  it('delivers different payments’ events side by side, at most eight at once, each payment’s in order', async () => {
    const started: string[] = [];
    const answer = new Map<string, () => void>();
    const events = eventsTo(async (body) => {
      const event = JSON.parse(body) as { type: string; data: { object: { id: string } } };
      started.push(`${event.data.object.id} ${event.type}`);
      await new Promise<void>((resolve) => answer.set(event.data.object.id, resolve));
      return 200;
    });
    await events.gateway.capturePaymentIntent('pi_first');
    await events.gateway.cancelPaymentIntent('pi_first');
    for (let n = 1; n <= 9; n++) await events.gateway.cancelPaymentIntent(`pi_other${n}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // pi_first's capture waits for its answer; its cancel waits behind it; 7 others go meanwhile.
    expect(started).toEqual([
      'pi_first payment_intent.succeeded',
      ...[1, 2, 3, 4, 5, 6, 7].map((n) => `pi_other${n} payment_intent.canceled`),
    ]);
    answer.get('pi_first')?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The place it frees goes to the delivery that waited longest; pi_first's cancel waits for one.
    expect(started.slice(8)).toEqual(['pi_other8 payment_intent.canceled']);
    const answerAll = setInterval(() => {
      for (const resolve of answer.values()) resolve();
    }, 5);
    await events.idle();
    clearInterval(answerAll);
    expect(started).toHaveLength(11);
    expect(started.slice(9).sort()).toEqual([
      'pi_first payment_intent.canceled',
      'pi_other9 payment_intent.canceled',
    ]);
  });

  it('announces a dispute when the capture opened one, looking it up only then', async () => {
    const looked: string[] = [];
    const disputing = {
      ...inner,
      sandbox: { takeOpenedDispute: (id: string) => id === 'pi_disputed' },
      listDisputes: async ({ paymentIntentId }: { paymentIntentId: string }) => {
        looked.push(paymentIntentId);
        return [{ id: 'dp_unit', object: 'dispute', payment_intent: paymentIntentId }];
      },
    } as unknown as PaymentGateway;
    const endpoint = recorder([]);
    const events = eventsOf(disputing, endpoint.deliver);
    await events.gateway.capturePaymentIntent('pi_plain');
    await events.gateway.capturePaymentIntent('pi_disputed');
    await events.idle();
    expect(looked).toEqual(['pi_disputed']);
    const received = endpoint.received();
    expect(received.map((event) => [event.type, event.data.object.id])).toEqual([
      ['payment_intent.succeeded', 'pi_plain'],
      ['payment_intent.succeeded', 'pi_disputed'],
      ['charge.dispute.created', 'dp_unit'],
      ['charge.dispute.funds_withdrawn', 'dp_unit'],
    ]);
  });

  it('announces a reader’s Interac refund as Stripe does: the action, the refund with its metadata, the charge', async () => {
    const metadata = { source: 'pos', pos_user: '7' };
    const refunding = {
      ...inner,
      presentPaymentMethod: async (id: string) => ({
        id,
        object: 'terminal.reader',
        action: {
          type: 'refund_payment',
          status: 'succeeded',
          refund_payment: {
            payment_intent: 'pi_interac',
            charge: 'ch_interac',
            amount: 500,
            refund: 're_unit',
            metadata,
          },
        },
      }),
      retrieveRefund: async (id: string) => ({
        id,
        object: 'refund',
        amount: 500,
        charge: 'ch_interac',
        payment_intent: 'pi_interac',
        status: 'succeeded',
        metadata,
      }),
      retrieveCharge: async (id: string) => ({
        chargeId: id,
        paymentIntentId: 'pi_interac',
        amount: 1130,
        amountRefunded: 500,
      }),
    } as unknown as PaymentGateway;
    const endpoint = recorder([]);
    const events = eventsOf(refunding, endpoint.deliver);
    await events.gateway.presentPaymentMethod('tmr_unit', { type: 'interac_present' });
    await events.idle();
    const received = endpoint.received();
    expect(received.map((event) => [event.type, event.data.object.id])).toEqual([
      ['terminal.reader.action_succeeded', 'tmr_unit'],
      ['refund.created', 're_unit'],
      ['charge.refunded', 'ch_interac'],
    ]);
    expect(received[1]?.data.object).toMatchObject({ amount: 500, metadata });
    expect(received[2]?.data.object).toMatchObject({ amount_refunded: 500 });
  });

  it('drops the deliveries still waiting for their turn when the app closes', async () => {
    const started: string[] = [];
    const answers: (() => void)[] = [];
    const events = eventsTo(async (body) => {
      started.push((JSON.parse(body) as { data: { object: { id: string } } }).data.object.id);
      await new Promise<void>((resolve) => answers.push(resolve));
      return 200;
    });
    for (let n = 1; n <= 10; n++) await events.gateway.cancelPaymentIntent(`pi_${n}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toHaveLength(8);
    const closing = events.close();
    for (const answer of answers) answer();
    await closing;
    expect(started).toHaveLength(8);
  });
});
