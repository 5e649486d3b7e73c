import { type LoaderFunctionArgs, redirect } from 'react-router';
import type { Role } from '../../domain/roles.ts';
import { getLoggedClient, hasRole, isLoggedIn } from '../lib/auth-store.ts';
import { paths } from '../lib/paths.ts';

/**
 * Route guards, run as loaders before a route renders. They are for comfort only: the server
 * checks every call (DESIGN.md "Auth").
 */

/** The hash route being opened, e.g. '/cart' or '/search/wool?x=1'. */
function requestedRoute(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** Not logged in: go to login, coming back here afterwards (spec pos §2, §6). */
export function requireLogin({ request }: LoaderFunctionArgs): null {
  if (!isLoggedIn(getLoggedClient())) throw redirect(paths.login(requestedRoute(request)));
  return null;
}

/** Logged in without any of the roles: go home. Not logged in: go to login. */
export function requireRoles(roles: readonly Role[]) {
  return (args: LoaderFunctionArgs): null => {
    requireLogin(args);
    if (!hasRole(getLoggedClient(), roles)) throw redirect(paths.home());
    return null;
  };
}
