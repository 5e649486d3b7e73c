import { defineConfig, devices } from '@playwright/test';

/** Browser tests drive the built app in Debian's Chromium; nothing is downloaded. */
const PORT = 3199;
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'e2e',
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  outputDir: 'test-results/e2e',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    // A fresh shop with the demo data for every run.
    command: 'rm -rf test-results/e2e-data && node --import tsx server/main.ts',
    url: `http://127.0.0.1:${PORT}/api/config`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: 'test-results/e2e-data',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
    },
  },
});
