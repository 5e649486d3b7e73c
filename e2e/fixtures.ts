import { test as base, expect, type Page } from '@playwright/test';
import type { LoginRecord, Signup } from '../domain/auth.ts';

export const DEMO = {
  client: { user_name: 'demo', password: 'Socks2026!', full_name: 'Jamie Tremblay' },
  pos: { user_name: 'cashier', password: 'Cashier2026!' },
} as const;

let created = 0;

/** A sign-up body for a new client nobody has used yet. */
export function newClientDetails(overrides: Partial<Signup> = {}): Signup {
  created += 1;
  const unique = `${Date.now().toString(36)}${process.pid}${created}`;
  return {
    user_name: `e2e${unique}`,
    first_name: 'Morgan',
    middle_initial: '',
    last_name: 'Bouchard',
    company_name: 'Bouchard Sports',
    email: `e2e${unique}@example.ca`,
    phone: '613-555-0199',
    address: '90 Sparks St',
    city: 'Ottawa',
    province: 'ON',
    country: 'Canada',
    postalcode: 'K1P 5B4',
    password: 'Warm-Toes-2026',
    ...overrides,
  };
}

export async function logInThroughForm(page: Page, userName: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'User name or email' }).fill(userName);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
}

export const test = base.extend<{ newClient: Signup & { record: LoginRecord } }>({
  /** A client created through the API, as if they had signed up before. */
  newClient: async ({ request }, use) => {
    const details = newClientDetails();
    const response = await request.post('/api/client', { data: details });
    expect(response.status()).toBe(201);
    await use({ ...details, record: (await response.json()) as LoginRecord });
  },
});

export { expect };
