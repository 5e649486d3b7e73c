/**
 * Addresses (spec storefront §3 Address, §4 Address form, §5 Address). Type ids: 1 shipping, 2 billing.
 */
import { z } from 'zod';
import { DEFAULT_MESSAGES } from './messages.ts';
import { CANADIAN_PROVINCES } from './provinces.ts';
import { bodyId, optionalEmail, optionalText, PG_INTEGER_MAX, requiredText } from './validation.ts';

export const SHIPPING_ADDRESS = 1;
export const BILLING_ADDRESS = 2;
export const DEFAULT_COUNTRY = 'CA';
export const SHIP_ONLY_TO_CANADA_NOTE = DEFAULT_MESSAGES.ship_to_canada_only;
export const SHIP_ONLY_TO_CANADA_ERROR =
  'Currently, we only ship to Canada, please update your shipping country and re-try.';
export const SHIPPING_NOT_SAVED = 'Shipping address is not saved. May some errors happened.';
export const BILLING_NOT_SAVED = 'Billing address is not saved. May some errors happened.';

const CANADIAN_POSTAL_CODE = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i;
const PROVINCE_CODES: readonly string[] = CANADIAN_PROVINCES.map((province) => province.code);

const addressId = z.number().int().min(0).max(PG_INTEGER_MAX, 'Id is not a valid id.').default(0);

const addressFields = {
  id: addressId,
  client_id: bodyId('client_id').optional(),
  first_name: requiredText('First Name', { max: 100 }),
  middle_initial: optionalText('Middle Initial', 50),
  last_name: requiredText('Last Name', { max: 100 }),
  address: requiredText('Address', { max: 500 }),
  address2: optionalText('Address 2', 500),
  city: requiredText('City', { max: 50 }),
  province: requiredText('Province', { max: 50 }),
  postalcode: requiredText('Postal Code', { max: 15 }),
  country_code: z.string().trim().toUpperCase().length(2, 'Country is invalid.').default(DEFAULT_COUNTRY),
  country: optionalText('Country', 100),
  email: optionalEmail(),
  phone: optionalText('Phone', 50),
  address_type_id: z.union([z.literal(SHIPPING_ADDRESS), z.literal(BILLING_ADDRESS)], {
    error: 'Address type must be 1 (shipping) or 2 (billing).',
  }),
  is_default: z.boolean().default(true),
  same_as_shipping: z.boolean().default(false),
};

/** A Canadian address needs a real province code and postal code. */
function checkCanadian(
  address: { country_code: string; province: string; postalcode: string },
  context: z.RefinementCtx,
) {
  if (address.country_code !== 'CA') return;
  if (!PROVINCE_CODES.includes(address.province.toUpperCase())) {
    context.addIssue({ code: 'custom', path: ['province'], message: 'Province is invalid.' });
  }
  if (!CANADIAN_POSTAL_CODE.test(address.postalcode)) {
    context.addIssue({ code: 'custom', path: ['postalcode'], message: 'Postal Code is invalid.' });
  }
}

/** POST api/Address: an address form as filled in. */
export const addressSchema = z.strictObject(addressFields).superRefine(checkCanadian);
export type AddressInput = z.input<typeof addressSchema>;

/** A billing address "same as shipping": the form's other fields ride along and are not read. */
const sameAsShippingSchema = z.looseObject({
  id: addressId,
  address_type_id: z.literal(BILLING_ADDRESS, {
    error: 'Only a billing address can be the same as the shipping address.',
  }),
  same_as_shipping: z.literal(true),
});

/**
 * A billing address with same_as_shipping ticked counts as valid whatever its fields hold
 * (spec §4): the server copies the shipping address into it. Otherwise the form must pass
 * addressSchema. The same rule as the route's (saveAddressSchema).
 */
export function isSameAsShippingBilling(value: unknown): boolean {
  return sameAsShippingSchema.safeParse(value).success;
}

/**
 * POST api/Address: either an address form as filled in, or a billing address "same as shipping"
 * whose fields the server copies from the shipping address (one schema for both, so the route
 * declares the whole contract; `same_as_shipping` tells which).
 */
export const saveAddressSchema = z.discriminatedUnion(
  'same_as_shipping',
  [
    sameAsShippingSchema,
    z
      .strictObject({ ...addressFields, same_as_shipping: z.literal(false).default(false) })
      .superRefine(checkCanadian),
  ],
  { error: 'same_as_shipping must be true or false.' },
);
export type SaveAddress = z.output<typeof saveAddressSchema>;
export type AddressData = z.output<typeof addressSchema>;

export const savedAddressSchema = z.object({
  id: z.number().int(),
  client_id: z.number().int(),
  first_name: z.string(),
  middle_initial: z.string(),
  last_name: z.string(),
  address: z.string(),
  address2: z.string(),
  city: z.string(),
  province: z.string(),
  postalcode: z.string(),
  country_code: z.string(),
  country: z.string(),
  email: z.string(),
  phone: z.string(),
  address_type_id: z.number().int(),
  is_default: z.boolean(),
  same_as_shipping: z.boolean(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

export const countrySchema = z.object({ code: z.string(), name: z.string() });
export const provinceSchema = z.object({ code: z.string(), name: z.string() });

/** Who and where, without the bookkeeping of a saved address: what an order keeps. */
export type PostalAddress = Omit<
  SavedAddress,
  'id' | 'client_id' | 'address_type_id' | 'is_default' | 'same_as_shipping'
>;

/** The one-line form of an address (the order's shipping_address string). */
export function joinAddress(a: PostalAddress): string {
  const name = [a.first_name, a.middle_initial, a.last_name].filter(Boolean).join(' ');
  const street = [a.address, a.address2].filter(Boolean).join(', ');
  return [name, street, `${a.city}, ${a.province} ${a.postalcode}`, a.country || a.country_code]
    .filter(Boolean)
    .join(', ');
}
