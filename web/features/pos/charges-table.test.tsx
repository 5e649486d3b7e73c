import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PosCharge } from '../../../domain/pos/refunds.ts';
import { posCharge } from '../../test/pos-charge.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ChargesTable } from './charges-table.tsx';

function charge(chargeId: string, fields: Partial<PosCharge>): PosCharge {
  return posCharge({ chargeId, paymentIntentId: `pi_${chargeId}`, amount: 2_000, ...fields });
}

describe('ChargesTable', () => {
  it('tells a released authorization from money refunded', () => {
    renderWithProviders(
      <ChargesTable
        charges={[
          charge('released', { captured: false, amountRefunded: 2_000, refunded: true }),
          charge('refunded', { amountRefunded: 2_000, refunded: true }),
          charge('part', { amountRefunded: 500 }),
        ]}
        selectedId={undefined}
        onToggle={() => {}}
      />,
    );
    expect(screen.getByText('released, never taken')).toBeTruthy();
    expect(screen.getByText('refunded', { exact: true })).toBeTruthy();
    expect(screen.getByText('CDN$5.00 refunded')).toBeTruthy();
  });
});
