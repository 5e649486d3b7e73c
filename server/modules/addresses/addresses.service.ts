import { and, asc, eq } from 'drizzle-orm';
import {
  type AddressData,
  BILLING_ADDRESS,
  type SaveAddress,
  type SavedAddress,
  SHIP_ONLY_TO_CANADA_ERROR,
  SHIPPING_ADDRESS,
} from '../../../domain/address.ts';
import type { Database } from '../../db/database.ts';
import { addresses, countries, provinces } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { selectCurrentAddresses } from './addresses.queries.ts';

type AddressRow = typeof addresses.$inferSelect;

export function toSavedAddress(row: AddressRow): SavedAddress {
  return {
    id: row.id,
    client_id: row.clientId,
    first_name: row.firstName,
    middle_initial: row.middleInitial,
    last_name: row.lastName,
    address: row.address,
    address2: row.address2,
    city: row.city,
    province: row.province,
    postalcode: row.postalcode,
    country_code: row.countryCode,
    country: row.country,
    email: row.email,
    phone: row.phone,
    address_type_id: row.addressTypeId,
    is_default: row.isDefault,
    same_as_shipping: row.sameAsShipping,
  };
}

export function createAddressService(db: Database) {
  async function countryName(code: string): Promise<string> {
    const [row] = await db.select({ name: countries.name }).from(countries).where(eq(countries.code, code));
    if (!row) throw badRequest('Country is invalid.', { country_code: 'Country is invalid.' });
    return row.name;
  }

  /** A billing address "same as shipping" is the shipping address's fields under the billing type. */
  async function resolveInput(user: AuthUser, input: SaveAddress): Promise<AddressData> {
    if (!input.same_as_shipping) return input;
    const shipping = (await selectCurrentAddresses(db, user.id)).find(
      (address) => address.address_type_id === SHIPPING_ADDRESS,
    );
    if (!shipping) throw badRequest('Please save the shipping address first.');
    const { client_id: _owner, ...fields } = shipping;
    return {
      ...fields,
      id: input.id,
      address_type_id: BILLING_ADDRESS,
      same_as_shipping: true,
      is_default: true,
    };
  }

  return {
    async get(user: AuthUser, id: number): Promise<SavedAddress> {
      const [row] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.clientId, user.id)));
      // Another client's address is as unknown as a missing one.
      if (!row) throw notFound('Address');
      return toSavedAddress(row);
    },

    /** The client's current shipping and billing addresses. */
    listForClient: (user: AuthUser): Promise<SavedAddress[]> => selectCurrentAddresses(db, user.id),

    async save(user: AuthUser, input: SaveAddress): Promise<SavedAddress> {
      const data = await resolveInput(user, input);
      if (data.client_id !== undefined && data.client_id !== user.id) throw notFound('Address');
      if (data.address_type_id === SHIPPING_ADDRESS && data.country_code !== 'CA') {
        throw badRequest(SHIP_ONLY_TO_CANADA_ERROR, { country_code: SHIP_ONLY_TO_CANADA_ERROR });
      }
      const values = {
        clientId: user.id,
        addressTypeId: data.address_type_id,
        firstName: data.first_name,
        middleInitial: data.middle_initial,
        lastName: data.last_name,
        address: data.address,
        address2: data.address2,
        city: data.city,
        province: data.province.toUpperCase(),
        postalcode: data.postalcode.toUpperCase(),
        countryCode: data.country_code,
        country: data.country || (await countryName(data.country_code)),
        email: data.email,
        phone: data.phone,
        isDefault: true,
        sameAsShipping: data.same_as_shipping,
      };
      return db.transaction(async (tx) => {
        let row: typeof addresses.$inferSelect | undefined;
        if (data.id > 0) {
          [row] = await tx
            .update(addresses)
            .set(values)
            .where(and(eq(addresses.id, data.id), eq(addresses.clientId, user.id)))
            .returning();
          if (!row) throw notFound('Address');
        } else {
          // The new address becomes the one checkout uses; the old ones stay for past orders.
          await tx
            .update(addresses)
            .set({ isDefault: false })
            .where(and(eq(addresses.clientId, user.id), eq(addresses.addressTypeId, data.address_type_id)));
          [row] = await tx.insert(addresses).values(values).returning();
          if (!row) throw new Error('address insert returned nothing');
        }
        if (data.address_type_id === SHIPPING_ADDRESS) {
          // A billing address "same as shipping" is a copy: it follows the shipping address it copies,
          // or an order would be billed to where the client shipped before.
          await tx
            .update(addresses)
            .set({ ...values, addressTypeId: BILLING_ADDRESS, sameAsShipping: true })
            .where(
              and(
                eq(addresses.clientId, user.id),
                eq(addresses.addressTypeId, BILLING_ADDRESS),
                eq(addresses.isDefault, true),
                eq(addresses.sameAsShipping, true),
              ),
            );
        }
        return toSavedAddress(row);
      });
    },

    countries: () =>
      db.select({ code: countries.code, name: countries.name }).from(countries).orderBy(asc(countries.name)),

    async provinces(countryCode: string) {
      const code = countryCode.toUpperCase();
      const [country] = await db
        .select({ code: countries.code })
        .from(countries)
        .where(eq(countries.code, code));
      if (!country) throw notFound('Country');
      return db
        .select({ code: provinces.code, name: provinces.name })
        .from(provinces)
        .where(eq(provinces.countryCode, code))
        .orderBy(asc(provinces.name));
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
