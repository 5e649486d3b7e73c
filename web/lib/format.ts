/** Display formats. Amounts travel as integer cents; only the screen turns them into text. */
export { formatMoney } from '../../domain/money.ts';

const dateFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** 'Nov 22, 2026' from an ISO string or a Date. */
export function formatDate(value: string | number | Date): string {
  return dateFormat.format(new Date(value));
}

/** 'Nov 22, 2026, 09:30 a.m.' from an ISO string or a Date. */
export function formatDateTime(value: string | number | Date): string {
  return dateTimeFormat.format(new Date(value));
}

/** A phone number as the link that calls it: '+1 905-555-0100' -> 'tel:+19055550100'. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
