import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginRecord } from '../../../domain/auth.ts';
import { countRows } from '../../db/database.ts';
import { addresses } from '../../db/schema.ts';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const shippingAddress = {
  id: 0,
  first_name: 'Jamie',
  middle_initial: '',
  last_name: 'Tremblay',
  address: '220 Yonge St',
  address2: 'Unit 5',
  city: 'Toronto',
  province: 'ON',
  postalcode: 'M5B 2H1',
  country_code: 'CA',
  country: 'Canada',
  email: 'jamie@example.ca',
  phone: '416-555-0100',
  address_type_id: 1,
  is_default: true,
  same_as_shipping: false,
};

const save = (client: LoginRecord, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/Address', headers: bearer(client), payload });

describe('POST api/Address', () => {
  it('saves a shipping address and answers it with its id', async () => {
    const client = await signUp(t.app);
    const response = await save(client, shippingAddress);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ...shippingAddress,
      id: expect.any(Number),
      client_id: client.client_id,
    });
    const read = await t.app.inject({ url: `/api/Address/${response.json().id}`, headers: bearer(client) });
    expect(read.json().city).toBe('Toronto');
  });

  it('copies the shipping address into a billing address marked same_as_shipping, whatever its fields', async () => {
    const client = await signUp(t.app);
    await save(client, shippingAddress);
    const response = await save(client, { address_type_id: 2, same_as_shipping: true, first_name: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      address_type_id: 2,
      same_as_shipping: true,
      address: '220 Yonge St',
    });
    const list = await t.app.inject({
      url: `/api/Address/client/${client.client_id}`,
      headers: bearer(client),
    });
    expect(list.json().map((a: { address_type_id: number }) => a.address_type_id)).toEqual([1, 2]);
  });

  it('updates a saved address in place and keeps only the newest one as the default', async () => {
    const client = await signUp(t.app);
    const first = (await save(client, shippingAddress)).json();
    const updated = await save(client, {
      ...shippingAddress,
      id: first.id,
      city: 'Ottawa',
      postalcode: 'K1P 1J1',
    });
    expect(updated.json()).toMatchObject({ id: first.id, city: 'Ottawa' });
    await save(client, { ...shippingAddress, address: '1 Rideau St', city: 'Ottawa', postalcode: 'K1N 8S7' });
    const list = await t.app.inject({
      url: `/api/Address/client/${client.client_id}`,
      headers: bearer(client),
    });
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0].address).toBe('1 Rideau St');
  });

  it('keeps a billing address "same as shipping" a copy of the shipping address when that changes', async () => {
    const current = async (client: LoginRecord) =>
      (
        await t.app.inject({ url: `/api/Address/client/${client.client_id}`, headers: bearer(client) })
      ).json() as Array<{ id: number; address_type_id: number; city: string; province: string }>;
    const client = await signUp(t.app);
    const first = (await save(client, shippingAddress)).json();
    await save(client, { address_type_id: 2, same_as_shipping: true });

    // A new shipping address, as the checkout's Edit saves it, and then one changed in place.
    const montreal = {
      address: '500 Rue Sherbrooke O',
      city: 'Montréal',
      province: 'QC',
      postalcode: 'H3A 1B1',
    };
    await save(client, { ...shippingAddress, ...montreal });
    expect(await current(client)).toMatchObject([
      { address_type_id: 1, ...montreal },
      { address_type_id: 2, same_as_shipping: true, ...montreal },
    ]);
    const [shipping] = await current(client);
    await save(client, {
      ...shippingAddress,
      ...montreal,
      id: shipping?.id,
      city: 'Laval',
      postalcode: 'H7N 1A1',
    });
    expect((await current(client)).map((address) => address.city)).toEqual(['Laval', 'Laval']);
    expect(first.id).not.toBe(shipping?.id);

    // A billing address of its own stays as it is.
    const other = await signUp(t.app);
    await save(other, shippingAddress);
    await save(other, { ...shippingAddress, address_type_id: 2, city: 'Kingston', postalcode: 'K7L 2N8' });
    await save(other, { ...shippingAddress, ...montreal });
    expect((await current(other)).map((address) => address.city)).toEqual(['Montréal', 'Kingston']);
  });

  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['missing first name', { first_name: '' }, 'first_name', 'First Name is required.'],
    [
      'long first name',
      { first_name: 'F'.repeat(101) },
      'first_name',
      'First Name cannot be more than 100 characters long.',
    ],
    [
      'long middle initial',
      { middle_initial: 'M'.repeat(51) },
      'middle_initial',
      'Middle Initial cannot be more than 50 characters long.',
    ],
    ['missing last name', { last_name: ' ' }, 'last_name', 'Last Name is required.'],
    ['missing address', { address: '' }, 'address', 'Address is required.'],
    [
      'long address',
      { address: 'A'.repeat(501) },
      'address',
      'Address cannot be more than 500 characters long.',
    ],
    [
      'long address 2',
      { address2: 'A'.repeat(501) },
      'address2',
      'Address 2 cannot be more than 500 characters long.',
    ],
    ['missing city', { city: '' }, 'city', 'City is required.'],
    ['long city', { city: 'C'.repeat(51) }, 'city', 'City cannot be more than 50 characters long.'],
    ['missing province', { province: '' }, 'province', 'Province is required.'],
    ['unknown province', { province: 'ZZ' }, 'province', 'Province is invalid.'],
    ['missing postal code', { postalcode: '' }, 'postalcode', 'Postal Code is required.'],
    [
      'long postal code',
      { postalcode: '1'.repeat(16) },
      'postalcode',
      'Postal Code cannot be more than 15 characters long.',
    ],
    ['invalid postal code', { postalcode: '12345' }, 'postalcode', 'Postal Code is invalid.'],
    ['invalid email', { email: 'jamie@' }, 'email', 'Email address is invalid.'],
    [
      'long email',
      { email: `${'e'.repeat(251)}@ex.ca` },
      'email',
      'Email cannot be more than 256 characters long.',
    ],
    ['long phone', { phone: '5'.repeat(51) }, 'phone', 'Phone cannot be more than 50 characters long.'],
    [
      'a shipping address outside Canada',
      { country_code: 'US', province: 'NY', postalcode: '10001' },
      'country_code',
      'Currently, we only ship to Canada, please update your shipping country and re-try.',
    ],
  ];
  it.each(cases)('refuses %s with its message and writes nothing', async (_name, change, field, message) => {
    const client = await signUp(t.app);
    const before = await countRows(t.db, addresses);
    const response = await save(client, { ...shippingAddress, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
    expect(await countRows(t.db, addresses)).toBe(before);
  });

  it('accepts a billing address in the United States', async () => {
    const client = await signUp(t.app);
    const response = await save(client, {
      ...shippingAddress,
      address_type_id: 2,
      country_code: 'US',
      country: 'United States',
      province: 'NY',
      postalcode: '10001',
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses billing "same as shipping" before any shipping address is saved', async () => {
    const client = await signUp(t.app);
    const response = await save(client, { address_type_id: 2, same_as_shipping: true });
    expect(response.statusCode).toBe(400);
  });
});

describe('addresses are their owner’s only', () => {
  it('answers 404 for another client’s address and 403 for their list; an update of it changes nothing', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const saved = (await save(alice, shippingAddress)).json();
    expect((await t.app.inject({ url: `/api/Address/${saved.id}`, headers: bearer(bob) })).statusCode).toBe(
      404,
    );
    const list = await t.app.inject({ url: `/api/Address/client/${alice.client_id}`, headers: bearer(bob) });
    expect(list.statusCode).toBe(403);
    const hijack = await save(bob, { ...shippingAddress, id: saved.id, city: 'Elsewhere' });
    expect(hijack.statusCode).toBe(404);
    const foreignClientId = await save(bob, { ...shippingAddress, client_id: alice.client_id });
    expect(foreignClientId.statusCode).toBe(403);
    const read = await t.app.inject({ url: `/api/Address/${saved.id}`, headers: bearer(alice) });
    expect(read.json().city).toBe('Toronto');
  });

  it('answers 401 to a visitor', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/Address', payload: shippingAddress })).statusCode,
    ).toBe(401);
  });
});

describe('countries and provinces', () => {
  it('lists the countries and the 13 provinces and territories of Canada', async () => {
    const countries = (await t.app.inject({ url: '/api/Address/countries' })).json();
    expect(countries).toEqual(expect.arrayContaining([{ code: 'CA', name: 'Canada' }]));
    const provinces = (await t.app.inject({ url: '/api/address/ca/province' })).json();
    expect(provinces).toHaveLength(13);
    expect(provinces).toEqual(expect.arrayContaining([{ code: 'QC', name: 'Quebec' }]));
    expect((await t.app.inject({ url: '/api/Address/ZZ/province' })).statusCode).toBe(404);
  });
});
