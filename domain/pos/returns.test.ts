import { describe, expect, it } from 'vitest';
import { cashRoundingText, tenderText } from './receipts.ts';
import type { Sale } from './register.ts';
import { planReturn } from './returns.ts';

type Tender = Sale['tenders'][number];

/** A sale of `quantity` pairs at `unitPrice` (13% tax on the line), paid by these tenders. */
function saleOf(unitPrice: number, quantity: number, tenders: Partial<Tender>[], returned = 0): Sale {
  const lineTotal = unitPrice * quantity;
  const tax = Math.round((lineTotal * 130_000) / 1_000_000);
  return {
    id: 1,
    cashier: 'Alex Martin',
    shiftId: 1,
    lines: [
      {
        productId: 1,
        size_id: null,
        packageId: null,
        code: 'MS-1',
        name: 'Crew',
        sizeName: '',
        unitPrice,
        quantity,
        lineTotal,
        returned,
      },
    ],
    subtotal: lineTotal,
    taxRatePpm: 130_000,
    tax,
    total: lineTotal + tax,
    rounding: 0,
    paid: lineTotal + tax,
    change: 0,
    tenders: tenders.map((tender, index) => ({
      id: index + 1,
      type: 'cash',
      amount: 0,
      tendered: null,
      change: null,
      paymentIntentId: null,
      brand: null,
      last4: null,
      authorizationCode: null,
      refunded: 0,
      refundedOutside: 0,
      ...tender,
    })),
    receipt: { receipt_id: 1, receipt_number: 1001 },
    returns: [],
    createdAt: '2026-11-26T12:00:00.000Z',
  };
}

describe('planReturn', () => {
  it('gives each return of a line its share of the tax, adding up to the line’s tax', () => {
    // 3 x 3.33 = 9.99, tax 1.30; one at a time: 0.43, then 0.44 (0.87 - 0.43), then 0.43 (1.30 - 0.87).
    const taxes: number[] = [];
    for (let returned = 0; returned < 3; returned += 1) {
      const sale = saleOf(333, 3, [{ type: 'card', amount: 1129 }], returned);
      const result = planReturn(sale, [{ line: 0, quantity: 1 }]);
      if (!result.ok) throw new Error(result.message);
      taxes.push(result.plan.tax);
    }
    expect(taxes.reduce((sum, tax) => sum + tax, 0)).toBe(130);
  });

  it('refunds the card first, then the rest in cash rounded to 5 cents', () => {
    // 2 x 10.01 = 20.02 + 2.60 = 22.62: 10.00 by card, 12.60 in cash.
    const sale = saleOf(1001, 2, [
      { type: 'card', amount: 1000 },
      { type: 'cash', amount: 1260 },
    ]);
    const one = planReturn(sale, [{ line: 0, quantity: 1 }]);
    expect(one).toMatchObject({
      ok: true,
      plan: {
        total: 1131,
        refunded: 1130,
        rounding: -1,
        tenders: [
          { type: 'card', amount: 1000 },
          { type: 'cash', amount: 130 },
        ],
      },
    });
  });

  it('takes a card’s refund made in the processor’s dashboard off what that card can still get', () => {
    // 10.00 by card, 5.00 of it already given back in the dashboard: 5.00 on the card, the rest in cash.
    const sale = saleOf(1001, 2, [
      { type: 'card', amount: 1000, refundedOutside: 500 },
      { type: 'cash', amount: 1260 },
    ]);
    expect(planReturn(sale, [{ line: 0, quantity: 1 }])).toMatchObject({
      ok: true,
      plan: {
        tenders: [
          { type: 'card', amount: 500 },
          { type: 'cash', amount: 630 },
        ],
      },
    });
    const cardOnly = saleOf(1000, 1, [{ type: 'card', amount: 1130, refundedOutside: 1130 }]);
    expect(planReturn(cardOnly, [{ line: 0, quantity: 1 }])).toMatchObject({ ok: false });
  });

  it('never gives back more cash than the cash tender has left', () => {
    const sale = saleOf(1001, 1, [{ type: 'cash', amount: 1130, refunded: 0 }]);
    // 11.31 due rounds to 11.30: what was paid.
    expect(planReturn(sale, [{ line: 0, quantity: 1 }])).toMatchObject({
      ok: true,
      plan: { refunded: 1130, tenders: [{ type: 'cash', amount: 1130 }] },
    });
    const taken = saleOf(1001, 1, [{ type: 'cash', amount: 1130, refunded: 1130 }]);
    expect(planReturn(taken, [{ line: 0, quantity: 1 }])).toMatchObject({ ok: false });
  });

  it('gives back all the cash left with the last items, however the cash was rounded before', () => {
    // 2 x 12.99 = 25.98 + 3.38 = 29.36, paid 29.35 in cash. The first pair: 14.68, rounded to 14.70.
    const sale = saleOf(1299, 2, [{ type: 'cash', amount: 2935 }]);
    expect(planReturn(sale, [{ line: 0, quantity: 1 }])).toMatchObject({
      ok: true,
      plan: { total: 1468, refunded: 1470, rounding: 2 },
    });
    // The second pair: 14.68 is due, 14.65 is left; the customer gets back what they paid in all.
    const returnedOne: Sale = {
      ...sale,
      lines: sale.lines.map((line) => ({ ...line, returned: 1 })),
      tenders: sale.tenders.map((tender) => ({ ...tender, refunded: 1470 })),
      returns: [
        { id: 1, status: 'succeeded', refunded: 1470, receipt_number: 1002, createdAt: sale.createdAt },
      ],
    };
    expect(planReturn(returnedOne, [{ line: 0, quantity: 1 }])).toMatchObject({
      ok: true,
      plan: { total: 1468, refunded: 1465, rounding: -3, tenders: [{ type: 'cash', amount: 1465 }] },
    });
    // Rounded the other way (29.33 with tax, paid 29.35; the first pair 14.67, given back 14.65): the
    // last pair's 14.66 gets 14.70, so 29.35 comes back in all.
    const down = saleOf(1298, 2, [{ type: 'cash', amount: 2935, refunded: 1465 }], 1);
    expect(planReturn(down, [{ line: 0, quantity: 1 }])).toMatchObject({
      ok: true,
      plan: { tenders: [{ type: 'cash', amount: 1470 }] },
    });
  });

  it('refuses more than is left of a line, a line the sale does not have, and nothing', () => {
    const sale = saleOf(1000, 2, [{ type: 'cash', amount: 2260 }], 1);
    expect(planReturn(sale, [{ line: 0, quantity: 2 }])).toEqual({
      ok: false,
      message: 'Only 1 of Crew can still be returned.',
    });
    expect(planReturn(sale, [{ line: 1, quantity: 1 }])).toEqual({
      ok: false,
      message: 'This sale has no such line.',
    });
    expect(planReturn(sale, [])).toEqual({ ok: false, message: 'Choose at least one item to return.' });
  });
});

