import type { SavedAddress } from '../../domain/address.ts';

/** A client's saved shipping address as the server answers it, with the fields a test cares about. */
export function savedAddress(fields: Partial<SavedAddress> = {}): SavedAddress {
  return {
    id: 1,
    client_id: 1,
    first_name: 'Jamie',
    middle_initial: '',
    last_name: 'Tremblay',
    address: '1 Rideau St',
    address2: '',
    city: 'Ottawa',
    province: 'ON',
    postalcode: 'K1A 0A9',
    country_code: 'CA',
    country: 'Canada',
    email: 'jamie@example.ca',
    phone: '613-555-0100',
    address_type_id: 1,
    is_default: true,
    same_as_shipping: false,
    ...fields,
  };
}
