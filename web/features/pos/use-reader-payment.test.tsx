import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { POS_MESSAGES } from '../../../domain/pos/messages.ts';
import { POS_PAID_DETAILS_KEY } from '../../../domain/storage-keys.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import {
  actionOf,
  CASHIER_ID,
  eventually,
  fakeReaderServerForEachTest,
  nextPoll,
  ok,
  READER_ID,
  readerWith,
  refusal,
  renderOnReader,
} from './fake-reader-server.ts';
import {
  IDLE_PAYMENT,
  type ReaderPaymentState,
  readerPaymentReducer,
  type Transaction,
  useReaderPayment,
} from './use-reader-payment.ts';

vi.mock('../../lib/notify.ts', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));

const TOTALS = { amount: 2000, tax: 260, total: 2260 };
const REQUEST = { totals: TOTALS, receiptEmail: 'shopper@example.ca' };
const HANDED_OVER = { readerId: READER_ID, paymentIntentId: 'pi_1', userId: CASHIER_ID };

describe('readerPaymentReducer (spec §4 Card payment with a reader)', () => {
  const starting: Transaction = { phase: 'starting', ...REQUEST };
  const processing: Transaction = { phase: 'processing', ...REQUEST, ...HANDED_OVER };
  const idle = IDLE_PAYMENT;
  const startingState: ReaderPaymentState = { ...idle, transaction: starting };
  const processingState: ReaderPaymentState = { ...idle, transaction: processing };
  const paidState: ReaderPaymentState = { ...idle, paid: TOTALS };
  const cancelledState: ReaderPaymentState = { ...idle, cancelled: true };

  it('begin starts a payment and clears what the last one left (paid, cancelled)', () => {
    const expected = { transaction: starting, paid: undefined, cancelled: false };
    expect(readerPaymentReducer(idle, { type: 'begin', ...REQUEST })).toEqual(expected);
    expect(readerPaymentReducer(paidState, { type: 'begin', ...REQUEST })).toEqual(expected);
    expect(readerPaymentReducer(cancelledState, { type: 'begin', ...REQUEST })).toEqual(expected);
  });

  it('begin while a payment is under way changes nothing: one payment at a time', () => {
    expect(readerPaymentReducer(startingState, { type: 'begin', ...REQUEST })).toBe(startingState);
    expect(readerPaymentReducer(processingState, { type: 'begin', ...REQUEST })).toBe(processingState);
  });

  it('handed-over: the started payment is processing on the reader, with its intent', () => {
    expect(readerPaymentReducer(startingState, { type: 'handed-over', ...HANDED_OVER })).toEqual(
      processingState,
    );
    expect(readerPaymentReducer(idle, { type: 'handed-over', ...HANDED_OVER })).toBe(idle);
    expect(readerPaymentReducer(processingState, { type: 'handed-over', ...HANDED_OVER })).toBe(
      processingState,
    );
  });

  it('stopped ends the payment without paying, from starting or processing, and keeps why until the next', () => {
    const declined = { type: 'stopped', reason: 'card_declined: Your card was declined.' } as const;
    const unpaid = { ...idle, unpaid: declined.reason };
    expect(readerPaymentReducer(startingState, declined)).toEqual(unpaid);
    expect(readerPaymentReducer(processingState, declined)).toEqual(unpaid);
    expect(readerPaymentReducer(paidState, declined)).toBe(paidState);
    expect(readerPaymentReducer(unpaid, { type: 'begin', ...REQUEST })).toMatchObject({ unpaid: undefined });
  });

  it('succeeded: the processing payment is paid, with its totals', () => {
    expect(readerPaymentReducer(processingState, { type: 'succeeded' })).toEqual(paidState);
    expect(readerPaymentReducer(startingState, { type: 'succeeded' })).toBe(startingState);
    expect(readerPaymentReducer(idle, { type: 'succeeded' })).toBe(idle);
  });

  it('cancelled ends any payment, and a stray one of an earlier page, as cancelled', () => {
    expect(readerPaymentReducer(processingState, { type: 'cancelled' })).toEqual(cancelledState);
    expect(readerPaymentReducer(idle, { type: 'cancelled' })).toEqual(cancelledState);
    // The customer paid just before the cancel reached the reader: both are told.
    expect(readerPaymentReducer(paidState, { type: 'cancelled' })).toEqual({ ...paidState, cancelled: true });
    // A payment refused because an earlier page's action held the reader: that action cancelled,
    // the refusal is not shown beside the cancel.
    const refused = { ...idle, unpaid: 'terminal_reader_busy: the reader is busy.' };
    expect(readerPaymentReducer(refused, { type: 'cancelled' })).toEqual(cancelledState);
  });
});

