import { describe, expect, it } from 'vitest';
import { endingWith, formatMessage } from './messages.ts';

describe('endingWith', () => {
  it('ends a sentence with one full stop, a name ending with its own included', () => {
    expect(endingWith('Thank you for your order at Maple Sock Co.')).toBe(
      'Thank you for your order at Maple Sock Co.',
    );
    expect(endingWith('Thank you for your order at Bas Rouge')).toBe(
      'Thank you for your order at Bas Rouge.',
    );
  });
});

describe('formatMessage', () => {
  it('fills each placeholder, and leaves one without a value', () => {
    expect(formatMessage('Only {0} units of {1}', '3')).toBe('Only 3 units of {1}');
  });
});
