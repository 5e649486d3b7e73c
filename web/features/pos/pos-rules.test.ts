import { describe, expect, it } from 'vitest';
import { POS_MESSAGES } from '../../../domain/pos/messages.ts';
import { ApiError } from '../../lib/api.ts';
import { posCharge } from '../../test/pos-charge.ts';
import {
  amountHint,
  cardRefundSucceeded,
  chargeMatches,
  chargeSearchRequest,
  checkoutLineItems,
  checkoutProducts,
  checkoutTotal,
  defaultChargeSearch,
  filterProducts,
  formatPaidAt,
  isInterac,
  paidLine,
  parsePaidDetails,
  ratePpmOf,
  receiptDraftOf,
  refundErrorText,
  refundPanelState,
  returnUrlOnThisSite,
  storeRatePpm,
  typedCents,
  validateChargeSearch,
} from './pos-rules.ts';

const RATE = 130_000;

const charge = posCharge;

describe('amounts', () => {
  it('the Amount hint is amount + tax (13%) = total with tax on, the amount alone otherwise', () => {
    expect(amountHint(undefined, true, RATE)).toBe('amount + tax (13%) = total');
    expect(amountHint(undefined, false, RATE)).toBe('amount');
    expect(amountHint(undefined, true, RATE, 'receipt')).toBe('amount + tax (13% tax) = total');
    expect(amountHint(undefined, false, RATE, 'receipt')).toBe('amount');
    expect(amountHint({ amount: 1000, tax: 130, total: 1130 }, true, RATE)).toBe(
      'CDN$10.00 + CDN$1.30 tax (13%) = CDN$11.30',
    );
    expect(amountHint({ amount: 1000, tax: 0, total: 1000 }, false, RATE)).toBe('CDN$10.00');
  });

  it('reads typed dollars as cents, and nothing when it is not a number', () => {
    expect(typedCents('12.345')).toBe(1235);
    expect(typedCents(0.1 + 0.2)).toBe(30);
    expect(typedCents('')).toBeUndefined();
    expect(typedCents('abc')).toBeUndefined();
    expect(ratePpmOf(0.13)).toBe(130_000);
    expect(ratePpmOf(0.14975)).toBe(149_750);
  });

  it('has no store rate when the settings give none: the register then sells nothing', () => {
    expect(storeRatePpm(0.13)).toBe(130_000);
    expect(storeRatePpm(null)).toBeUndefined();
  });
});

describe('paid details (POS_PaidDetails)', () => {
  it('reads the payment shape and the receipt generator lines, and nothing else', () => {
    const payment = { amount: '10.00', total: '11.30', tax: '1.30', paymentIntentId: 'pi_1' };
    expect(parsePaidDetails(JSON.stringify(payment))).toEqual(payment);
    const lines = [paidLine({ product_name: 'Novelty Socks', amount: 1000, tax: 130, addTax: true })];
    expect(lines[0]).toEqual({
      product_name: 'Novelty Socks',
      amount: '10.00',
      tax: '1.30',
      total: '11.30',
      addTax: true,
    });
    expect(parsePaidDetails(JSON.stringify(lines))).toEqual(lines);
    expect(parsePaidDetails(null)).toBeUndefined();
    expect(parsePaidDetails('{not json')).toBeUndefined();
    expect(parsePaidDetails(JSON.stringify({ amount: 10 }))).toBeUndefined();
    expect(parsePaidDetails(JSON.stringify([{ product_name: 'x' }]))).toBeUndefined();
  });

  it('turns them into a receipt draft in cents', () => {
    expect(receiptDraftOf({ amount: '10.00', total: '11.30', tax: '1.30', receiptEmail: 'a@b.ca' })).toEqual({
      lines: [{ product_name: 'In-store card payment', amount: 1000, addTax: true }],
      paymentIntentId: undefined,
      email: 'a@b.ca',
    });
    const draft = receiptDraftOf([
      { product_name: 'iPhone Case', amount: '5.00', tax: '0.00', total: '5.00', addTax: false },
    ]);
    expect(draft.lines).toEqual([{ product_name: 'iPhone Case', amount: 500, addTax: false }]);
  });
});

