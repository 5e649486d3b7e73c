import { describe, expect, it } from 'vitest';
import { createCheckoutSessionSchema } from './checkout.ts';
import {
  createInvoiceSchema,
  invoiceFormSchema,
  invoiceTotals,
  receiptTotals,
  sendInvoiceSchema,
  toInvoiceRequest,
} from './invoices.ts';
import { POS_MESSAGES, readerErrorText, refundMaxMessage } from './messages.ts';
import { createPaymentIntentSchema } from './readers.ts';
import { createReceiptSchema } from './receipts.ts';
import { chargeSearchSchema, refundFormSchema, toRefundRequest } from './refunds.ts';
import { paidDetails, posFormSchema, posTotals, taxRateLabel } from './sale.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('POS payment amounts', () => {
  it('takes cents as text or a number, from Stripe minimum to the ceiling', () => {
    expect(createPaymentIntentSchema.parse({ amount: '1130' })).toEqual({ amount: 1130 });
    expect(createPaymentIntentSchema.parse({ amount: 50, receiptEmail: '' })).toEqual({ amount: 50 });
    expect(firstMessage(createPaymentIntentSchema.safeParse({ amount: '49' }))).toBe(POS_MESSAGES.amountMin);
    expect(firstMessage(createPaymentIntentSchema.safeParse({ amount: '' }))).toBe(
      POS_MESSAGES.amountRequired,
    );
    expect(createPaymentIntentSchema.safeParse({ amount: '12.5' }).success).toBe(false);
    expect(createPaymentIntentSchema.safeParse({ amount: '-100' }).success).toBe(false);
    expect(firstMessage(createPaymentIntentSchema.safeParse({ amount: '10000001' }))).toBe(
      POS_MESSAGES.amountMax,
    );
    expect(firstMessage(createPaymentIntentSchema.safeParse({ amount: '100', receiptEmail: 'nope' }))).toBe(
      'Please enter a valid email address',
    );
    expect(createPaymentIntentSchema.safeParse({ amount: '100', extra: 1 }).success).toBe(false);
  });

  it('computes tax per line as round(amount x 13%) and the spec paid details', () => {
    expect(posTotals(1000, true, 130_000)).toEqual({ amount: 1000, tax: 130, total: 1130 });
    expect(posTotals(1005, true, 130_000)).toEqual({ amount: 1005, tax: 131, total: 1136 });
    expect(posTotals(1005, false, 130_000)).toEqual({ amount: 1005, tax: 0, total: 1005 });
    expect(paidDetails(posTotals(1000, true, 130_000))).toEqual({
      amount: '10.00',
      total: '11.30',
      tax: '1.30',
    });
    expect(taxRateLabel(130_000)).toBe('13%');
    expect(taxRateLabel(149_750)).toBe('14.975%');
  });

  it('validates the POS form in dollars with the spec messages', () => {
    const form = { addTax: true, showEmail: false, receiptEmail: '' };
    expect(posFormSchema.parse({ ...form, amount: '12.50' }).amount).toBe(12.5);
    expect(firstMessage(posFormSchema.safeParse({ ...form, amount: '' }))).toBe('Amount is required');
    expect(firstMessage(posFormSchema.safeParse({ ...form, amount: 'abc' }))).toBe(
      POS_MESSAGES.amountNumeric,
    );
  });

  it('shows reader errors as type: message', () => {
    expect(readerErrorText({ code: 'card_error', message: 'Your card was declined.' })).toBe(
      'card_error: Your card was declined.',
    );
  });
});

describe('refund search', () => {
  it('applies defaults and converts dollars to cents', () => {
    expect(chargeSearchSchema.parse({})).toEqual({
      fromAmount: undefined,
      toAmount: undefined,
      fromDate: undefined,
      toDate: undefined,
      status: 0,
      cardType: 0,
      last4: undefined,
      limit: 100,
    });
    const parsed = chargeSearchSchema.parse({
      fromAmount: '10.5',
      toAmount: 20,
      fromDate: '2026-11-01',
      toDate: '11/22/2026',
      status: 1,
      cardType: 2,
      last4: '4242',
      limit: '25',
    });
    expect(parsed).toMatchObject({
      fromAmount: 1050,
      toAmount: 2000,
      fromDate: '2026-11-01',
      toDate: '2026-11-22',
    });
    expect(parsed).toMatchObject({ last4: '4242', limit: 25 });
  });

  it('checks last4 only with a card type, with the spec messages', () => {
    expect(firstMessage(chargeSearchSchema.safeParse({ cardType: 1, last4: '42' }))).toBe(
      'Please enter 4 digits.',
    );
    expect(firstMessage(chargeSearchSchema.safeParse({ cardType: 1, last4: '42a2' }))).toBe(
      'Only digits are allowed.',
    );
    expect(chargeSearchSchema.parse({ cardType: 0, last4: '42' }).last4).toBeUndefined();
  });

  it('refuses bad limits, amounts, dates and ranges', () => {
    expect(firstMessage(chargeSearchSchema.safeParse({ limit: '1e2' }))).toBe(POS_MESSAGES.limitDigits);
    expect(firstMessage(chargeSearchSchema.safeParse({ limit: 101 }))).toBe(POS_MESSAGES.limitMax);
    expect(firstMessage(chargeSearchSchema.safeParse({ fromAmount: 'x' }))).toBe(
      POS_MESSAGES.fromAmountInvalid,
    );
    expect(firstMessage(chargeSearchSchema.safeParse({ fromDate: '2026-02-30' }))).toBe(
      POS_MESSAGES.dateInvalid,
    );
    expect(firstMessage(chargeSearchSchema.safeParse({ fromAmount: 5, toAmount: 4 }))).toBe(
      POS_MESSAGES.amountRange,
    );
    expect(firstMessage(chargeSearchSchema.safeParse({ fromDate: '2026-11-02', toDate: '2026-11-01' }))).toBe(
      POS_MESSAGES.dateRange,
    );
    expect(chargeSearchSchema.safeParse({ status: 3 }).success).toBe(false);
  });

  it('reports every field at once, the cross-field rules too, when another field is wrong', () => {
    const result = chargeSearchSchema.safeParse({
      cardType: 1,
      last4: '12a',
      limit: '5x',
      fromAmount: '9',
      toAmount: '3',
      fromDate: '2026-10-10',
      toDate: '2026-10-01',
    });
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
    );
    expect(messages).toEqual({
      limit: POS_MESSAGES.limitDigits,
      last4: POS_MESSAGES.last4Digits,
      toAmount: POS_MESSAGES.amountRange,
      toDate: POS_MESSAGES.dateRange,
    });
    // A range whose own end is wrong says that, not the range.
    const badEnd = chargeSearchSchema.safeParse({ fromAmount: 'x', toAmount: '3', cardType: 2, last4: '12' });
    expect(badEnd.error?.issues.map((issue) => issue.message)).toEqual([
      POS_MESSAGES.fromAmountInvalid,
      POS_MESSAGES.last4Length,
    ]);
  });
});

