import { describe, expect, it } from 'vitest';
import { isSameAsShippingBilling, saveAddressSchema } from './address.ts';

const form = {
  first_name: 'Jamie',
  last_name: 'Tremblay',
  address: '220 Yonge St',
  city: 'Toronto',
  province: 'ON',
  postalcode: 'M5B 2H1',
  address_type_id: 1,
};

function messages(value: unknown): Record<string, string> {
  const result = saveAddressSchema.safeParse(value);
  if (result.success) return {};
  // The first message of each field, as the server's error body and the form show it.
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]).reverse(),
  );
}

describe('the body of POST api/Address', () => {
  it('is a billing address same as shipping, whatever its other fields hold', () => {
    const billing = { address_type_id: 2, same_as_shipping: true, first_name: '', city: 42 };
    expect(isSameAsShippingBilling(billing)).toBe(true);
    expect(saveAddressSchema.parse(billing)).toMatchObject({
      id: 0,
      address_type_id: 2,
      same_as_shipping: true,
    });
  });

  it('or an address form, with a message per field', () => {
    expect(isSameAsShippingBilling(form)).toBe(false);
    expect(saveAddressSchema.parse(form)).toMatchObject({
      ...form,
      id: 0,
      same_as_shipping: false,
      country_code: 'CA',
    });
    expect(messages({ ...form, first_name: '', postalcode: '12345' })).toEqual({
      first_name: 'First Name is required.',
      postalcode: 'Postal Code is invalid.',
    });
  });

  it('a shipping address cannot be the same as shipping', () => {
    const shipping = { address_type_id: 1, same_as_shipping: true };
    expect(isSameAsShippingBilling(shipping)).toBe(false);
    expect(messages(shipping)).toEqual({
      address_type_id: 'Only a billing address can be the same as the shipping address.',
    });
  });
});
