import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReader } from '../../../domain/admin/readers.ts';
import type { LoginRecord } from '../../../domain/auth.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.ts';
import { SIMULATED_REGISTRATION_CODE } from '../../providers/payments/sandbox/terminal.ts';
import {
  bearer,
  createTestApp,
  expectAdminOnly,
  type InjectOptions,
  logIn,
  signUp,
  type TestApp,
} from '../../test/app.ts';

let t: TestApp;
let admin: LoginRecord;
beforeAll(async () => {
  t = await createTestApp();
  admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
});
afterAll(() => t.close());

const asAdmin = (call: InjectOptions) => t.app.inject({ ...call, headers: bearer(admin) });
const readers = async () => (await asAdmin({ url: '/api/admin/readers' })).json<AdminReader[]>();

describe('card readers in the back office', () => {
  it.each([
    { method: 'GET' as const, url: '/api/admin/readers' },
    {
      method: 'POST' as const,
      url: '/api/admin/readers',
      payload: { registration_code: 'simulated-wpe', label: 'X' },
    },
    { method: 'PATCH' as const, url: '/api/admin/readers/tmr_SbxFrontCounter01', payload: { label: 'X' } },
    {
      method: 'PUT' as const,
      url: '/api/admin/readers/tmr_SbxFrontCounter01/assignment',
      payload: { staff_id: 1 },
    },
  ])('$method $url: 401 to a visitor, 403 to a client or POS staff', async (call) => {
    const before = await readers();
    await expectAdminOnly(t.app, call);
    expect(await readers()).toEqual(before);
  });

  it('lists the readers with their status', async () => {
    const list = await readers();
    expect(Object.fromEntries(list.map((reader) => [reader.label, reader.status]))).toEqual({
      'Front Counter WisePOS E': 'online',
      'Back Office Reader': 'offline',
      'Pop-up Stand Reader': 'online',
    });
  });

  it('registers a simulated reader from the test registration code, and refuses another code', async () => {
    const created = await asAdmin({
      method: 'POST',
      url: '/api/admin/readers',
      payload: { registration_code: SIMULATED_REGISTRATION_CODE, label: 'Market Stall' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<AdminReader>()).toMatchObject({
      label: 'Market Stall',
      status: 'online',
      assigned_to: [],
    });
    expect((await readers()).map((reader) => reader.label)).toContain('Market Stall');

    const count = (await readers()).length;
    const wrong = await asAdmin({
      method: 'POST',
      url: '/api/admin/readers',
      payload: { registration_code: 'purple-monkey-dish', label: 'Nope' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toContain('registration code');
    expect((await readers()).length).toBe(count);
    const blank = await asAdmin({
      method: 'POST',
      url: '/api/admin/readers',
      payload: { registration_code: 'x', label: '' },
    });
    expect(blank.json().error.fields).toMatchObject({ label: 'Name is required.' });
  });

  it('renames a reader, and answers 404 for one that does not exist', async () => {
    const renamed = await asAdmin({
      method: 'PATCH',
      url: '/api/admin/readers/tmr_SbxPopUpStand03',
      payload: { label: 'Farmers Market' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<AdminReader>().label).toBe('Farmers Market');
    const missing = await asAdmin({
      method: 'PATCH',
      url: '/api/admin/readers/tmr_Nothing',
      payload: { label: 'X' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('assigns a reader to a POS staff member, who then uses it; not to a client', async () => {
    const cashier = await logIn(t.app, DEMO_ACCOUNTS.pos.user_name, DEMO_ACCOUNTS.pos.password);
    const assigned = await asAdmin({
      method: 'PUT',
      url: '/api/admin/readers/tmr_SbxPopUpStand03/assignment',
      payload: { staff_id: cashier.client_id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json<AdminReader>().assigned_to).toEqual([
      { client_id: cashier.client_id, name: cashier.client_full_name },
    ]);
    const used = await t.app.inject({
      method: 'POST',
      url: '/api/pos/GetUserReader',
      payload: { user_id: cashier.client_id },
      headers: bearer(cashier),
    });
    expect(used.json()).toMatchObject({ id: 'tmr_SbxPopUpStand03' });

    const client = await signUp(t.app);
    const refused = await asAdmin({
      method: 'PUT',
      url: '/api/admin/readers/tmr_SbxPopUpStand03/assignment',
      payload: { staff_id: client.client_id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ staff_id: 'This account does not have the POS role.' });
  });
});