describe('tenderText', () => {
  const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  const tender = { brand: null, last4: null, authorizationCode: null, tendered: null, change: null };

  it('reads cash handed over with its change, and cash given back by a refund', () => {
    expect(tenderText({ ...tender, type: 'cash', amount: 1015, tendered: 2000, change: 985 }, money)).toBe(
      'Cash: $20.00 tendered, $9.85 change',
    );
    expect(tenderText({ ...tender, type: 'cash', amount: 1130 }, money)).toBe('Cash: $11.30');
  });

  it('reads a card with its brand, last 4 and authorization code, and Interac', () => {
    expect(
      tenderText(
        { ...tender, type: 'card', amount: 1200, brand: 'visa', last4: '4242', authorizationCode: 'A1B2C3' },
        money,
      ),
    ).toBe('VISA ending 4242: $12.00, authorization A1B2C3');
    expect(tenderText({ ...tender, type: 'interac', amount: 500 }, money)).toBe('Interac: $5.00');
  });
});

describe('cashRoundingText', () => {
  const money = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`;
  const tender = { brand: null, last4: null, authorizationCode: null, tendered: null, change: null };
  const cash = (amount: number) => ({ ...tender, type: 'cash' as const, amount });

  it('says how the cash was rounded and what was paid or given back', () => {
    expect(cashRoundingText({ total: 7229, tenders: [cash(7230)], refund: false }, money)).toBe(
      'Cash rounding to 5 cents: +$0.01, paid $72.30',
    );
    expect(cashRoundingText({ total: 1472, tenders: [cash(1470)], refund: true }, money)).toBe(
      'Cash rounding to 5 cents: -$0.02, given back $14.70',
    );
  });

  it('adds a split sale’s card part to its cash', () => {
    const card = { ...tender, type: 'card' as const, amount: 1000 };
    expect(cashRoundingText({ total: 3013, tenders: [card, cash(2015)], refund: false }, money)).toBe(
      'Cash rounding to 5 cents: +$0.02, paid $30.15',
    );
  });

  it('says nothing without cash or without rounding', () => {
    expect(
      cashRoundingText(
        { total: 7229, tenders: [{ ...tender, type: 'card', amount: 7229 }], refund: false },
        money,
      ),
    ).toBeNull();
    expect(cashRoundingText({ total: 7230, tenders: [cash(7230)], refund: false }, money)).toBeNull();
  });
});
