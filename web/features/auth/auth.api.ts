import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Login, LoginRecord, Signup } from '../../../domain/auth.ts';
import { api } from '../../lib/api.ts';
import { setLoggedClient } from '../../lib/auth-store.ts';

/** POST api/auth/login. A 401 here means wrong credentials, not an ended session: no redirect. */
export function login(body: Login): Promise<LoginRecord> {
  return api.post<LoginRecord>('/api/auth/login', body, { redirectOn401: false });
}

/** POST api/client: the new client is logged in at once. */
export function signup(body: Signup): Promise<LoginRecord> {
  return api.post<LoginRecord>('/api/client', body);
}

/** Keeps the login record and refreshes what was fetched as a visitor. */
function useAdoptLogin() {
  const queryClient = useQueryClient();
  return (record: LoginRecord) => {
    setLoggedClient(record);
    void queryClient.invalidateQueries();
  };
}

export function useLogin() {
  const adopt = useAdoptLogin();
  return useMutation({ mutationFn: login, onSuccess: adopt });
}

export function useSignup() {
  const adopt = useAdoptLogin();
  return useMutation({ mutationFn: signup, onSuccess: adopt });
}