describe('useReaderPayment', () => {
  const server = fakeReaderServerForEachTest();

  async function renderPayment() {
    const onFinished = vi.fn();
    const view = await renderOnReader(() => useReaderPayment({ onFinished }));
    return { ...view, onFinished };
  }

  type PaymentView = Awaited<ReturnType<typeof renderPayment>>;

  /** Begin Transaction, and what it ends in once the calls are answered. */
  async function begin(view: PaymentView) {
    let started: Promise<void> | undefined;
    act(() => {
      started = view.result.current.begin(REQUEST);
    });
    await eventually(() => expect(view.result.current.transaction?.phase).not.toBe('starting'));
    await act(async () => started);
  }

  async function beginPayment(view: PaymentView) {
    await begin(view);
    expect(view.result.current.transaction).toEqual({ phase: 'processing', ...REQUEST, ...HANDED_OVER });
  }

  const readerCalls = () => server.sent('/api/pos/get_reader').length;

  it('hands the payment to the reader, polls it every second, and ends paid', async () => {
    const view = await renderPayment();
    await beginPayment(view);
    expect(server.sent('/api/pos/create_payment_intent')).toEqual([
      { amount: '2260', subtotal: 2000, receiptEmail: 'shopper@example.ca' },
    ]);
    expect(server.sent('/api/pos/process_payment')).toEqual([HANDED_OVER]);

    // In progress: asked again each second.
    const before = readerCalls();
    await nextPoll();
    await eventually(() => expect(readerCalls()).toBe(before + 1));
    await nextPoll();
    await eventually(() => expect(readerCalls()).toBe(before + 2));
    expect(view.result.current.transaction?.phase).toBe('processing');

    // The customer taps the card; the next poll sees it.
    server.reader = readerWith(actionOf('process_payment_intent', 'succeeded', 'pi_1'));
    await nextPoll();
    await eventually(() => expect(view.result.current.paid).toEqual(TOTALS));
    expect(view.result.current.transaction).toBeUndefined();
    expect(view.onFinished).toHaveBeenCalledTimes(1);
    expect(notifySuccess).toHaveBeenCalledTimes(1);
    expect(notifySuccess).toHaveBeenCalledWith(POS_MESSAGES.paidSuccessfully);
    expect(JSON.parse(window.localStorage.getItem(POS_PAID_DETAILS_KEY) ?? '{}')).toEqual({
      amount: '20.00',
      total: '22.60',
      tax: '2.60',
      paymentIntentId: 'pi_1',
      receiptEmail: 'shopper@example.ca',
    });
    await eventually(() =>
      expect(server.sent('/api/pos/save_user_payment_detail')).toEqual([
        { userId: CASHIER_ID, readerId: READER_ID, amount: 2260, paymentIntentId: 'pi_1' },
      ]),
    );

    // Done: no more polling, and the payment is told once.
    const after = readerCalls();
    await nextPoll();
    await nextPoll();
    expect(readerCalls()).toBe(after);
    expect(notifySuccess).toHaveBeenCalledTimes(1);
  });

  it('a simulated card is seen at once, from the simulate call itself', async () => {
    server.handlers['/api/pos/simulate_interac_payment'] = () => {
      server.reader = readerWith(actionOf('process_payment_intent', 'succeeded', 'pi_1'));
      return ok(server.reader);
    };
    const view = await renderPayment();
    await beginPayment(view);
    const before = readerCalls();
    act(() => view.result.current.simulate(true));
    await eventually(() => expect(view.result.current.paid).toEqual(TOTALS));
    expect(readerCalls()).toBe(before);
  });

  it('a declined card says why, keeps the form, and nothing is paid', async () => {
    const view = await renderPayment();
    await beginPayment(view);
    server.reader = readerWith(actionOf('process_payment_intent', 'failed', 'pi_1'));
    await nextPoll();
    await eventually(() => expect(view.result.current.transaction).toBeUndefined());
    expect(notifyError).toHaveBeenCalledWith('card_declined: Your card was declined.');
    expect(view.result.current.paid).toBeUndefined();
    expect(view.onFinished).not.toHaveBeenCalled();
    expect(server.sent('/api/pos/save_user_payment_detail')).toEqual([]);
  });

  it('keeps polling through status calls that do not get through', async () => {
    const view = await renderPayment();
    await beginPayment(view);
    const working = server.handlers['/api/pos/get_reader'];
    server.handlers['/api/pos/get_reader'] = () => refusal(503, 'unavailable', 'Service unavailable');
    const before = readerCalls();
    await nextPoll();
    await eventually(() => expect(view.result.current.cardReader.reader.isError).toBe(true));
    await nextPoll();
    await eventually(() => expect(readerCalls()).toBe(before + 2));
    expect(view.result.current.transaction?.phase).toBe('processing');
    expect(notifyError).not.toHaveBeenCalled();

    if (working) server.handlers['/api/pos/get_reader'] = working;
    server.reader = readerWith(actionOf('process_payment_intent', 'succeeded', 'pi_1'));
    await nextPoll();
    await eventually(() => expect(view.result.current.paid).toEqual(TOTALS));
  });

  it('a status call refused for good ends the payment with its words', async () => {
    const view = await renderPayment();
    await beginPayment(view);
    server.handlers['/api/pos/get_reader'] = () => refusal(404, 'reader_not_present', 'No reader.');
    await nextPoll();
    await eventually(() => expect(view.result.current.transaction).toBeUndefined());
    expect(notifyError).toHaveBeenCalledWith(POS_MESSAGES.readerNotPresent);
  });

  it('a payment cancelled on the reader ends, and says so', async () => {
    const view = await renderPayment();
    await beginPayment(view);
    server.reader = readerWith(null);
    await nextPoll();
    await eventually(() => expect(view.result.current.transaction).toBeUndefined());
    expect(notifyError).toHaveBeenCalledWith('The payment was cancelled on the card reader.');
    expect(view.result.current.cancelled).toBe(false);
  });

  it('Cancel cancels the action on the reader, marks the payment cancelled and resets the form', async () => {
    const view = await renderPayment();
    await beginPayment(view);
    act(() => view.result.current.cancel());
    await eventually(() => expect(view.result.current.cancelled).toBe(true));
    expect(server.sent('/api/pos/cancel_payment')).toEqual([{ id: READER_ID }]);
    expect(view.result.current.transaction).toBeUndefined();
    expect(view.onFinished).toHaveBeenCalledTimes(1);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('does not start on a reader that is offline (spec §5 live path)', async () => {
    const view = await renderPayment();
    server.reader = readerWith(null, 'offline');
    await begin(view);
    expect(notifyError).toHaveBeenCalledWith(POS_MESSAGES.readerOffline);
    expect(view.result.current.transaction).toBeUndefined();
    expect(server.sent('/api/pos/create_payment_intent')).toEqual([]);
  });

  it("a refused payment intent is told in the server's words; an empty one with the spec's text", async () => {
    server.handlers['/api/pos/create_payment_intent'] = () =>
      refusal(409, 'tax_rate_missing', 'There is no tax rate for ON.');
    const view = await renderPayment();
    await begin(view);
    expect(notifyError).toHaveBeenLastCalledWith('tax_rate_missing: There is no tax rate for ON.');
    expect(view.result.current.transaction).toBeUndefined();

    server.handlers['/api/pos/create_payment_intent'] = () => ok({});
    await begin(view);
    expect(notifyError).toHaveBeenLastCalledWith(POS_MESSAGES.paymentCreationError);
    expect(server.sent('/api/pos/process_payment')).toEqual([]);
  });

  describe('a hand-over whose answer is lost (the server took it, then the network failed)', () => {
    const handedToReaderThenLost = () => {
      server.reader = readerWith(actionOf('process_payment_intent', 'in_progress', 'pi_1'));
      return refusal(502, 'bad_gateway', 'Bad gateway');
    };

    it('asks the reader: it has the payment, so the page waits for the card, which pays', async () => {
      server.handlers['/api/pos/process_payment'] = handedToReaderThenLost;
      const view = await renderPayment();
      await beginPayment(view);
      expect(view.result.current.unpaid).toBeUndefined();
      expect(notifyError).not.toHaveBeenCalled();

      server.reader = readerWith(actionOf('process_payment_intent', 'succeeded', 'pi_1'));
      await nextPoll();
      await eventually(() => expect(view.result.current.paid).toEqual(TOTALS));
    });

    it('the reader cannot be asked either: the page waits, asking, and never says nothing was charged', async () => {
      const working = server.handlers['/api/pos/get_reader'];
      server.handlers['/api/pos/process_payment'] = () => {
        server.handlers['/api/pos/get_reader'] = () => refusal(503, 'unavailable', 'Service unavailable');
        return handedToReaderThenLost();
      };
      const view = await renderPayment();
      await beginPayment(view);
      const before = readerCalls();
      await nextPoll();
      await eventually(() => expect(readerCalls()).toBe(before + 1));
      expect(view.result.current.transaction?.phase).toBe('processing');
      expect(view.result.current.unpaid).toBeUndefined();

      if (working) server.handlers['/api/pos/get_reader'] = working;
      server.reader = readerWith(actionOf('process_payment_intent', 'succeeded', 'pi_1'));
      await nextPoll();
      await eventually(() => expect(view.result.current.paid).toEqual(TOTALS));
      expect(notifyError).not.toHaveBeenCalled();
    });

    it("the reader does not have it: not paid, in the spec's words", async () => {
      server.handlers['/api/pos/process_payment'] = () => refusal(502, 'bad_gateway', 'Bad gateway');
      const view = await renderPayment();
      await begin(view);
      expect(view.result.current.transaction).toBeUndefined();
      expect(view.result.current.unpaid).toBe(POS_MESSAGES.paymentCreationError);
      expect(notifyError).toHaveBeenCalledWith(POS_MESSAGES.paymentCreationError);
    });
  });

  it('offers to cancel an action an earlier page left on the reader', async () => {
    server.reader = readerWith(actionOf('process_payment_intent', 'in_progress', 'pi_old'));
    const view = await renderPayment();
    expect(view.result.current.strayAction?.process_payment_intent?.payment_intent).toBe('pi_old');
    act(() => view.result.current.cancel());
    await eventually(() => expect(view.result.current.cancelled).toBe(true));
    expect(view.result.current.strayAction).toBeUndefined();
  });
});
