/**
 * The address book's rule for "the addresses checkout uses", as SQL (the address book and checkout's
 * context read it), and its statement beside the zod schema of its rows (addresses.queries.test.ts
 * checks it on PGlite and PostgreSQL).
 */
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { savedAddressSchema } from '../../../domain/address.ts';
import { typedQuery } from '../../db/typed-query.ts';

/** The columns of a saved address under the reply's names (`savedAddressSchema`). */
const SAVED_ADDRESS_COLUMNS = sql.raw(Object.keys(savedAddressSchema.shape).join(', '));

/**
 * The client's current addresses, shipping (type 1) then billing (type 2), as SQL: of each type
 * the newest one marked default (a new address becomes the default; older ones stay for past
 * orders). The one rule for "the address checkout uses", in the address book and in checkout.
 */
export function currentAddresses(clientId: number | Placeholder): SQL {
  return sql`SELECT DISTINCT ON (address_type_id) ${SAVED_ADDRESS_COLUMNS} FROM addresses
             WHERE client_id = ${clientId}::int AND is_default
             ORDER BY address_type_id, id DESC`;
}

export const selectCurrentAddresses = typedQuery(savedAddressSchema, currentAddresses);
