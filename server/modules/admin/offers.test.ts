import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOffer, ProcessSteps } from '../../../domain/admin/offers.ts';
import type { LoginRecord } from '../../../domain/auth.ts';
import { processSteps, specialOffers } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.ts';
import {
  bearer,
  createTestApp,
  expectAdminOnly,
  type InjectOptions,
  logIn,
  signUp,
  type TestApp,
} from '../../test/app.ts';
import { offerHtml, offerText } from './offers.service.ts';

let t: TestApp;
let admin: LoginRecord;
beforeAll(async () => {
  t = await createTestApp();
  admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
});
afterAll(() => t.close());

const asAdmin = (call: InjectOptions) => t.app.inject({ ...call, headers: bearer(admin) });

describe('offer text', () => {
  it('becomes escaped paragraphs, and back', () => {
    const text = 'Save <b>big</b> & more\nthis week.\n\nSecond "paragraph".';
    const html = offerHtml(text);
    expect(html).toBe(
      '<p>Save &lt;b&gt;big&lt;/b&gt; &amp; more<br>this week.</p><p>Second &quot;paragraph&quot;.</p>',
    );
    expect(offerText(html)).toBe(text);
  });
});

describe('special offers', () => {
  it.each([
    { method: 'GET' as const, url: '/api/admin/offers' },
    { method: 'POST' as const, url: '/api/admin/offers', payload: { title: 'X', detail: 'Y' } },
    { method: 'PATCH' as const, url: '/api/admin/offers/1', payload: { active: false } },
    { method: 'GET' as const, url: '/api/admin/process-steps' },
    { method: 'PUT' as const, url: '/api/admin/process-steps', payload: [] },
  ])('$method $url: 401 to a visitor, 403 to a client or POS staff', async (call) => {
    await expectAdminOnly(t.app, call);
  });

  it('creates an offer the storefront shows at once, safely', async () => {
    const created = await asAdmin({
      method: 'POST',
      url: '/api/admin/offers',
      payload: {
        title: 'Winter sale',
        detail: 'Two pairs <script>alert(1)</script> for less.',
        rules: 'Until March.',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const offer = created.json<AdminOffer>();
    expect(offer).toMatchObject({
      title: 'Winter sale',
      detail: 'Two pairs <script>alert(1)</script> for less.',
      active: true,
    });
    const client = await signUp(t.app);
    const shown = await t.app.inject({ url: '/api/allspecialoffers', headers: bearer(client) });
    const stored = shown.json<{ title: string; detail: string }[]>().find((o) => o.title === 'Winter sale');
    expect(stored?.detail).toBe('<p>Two pairs &lt;script&gt;alert(1)&lt;/script&gt; for less.</p>');

    const hidden = await asAdmin({
      method: 'PATCH',
      url: `/api/admin/offers/${offer.id}`,
      payload: { active: false },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const after = await t.app.inject({ url: '/api/allspecialoffers', headers: bearer(client) });
    expect(after.body).not.toContain('Winter sale');
  });

  it('refuses a missing title, an unknown product, an empty change; writes nothing', async () => {
    const before = await t.db.select().from(specialOffers);
    expect(
      (
        await asAdmin({ method: 'POST', url: '/api/admin/offers', payload: { title: '', detail: 'x' } })
      ).json().error.fields,
    ).toMatchObject({
      title: 'Title is required.',
    });
    const unknown = await asAdmin({
      method: 'POST',
      url: '/api/admin/offers',
      payload: { title: 'X', detail: 'Y', product_id: 999_999 },
    });
    expect(unknown.json().error.fields).toEqual({ product_id: 'This product does not exist.' });
    expect((await asAdmin({ method: 'PATCH', url: '/api/admin/offers/1', payload: {} })).statusCode).toBe(
      400,
    );
    expect(
      (await asAdmin({ method: 'PATCH', url: '/api/admin/offers/999999', payload: { active: true } }))
        .statusCode,
    ).toBe(404);
    expect(await t.db.select().from(specialOffers)).toEqual(before);
  });
});

describe('custom-order process steps', () => {
  it('replaces the steps in their order; the process page follows', async () => {
    const steps = [
      { title: 'Tell us your idea', image: '/images/full/step-1.webp' },
      { title: 'We knit a sample', image: '/media/full/abc123.webp' },
    ];
    const saved = await asAdmin({ method: 'PUT', url: '/api/admin/process-steps', payload: steps });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ProcessSteps>()).toEqual(steps);
    const page = await t.app.inject({ url: '/api/process' });
    expect(page.body).toContain('We knit a sample');
  });

  it('refuses an empty list, a step without a title, an image from elsewhere; writes nothing', async () => {
    const before = await t.db.select().from(processSteps);
    for (const payload of [
      [],
      [{ title: '', image: '/media/full/a.webp' }],
      [{ title: 'X', image: 'https://evil.example/x.png' }],
    ]) {
      expect((await asAdmin({ method: 'PUT', url: '/api/admin/process-steps', payload })).statusCode).toBe(
        400,
      );
    }
    expect(await t.db.select().from(processSteps)).toEqual(before);
  });
});
