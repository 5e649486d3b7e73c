/**
 * Search as a shopper types it: texts no cache has seen, one request at a time, so each answer is
 * the database's work (the 'search suggestions' load scenario repeats twenty texts, which the
 * catalogue cache answers after the first time).
 */
import { searchWords } from '../domain/catalog.ts';
import { percentile } from './load.ts';

/**
 * Texts made from product names: each word cut to 3 to 6 letters as the shopper types, two words
 * ('maple cr'), and one-letter typos ('mpale', answered by the trigram fallback), each once.
 */
export function uncachedSearchTerms(names: readonly string[], count: number): string[] {
  const terms = new Set<string>();
  for (const name of names) {
    const words = searchWords(name).filter((word) => word.length >= 3 && !/^\d+$/.test(word));
    for (const word of words) {
      for (let length = 3; length <= Math.min(6, word.length); length++) terms.add(word.slice(0, length));
      if (word.length >= 5) terms.add(`${word[0]}${word[2]}${word[1]}${word.slice(3)}`);
    }
    for (let i = 0; i + 1 < words.length; i++) terms.add(`${words[i]} ${words[i + 1]?.slice(0, 2)}`);
  }
  // Spread over the sample rather than the first names' words only.
  const all = [...terms];
  const step = Math.max(1, all.length / count);
  return Array.from({ length: Math.min(count, all.length) }, (_, i) => all[Math.floor(i * step)] ?? '');
}

export interface SearchTimes {
  texts: number;
  p50: number;
  p99: number;
  slowest: number;
  /** Texts that found nothing, not even by the typo fallback. */
  empty: number;
  failures: number;
}

/**
 * Texts asked before measuring, for their second page (another cache key, so no measured answer is
 * cached by it): the server prepares its statements for each shape of text (one word, two, a typo)
 * and reads the search statistics once, as a server that has been answering searches has.
 */
const WARM_UP_TEXTS = 30;

export async function measureUncachedSearch(
  base: string,
  auth: Record<string, string>,
  terms: readonly string[],
): Promise<SearchTimes> {
  for (const term of terms.slice(0, WARM_UP_TEXTS)) {
    const response = await fetch(`${base}/api/product?term=${encodeURIComponent(term)}&offset=8&limit=8`, {
      headers: auth,
    });
    await response.arrayBuffer();
  }
  const times: number[] = [];
  let empty = 0;
  let failures = 0;
  for (const term of terms) {
    const started = performance.now();
    const response = await fetch(`${base}/api/product?term=${encodeURIComponent(term)}&limit=8`, {
      headers: auth,
    });
    const body = (await response.json()) as unknown[];
    times.push(performance.now() - started);
    if (!response.ok) failures++;
    else if (body.length === 0) empty++;
  }
  times.sort((a, b) => a - b);
  return {
    texts: terms.length,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    slowest: Math.round(times.at(-1) ?? 0),
    empty,
    failures,
  };
}
