import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Grid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import {
  type AddressInput,
  addressSchema,
  BILLING_ADDRESS,
  BILLING_NOT_SAVED,
  DEFAULT_COUNTRY,
  isSameAsShippingBilling,
  type SavedAddress,
  SHIP_ONLY_TO_CANADA_NOTE,
  SHIPPING_ADDRESS,
  SHIPPING_NOT_SAVED,
} from '../../../domain/address.ts';
import { CheckboxField } from '../../components/form/checkbox-field.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { AddressLines } from './address-summary.tsx';
import { useCountries, useProvinces, useSaveAddress } from './checkout.api.ts';
import { INVALID_FORM_TEXT } from './checkout-rules.ts';

type AddressType = typeof SHIPPING_ADDRESS | typeof BILLING_ADDRESS;
type FieldName = keyof AddressInput;

const FIELDS: readonly FieldName[] = [
  'first_name',
  'middle_initial',
  'last_name',
  'address',
  'address2',
  'city',
  'province',
  'postalcode',
  'country_code',
  'country',
  'email',
  'phone',
];

const strictResolver = zodResolver(addressSchema, undefined, { raw: true });

/** A billing address "same as shipping" counts as valid whatever its fields hold (spec §4 Address form). */
const addressResolver: Resolver<AddressInput> = async (values, context, options) =>
  isSameAsShippingBilling(values) ? { values, errors: {} } : strictResolver(values, context, options);

function hasProvinceList(countryCode: string): boolean {
  return countryCode === 'CA' || countryCode === 'US';
}

function formValues(
  type: AddressType,
  saved: SavedAddress | undefined,
  prefill: Partial<AddressInput>,
): AddressInput {
  const source = saved ?? prefill;
  return {
    id: saved?.id ?? 0,
    first_name: source.first_name ?? '',
    middle_initial: source.middle_initial ?? '',
    last_name: source.last_name ?? '',
    address: source.address ?? '',
    address2: source.address2 ?? '',
    city: source.city ?? '',
    // The province lists of Canada and the US hold codes in capitals.
    province: hasProvinceList(source.country_code || DEFAULT_COUNTRY)
      ? (source.province ?? '').toUpperCase()
      : (source.province ?? ''),
    postalcode: source.postalcode ?? '',
    country_code: source.country_code || DEFAULT_COUNTRY,
    country: source.country ?? '',
    email: source.email ?? '',
    phone: source.phone ?? '',
    address_type_id: type,
    is_default: true,
    // A first billing address is most often the shipping one.
    same_as_shipping: type === BILLING_ADDRESS ? (saved?.same_as_shipping ?? true) : false,
  };
}

interface AddressFormProps {
  type: AddressType;
  clientId: number;
  /** The address saved before (id above 0), edited in place. */
  saved: SavedAddress | undefined;
  /** A new address starts from the client's own details. */
  prefill: Partial<AddressInput>;
  /** Billing: the shipping address that "same as shipping" copies. */
  shipping?: SavedAddress | undefined;
  onSaved: (address: SavedAddress) => void;
}

/**
 * The shipping or billing address of the checkout (spec §2 Checkout, §4 Address form, §5 Address):
 * shipping goes only to Canada; the province is a dropdown for Canada and the US, free text
 * elsewhere; a country change clears the province and reloads the list; billing can be the same
 * as shipping.
 */