describe('card checkout (spec §2, §5)', () => {
  const products = [
    { id: 'prod_b', name: 'beanie', code: 'AC-BEA-001' },
    { id: 'prod_a', name: 'Argyle Socks', code: 'MS-CRW-010' },
    { id: 'prod_none', name: 'Aardvark (no price)', code: 'AC-NON-001' },
  ];
  const prices = [
    { id: 'price_3', productId: 'prod_a', unitAmount: 1500 },
    { id: 'price_1', productId: 'prod_a', unitAmount: 900 },
    { id: 'price_2', productId: 'prod_b', unitAmount: 2000 },
  ];

  it('lists products with a price, by name case-insensitively, prices ascending', () => {
    const list = checkoutProducts(products, prices);
    expect(list.map((product) => product.name)).toEqual(['Argyle Socks', 'beanie']);
    expect(list[0]?.prices.map((price) => price.unitAmount)).toEqual([900, 1500]);
    expect(filterProducts(list, '  SOCK ').map((product) => product.name)).toEqual(['Argyle Socks']);
    // Two products of one name are told apart, and found, by their codes.
    expect(filterProducts(list, 'ac-bea').map((product) => product.name)).toEqual(['beanie']);
    expect(filterProducts(list, '')).toHaveLength(2);
  });

  it('sends only ticked prices with a quantity above 0, and totals ticked ones', () => {
    const choices = {
      price_1: { checked: true, quantity: 2 },
      price_3: { checked: true, quantity: 0 },
      price_2: { checked: false, quantity: 5 },
    };
    expect(checkoutLineItems(choices)).toEqual([{ priceId: 'price_1', quantity: 2 }]);
    expect(checkoutLineItems({})).toEqual([]);
    expect(checkoutTotal(checkoutProducts(products, prices), choices)).toBe(1800);
  });
});

describe('refund search (spec §5, §9)', () => {
  const today = new Date('2026-11-22T15:30:00Z');

  it("starts with the last 30 days to today, the store's day, no status or card type, limit 100", () => {
    // 00:30 on November 23 in Toronto is still November 22 in Regina.
    expect(defaultChargeSearch(new Date('2026-11-23T05:30:00Z'), 'America/Toronto').toDate).toBe(
      '11/23/2026',
    );
    expect(defaultChargeSearch(new Date('2026-11-23T05:30:00Z'), 'America/Regina').toDate).toBe('11/22/2026');
    const form = defaultChargeSearch(today, 'America/Toronto');
    expect(form).toMatchObject({ fromDate: '10/23/2026', toDate: '11/22/2026', status: '0', cardType: '0' });
    expect(form.limit).toBe('100');
    expect(chargeSearchRequest(form)).toEqual({
      fromAmount: undefined,
      toAmount: undefined,
      fromDate: '2026-10-23',
      toDate: '2026-11-22',
      status: 0,
      cardType: 0,
      last4: undefined,
      limit: '100',
    });
  });

  it('sends last4 only with a card type', () => {
    const form = { ...defaultChargeSearch(today, 'America/Toronto'), last4: '4242' };
    expect(chargeSearchRequest(form).last4).toBeUndefined();
    expect(chargeSearchRequest({ ...form, cardType: '2' }).last4).toBe('4242');
  });

  it('asks for exactly 4 digits in Last 4, digits only in Limit', () => {
    const form = { ...defaultChargeSearch(today, 'America/Toronto'), cardType: '1' };
    expect(validateChargeSearch({ ...form, last4: '424' }).errors).toEqual({
      last4: 'Please enter 4 digits.',
    });
    expect(validateChargeSearch({ ...form, last4: '42a2' }).errors).toEqual({
      last4: 'Only digits are allowed.',
    });
    expect(validateChargeSearch({ ...form, last4: '4242' }).errors).toBeUndefined();
    // Without a card type, last4 is not checked (it is cleared and disabled).
    expect(validateChargeSearch({ ...form, cardType: '0', last4: '1' }).errors).toBeUndefined();
    expect(validateChargeSearch({ ...form, limit: '1O' }).errors).toEqual({
      limit: POS_MESSAGES.limitDigits,
    });
    expect(validateChargeSearch({ ...form, fromAmount: 'ten' }).errors).toEqual({
      fromAmount: POS_MESSAGES.fromAmountInvalid,
    });
    expect(validateChargeSearch({ ...form, fromDate: '11/23/2026' }).errors).toEqual({
      toDate: POS_MESSAGES.dateRange,
    });
    expect(validateChargeSearch({ ...form, fromDate: '02/30/2026' }).errors).toEqual({
      fromDate: POS_MESSAGES.dateInvalid,
    });
  });

  it('shows every message at once: Last 4 too when Limit is wrong', () => {
    const form = {
      ...defaultChargeSearch(today, 'America/Toronto'),
      cardType: '1',
      last4: '12a',
      limit: '5x',
    };
    expect(validateChargeSearch(form).errors).toEqual({
      last4: POS_MESSAGES.last4Digits,
      limit: POS_MESSAGES.limitDigits,
    });
  });

  it('reads and writes dates as MM/DD/YYYY and sends calendar days', () => {
    const form = { ...defaultChargeSearch(today, 'America/Toronto'), fromDate: '11/01/2026', toDate: 'soon' };
    expect(chargeSearchRequest(form)).toMatchObject({ fromDate: '2026-11-01', toDate: 'soon' });
    expect(chargeSearchRequest({ ...form, toDate: ' ' }).toDate).toBeUndefined();
  });
});

