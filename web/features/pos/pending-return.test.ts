import { describe, expect, it } from 'vitest';
import { POS_PENDING_RETURN_KEY } from '../../../domain/storage-keys.ts';
import { memoryStorageForEachTest } from '../../test/memory-storage.ts';
import { keepPendingReturn, type PendingReturn, readPendingReturn } from './pending-return.ts';

const storage = memoryStorageForEachTest('localStorage');

const pending: PendingReturn = {
  cashierId: 7,
  receiptNumber: 1042,
  saleId: 12,
  quantities: { 0: 1, 2: 0 },
  restock: true,
  refundId: 're_123',
};

describe('the register return kept in the browser', () => {
  it('comes back to its own cashier only, and is forgotten by them alone', () => {
    keepPendingReturn(7, pending);
    expect(readPendingReturn(7)).toEqual(pending);
    expect(readPendingReturn(8)).toBeUndefined();
    keepPendingReturn(8, undefined);
    expect(readPendingReturn(7)).toEqual(pending);
    keepPendingReturn(7, undefined);
    expect(storage.has(POS_PENDING_RETURN_KEY)).toBe(false);
  });

  it.each([
    ['text that is not JSON', '{"cashierId": 7, "quantities": {'],
    ['a return without its refund', JSON.stringify({ ...pending, refundId: '' })],
    ['a quantity that is not a count', JSON.stringify({ ...pending, quantities: { 0: '1' } })],
    ['a sale without its receipt', JSON.stringify({ ...pending, receiptNumber: undefined })],
  ])('is read as none when the entry is %s', (_, entry) => {
    storage.set(POS_PENDING_RETURN_KEY, entry);
    expect(readPendingReturn(7)).toBeUndefined();
  });
});
