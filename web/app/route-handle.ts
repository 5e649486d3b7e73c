import { type UIMatch, useMatches } from 'react-router';

/** What every route declares in its `handle` (router.tsx). */
export interface RouteHandle {
  title: string;
}

function titleOf(handle: unknown): string | undefined {
  if (typeof handle !== 'object' || handle === null || !('title' in handle)) return undefined;
  return typeof handle.title === 'string' ? handle.title : undefined;
}

/** The title of the deepest matched route that has one. */
export function findRouteTitle(matches: readonly UIMatch[]): string | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const title = titleOf(matches[index]?.handle);
    if (title) return title;
  }
  return undefined;
}

/** The current route's title, e.g. 'Shopping'. */
export function useRouteTitle(): string | undefined {
  return findRouteTitle(useMatches());
}
