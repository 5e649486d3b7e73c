import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium.ts';

/** Browser tests drive the built app in Debian's Chromium; nothing is downloaded. */
const PORT = Number(process.env.E2E_PORT ?? 3199);
/** Another built web app (vite build --outDir ...) can be tested with E2E_WEB_DIR. */
const WEB_DIR = process.env.E2E_WEB_DIR ?? 'dist/web';
const DATA_DIR = `test-results/e2e-data-${PORT}`;

const BROWSER = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
};
const POS_SPECS = /pos-[\w-]+\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  // CI machines are small and busy (2 cores, other jobs beside): one browser at a time there.
  workers: process.env.CI ? 1 : 2,
  // A test passes the first time or fails: retry-safety is about each test's own data, not flakes.
  retries: 0,
  // Most tests are a screen or two; long journeys say so with test.slow() (three times this).
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  outputDir: `test-results/e2e-${PORT}`,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: POS_SPECS,
      use: BROWSER,
    },
    {
      // The POS specs share the demo cashier and the sandbox's readers: one file at a time, whatever
      // runs beside them.
      name: 'pos',
      testMatch: POS_SPECS,
      workers: 1,
      use: BROWSER,
    },
  ],
  webServer: {
    // A fresh shop with the demo data for every run, on the compiled server as `npm start` runs it
    // (what changed since the last build is transpiled first: a fraction of a second).
    command: `npm run --silent build:server && rm -rf ${DATA_DIR} && node dist/node/server/main.js`,
    url: `http://127.0.0.1:${PORT}/api/config`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      WEB_DIR,
      // Links the server builds (the hosted checkout's return, e-mails) point at this shop.
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
    },
  },
});
