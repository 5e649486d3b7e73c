/**
 * Debian's Chromium, as the browser tests and the Lighthouse bench start it: headless, and nothing
 * fetched from outside (no component updates, no sync, no background networking).
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
