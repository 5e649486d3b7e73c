import { describe, expect, it } from 'vitest';
import { nextSearchOffset, SEARCH_MAX_LENGTH, searchTermOf, suggestionTerm } from './search-rules.ts';

describe('suggestionTerm', () => {
  it('asks for suggestions only past 2 characters (spec §2 Header search)', () => {
    expect(suggestionTerm('')).toBeNull();
    expect(suggestionTerm('wo')).toBeNull();
    expect(suggestionTerm('woo')).toBe('woo');
  });

  it('does not count spaces, and sends the same text for the same words', () => {
    expect(suggestionTerm('  wo  ')).toBeNull();
    expect(suggestionTerm(' wool ')).toBe('wool');
    expect(suggestionTerm('wool')).toBe(suggestionTerm('wool  '));
  });

  it('never sends more than the server accepts', () => {
    expect(suggestionTerm('a'.repeat(150))).toHaveLength(SEARCH_MAX_LENGTH);
  });
});

describe('searchTermOf', () => {
  it('trims the text typed in the box', () => {
    expect(searchTermOf('  merino socks ')).toBe('merino socks');
    expect(searchTermOf('   ')).toBe('');
  });
});

describe('nextSearchOffset', () => {
  it('pages 24 at a time and stops after a short page', () => {
    expect(nextSearchOffset([24])).toBe(24);
    expect(nextSearchOffset([24, 24])).toBe(48);
    expect(nextSearchOffset([24, 5])).toBeUndefined();
    expect(nextSearchOffset([3])).toBeUndefined();
    expect(nextSearchOffset([])).toBeUndefined();
  });
});