describe('refunds (spec §4, §8)', () => {
  it('refund errors: the server refusal as Refund failed: {error}, else the call error', () => {
    expect(refundErrorText(new ApiError(409, 'charge_already_refunded', 'Already.'))).toBe(
      'Refund failed: Already.',
    );
    expect(refundErrorText(new ApiError(500, 'internal', 'x'))).toBe(POS_MESSAGES.refundCallError);
    expect(refundErrorText(new ApiError(0, 'network_error', 'x'))).toBe(POS_MESSAGES.refundCallError);
    expect(refundErrorText(new Error('boom'))).toBe(POS_MESSAGES.refundCallError);
  });

  it('a card refund succeeded only as a refund object with status succeeded', () => {
    expect(cardRefundSucceeded({ object: 'refund', status: 'succeeded' })).toBe(true);
    expect(cardRefundSucceeded({ object: 'refund', status: 'pending' })).toBe(false);
    expect(cardRefundSucceeded(undefined)).toBe(false);
  });

  it('the panel offers a refund only of money taken and not yet all refunded', () => {
    expect(refundPanelState(charge())).toBe('refundable');
    expect(refundPanelState(charge({ amountRefunded: 1000 }))).toBe('refundable');
    expect(refundPanelState(charge({ amountRefunded: 2260, refunded: true }))).toBe('refunded');
    expect(refundPanelState(charge({ amountRefunded: 2260 }))).toBe('refunded');
    // A declined payment, or one authorized and not captured: no money to give back.
    expect(refundPanelState(charge({ status: 'failed' }))).toBe('not-refundable');
    expect(refundPanelState(charge({ status: 'pending' }))).toBe('not-refundable');
    expect(refundPanelState(charge({ captured: false }))).toBe('not-refundable');
  });

  it('Interac payments are recognised by source, network or brand', () => {
    expect(isInterac(charge())).toBe(false);
    expect(isInterac(charge({ source: 'interac_present' }))).toBe(true);
    expect(isInterac(charge({ network: 'Interac' }))).toBe(true);
  });

  it("formats Paid at as MM/dd/yyyy HH:mm on the store's clock", () => {
    expect(formatPaidAt('2026-01-05T14:07:00Z', 'America/Toronto')).toBe('01/05/2026 09:07');
    // Late in the evening in Regina is the next day in UTC.
    expect(formatPaidAt('2026-01-06T05:30:00Z', 'America/Regina')).toBe('01/05/2026 23:30');
    expect(formatPaidAt('not a date', 'America/Toronto')).toBe('not a date');
  });

  it('the free-text filter looks at amount, card and status', () => {
    const row = charge();
    expect(chargeMatches(row, '', 'America/Toronto')).toBe(true);
    expect(chargeMatches(row, '22.60', 'America/Toronto')).toBe(true);
    expect(chargeMatches(row, 'VISA', 'America/Toronto')).toBe(true);
    expect(chargeMatches(row, '4242', 'America/Toronto')).toBe(true);
    expect(chargeMatches(row, 'mastercard', 'America/Toronto')).toBe(false);
  });
});

describe("the sandbox's hosted page", () => {
  const here = 'http://127.0.0.1:3310/#/sandbox-checkout/cs_test_1';

  it('returns to the success URL on this site, or to the same screen of this app', () => {
    expect(returnUrlOnThisSite('http://127.0.0.1:3310/#/checkout-success', here)).toBe(
      'http://127.0.0.1:3310/#/checkout-success',
    );
    // PUBLIC_URL names another address of the shop: the buyer stays here, on that screen.
    expect(returnUrlOnThisSite('http://localhost:3000/#/checkout-success', here)).toBe(
      'http://127.0.0.1:3310/#/checkout-success',
    );
    // Never sent to another site.
    expect(returnUrlOnThisSite('https://evil.example/phish', here)).toBe('http://127.0.0.1:3310/');
    expect(returnUrlOnThisSite('/#/checkout-success', here)).toBe('http://127.0.0.1:3310/#/checkout-success');
    expect(returnUrlOnThisSite(null, here)).toBeUndefined();
  });
});
