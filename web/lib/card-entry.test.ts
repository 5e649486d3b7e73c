import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cardEntryFields, formatCardNumber, formatExpiry, isExpired, parseExpiry } from './card-entry.ts';

describe('typing a card', () => {
  it('reads expiries typed in the usual ways', () => {
    expect(parseExpiry('12 / 30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('1/2031')).toEqual({ month: 1, year: 2031 });
    expect(parseExpiry('0430')).toEqual({ month: 4, year: 2030 });
    expect(parseExpiry('13 / 30')).toBeUndefined();
    expect(parseExpiry('12 /')).toBeUndefined();
    expect(parseExpiry('1')).toBeUndefined();
    expect(parseExpiry('')).toBeUndefined();
  });

  it('knows when a card has expired', () => {
    const today = new Date(2026, 10, 22);
    expect(isExpired({ month: 10, year: 2026 }, today)).toBe(true);
    expect(isExpired({ month: 11, year: 2026 }, today)).toBe(false);
    expect(isExpired({ month: 1, year: 2027 }, today)).toBe(false);
    expect(isExpired({ month: 12, year: 2025 }, today)).toBe(true);
  });

  it('groups card digits by four, 19 at most, and formats the expiry as typed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('4242-4242 4242 4242 4242 9')).toBe('4242 4242 4242 4242 424');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12 / 3')).toBe('12 / 3');
  });

  it('checks a card with Stripe’s words', () => {
    const schema = z.object(cardEntryFields);
    const messages = (card: Record<string, string>) =>
      schema.safeParse({ name: '', ...card }).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' })).toEqual([]);
    expect(messages({ number: '4242', expiry: '12 / 34', cvc: '123' })).toEqual([
      'Your card number is incomplete.',
    ]);
    expect(messages({ number: '4242424242424242', expiry: '01 / 20', cvc: '12' })).toEqual([
      "Your card's expiration year is in the past.",
      "Your card's security code is incomplete.",
    ]);
    expect(schema.parse({ name: '', number: '4242 4242 4242 4242', expiry: '1234', cvc: '123' }).number).toBe(
      '4242424242424242',
    );
  });
});
