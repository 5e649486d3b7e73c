import { describe, expect, it } from 'vitest';
import { planOrderRefund, type RefundableLine, type RefundableOrder } from './order-refunds.ts';

// Two lines (2 x 10.00, 1 x 5.99), 12.99 shipping, Ontario's 13% HST: 25.99 + 12.99 = 38.98, tax 5.07.
const order: RefundableOrder = {
  total: 4405,
  amountRefunded: 0,
  shippingFee: 1299,
  taxRatePpm: 130_000,
  tax: 507,
  taxRefunded: 0,
  shippingRefunded: false,
};
const lines: RefundableLine[] = [
  { id: 1, name: 'Wool Crew', unitPrice: 1000, quantity: 2, quantityRefunded: 0 },
  { id: 2, name: 'Ankle', unitPrice: 599, quantity: 1, quantityRefunded: 0 },
];

function planOf(result: ReturnType<typeof planOrderRefund>) {
  if (!result.ok) throw new Error(result.message);
  return result.plan;
}

describe('planning a refund of a web order', () => {
  it('gives back a line with its tax, the shipping kept', () => {
    const plan = planOf(
      planOrderRefund(order, lines, {
        kind: 'lines',
        lines: [{ lineId: 1, quantity: 1, restock: true }],
        shipping: false,
      }),
    );
    expect(plan).toMatchObject({
      itemsAmount: 1000,
      shippingAmount: 0,
      tax: 130,
      amount: 1130,
      completes: false,
    });
    expect(plan.lines).toEqual([{ lineId: 1, quantity: 1, restock: true, amount: 1000 }]);
  });

  it('gives back exactly what remains with the last refund, whatever the rounding', () => {
    const first = planOf(
      planOrderRefund(order, lines, {
        kind: 'lines',
        lines: [{ lineId: 2, quantity: 1, restock: false }],
        shipping: false,
      }),
    );
    expect(first.amount).toBe(599 + 78);
    const after = { ...order, amountRefunded: first.amount };
    const rest = planOf(
      planOrderRefund(
        after,
        [lines[0] as RefundableLine, { ...(lines[1] as RefundableLine), quantityRefunded: 1 }],
        {
          kind: 'all',
          restock: true,
          shipping: true,
        },
      ),
    );
    expect(rest).toMatchObject({ completes: true, amount: order.total - first.amount, shippingAmount: 1299 });
    expect(rest.itemsAmount + rest.shippingAmount + rest.tax).toBe(rest.amount);
  });

  it('refuses more than a line has left, a line of another order, a line twice and nothing at all', () => {
    const twice = planOrderRefund({ ...order }, [{ ...(lines[0] as RefundableLine), quantityRefunded: 1 }], {
      kind: 'lines',
      lines: [{ lineId: 1, quantity: 2, restock: true }],
      shipping: false,
    });
    expect(twice).toMatchObject({
      ok: false,
      status: 409,
      message: 'Only 1 of Wool Crew can still be refunded.',
    });
    expect(
      planOrderRefund(order, lines, {
        kind: 'lines',
        lines: [{ lineId: 9, quantity: 1, restock: true }],
        shipping: false,
      }),
    ).toMatchObject({ ok: false, status: 400, code: 'unknown_line' });
    expect(
      planOrderRefund(order, lines, {
        kind: 'lines',
        lines: [
          { lineId: 1, quantity: 1, restock: true },
          { lineId: 1, quantity: 1, restock: true },
        ],
        shipping: false,
      }),
    ).toMatchObject({ ok: false, code: 'duplicate_line' });
    expect(planOrderRefund(order, lines, { kind: 'lines', lines: [], shipping: false })).toMatchObject({
      ok: false,
      code: 'nothing_chosen',
    });
  });

  it('refuses the shipping twice and anything once all is given back', () => {
    expect(
      planOrderRefund({ ...order, shippingRefunded: true }, lines, {
        kind: 'lines',
        lines: [],
        shipping: true,
      }),
    ).toMatchObject({ ok: false, code: 'shipping_refunded' });
    expect(
      planOrderRefund({ ...order, amountRefunded: order.total }, lines, {
        kind: 'all',
        restock: true,
        shipping: true,
      }),
    ).toMatchObject({ ok: false, status: 409, message: 'This order has been refunded in full.' });
  });

  it('takes an amount: its tax share when it is part, every line when it is all that remains', () => {
    const part = planOf(planOrderRefund(order, lines, { kind: 'amount', amount: 1130, restock: true }));
    expect(part).toMatchObject({ lines: [], tax: 130, itemsAmount: 1000, completes: false });
    const all = planOf(
      planOrderRefund(order, lines, { kind: 'amount', amount: order.total, restock: false }),
    );
    expect(all).toMatchObject({ amount: order.total, completes: true });
    expect(all.lines.map((line) => [line.lineId, line.quantity, line.restock])).toEqual([
      [1, 2, false],
      [2, 1, false],
    ]);
    expect(
      planOrderRefund(order, lines, { kind: 'amount', amount: order.total + 1, restock: true }),
    ).toMatchObject({
      ok: false,
      status: 400,
      message: 'At most CDN$44.05 can still be refunded on this order.',
    });
  });

  it('never plans more than remains after a refund of an amount', () => {
    const after = { ...order, amountRefunded: 4000 };
    const plan = planOf(
      planOrderRefund(after, lines, {
        kind: 'lines',
        lines: [{ lineId: 1, quantity: 2, restock: true }],
        shipping: false,
      }),
    );
    expect(plan.amount).toBe(405);
    expect(plan.itemsAmount + plan.shippingAmount + plan.tax).toBe(405);
  });

  it('after a refund of an amount, the last refund gives back what remains of each part: the tax too', () => {
    // 51.96 of socks, 10.99 shipping, 13% HST 8.18: 71.13. The POS refund screen gave back 10.00 first
    // (8.85 of items, 1.15 of tax, no line).
    const paid: RefundableOrder = {
      total: 7113,
      amountRefunded: 0,
      shippingFee: 1099,
      taxRatePpm: 130_000,
      tax: 818,
      taxRefunded: 0,
      shippingRefunded: false,
    };
    const socks: RefundableLine[] = [
      { id: 1, name: 'Wool Crew', unitPrice: 1299, quantity: 4, quantityRefunded: 0 },
    ];
    const first = planOf(planOrderRefund(paid, socks, { kind: 'amount', amount: 1000, restock: false }));
    expect(first).toMatchObject({ itemsAmount: 885, shippingAmount: 0, tax: 115, amount: 1000 });

    const afterFirst = { ...paid, amountRefunded: 1000, taxRefunded: 115 };
    const rest = planOf(
      planOrderRefund(afterFirst, socks, {
        kind: 'lines',
        lines: [{ lineId: 1, quantity: 4, restock: true }],
        shipping: true,
      }),
    );
    expect(rest).toMatchObject({
      itemsAmount: 4311,
      shippingAmount: 1099,
      tax: 703,
      amount: 6113,
      completes: true,
    });
    expect(first.itemsAmount + rest.itemsAmount).toBe(5196);
    expect(first.tax + rest.tax).toBe(818);
  });

  it('a refund cut to what remains gives back the rest of the tax, whatever the earlier shares rounded to', () => {
    // BC's 12% on 100.96: 113.08, tax 12.12. The refund screen gave back 10.00 (1.07 of tax), then
    // 100.00 (10.71 of tax): 3.08 remain, of which 0.34 is tax (the rate's share of 3.08 is 0.33).
    const paid: RefundableOrder = {
      total: 11308,
      amountRefunded: 11000,
      shippingFee: 0,
      taxRatePpm: 120_000,
      tax: 1212,
      taxRefunded: 107 + 1071,
      shippingRefunded: false,
    };
    const socks: RefundableLine[] = [
      { id: 1, name: 'Maple Leaf Crew', unitPrice: 1999, quantity: 1, quantityRefunded: 0 },
      { id: 2, name: 'Yukon Boot Sock', unitPrice: 3499, quantity: 2, quantityRefunded: 0 },
    ];
    const plan = planOf(
      planOrderRefund(paid, socks, {
        kind: 'lines',
        lines: [{ lineId: 1, quantity: 1, restock: true }],
        shipping: false,
      }),
    );
    expect(plan).toMatchObject({ amount: 308, tax: 34, itemsAmount: 274 });
    expect(107 + 1071 + plan.tax).toBe(1212);
  });

  it('a refund cut to what remains gives back the tax left', () => {
    const paid: RefundableOrder = { ...order, amountRefunded: 3405, taxRefunded: 392 };
    const plan = planOf(
      planOrderRefund(paid, lines, {
        kind: 'lines',
        lines: [{ lineId: 1, quantity: 2, restock: false }],
        shipping: false,
      }),
    );
    // 10.00 remain (22.60 asked): 8.85 of items and 1.15 of tax.
    expect(plan).toMatchObject({
      amount: 1000,
      itemsAmount: 885,
      shippingAmount: 0,
      tax: 115,
      completes: false,
    });
  });
});
