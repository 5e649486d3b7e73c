import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettings, ProvinceTaxRates } from '../../../domain/admin/settings.ts';
import type { LoginRecord } from '../../../domain/auth.ts';
import { calendarDayOf, DEFAULT_STORE_TIME_ZONE, nextCalendarDay } from '../../../domain/dates.ts';
import { auditLog, settings } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.ts';
import { bearer, createTestApp, expectAdminOnly, logIn, type TestApp } from '../../test/app.ts';

let t: TestApp;
let admin: LoginRecord;
beforeAll(async () => {
  t = await createTestApp();
  admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
});
afterAll(() => t.close());

const putSettings = (payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    payload: payload as Record<string, unknown>,
    headers: bearer(admin),
  });
const settingsRows = () => t.db.select().from(settings).orderBy(settings.key);
const auditCount = async () => (await t.db.select({ id: auditLog.id }).from(auditLog)).length;
const config = async () => (await t.app.inject({ url: '/api/config' })).json();

describe('GET and PUT api/admin/settings', () => {
  it('answer 401 to a visitor and 403 to a client or POS staff', async () => {
    await expectAdminOnly(t.app, { url: '/api/admin/settings' });
    await expectAdminOnly(t.app, {
      method: 'PUT',
      url: '/api/admin/settings',
      payload: { show_prices: false },
    });
    expect((await config()).showPrices).toBe(true);
  });

  it('answers every setting', async () => {
    const answer = await t.app.inject({ url: '/api/admin/settings', headers: bearer(admin) });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<AdminSettings>()).toMatchObject({
      show_prices: true,
      minimum_purchase: 5000,
      store_province: 'ON',
      gst_hst_number: '812345678 RT0001',
      store_phone: '',
    });
  });

  it('switches to wish-list mode and back: the storefront follows at once, each change audited', async () => {
    expect((await config()).showPrices).toBe(true);
    const before = await auditCount();
    const off = await putSettings({ show_prices: false, minimum_purchase: 7500 });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<AdminSettings>()).toMatchObject({ show_prices: false, minimum_purchase: 7500 });
    expect(await config()).toMatchObject({ showPrices: false, minimumPurchase: 7500 });
    const [entry] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      actorId: admin.client_id,
      action: 'settings.update',
      before: { show_prices: true, minimum_purchase: 5000 },
      after: { show_prices: false, minimum_purchase: 7500 },
    });
    expect(await auditCount()).toBe(before + 1);

    const on = await putSettings({ show_prices: true, minimum_purchase: 5000 });
    expect(on.statusCode).toBe(200);
    expect((await config()).showPrices).toBe(true);
  });

  it('tidies a GST/HST number and a province, and records nothing when nothing changes', async () => {
    const tidy = await putSettings({ gst_hst_number: ' 812345678rt0001 ', store_province: 'on' });
    expect(tidy.statusCode, tidy.body).toBe(200);
    expect(tidy.json<AdminSettings>()).toMatchObject({
      gst_hst_number: '812345678 RT0001',
      store_province: 'ON',
    });
    const before = await auditCount();
    expect((await putSettings({ store_province: 'ON' })).statusCode).toBe(200);
    expect(await auditCount()).toBe(before);
  });

  it("moves the store's time zone with its province unless the owner chose another one", async () => {
    const moved = await putSettings({ store_province: 'BC' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<AdminSettings>()).toMatchObject({
      store_province: 'BC',
      store_time_zone: 'America/Vancouver',
    });
    expect(await config()).toMatchObject({ storeProvince: 'BC', storeTimeZone: 'America/Vancouver' });
    const [entry] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      before: { store_province: 'ON', store_time_zone: 'America/Toronto' },
      after: { store_province: 'BC', store_time_zone: 'America/Vancouver' },
    });

    // A store in Lloydminster, say: Alberta's sales, Saskatchewan's clock.
    const chosen = await putSettings({ store_province: 'AB', store_time_zone: 'America/Regina' });
    expect(chosen.json<AdminSettings>()).toMatchObject({
      store_province: 'AB',
      store_time_zone: 'America/Regina',
    });
    const kept = await putSettings({ store_province: 'MB' });
    expect(kept.json<AdminSettings>()).toMatchObject({
      store_province: 'MB',
      store_time_zone: 'America/Regina',
    });

    const back = await putSettings({ store_province: 'ON', store_time_zone: 'America/Toronto' });
    expect(back.json<AdminSettings>()).toMatchObject({
      store_province: 'ON',
      store_time_zone: 'America/Toronto',
    });
  });

  it.each([
    [{}, 'Send at least one setting to change.'],
    [{ store_time_zone: 'Europe/Paris' }, "Time zone must be one of Canada's time zones."],
    [{ gst_hst_number: '12345' }, 'GST/HST number must look like 123456789 RT0001.'],
    [{ store_province: 'ZZ' }, 'Store province must be a Canadian province or territory.'],
    [{ minimum_purchase: -1 }, 'Minimum purchase must be at least 0.'],
    [{ minimum_purchase: 10.5 }, 'Minimum purchase must be a whole number.'],
    [{ custom_order_minimum: 0 }, 'Custom order minimum must be at least 1.'],
    [{ authorization_hold_hours: 0 }, 'Release unplaced card holds after (hours) must be at least 1.'],
    [{ authorization_hold_hours: 145 }, 'Release unplaced card holds after (hours) cannot be more than 144.'],
    [{ store_email: 'not an address' }, 'Email address is invalid.'],
    [{ store_name: '  ' }, 'Store name is required.'],
    [{ social_url: 'javascript:alert(1)' }, 'Social media link must be a web address (https://...).'],
    [{ show_prices: 'no' }, 'Show prices must be true or false.'],
  ])('refuses %j with "%s" and writes nothing', async (payload, message) => {
    const rows = await settingsRows();
    const before = await auditCount();
    const answer = await putSettings(payload);
    expect(answer.statusCode).toBe(400);
    expect(JSON.stringify(answer.json().error)).toContain(message);
    expect(await settingsRows()).toEqual(rows);
    expect(await auditCount()).toBe(before);
  });

  it('refuses a setting it does not know, and a whole bad body writes none of the good fields', async () => {
    const rows = await settingsRows();
    expect((await putSettings({ colour: 'red' })).statusCode).toBe(400);
    expect((await putSettings({ minimum_purchase: 6000, store_province: 'XX' })).statusCode).toBe(400);
    expect(await settingsRows()).toEqual(rows);
  });
});

