import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/** A list's filter: a text (a search, a choice among options, a day) or an on/off switch. */
type FilterValue = string | boolean;
type ListFilters = Record<string, FilterValue>;

/** The filters' types from their defaults: `{ archived: false }` is a switch, not always false. */
type FiltersOf<Defaults extends ListFilters> = {
  [Key in keyof Defaults]: Defaults[Key] extends boolean ? boolean : string;
};

/** Which texts a filter takes from the URL (a choice's options, a day); any text when left out. */
export type FilterChecks<Defaults extends ListFilters> = {
  [Key in keyof Defaults]?: (text: string) => boolean;
};

export interface ListQuery<Filters extends ListFilters> {
  /** Each filter as the URL holds it, or its default when the URL leaves it out or holds what it does not take. */
  filters: Filters;
  /** The page of the list, from 1. */
  page: number;
  /**
   * Changes filters and goes back to page 1, as a new history entry; `replace` for a box typed in
   * key by key (a search; a date input, which changes with each digit of the year), so that Back
   * does not undo it a key at a time.
   */
  setFilters: (changes: Partial<Filters>, options?: { replace?: boolean }) => void;
  /**
   * Another page of the list, as a new history entry: Back returns to the page before, as for a
   * link; `replace` for a page the list moved to by itself (usePageWithinList).
   */
  setPage: (page: number, options?: { replace?: boolean }) => void;
}

const PAGE = 'page';

/** The searches asked of the router that it has not shown yet, and the one it showed before them. */
interface Asked {
  from: string;
  searches: readonly string[];
  newest: string;
}

/** The search each list last had in this tab, by its path (see listPathAsLeft). */
const lastSearches = new Map<string, string>();

/**
 * A list's filters and page kept in the URL's query string, so that Back, a reload or a shared
 * link shows the list as it was. A value equal to its default is left out of the URL (the default
 * view's URL is clean); other query parameters of the page (the stock page's `view`) are kept.
 */
export function useListQuery<Defaults extends ListFilters>(
  defaults: Defaults,
  checks: FilterChecks<Defaults> = {},
): ListQuery<FiltersOf<Defaults>> {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname, search } = useLocation();
  useEffect(() => {
    lastSearches.set(pathname, search);
  }, [pathname, search]);

  // The router shows a navigation a moment after it is asked for (after the key's event, in a
  // browser): till then the list is shown as asked, or a box typed in would be set back a key and
  // its caret sent to the end. The router showing the newest search asked, or one not asked (Back),
  // ends the wait.
  const [asked, setAsked] = useState<Asked | null>(null);
  const current = searchParams.toString();
  const waiting =
    asked !== null &&
    current !== asked.newest &&
    (current === asked.from || asked.searches.includes(current));
  if (asked !== null && !waiting) setAsked(null);
  const shown = waiting ? new URLSearchParams(asked.newest) : searchParams;

  const filters: ListFilters = {};
  for (const [key, fallback] of Object.entries(defaults)) {
    filters[key] = filterOf(shown.get(key), fallback, checks[key]);
  }

  // Every change is made to the list as this render shows it: the one the person saw when they acted.
  const navigate = (next: URLSearchParams, replace: boolean) => {
    const nextSearch = next.toString();
    if (nextSearch === shown.toString()) return;
    setAsked({
      from: waiting ? asked.from : current,
      searches: [...(waiting ? asked.searches : []), nextSearch],
      newest: nextSearch,
    });
    setSearchParams(next, { replace });
  };
  return {
    // Each filter is its default's type: filterOf keeps a switch a switch and a text a text.
    filters: filters as FiltersOf<Defaults>,
    page: pageOf(shown.get(PAGE)),
    setFilters: (changes, options) => {
      const next = new URLSearchParams(shown);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === defaults[key]) next.delete(key);
        else next.set(key, String(value));
      }
      next.delete(PAGE);
      navigate(next, options?.replace ?? false);
    },
    setPage: (page, options) => {
      const next = new URLSearchParams(shown);
      if (page === 1) next.delete(PAGE);
      else next.set(PAGE, String(page));
      navigate(next, options?.replace ?? false);
    },
  };
}

/**
 * Moves a list whose address names a page past its last (a bookmark of a list that has shrunk
 * since, the last row of the last page archived) to its last page, in place of that address: an
 * empty page with no pages to choose from reads as an empty list. `answer` is the list's page as
 * the server answered it, while there is one.
 */
export function usePageWithinList(
  page: number,
  setPage: ListQuery<ListFilters>['setPage'],
  answer: { total: number; pageSize: number } | undefined,
): void {
  const last = answer === undefined ? undefined : Math.max(1, Math.ceil(answer.total / answer.pageSize));
  useEffect(() => {
    if (last !== undefined && page > last) setPage(last, { replace: true });
  }, [last, page, setPage]);
}

/**
 * A list's path with the filters and page it had when it was last shown in this tab, for the
 * links that lead back to it from a page opened from it ("Back to the products"): they return to
 * the list as it was left, even after the page led on to others (a product's other colours).
 * A list not shown yet (the page was opened from a bookmark) is its default view.
 */
export function listPathAsLeft(listPath: string): string {
  return `${listPath}${lastSearches.get(listPath) ?? ''}`;
}

/** A filter's check: the text is the value of one of a select's options. */
export function isOptionOf(options: readonly { value: string }[]): (text: string) => boolean {
  return (text) => options.some((option) => option.value === text);
}

function filterOf(
  text: string | null,
  fallback: FilterValue,
  check?: (text: string) => boolean,
): FilterValue {
  if (text === null) return fallback;
  if (typeof fallback === 'boolean') return text === 'true' ? true : text === 'false' ? false : fallback;
  return check === undefined || check(text) ? text : fallback;
}

/** A whole number from 1 ('2'); page 1 for anything else ('abc', '-3', '1.5'). */
function pageOf(text: string | null): number {
  const page = Number(text);
  return text !== null && /^[1-9]\d*$/.test(text) && Number.isSafeInteger(page) ? page : 1;
}
