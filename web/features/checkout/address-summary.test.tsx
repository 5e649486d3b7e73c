import { describe, expect, it } from 'vitest';
import { savedAddress } from '../../test/saved-address.ts';
import { addressLine } from './address-summary.tsx';

describe('addressLine (a collapsed address step)', () => {
  it('writes the place as the address lines and Your Orders do: city, province and postal code', () => {
    const address = savedAddress({
      first_name: 'Jamie',
      last_name: 'Tremblay',
      address: '1 Rideau St',
      city: 'Ottawa',
      province: 'ON',
      postalcode: 'K1A 0A9',
    });
    expect(addressLine(address)).toBe('Jamie Tremblay, 1 Rideau St, Ottawa, ON K1A 0A9');
  });
});