describe('refund panel', () => {
  it('allows at most what remains, in dollars', () => {
    const schema = refundFormSchema(1250);
    expect(schema.safeParse({ refundPartially: true, amount: '12.50' }).success).toBe(true);
    expect(firstMessage(schema.safeParse({ refundPartially: true, amount: '12.51' }))).toBe(
      "Refund Amount can't be more than 12.50.",
    );
    expect(schema.safeParse({ refundPartially: false, amount: '99' }).success).toBe(true);
    expect(refundMaxMessage(1000)).toBe("Refund Amount can't be more than 10.00.");
  });

  it('sends the amount only when partial and above 0', () => {
    expect(toRefundRequest('pi_1', { refundPartially: true, amount: '5.25' })).toEqual({
      paymentIntentId: 'pi_1',
      amount: 525,
    });
    expect(toRefundRequest('pi_1', { refundPartially: true, amount: '0' })).toEqual({
      paymentIntentId: 'pi_1',
    });
    expect(toRefundRequest('pi_1', { refundPartially: false, amount: '5' })).toEqual({
      paymentIntentId: 'pi_1',
    });
  });
});

describe('checkout, receipts and invoices', () => {
  it('takes checkout quantities of 0 and more, digits only', () => {
    expect(
      createCheckoutSessionSchema.safeParse({ lineItems: [{ priceId: 'price_1', quantity: 0 }] }).success,
    ).toBe(true);
    expect(
      createCheckoutSessionSchema.safeParse({ lineItems: [{ priceId: 'price_1', quantity: -1 }] }).success,
    ).toBe(false);
    expect(
      createCheckoutSessionSchema.safeParse({ lineItems: [{ priceId: 'price_1', quantity: 1.5 }] }).success,
    ).toBe(false);
  });

  it('recomputes receipt tax per line', () => {
    const totals = receiptTotals(
      [
        { product_name: 'Novelty Socks', amount: 1005, addTax: true },
        { product_name: 'iPhone Case', amount: 1005, addTax: true },
        { product_name: 'Gift card', amount: 500, addTax: false },
      ],
      130_000,
    );
    expect(totals).toMatchObject({ subtotal: 2510, tax: 262, total: 2772 });
    expect(firstMessage(createReceiptSchema.safeParse({ lines: [{ product_name: ' ', amount: 1 }] }))).toBe(
      'Product Name is required',
    );
  });

  it('builds the CreateInvoice body in cents from the form in dollars', () => {
    const form = invoiceFormSchema.parse({
      client_name: 'Jane Roe',
      address: '1 King St W, Toronto',
      email: 'jane@example.ca',
      contact_no: '416-555-0100',
      products: [{ product_name: 'Wool socks', price: '12.99', quantity: '3' }],
    });
    const body = toInvoiceRequest(form);
    expect(body.products).toEqual([{ product_name: 'Wool socks', price: 1299, quantity: 3 }]);
    expect(createInvoiceSchema.safeParse(body).success).toBe(true);
    expect(invoiceTotals([{ price: 1299, quantity: 3 }], 130_000)).toEqual({
      subtotal: 3897,
      tax: 507,
      total: 4404,
    });
  });

  it('requires the buyer fields and a valid e-mail', () => {
    const result = createInvoiceSchema.safeParse({
      client_name: '',
      address: 'x',
      email: 'bad',
      contact_no: '1',
      products: [],
    });
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toContain('Customer Name is required.');
    expect(messages).toContain('Please enter a valid email address');
    expect(messages).toContain(POS_MESSAGES.invoiceNoProducts);
    expect(firstMessage(sendInvoiceSchema.safeParse({ invoice_id: 1, email: '' }))).toBe('Email is required');
  });
});
