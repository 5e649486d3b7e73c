import { describe, expect, it } from 'vitest';
import { editDistance, searchWordsOf, typoLexemes, typosAllowed } from './search-words.ts';

describe('a typo in a search word', () => {
  it('counts letters added, dropped, changed and neighbours swapped, up to a cap', () => {
    expect(editDistance('sokc', 'sock', 1)).toBe(1);
    expect(editDistance('maedow', 'meadow', 1)).toBe(1);
    expect(editDistance('merno', 'merino', 1)).toBe(1);
    expect(editDistance('merino', 'merino', 1)).toBe(0);
    expect(editDistance('mraitime', 'maritime', 2)).toBe(1);
    expect(editDistance('mraitmie', 'maritime', 2)).toBe(2);
    expect(editDistance('zzzzz', 'zigzag', 2)).toBe(3);
    expect(editDistance('abc', 'abcdef', 1)).toBe(2);
    expect(editDistance('ab', 'ba', 1)).toBe(1);
    expect(editDistance('abcdef', 'badcfe', 3)).toBe(3);
  });

  it('allows none under 4 letters, one up to 7, then two', () => {
    expect([3, 4, 7, 8].map(typosAllowed)).toEqual([0, 1, 1, 2]);
  });

  it("keeps the closest lexemes that are near by trigrams or by edits ('maedow': meadow)", () => {
    const row = {
      folded: 'maedow',
      candidates: ['mark', 'meadow', 'machin', 'merino'],
      similarities: [0.29, 0.29, 0.29, 0.36],
    };
    expect(typoLexemes(row)).toEqual(['meadow', 'merino']);
    expect(typoLexemes({ folded: 'zzzzz', candidates: ['zigzag'], similarities: [0.1] })).toEqual([]);
  });

  it("measures the word as stemmed too: a swap in a plural ('sokcs', stemmed 'sokc') is one edit from 'sock'", () => {
    const row = {
      folded: 'sokcs',
      english: ['sokc'],
      candidates: ['sock', 'soft', 'sole', 'socks'],
      similarities: [0.33, 0.33, 0.33, 0.33],
    };
    expect(typoLexemes(row)).toEqual(['sock', 'socks']);
    expect(typoLexemes({ ...row, english: undefined })).toEqual(['socks']);
  });

  it('looks for typos only for a word that starts no lexeme', () => {
    const words = searchWordsOf([
      { word: 'maple', folded: 'maple', lexemes: ['maple'], candidates: [], similarities: [] },
      { word: 'sokc', folded: 'sokc', lexemes: [], candidates: ['sock', 'soft'], similarities: [0.4, 0.2] },
      { word: 'm', folded: 'm', lexemes: null, candidates: [], similarities: [] },
    ]);
    expect(words.map((w) => w.typoOf)).toEqual([[], ['sock'], []]);
  });
});
