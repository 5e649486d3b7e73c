/**
 * Table and input behaviour the POS screens share (spec pos §2 quantity stepper, §4 Sorting,
 * paginator of §2 Refund and §9). Pure, so that they are tested without a browser.
 */

export type SortDirection = 'asc' | 'desc';

export interface SortState<Column extends string> {
  column: Column | undefined;
  direction: SortDirection | undefined;
}

export interface SortOptions {
  /** The direction a column starts with when first clicked. Default 'asc'. */
  start?: SortDirection;
  /** When true, the cycle never returns to "no sorting". */
  disableClear?: boolean;
}

/**
 * The next sort after a click on a column header (spec §4 Sorting): asc, then desc, then none
 * (unless clearing is disabled); a new column starts with the start direction.
 */
export function nextSort<Column extends string>(
  current: SortState<Column>,
  column: Column,
  { start = 'asc', disableClear = false }: SortOptions = {},
): SortState<Column> {
  if (current.column !== column || current.direction === undefined) return { column, direction: start };
  const other: SortDirection = start === 'asc' ? 'desc' : 'asc';
  if (current.direction === start) return { column, direction: other };
  return disableClear ? { column, direction: start } : { column: undefined, direction: undefined };
}

/** A copy of the rows in the sort's order (stable; the original order when unsorted). */
export function sortRows<Row, Column extends string>(
  rows: readonly Row[],
  sort: SortState<Column>,
  columnValue: (row: Row, column: Column) => string | number | null | undefined,
): Row[] {
  const { column, direction } = sort;
  if (column === undefined || direction === undefined) return [...rows];
  const factor = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const byValue = compareValues(columnValue(a.row, column), columnValue(b.row, column));
      return byValue === 0 ? a.index - b.index : byValue * factor;
    })
    .map(({ row }) => row);
}

function compareValues(a: string | number | null | undefined, b: string | number | null | undefined): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { sensitivity: 'base', numeric: true });
}

/** The rows of one page (1-based), and the page count (at least 1). */
export function pageOf<Row>(
  rows: readonly Row[],
  page: number,
  pageSize: number,
): { rows: Row[]; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(Math.max(1, page), pages);
  return { rows: rows.slice((current - 1) * pageSize, current * pageSize), pages };
}

// ---------------------------------------------------------------- quantity stepper (spec §2)

/** Minus never goes below the minimum. */
export function stepDown(value: number, min: number): number {
  return Math.max(min, value - 1);
}

/** Plus does nothing when the stepper is disabled. */
export function stepUp(value: number, disabled: boolean, max = Number.MAX_SAFE_INTEGER): number {
  return disabled ? value : Math.min(max, value + 1);
}

/** Only digit keys are accepted (navigation and editing keys still work). */
export function isAcceptedKey(key: string): boolean {
  return /^\d$/.test(key) || key.length > 1;
}

/** The value typed, digits only ('' when none). */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

/** On blur, a value below the minimum (or nothing) reverts to the previous value. */
export function valueOnBlur(typed: string, previous: number, min: number): number {
  const digits = digitsOnly(typed);
  if (digits === '') return previous;
  const value = Number(digits);
  return value < min ? previous : value;
}
