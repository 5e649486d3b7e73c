import { describe, expect, it } from 'vitest';
import {
  digitsOnly,
  isAcceptedKey,
  nextSort,
  pageOf,
  type SortState,
  sortRows,
  stepDown,
  stepUp,
  valueOnBlur,
} from './table-rules.ts';

type Column = 'name' | 'amount';
const unsorted: SortState<Column> = { column: undefined, direction: undefined };

describe('nextSort (spec §4 Sorting)', () => {
  it('cycles asc, desc, then none', () => {
    const first = nextSort(unsorted, 'name');
    expect(first).toEqual({ column: 'name', direction: 'asc' });
    const second = nextSort(first, 'name');
    expect(second).toEqual({ column: 'name', direction: 'desc' });
    expect(nextSort(second, 'name')).toEqual(unsorted);
  });

  it('never returns to none when clearing is disabled', () => {
    const desc = nextSort(nextSort(unsorted, 'name', { disableClear: true }), 'name', { disableClear: true });
    expect(nextSort(desc, 'name', { disableClear: true })).toEqual({ column: 'name', direction: 'asc' });
  });

  it('starts a new column with the start direction', () => {
    const byName = nextSort(unsorted, 'name');
    expect(nextSort(byName, 'amount')).toEqual({ column: 'amount', direction: 'asc' });
    expect(nextSort(byName, 'amount', { start: 'desc' })).toEqual({ column: 'amount', direction: 'desc' });
  });

  it('with a desc start, the second click is asc, the third none', () => {
    const first = nextSort(unsorted, 'amount', { start: 'desc' });
    const second = nextSort(first, 'amount', { start: 'desc' });
    expect(second.direction).toBe('asc');
    expect(nextSort(second, 'amount', { start: 'desc' })).toEqual(unsorted);
  });
});

describe('sortRows', () => {
  const rows = [
    { name: 'socks', amount: 1000 },
    { name: 'Beanie', amount: 250 },
    { name: 'mitts', amount: 1000 },
    { name: 'item 10', amount: 5 },
    { name: 'item 9', amount: 5 },
  ];
  const valueOfColumn = (row: (typeof rows)[number], column: Column) => row[column];

  it('keeps the original order when unsorted, and returns a copy', () => {
    const sorted = sortRows(rows, unsorted, valueOfColumn);
    expect(sorted).toEqual(rows);
    expect(sorted).not.toBe(rows);
  });

  it('sorts text case-insensitively with numbers in natural order', () => {
    const sorted = sortRows(rows, { column: 'name', direction: 'asc' }, valueOfColumn);
    expect(sorted.map((row) => row.name)).toEqual(['Beanie', 'item 9', 'item 10', 'mitts', 'socks']);
  });

  it('sorts numbers descending, keeping ties in their original order', () => {
    const sorted = sortRows(rows, { column: 'amount', direction: 'desc' }, valueOfColumn);
    expect(sorted.map((row) => row.name)).toEqual(['socks', 'mitts', 'Beanie', 'item 10', 'item 9']);
  });

  it('puts missing values first when ascending', () => {
    const withGaps = [{ value: 'b' }, { value: null }, { value: 'a' }];
    const sorted = sortRows(withGaps, { column: 'value', direction: 'asc' }, (row) => row.value);
    expect(sorted.map((row) => row.value)).toEqual([null, 'a', 'b']);
  });
});

describe('pageOf (paginator)', () => {
  const rows = Array.from({ length: 23 }, (_, index) => index + 1);

  it('cuts pages of the given size and counts them', () => {
    expect(pageOf(rows, 1, 10)).toEqual({ rows: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], pages: 3 });
    expect(pageOf(rows, 3, 10)).toEqual({ rows: [21, 22, 23], pages: 3 });
  });

  it('keeps the page within range, and has one page when empty', () => {
    expect(pageOf(rows, 9, 10).rows).toEqual([21, 22, 23]);
    expect(pageOf(rows, 0, 25).rows).toHaveLength(23);
    expect(pageOf([], 1, 5)).toEqual({ rows: [], pages: 1 });
  });
});

describe('quantity stepper (spec §2)', () => {
  it('minus never goes below the minimum', () => {
    expect(stepDown(3, 0)).toBe(2);
    expect(stepDown(0, 0)).toBe(0);
    expect(stepDown(1, 1)).toBe(1);
  });

  it('plus does nothing when disabled, and stops at the maximum', () => {
    expect(stepUp(2, false)).toBe(3);
    expect(stepUp(2, true)).toBe(2);
    expect(stepUp(9999, false, 9999)).toBe(9999);
  });

  it('accepts only digit keys, and editing or navigation keys', () => {
    for (const key of ['0', '5', '9', 'Backspace', 'Delete', 'ArrowLeft', 'Tab', 'Enter']) {
      expect(isAcceptedKey(key), key).toBe(true);
    }
    for (const key of ['a', '-', '.', 'e', '+', ' ']) {
      expect(isAcceptedKey(key), key).toBe(false);
    }
    expect(digitsOnly('1a2-3')).toBe('123');
  });

  it('on blur, a value below the minimum or nothing reverts to the previous value', () => {
    expect(valueOnBlur('', 4, 0)).toBe(4);
    expect(valueOnBlur('0', 4, 1)).toBe(4);
    expect(valueOnBlur('7', 4, 1)).toBe(7);
    expect(valueOnBlur('0', 4, 0)).toBe(0);
  });
});
