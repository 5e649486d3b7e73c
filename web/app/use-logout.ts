import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../lib/api.ts';
import { clearLoggedClient } from '../lib/auth-store.ts';
import { configQuery } from '../lib/config.ts';
import { paths } from '../lib/paths.ts';

/**
 * Log out (spec storefront §2 "Log out"): revoke the token on the server (a failure changes
 * nothing for the person), forget the login and every cached answer, then go to the login page
 * from the cart or its summary, or reload any other page (its guard sends it to login if needed).
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await api.post('/api/auth/logout', undefined, {
        redirectOn401: false,
        signal: AbortSignal.timeout(5000),
      });
    } catch {
      // The token is forgotten here either way; it also expires on the server.
    }
    clearLoggedClient();
    // Everything fetched for this client goes; the public shop settings stay, so the shell does
    // not flash its loader on the way to the login page.
    queryClient.getMutationCache().clear();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== configQuery.queryKey[0] });
    const url = window.location.href.toLowerCase();
    if (url.includes('cart') || url.includes('submit')) {
      window.location.hash = paths.login();
    } else {
      window.location.reload();
    }
  }, [queryClient]);
}
