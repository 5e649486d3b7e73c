import { useSyncExternalStore } from 'react';
import type { LoginRecord } from '../../domain/auth.ts';
import { hasAnyRole, type Role } from '../../domain/roles.ts';
import { LOGGED_CLIENT_KEY } from '../../domain/storage-keys.ts';

/**
 * The login record, kept in localStorage under `LoggedClient` (spec storefront §3, §4 Session).
 * A tiny store so that the header, guards and the API client all read the same value, and so
 * that a login or logout in another tab shows up here too.
 */

type Listener = () => void;

const listeners = new Set<Listener>();
let cachedRaw: string | null | undefined;
let cachedRecord: LoginRecord | null = null;

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(LOGGED_CLIENT_KEY);
  } catch {
    // Storage can be blocked (private mode, strict cookie settings): behave as logged out.
    return null;
  }
}

function isRecord(value: unknown): value is LoginRecord {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<keyof LoginRecord, unknown>>;
  return (
    typeof candidate.token === 'string' &&
    typeof candidate.client_id === 'number' &&
    (candidate.roles === undefined || Array.isArray(candidate.roles))
  );
}

function parse(raw: string | null): LoginRecord | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!isRecord(value)) return null;
    return { ...value, roles: Array.isArray(value.roles) ? value.roles : [] };
  } catch {
    return null;
  }
}

/** The stored login record, or null. The same object is returned until the stored value changes. */
export function getLoggedClient(): LoginRecord | null {
  const raw = readStorage();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedRecord = parse(raw);
  }
  return cachedRecord;
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function setLoggedClient(record: LoginRecord): void {
  try {
    window.localStorage.setItem(LOGGED_CLIENT_KEY, JSON.stringify(record));
  } catch {
    // Without storage the session lasts as long as this page.
    cachedRaw = JSON.stringify(record);
    cachedRecord = record;
  }
  emit();
}

export function clearLoggedClient(): void {
  try {
    window.localStorage.removeItem(LOGGED_CLIENT_KEY);
  } catch {
    // Nothing stored that could be removed.
  }
  cachedRaw = null;
  cachedRecord = null;
  emit();
}

export function subscribeLoggedClient(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === LOGGED_CLIENT_KEY || event.key === null) emit();
  });
}

/** Logged in is inferred from the stored record: it has a token and a client_id (spec §4). */
export function isLoggedIn(client: LoginRecord | null | undefined): client is LoginRecord {
  return Boolean(client?.token) && typeof client?.client_id === 'number';
}

/** True when the client is logged in and holds at least one of the roles. */
export function hasRole(client: LoginRecord | null | undefined, roles: readonly Role[]): boolean {
  return isLoggedIn(client) && hasAnyRole(client.roles, roles);
}

/** The login record, re-rendering on login and logout. */
export function useLoggedClient(): LoginRecord | null {
  return useSyncExternalStore(subscribeLoggedClient, getLoggedClient, () => null);
}

/** Router state of the page a sign-up lands on: it greets a new account ("Welcome", not "Welcome back"). */
export const NEW_ACCOUNT_STATE = { newAccount: true } as const;

export function isNewAccountState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'newAccount' in state && state.newAccount === true;
}
