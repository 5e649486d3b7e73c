import { afterEach, beforeEach, vi } from 'vitest';

/**
 * For a unit test of code that keeps something in the browser's storage, run without a DOM: a
 * `window` with an empty `localStorage` or `sessionStorage` before each test. Answers the entries,
 * to read or set directly.
 */
export function memoryStorageForEachTest(kind: 'localStorage' | 'sessionStorage'): Map<string, string> {
  const entries = new Map<string, string>();
  beforeEach(() => {
    entries.clear();
    vi.stubGlobal('window', {
      [kind]: {
        getItem: (key: string) => entries.get(key) ?? null,
        setItem: (key: string, value: string) => void entries.set(key, value),
        removeItem: (key: string) => void entries.delete(key),
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return entries;
}
