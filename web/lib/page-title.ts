import { useEffect, useSyncExternalStore } from 'react';

/**
 * A page's own title when it has one better than its route's: a product or package page is titled
 * with its name. One page is shown at a time, so one title is held; the page clears it as it goes.
 */
let pageTitle: string | undefined;
const titleListeners = new Set<() => void>();

function setPageTitle(title: string | undefined): void {
  if (pageTitle === title) return;
  pageTitle = title;
  for (const listener of titleListeners) listener();
}

function subscribeToPageTitle(listener: () => void): () => void {
  titleListeners.add(listener);
  return () => titleListeners.delete(listener);
}

/** The title the shown page gave itself, if any. */
export function usePageTitleOverride(): string | undefined {
  return useSyncExternalStore(subscribeToPageTitle, () => pageTitle);
}

/** Titles the document with `title` (a product's name) while the page is shown. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    setPageTitle(title);
    return () => setPageTitle(undefined);
  }, [title]);
}
