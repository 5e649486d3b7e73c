/**
 * Dates in the shop, each rule once (with Intl, no hand-written zone tables): calendar days
 * ('YYYY-MM-DD'), US dates as the POS shows them ('MM/DD/YYYY', spec pos.md §2), and days in the
 * store's time zone (a sale's day is the store's, whatever the server's or the browser's zone).
 */

/**
 * The time zones a Canadian store can be in (IANA names, which PostgreSQL and Intl both know), as
 * the settings page offers them. The store's days, receipts and reports follow its setting.
 */
export const STORE_TIME_ZONES = [
  { zone: 'America/St_Johns', label: "Newfoundland (St. John's)" },
  { zone: 'America/Halifax', label: 'Atlantic (Halifax)' },
  { zone: 'America/Toronto', label: 'Eastern (Toronto)' },
  { zone: 'America/Winnipeg', label: 'Central (Winnipeg)' },
  { zone: 'America/Regina', label: 'Saskatchewan, no daylight saving time (Regina)' },
  { zone: 'America/Edmonton', label: 'Mountain (Edmonton)' },
  { zone: 'America/Vancouver', label: 'Pacific (Vancouver)' },
  { zone: 'America/Whitehorse', label: 'Yukon, no daylight saving time (Whitehorse)' },
] as const;

export type StoreTimeZone = (typeof STORE_TIME_ZONES)[number]['zone'];

export const STORE_TIME_ZONE_NAMES = STORE_TIME_ZONES.map((entry) => entry.zone);

/** The zone of a shop that chose none, in the default province (Ontario). */
export const DEFAULT_STORE_TIME_ZONE: StoreTimeZone = 'America/Toronto';

export function isStoreTimeZone(zone: string): zone is StoreTimeZone {
  return (STORE_TIME_ZONE_NAMES as readonly string[]).includes(zone);
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** Whether 'YYYY-MM-DD' names a real day (not 2026-02-30). */
export function isCalendarDay(text: string): boolean {
  if (!CALENDAR_DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** 'MM/DD/YYYY' to 'YYYY-MM-DD', or undefined when it is not a real calendar day. */
export function usDateToIso(text: string): string | undefined {
  const match = US_DATE.exec(text.trim());
  if (!match) return undefined;
  const iso = `${match[3]}-${match[1]}-${match[2]}`;
  return isCalendarDay(iso) ? iso : undefined;
}

/** 'YYYY-MM-DD' to 'MM/DD/YYYY' ('' when it is not such a date). */
export function isoToUsDate(iso: string): string {
  const match = CALENDAR_DAY.exec(iso);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : '';
}

/** A date as it is typed, shaped into MM/DD/YYYY: digits only, slashes added. */
export function maskUsDate(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/** The calendar day 'YYYY-MM-DD' of an instant in a time zone (the browser's without one). */
export function calendarDayOf(date: Date, timeZone?: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/** 'MM/DD/YYYY' of an instant in a time zone (the browser's without one). */
export function formatUsDate(date: Date, timeZone?: string): string {
  return isoToUsDate(calendarDayOf(date, timeZone));
}

/** A calendar day moved by a number of days (negative: back). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The day after a calendar day. */
export function nextCalendarDay(day: string): string {
  return addDays(day, 1);
}

/** The offset of a time zone from UTC at an instant, in milliseconds. */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)?.value);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a calendar day starts in a time zone. */
export function startOfDay(day: string, timeZone: string): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  const guess = new Date(utcMidnight.getTime() - zoneOffsetMs(utcMidnight, timeZone));
  // Across a change of clocks the first guess is an hour off: correct it once.
  return new Date(utcMidnight.getTime() - zoneOffsetMs(guess, timeZone));
}

/** 'Nov 20, 2026' of a calendar day 'YYYY-MM-DD' (whatever the zone: it is a day, not an instant). */
export function formatCalendarDay(day: string): string {
  return formatStoreDate(new Date(`${day}T12:00:00Z`), 'UTC');
}

/** 'Nov 22, 2026' (invoices' and receipts' MMM dd, yyyy) in a time zone (the store's). */
export function formatStoreDate(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: '2-digit',
    year: 'numeric',
    timeZone,
  }).format(date);
}

/**
 * 'HH:MM' on a 24-hour clock (receipts' time) in a time zone (the store's). Hours 00 to 23:
 * `hour12: false` alone writes five past midnight as '24:05'.
 */
export function formatStoreTime(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}
