import { describe, expect, it } from 'vitest';
import type { SavedAddress } from '../../../domain/address.ts';
import { addressLine } from './address-summary.tsx';

describe('addressLine (a collapsed address step)', () => {
  it('writes the place as the address lines and Your Orders do: city, province and postal code', () => {
    const address: SavedAddress = {
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
    };
    expect(addressLine(address)).toBe('Jamie Tremblay, 1 Rideau St, Ottawa, ON K1A 0A9');
  });
});
