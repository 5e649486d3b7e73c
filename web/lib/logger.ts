import type { LogEntry } from '../../domain/config.ts';

/**
 * Client error log (spec storefront §7 Logging, §8 "Uncaught application errors").
 * Fire-and-forget: it never throws, never goes through the API client (so a failed log call
 * is never logged again), and sends at most a few entries a minute so that an error in a
 * render loop cannot flood the server.
 */

const LOGGER_URL = '/api/Logger';
const MAX_PER_MINUTE = 10;
const MESSAGE_MAX = 4000;

let windowStart = 0;
let sentInWindow = 0;
let lastMessage = '';

function allowed(message: string): boolean {
  const now = Date.now();
  if (now - windowStart > 60_000) {
    windowStart = now;
    sentInWindow = 0;
    lastMessage = '';
  }
  if (message === lastMessage || sentInWindow >= MAX_PER_MINUTE) return false;
  lastMessage = message;
  sentInWindow += 1;
  return true;
}

function clip(text: string): string {
  return text.length > MESSAGE_MAX ? text.slice(0, MESSAGE_MAX) : text;
}

export function sendLog(level: NonNullable<LogEntry['level']>, message: string, stack?: string): void {
  try {
    const text = clip(message.trim() || 'Unknown error');
    if (!allowed(text)) return;
    const entry: LogEntry = { level, message: text, url: window.location.href.slice(0, 2000) };
    if (stack) entry.stack = clip(stack);
    void fetch(LOGGER_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(entry),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Logging must never break the page.
  }
}

function describeError(reason: unknown): { message: string; stack?: string } {
  if (reason instanceof Error) {
    return reason.stack ? { message: reason.message, stack: reason.stack } : { message: reason.message };
  }
  if (typeof reason === 'string') return { message: reason };
  try {
    return { message: JSON.stringify(reason) ?? String(reason) };
  } catch {
    return { message: String(reason) };
  }
}

/** Logs an error of any shape (an Error, a string, a rejected value) as its message text. */
export function logError(reason: unknown): void {
  const { message, stack } = describeError(reason);
  sendLog('error', message, stack);
}

let installed = false;

/** Sends uncaught errors and unhandled promise rejections to the server log. */
export function installGlobalErrorLogging(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('error', (event) => {
    logError(event.error ?? event.message);
  });
  window.addEventListener('unhandledrejection', (event) => {
    logError(event.reason);
  });
}
