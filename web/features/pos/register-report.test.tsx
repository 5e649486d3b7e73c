import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RegisterFigures, ShiftReport } from '../../../domain/pos/shifts.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { RegisterFiguresView, ShiftReportView } from './register-report.tsx';

const noTender = (type: 'cash' | 'card' | 'interac') => ({ type, count: 0, amount: 0 });

/**
 * One cash sale of CDN$72.29, paid CDN$72.30 after the 5-cent rounding; `refunded` given back in
 * cash; `onCards` given back on cards without a return.
 */
function figures(refunded: number, onCards = 0): RegisterFigures {
  const returns = refunded > 0 ? 1 : 0;
  return {
    sales: { count: 1, subtotal: 6_397, tax: 832, total: 7_229, rounding: 1, paid: 7_230 },
    tenders: [{ type: 'cash', count: 1, amount: 7_230 }, noTender('card'), noTender('interac')],
    refunds: {
      count: returns,
      amount: refunded,
      tax: 0,
      cash: refunded,
      tenders: [{ type: 'cash', count: returns, amount: refunded }, noTender('card'), noTender('interac')],
    },
    cardRefunds: { count: onCards > 0 ? 1 : 0, amount: onCards },
    tax: {
      province: 'ON',
      day: '2026-11-28',
      total: 832,
      components: [{ name: 'HST', ratePpm: 130_000, amount: 832 }],
    },
    cashiers: [
      {
        cashierId: 2,
        cashier: 'Alex Martin',
        sales: 1,
        subtotal: 6_397,
        tax: 832,
        total: 7_229,
        rounding: 1,
        tenders: [],
        returns,
        refunded,
      },
    ],
    movements: [],
  };
}

function returnsRow(): HTMLElement {
  const table = screen.getByRole('table', { name: 'Sales by tender' });
  const row = within(table).getByText('Returns').closest('tr');
  if (!row) throw new Error('no Returns row');
  return row;
}

describe('RegisterFiguresView', () => {
  it('shows no returns as CDN$0.00, not as a negative amount', () => {
    renderWithProviders(<RegisterFiguresView figures={figures(0)} />);
    expect(within(returnsRow()).getByText('CDN$0.00')).toBeTruthy();
    expect(screen.queryByText('-CDN$0.00')).toBeNull();
    expect(screen.getByText('Cash rounding to 5 cents: CDN$0.01')).toBeTruthy();
  });

  it('shows what returns gave back as a deduction, in all and by tender', () => {
    renderWithProviders(<RegisterFiguresView figures={figures(1_250)} />);
    expect(within(returnsRow()).getByText('-CDN$12.50')).toBeTruthy();
    const cashRefunds = screen.getByText('Cash refunds').closest('tr');
    expect(cashRefunds && within(cashRefunds).getByText('-CDN$12.50')).toBeTruthy();
    expect(screen.queryByText('Card refunds without a return')).toBeNull();
  });

  it('shows card refunds made without a return on their own line, apart from the returns', () => {
    renderWithProviders(<RegisterFiguresView figures={figures(0, 2_000)} />);
    const row = screen.getByText('Card refunds without a return').closest('tr');
    expect(row && within(row).getByText('-CDN$20.00')).toBeTruthy();
    expect(within(returnsRow()).getByText('CDN$0.00')).toBeTruthy();
  });
});

describe('ShiftReportView', () => {
  it('gives the sales their total, as the cashiers and the shift do; the cash rounding stays on its own line', () => {
    const report: ShiftReport = {
      ...figures(0),
      final: true,
      shift: {
        id: 4,
        cashierId: 2,
        cashier: 'Alex Martin',
        status: 'closed',
        openedAt: '2026-11-28T14:00:00.000Z',
        closedAt: '2026-11-28T22:00:00.000Z',
        float: 10_000,
        cashSales: 7_230,
        cashRefunds: 0,
        cashMovements: 0,
        expectedCash: 17_230,
        counted: 17_230,
        overShort: 0,
        sales: 1,
        salesTotal: 7_229,
      },
    };
    renderWithProviders(<ShiftReportView report={report} />);
    expect(screen.getByText('1 · CDN$72.29')).toBeTruthy();
    expect(screen.queryByText('1 · CDN$72.30')).toBeNull();
    expect(screen.getByText('Cash rounding to 5 cents: CDN$0.01')).toBeTruthy();
  });
});