export function AddressForm({ type, clientId, saved, prefill, shipping, onSaved }: AddressFormProps) {
  const isShipping = type === SHIPPING_ADDRESS;
  const save = useSaveAddress(clientId);
  const [formError, setFormError] = useState<string>();
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { isSubmitting },
  } = useForm<AddressInput>({
    resolver: addressResolver,
    mode: 'onTouched',
    defaultValues: formValues(type, saved, prefill),
  });

  const countryCode = useWatch({ control, name: 'country_code' }) ?? DEFAULT_COUNTRY;
  const sameAsShipping = useWatch({ control, name: 'same_as_shipping' }) === true && !isShipping;
  const countries = useCountries();
  const provinces = useProvinces(countryCode);

  const countryOptions = isShipping
    ? [{ value: 'CA', label: 'Canada' }]
    : (countries.data ?? [{ code: 'CA', name: 'Canada' }]).map(({ code, name }) => ({
        value: code,
        label: name,
      }));
  const provinceOptions = (provinces.data ?? []).map(({ code, name }) => ({ value: code, label: name }));

  const onSubmit = handleSubmit(
    async (values) => {
      setFormError(undefined);
      const body: Record<string, unknown> = sameAsShipping
        ? { id: values.id ?? 0, address_type_id: BILLING_ADDRESS, same_as_shipping: true }
        : { ...values, same_as_shipping: false };
      try {
        const result = await save.mutateAsync(body);
        if (!result?.id) {
          setFormError(isShipping ? SHIPPING_NOT_SAVED : BILLING_NOT_SAVED);
          return;
        }
        // Saving again edits this address (its id), with what the server kept.
        reset(formValues(type, result, prefill));
        onSaved(result);
      } catch (error) {
        setFormError(applyServerErrors(error, setError, FIELDS));
      }
    },
    () => setFormError(INVALID_FORM_TEXT),
  );

  const idPrefix = isShipping ? 'shipping' : 'billing';

  return (
    <form onSubmit={onSubmit} noValidate aria-label={isShipping ? 'Shipping address' : 'Billing address'}>
      <Stack gap="md">
        {!isShipping ? (
          <CheckboxField control={control} name="same_as_shipping" label="Same as shipping address" />
        ) : null}

        {sameAsShipping ? (
          shipping ? (
            <Text component="div" size="sm" c="dimmed">
              <AddressLines address={shipping} />
            </Text>
          ) : null
        ) : (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 4, md: 5 }}>
              <TextField
                control={control}
                name="first_name"
                label="First Name"
                autoComplete={`${idPrefix} given-name`}
                withAsterisk
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4, md: 2 }}>
              <TextField
                control={control}
                name="middle_initial"
                label="Middle Initial"
                labelProps={{ style: { whiteSpace: 'nowrap' } }}
                autoComplete={`${idPrefix} additional-name`}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4, md: 5 }}>
              <TextField
                control={control}
                name="last_name"
                label="Last Name"
                autoComplete={`${idPrefix} family-name`}
                withAsterisk
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextField
                control={control}
                name="address"
                label="Address"
                autoComplete={`${idPrefix} address-line1`}
                withAsterisk
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextField
                control={control}
                name="address2"
                label="Address 2"
                description="Apartment, suite, unit (optional)"
                autoComplete={`${idPrefix} address-line2`}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <SelectField
                control={control}
                name="country_code"
                label="Country"
                data={countryOptions}
                withAsterisk
                allowDeselect={false}
                readOnly={isShipping}
                searchable={!isShipping}
                autoComplete={`${idPrefix} country`}
                description={isShipping ? SHIP_ONLY_TO_CANADA_NOTE : undefined}
                afterChange={() => {
                  // A new country: its province list, and no province chosen yet.
                  setValue('province', '');
                  setValue('country', '');
                }}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              {hasProvinceList(countryCode) ? (
                <SelectField
                  control={control}
                  name="province"
                  label="Select Province/State"
                  data={provinceOptions}
                  searchable
                  withAsterisk
                  autoComplete={`${idPrefix} address-level1`}
                />
              ) : (
                <TextField
                  control={control}
                  name="province"
                  label="Province/State"
                  autoComplete={`${idPrefix} address-level1`}
                  withAsterisk
                />
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextField
                control={control}
                name="city"
                label="City"
                autoComplete={`${idPrefix} address-level2`}
                withAsterisk
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextField
                control={control}
                name="postalcode"
                label="Postal Code"
                autoComplete={`${idPrefix} postal-code`}
                withAsterisk
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextField
                control={control}
                name="email"
                label="Email"
                type="email"
                autoComplete={`${idPrefix} email`}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextField
                control={control}
                name="phone"
                label="Phone"
                type="tel"
                autoComplete={`${idPrefix} tel`}
              />
            </Grid.Col>
          </Grid>
        )}

        {formError ? (
          <Alert color="red" variant="light">
            {formError}
          </Alert>
        ) : null}
        <div>
          {/* Pressing the button would first blur the field being typed in, whose message then
              pushes the button down before the click lands: the first Continue would do nothing.
              Keeping the focus where it is lets the click submit, which shows every message. */}
          <Button
            type="submit"
            loading={isSubmitting}
            disabled={isSubmitting}
            onMouseDown={(event) => event.preventDefault()}
          >
            Continue
          </Button>
        </div>
      </Stack>
    </form>
  );
}
