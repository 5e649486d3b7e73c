import { describe, expect, it } from 'vitest';
import {
  calendarDayOf,
  formatCalendarDay,
  formatStoreDate,
  formatStoreTime,
  formatUsDate,
  isCalendarDay,
  isoToUsDate,
  maskUsDate,
  nextCalendarDay,
  startOfDay,
  usDateToIso,
} from './dates.ts';

describe('calendar days and US dates', () => {
  it('reads MM/DD/YYYY only when it names a real day', () => {
    expect(usDateToIso('11/24/2026')).toBe('2026-11-24');
    expect(usDateToIso(' 02/29/2028 ')).toBe('2028-02-29');
    expect(usDateToIso('02/29/2027')).toBeUndefined();
    expect(usDateToIso('2026-11-24')).toBeUndefined();
    expect(isCalendarDay('2026-13-01')).toBe(false);
  });

  it("reads and writes dates as MM/DD/YYYY, in the browser's zone without one", () => {
    expect(formatUsDate(new Date(2026, 0, 5, 23, 59))).toBe('01/05/2026');
    expect(usDateToIso('01/05/2026')).toBe('2026-01-05');
    expect(usDateToIso('02/29/2027')).toBeUndefined();
    expect(usDateToIso('2026-01-05')).toBeUndefined();
    expect(isoToUsDate('2026-12-31')).toBe('12/31/2026');
    expect(isoToUsDate('')).toBe('');
    expect(maskUsDate('1')).toBe('1');
    expect(maskUsDate('0105')).toBe('01/05');
    expect(maskUsDate('01/05/20261999')).toBe('01/05/2026');
    expect(maskUsDate('ab01x052026')).toBe('01/05/2026');
  });

  it('writes and masks MM/DD/YYYY', () => {
    expect(isoToUsDate('2026-11-24')).toBe('11/24/2026');
    expect(isoToUsDate('24/11/2026')).toBe('');
    expect(maskUsDate('1124')).toBe('11/24');
    expect(maskUsDate('11a24b2026c9')).toBe('11/24/2026');
  });

  it("takes an instant's day in the zone asked", () => {
    const lateEvening = new Date('2026-11-25T03:30:00Z');
    expect(calendarDayOf(lateEvening, 'America/Toronto')).toBe('2026-11-24');
    expect(calendarDayOf(lateEvening, 'UTC')).toBe('2026-11-25');
    expect(formatUsDate(lateEvening, 'America/Toronto')).toBe('11/24/2026');
    expect(nextCalendarDay('2026-02-28')).toBe('2026-03-01');
    expect(nextCalendarDay('2026-12-31')).toBe('2027-01-01');
  });
});

const TORONTO = 'America/Toronto';

describe("the store's days", () => {
  it('start at midnight in Toronto, in winter and in summer', () => {
    expect(startOfDay('2026-11-24', TORONTO).toISOString()).toBe('2026-11-24T05:00:00.000Z');
    expect(startOfDay('2026-07-01', TORONTO).toISOString()).toBe('2026-07-01T04:00:00.000Z');
  });

  it('start at the right hour on the days the clocks change', () => {
    expect(startOfDay('2026-03-08', TORONTO).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDay('2026-03-09', TORONTO).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfDay('2026-11-01', TORONTO).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(startOfDay('2026-11-02', TORONTO).toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });

  // Zones whose rules no release of the time zone database changed lately: British Columbia's
  // permanent daylight time from 2026 is in Node 24's and PGlite's data, not in Node 20's.
  it('start at midnight in Halifax, an hour before Toronto, and in Regina, which keeps its clock', () => {
    expect(startOfDay('2026-11-24', 'America/Halifax').toISOString()).toBe('2026-11-24T04:00:00.000Z');
    expect(startOfDay('2026-07-01', 'America/Halifax').toISOString()).toBe('2026-07-01T03:00:00.000Z');
    // Saskatchewan keeps standard time all year.
    expect(startOfDay('2026-07-01', 'America/Regina').toISOString()).toBe('2026-07-01T06:00:00.000Z');
  });

  it("are written as invoices write them, in the store's zone", () => {
    expect(formatStoreDate(new Date('2026-11-22T15:00:00Z'), TORONTO)).toBe('Nov 22, 2026');
    expect(formatStoreDate(new Date('2026-11-23T02:00:00Z'), TORONTO)).toBe('Nov 22, 2026');
    expect(formatStoreDate(new Date('2026-11-23T05:30:00Z'), 'America/Regina')).toBe('Nov 22, 2026');
    expect(formatCalendarDay('2026-11-20')).toBe('Nov 20, 2026');
  });

  it("write a receipt's time on the store's 24-hour clock, midnight as 00", () => {
    expect(formatStoreTime(new Date('2026-01-01T05:05:00Z'), TORONTO)).toBe('00:05');
    expect(formatStoreTime(new Date('2026-01-01T04:59:00Z'), TORONTO)).toBe('23:59');
    expect(formatStoreTime(new Date('2026-07-01T15:30:00Z'), 'America/Regina')).toBe('09:30');
  });
});
