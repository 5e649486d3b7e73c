import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';

/**
 * A shop of a test's own, beside the shared one of playwright.config.ts: in its own data folder,
 * on a free port, with the demo data or empty (SEED_DEMO_DATA=false), for tests that change what
 * every other test relies on (a setting, the first admin).
 */
export interface OwnShop {
  baseURL: string;
  api: APIRequestContext;
  /** Everything the shop printed on its standard output so far (the setup link...). */
  output(): string;
  stop(): Promise<void>;
}

const execFileAsync = promisify(execFile);
const mainPort = Number(process.env.E2E_PORT ?? 3199);

export async function startOwnShop(name: string, { demoData }: { demoData: boolean }): Promise<OwnShop> {
  const dataDir = path.resolve(`test-results/e2e-${name}-data-${mainPort}`);
  rmSync(dataDir, { recursive: true, force: true });
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  if (demoData) {
    // The main test shop has drawn the catalogue's images already: seeding then only writes rows.
    const images = path.resolve(`test-results/e2e-data-${mainPort}/images`);
    if (existsSync(images)) cpSync(images, path.join(dataDir, 'images'), { recursive: true });
    // The compiled seed command, built with the server by playwright.config.ts's webServer.
    await execFileAsync('node', ['dist/node/server/db/seed/cli.js'], { env, timeout: 200_000 });
  }

  const shop: ChildProcess = spawn('node', ['dist/node/server/main.js'], {
    env: {
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIR: process.env.E2E_WEB_DIR ?? 'dist/web',
      LOGIN_RATE_LIMIT: '1000',
      SEED_DEMO_DATA: 'false',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  shop.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const baseURL = await new Promise<string>((resolve, reject) => {
    const listening = () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    shop.stdout?.on('data', listening);
    shop.once('exit', (code) => reject(new Error(`the ${name} shop stopped (${code}): ${output}`)));
  });
  const api = await playwrightRequest.newContext({ baseURL });

  return {
    baseURL,
    api,
    output: () => output,
    async stop() {
      await api.dispose();
      if (shop.exitCode === null) {
        const stopped = new Promise((resolve) => shop.once('exit', resolve));
        shop.kill('SIGTERM');
        // A shop that does not stop within 20 s on a loaded machine is stopped for good.
        const forced = setTimeout(() => shop.kill('SIGKILL'), 20_000);
        await stopped;
        clearTimeout(forced);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
