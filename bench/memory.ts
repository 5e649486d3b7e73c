/**
 * The shop's memory at the bench's catalogue size (issue 17: the catalogue cache must not grow past
 * what a small VPS has). The server is a child process: its resident set is read from
 * /proc/<pid>/status (Linux), after the catalogue scenarios, and judged against a budget.
 *
 * The budget: a 1 GB VPS runs the OS (about 150 MB), the shop, and either PostgreSQL (shared_buffers
 * 128 MB and its backends) or, by default, PGlite inside the shop's own process, whose data files
 * also want the page cache. Half of it is the shop's: 512 MB, at 100,000 products, on PGlite (the
 * larger, its database being in the process). Measured 2026-11-26 (bench/README.md, "At 100,000
 * products"): PGlite 344 MB after the catalogue scenarios and 390 MB with the catalogue cache at its
 * entry limit; PostgreSQL 195 and 238 MB. The catalogue cache is bounded by entries (20,000) and by
 * the characters of its replies (server/modules/catalog/catalog-cache.ts), not by catalogue size.
 */
import { readFileSync } from 'node:fs';

/** The shop server's resident set, at most, after the catalogue scenarios. */
export const SERVER_RSS_BUDGET_BYTES = 512 * 1024 * 1024;

export interface ProcessMemory {
  /** Resident set now (VmRSS). */
  rssBytes: number;
  /** The most it was resident (VmHWM), since the process started. */
  peakRssBytes: number;
  /** Of the resident set, anonymous memory: heaps, PGlite's WebAssembly memory (RssAnon). */
  anonymousBytes: number;
}

/** The `name:   123 kB` fields of a /proc/<pid>/status text, in bytes. */
function kilobytes(status: string, name: string): number | undefined {
  const match = new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
  return match ? Number(match[1]) * 1024 : undefined;
}

/** A /proc/<pid>/status text's memory figures; undefined when it has none (a kernel thread, a zombie). */
export function parseProcessStatus(status: string): ProcessMemory | undefined {
  const rssBytes = kilobytes(status, 'VmRSS');
  if (rssBytes === undefined) return undefined;
  return {
    rssBytes,
    peakRssBytes: kilobytes(status, 'VmHWM') ?? rssBytes,
    anonymousBytes: kilobytes(status, 'RssAnon') ?? rssBytes,
  };
}

/** The process's memory, or undefined where there is no /proc (macOS) or no such process. */
export function readProcessMemory(pid: number): ProcessMemory | undefined {
  try {
    return parseProcessStatus(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return undefined;
  }
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The line the bench prints, and whether the resident set is within the budget. */
export function judgeMemory(
  memory: ProcessMemory | undefined,
  budgetBytes = SERVER_RSS_BUDGET_BYTES,
): { ok: boolean; line: string } {
  if (!memory) return { ok: true, line: 'server memory: not measured (no /proc on this system)' };
  const ok = memory.rssBytes <= budgetBytes;
  return {
    ok,
    line: `server memory after the catalogue scenarios: ${megabytes(memory.rssBytes)} resident (peak ${megabytes(memory.peakRssBytes)}, ${megabytes(memory.anonymousBytes)} anonymous), budget ${megabytes(budgetBytes)}: ${ok ? 'ok' : 'FAIL'}`,
  };
}