describe('GET and POST api/admin/tax-rates', () => {
  const today = calendarDayOf(new Date(), DEFAULT_STORE_TIME_ZONE);
  const correct = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/tax-rates',
      payload: payload as Record<string, unknown>,
      headers: bearer(admin),
    });
  const rates = async () =>
    (await t.app.inject({ url: '/api/admin/tax-rates', headers: bearer(admin) })).json<ProvinceTaxRates>();
  const ontarioTax = async () => (await t.app.inject({ url: '/api/Tax/ON' })).json().tax_rate;

  it('answer 401 to a visitor and 403 to a client or POS staff', async () => {
    await expectAdminOnly(t.app, { url: '/api/admin/tax-rates' });
    await expectAdminOnly(t.app, {
      method: 'POST',
      url: '/api/admin/tax-rates',
      payload: { province: 'ON', name: 'HST', rate_ppm: 0, effective_from: today },
    });
    expect(await ontarioTax()).toBe(0.13);
  });

  it('lists every province with the components in effect', async () => {
    const all = await rates();
    expect(all).toHaveLength(13);
    expect(all.find((p) => p.province === 'QC')).toMatchObject({
      name: 'Quebec',
      rate_ppm: 149_750,
      upcoming: [],
    });
    expect(
      all
        .find((p) => p.province === 'QC')
        ?.current.map((c) => c.name)
        .sort(),
    ).toEqual(['GST', 'QST']);
  });

  it('a correction dated tomorrow waits; one dated today counts at once; both are audited', async () => {
    const tomorrow = nextCalendarDay(today);
    const later = await correct({ province: 'ON', name: 'HST', rate_ppm: 140_000, effective_from: tomorrow });
    expect(later.statusCode, later.body).toBe(200);
    const ontario = later.json<ProvinceTaxRates>().find((p) => p.province === 'ON');
    expect(ontario).toMatchObject({ rate_ppm: 130_000 });
    expect(ontario?.upcoming).toEqual([
      { name: 'HST', rate_ppm: 140_000, effective_from: tomorrow, changed_by: admin.client_full_name },
    ]);
    expect(await ontarioTax()).toBe(0.13);

    const now = await correct({ province: 'on', name: 'HST', rate_ppm: 135_000, effective_from: today });
    expect(now.statusCode, now.body).toBe(200);
    expect(await ontarioTax()).toBe(0.135);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'tax_rate.correct'));
    expect(entries).toHaveLength(2);

    // Put the rate back for the tests after this one.
    expect(
      (await correct({ province: 'ON', name: 'HST', rate_ppm: 130_000, effective_from: today })).statusCode,
    ).toBe(200);
    expect(await ontarioTax()).toBe(0.13);
  });

  it.each([
    [
      { province: 'ON', name: 'HST', rate_ppm: 130_000, effective_from: '2020-01-01' },
      'Effective from cannot be before today',
    ],
    [
      { province: 'ON', name: 'VAT', rate_ppm: 130_000, effective_from: '2099-01-01' },
      'Tax must be GST, HST, PST or QST.',
    ],
    [
      { province: 'ZZ', name: 'HST', rate_ppm: 130_000, effective_from: '2099-01-01' },
      'Province must be a Canadian province or territory.',
    ],
    [
      { province: 'ON', name: 'HST', rate_ppm: 600_000, effective_from: '2099-01-01' },
      'Rate cannot be more than 500000.',
    ],
    [
      { province: 'ON', name: 'HST', rate_ppm: 130_000, effective_from: '2099-02-30' },
      'Effective from must be a date (YYYY-MM-DD).',
    ],
  ])('refuses %j and writes nothing', async (payload, message) => {
    const before = await rates();
    const answer = await correct(payload);
    expect(answer.statusCode).toBe(400);
    expect(JSON.stringify(answer.json().error)).toContain(message);
    expect(await rates()).toEqual(before);
  });
});
