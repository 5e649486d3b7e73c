import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginRecord } from '../../../domain/auth.ts';
import { createTestApp, saveAddresses, signUp, type TestApp, TORONTO_ADDRESS } from '../../test/app.ts';
import { rowChecks } from '../../test/rows.ts';
import * as queries from './addresses.queries.ts';

/**
 * The address book's statement answers rows of exactly the saved address's shape, on the database
 * this run uses (PGlite, and PostgreSQL with TEST_DATABASE_URL).
 */
const { expectRows, unchecked } = rowChecks(queries);
let t: TestApp;
let client: LoginRecord;

beforeAll(async () => {
  t = await createTestApp();
  client = await signUp(t.app);
  await saveAddresses(t.app, client, [
    { ...TORONTO_ADDRESS, address_type_id: 1 },
    { ...TORONTO_ADDRESS, address_type_id: 1, address: '2 Front St W' },
    { address_type_id: 2, same_as_shipping: true },
  ]);
});
afterAll(() => t.close());

describe('the address statements answer the shapes of their row schemas', () => {
  it("a client's current addresses: the newest shipping, then the billing", async () => {
    const rows = await expectRows(queries.selectCurrentAddresses, t.db, client.client_id);
    expect(rows.map((row) => [row.address_type_id, row.address])).toEqual([
      [1, '2 Front St W'],
      [2, '2 Front St W'],
    ]);
  });

  it('every statement of addresses.queries.ts is checked', () => expect(unchecked()).toEqual([]));
});
