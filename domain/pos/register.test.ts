import { describe, expect, it } from 'vitest';
import { planTenders, roundCash } from './register.ts';

describe('cash rounding', () => {
  it('rounds 1-2 and 6-7 cents down, 3-4 and 8-9 up, to the nearest 5 cents', () => {
    expect([1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009].map(roundCash)).toEqual([
      1000, 1000, 1000, 1005, 1005, 1005, 1005, 1005, 1010, 1010,
    ]);
  });
});

describe('tenders', () => {
  const card = (amount: number) => ({ type: 'card' as const, amount, paymentIntentId: 'pi_1' });

  it('takes a card for the exact total, never rounded', () => {
    const result = planTenders(1013, [card(1013)]);
    expect(result).toMatchObject({ ok: true, plan: { paid: 1013, rounding: 0, change: 0 } });
  });

  it('rounds cash and answers the change', () => {
    const result = planTenders(1013, [{ type: 'cash', tendered: 2000 }]);
    expect(result).toMatchObject({ ok: true, plan: { paid: 1015, rounding: 2, change: 985 } });
    expect(planTenders(1011, [{ type: 'cash', tendered: 1010 }])).toMatchObject({
      ok: true,
      plan: { paid: 1010, rounding: -1, change: 0 },
    });
  });

  it('splits: the card for its amount, cash for what remains, rounded', () => {
    const result = planTenders(5013, [card(3000), { type: 'cash', tendered: 2100 }]);
    expect(result).toMatchObject({ ok: true, plan: { paid: 5015, change: 85 } });
    if (!result.ok) return;
    expect(result.plan.tenders.map((t) => [t.type, t.amount])).toEqual([
      ['card', 3000],
      ['cash', 2015],
    ]);
  });

  it('refuses tenders that do not add up', () => {
    expect(planTenders(5000, [card(4000)])).toMatchObject({ ok: false });
    expect(planTenders(5000, [card(6000)])).toMatchObject({ ok: false });
    expect(planTenders(5013, [card(3000), { type: 'cash', tendered: 2000 }])).toMatchObject({
      ok: false,
      message: 'The cash handed over (CDN$20.00) is less than the CDN$20.15 due.',
    });
    expect(
      planTenders(5000, [
        { type: 'cash', tendered: 3000 },
        { type: 'cash', tendered: 3000 },
      ]),
    ).toMatchObject({ ok: false });
    expect(planTenders(5000, [])).toMatchObject({ ok: false });
  });
});
