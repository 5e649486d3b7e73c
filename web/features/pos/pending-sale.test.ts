import { describe, expect, it } from 'vitest';
import { POS_PENDING_SALE_KEY } from '../../../domain/storage-keys.ts';
import { memoryStorageForEachTest } from '../../test/memory-storage.ts';
import { keepPendingSale, type PendingSale, readPendingSale } from './pending-sale.ts';

const storage = memoryStorageForEachTest('localStorage');

const sale: PendingSale = {
  cashierId: 7,
  lines: [
    {
      key: 'product:12:3',
      item: {
        kind: 'product',
        productId: 12,
        packageId: null,
        code: 'MS-CRW',
        name: 'Maple crew',
        unitPrice: 1500,
        sizes: [{ size_id: 3, name: 'M', instock: 4 }],
        instock: null,
      },
      size: { size_id: 3, name: 'M', instock: 4 },
      quantity: 2,
    },
  ],
  addTax: true,
  attemptKey: 'attempt-1',
  cardPaid: { paymentIntentId: 'pi_123', amount: 3390 },
};

describe('the register sale kept in the browser', () => {
  it('comes back to its own cashier only, and is forgotten by them alone', () => {
    keepPendingSale(7, sale);
    expect(readPendingSale(7)).toEqual(sale);
    expect(readPendingSale(8)).toBeUndefined();
    keepPendingSale(8, undefined);
    expect(readPendingSale(7)).toEqual(sale);
    keepPendingSale(7, undefined);
    expect(storage.has(POS_PENDING_SALE_KEY)).toBe(false);
  });

  it.each([
    ['text that is not JSON', '{"cashierId": 7, "lines": ['],
    ['a sale without lines', JSON.stringify({ ...sale, lines: [] })],
    ['a line without its item', JSON.stringify({ ...sale, lines: [{ key: 'x', size: null, quantity: 1 }] })],
    [
      'a quantity that is not a count',
      JSON.stringify({ ...sale, lines: [{ ...sale.lines[0], quantity: '2' }] }),
    ],
    ['a card part without its payment', JSON.stringify({ ...sale, cardPaid: { amount: 3390 } })],
  ])('is read as none when the entry is %s', (_, entry) => {
    storage.set(POS_PENDING_SALE_KEY, entry);
    expect(readPendingSale(7)).toBeUndefined();
  });
});
