/**
 * The words of a search as its statements use them (docs/decisions/008): what each starts, and for
 * a word that starts nothing, the lexemes it may be a typo of. selectSearchWords reads the lexemes
 * closest to the word by trigrams (the GiST index on search_lexemes); a typo's are those close
 * enough by either measure: pg_trgm's word similarity (what the search used on whole names before),
 * or an edit or two (a letter added, dropped, changed, or two neighbours swapped), which catches the
 * swaps trigrams miss in a short word ('maedow' shares only 2 of 7 trigrams with 'meadow').
 */
import type { SearchWord, SearchWordRow } from './catalog.queries.ts';

/** pg_trgm's word similarity that makes a lexeme a typo's word: 'merno' and 'merino' (0.44). */
export const TYPO_WORD_SIMILARITY = 0.35;
/** The lexemes a word with a typo is tried as, at most. */
const TYPO_LEXEMES = 8;

/** Edits tolerated in a word of this many letters: none under 4, one up to 7, then two. */
export function typosAllowed(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

/**
 * Optimal string alignment distance (Levenshtein with swaps of neighbours), or max + 1 as soon as it
 * must be more than max.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let previousSmallest = 0;
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let smallest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      current.push(value);
      smallest = Math.min(smallest, value);
    }
    // A swap reaches back two rows (one edit): past both, nothing gets back under max.
    if (smallest > max && previousSmallest >= max) return max + 1;
    previousSmallest = smallest;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length] ?? max + 1, max + 1);
}

/**
 * The lexemes a word that starts none may be a typo of, the closest by trigrams first. The word is
 * measured as typed and as the English configuration stems it: a swap in a plural ('sokcs', stemmed
 * 'sokc') is one edit from the stem's lexeme ('sock') and two from the word's.
 */
export function typoLexemes(
  row: Pick<SearchWordRow, 'folded' | 'candidates' | 'similarities'> & { english?: readonly string[] },
): string[] {
  const forms = [row.folded, ...(row.english ?? []).filter((stem) => stem !== row.folded)];
  const nearByEdits = (lexeme: string) =>
    forms.some((form) => {
      const allowed = typosAllowed(form.length);
      return editDistance(form, lexeme, allowed) <= allowed;
    });
  return row.candidates
    .filter((lexeme, index) => (row.similarities[index] ?? 0) >= TYPO_WORD_SIMILARITY || nearByEdits(lexeme))
    .slice(0, TYPO_LEXEMES);
}

/** The statement's rows as the search plan's words. */
export function searchWordsOf(
  rows: readonly (Pick<SearchWordRow, 'word' | 'folded' | 'lexemes' | 'candidates' | 'similarities'> & {
    english?: readonly string[];
  })[],
): SearchWord[] {
  return rows.map((row) => ({
    word: row.word,
    lexemes: row.lexemes,
    typoOf: row.lexemes && row.lexemes.length === 0 ? typoLexemes(row) : [],
  }));
}
