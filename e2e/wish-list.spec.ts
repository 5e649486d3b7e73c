import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import type { LoginRecord } from '../domain/auth.ts';
import { addToCart, type CartItem, expect, newClientDetails, readOutbox, test } from './fixtures.ts';

/**
 * Wish-list mode needs a shop whose show-price setting is off. Staff change that setting in the
 * database (there is no call for it yet), so these tests run a second shop of their own: seeded,
 * the setting turned off, then started on a free port.
 */
test.describe('wish-list mode', () => {
  const execFileAsync = promisify(execFile);
  const mainPort = Number(process.env.E2E_PORT ?? 3199);
  const dataDir = path.resolve(`test-results/e2e-wish-data-${mainPort}`);
  let shop: ChildProcess | undefined;
  let baseURL = '';
  let api: APIRequestContext;
  // That shop is this describe's alone, so its demo stock is nobody else's to change.
  const sock: CartItem = { productId: 1, quantity: 2, size_id: 1, isPackage: false };
  const sockName = 'Maple Leaf Crew Sock - Red';
  const giftBox: CartItem = { productId: 1, quantity: 1, size_id: null, isPackage: true };

  test.beforeAll(async () => {
    // Seeding and starting a second shop beside the first takes a while on a busy machine.
    test.setTimeout(240_000);
    rmSync(dataDir, { recursive: true, force: true });
    // The main test shop has drawn the catalogue's images already: seeding then only writes rows.
    const images = path.resolve(`test-results/e2e-data-${mainPort}/images`);
    if (existsSync(images)) cpSync(images, path.join(dataDir, 'images'), { recursive: true });
    const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    await execFileAsync('node', ['--import', 'tsx', 'server/db/seed/cli.ts'], { env, timeout: 200_000 });

    const database = new PGlite(path.join(dataDir, 'pgdata'));
    await database.query(
      `INSERT INTO settings (key, value) VALUES ('show_prices', 'false'::jsonb)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    );
    await database.close();

    shop = spawn('node', ['--import', 'tsx', 'server/main.ts'], {
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
    baseURL = await new Promise<string>((resolve, reject) => {
      let output = '';
      shop?.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
      shop?.once('exit', (code) => reject(new Error(`the wish-list shop stopped (${code}): ${output}`)));
    });
    shop.stdout?.resume();
    api = await playwrightRequest.newContext({ baseURL });
  });

  test.afterAll(async () => {
    test.setTimeout(60_000);
    await api?.dispose();
    if (shop && shop.exitCode === null) {
      const running = shop;
      const stopped = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      // A shop that does not stop within 20 s on a loaded machine is stopped for good.
      const forced = setTimeout(() => running.kill('SIGKILL'), 20_000);
      await stopped;
      clearTimeout(forced);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a client sends the wish list and sees the confirmation', async ({ page }) => {
    // The first pages and calls of a shop that has just started are slow on a busy machine.
    test.slow();
    const details = newClientDetails({ first_name: 'Robin', last_name: 'Okafor' });
    const signup = await api.post('/api/client', { data: details });
    expect(signup.status()).toBe(201);
    const record = (await signup.json()) as LoginRecord;
    await addToCart(api, record, [sock, giftBox]);

    await page.goto(`${baseURL}/#/login`);
    await page.evaluate((value) => localStorage.setItem('LoggedClient', JSON.stringify(value)), record);
    await page.goto(`${baseURL}/#/cart`);

    await expect(page.getByRole('heading', { name: 'Your Wish List', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Wish list, 3 items' })).toBeVisible();
    await expect(page.getByRole('link', { name: sockName })).toBeVisible();
    // No prices anywhere, no checkout.
    await expect(page.getByText(/CDN\$/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Checkout' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Empty Wish List' })).toBeVisible();

    // The client's details are filled in from the login.
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Robin Okafor');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(details.email);
    await page.getByRole('textbox', { name: 'Message' }).fill('Twelve of each for the team, please.');
    await page.getByRole('button', { name: 'Send Wish List' }).click();

    await expect(page.getByRole('heading', { name: 'Thank you for your interest.' })).toBeVisible();
    await expect(
      page.getByText(
        'Your request has been placed. You will receive an email shortly to discuss your wishes.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /^Wish list, / })).toHaveCount(0);

    // The shop and the client are e-mailed.
    const mails = await readOutbox(api);
    expect(mails.some((mail) => mail.to === details.email && mail.subject.startsWith('Your wish list'))).toBe(
      true,
    );
    expect(mails.some((mail) => mail.subject.includes('from Robin Okafor'))).toBe(true);

    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(new RegExp(`^${baseURL}/#/$`));
    await page.goto(`${baseURL}/#/cart`);
    await expect(page.getByText('Your wish list is currently empty.')).toBeVisible();
  });
});
