import { SEARCH_MIN_LENGTH, SEARCH_PAGE_SIZE } from '../../../domain/catalog-display.ts';

/** The server refuses longer search texts (domain searchQuerySchema). */
export const SEARCH_MAX_LENGTH = 100;

/**
 * The text to ask suggestions for, or null: suggestions are asked for only when the text is
 * longer than 2 characters (spec §2 Header search, §9). Spaces around it do not count.
 */
export function suggestionTerm(text: string): string | null {
  const term = text.trim().slice(0, SEARCH_MAX_LENGTH);
  return term.length >= SEARCH_MIN_LENGTH ? term : null;
}

/** The search text the results page opens with ('' when there is nothing to search). */
export function searchTermOf(text: string): string {
  return text.trim().slice(0, SEARCH_MAX_LENGTH);
}

/** The offset of the next results page, or undefined once a page came back short (24 per page). */
export function nextSearchOffset(pageSizes: readonly number[]): number | undefined {
  const last = pageSizes.at(-1);
  if (last === undefined || last < SEARCH_PAGE_SIZE) return undefined;
  return pageSizes.reduce((sum, size) => sum + size, 0);
}
