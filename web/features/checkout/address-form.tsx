import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Grid, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
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
    province: source.province ?? '',
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
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AddressInput>({
    resolver: addressResolver,
    mode: 'onTouched',
    defaultValues: formValues(type, saved, prefill),
  });

  const countryCode = useWatch({ control, name: 'country_code' }) ?? DEFAULT_COUNTRY;
  const sameAsShipping = useWatch({ control, name: 'same_as_shipping' }) === true && !isShipping;
  const countries = useCountries();
  const provinces = useProvinces(countryCode);
  const hasProvinceList = countryCode === 'CA' || countryCode === 'US';

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
          <Controller
            control={control}
            name="same_as_shipping"
            render={({ field }) => (
              <Checkbox
                label="Same as shipping address"
                name={field.name}
                ref={field.ref}
                checked={field.value === true}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
              />
            )}
          />
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
              <TextInput
                label="First Name"
                autoComplete={`${idPrefix} given-name`}
                withAsterisk
                error={errors.first_name?.message}
                {...register('first_name')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4, md: 2 }}>
              <TextInput
                label="Middle Initial"
                labelProps={{ style: { whiteSpace: 'nowrap' } }}
                autoComplete={`${idPrefix} additional-name`}
                error={errors.middle_initial?.message}
                {...register('middle_initial')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4, md: 5 }}>
              <TextInput
                label="Last Name"
                autoComplete={`${idPrefix} family-name`}
                withAsterisk
                error={errors.last_name?.message}
                {...register('last_name')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextInput
                label="Address"
                autoComplete={`${idPrefix} address-line1`}
                withAsterisk
                error={errors.address?.message}
                {...register('address')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextInput
                label="Address 2"
                description="Apartment, suite, unit (optional)"
                autoComplete={`${idPrefix} address-line2`}
                error={errors.address2?.message}
                {...register('address2')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Controller
                control={control}
                name="country_code"
                render={({ field, fieldState }) => (
                  <Select
                    label="Country"
                    data={countryOptions}
                    withAsterisk
                    allowDeselect={false}
                    readOnly={isShipping}
                    searchable={!isShipping}
                    autoComplete={`${idPrefix} country`}
                    description={isShipping ? SHIP_ONLY_TO_CANADA_NOTE : undefined}
                    name={field.name}
                    ref={field.ref}
                    value={field.value || DEFAULT_COUNTRY}
                    onChange={(value) => {
                      if (!value || value === field.value) return;
                      field.onChange(value);
                      // A new country: its province list, and no province chosen yet.
                      setValue('province', '');
                      setValue('country', '');
                    }}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              {hasProvinceList ? (
                <Controller
                  control={control}
                  name="province"
                  render={({ field, fieldState }) => (
                    <Select
                      label="Select Province/State"
                      data={provinceOptions}
                      searchable
                      withAsterisk
                      autoComplete={`${idPrefix} address-level1`}
                      name={field.name}
                      ref={field.ref}
                      value={field.value ? field.value.toUpperCase() : null}
                      onChange={(value) => field.onChange(value ?? '')}
                      onBlur={field.onBlur}
                      error={fieldState.error?.message}
                    />
                  )}
                />
              ) : (
                <TextInput
                  label="Province/State"
                  autoComplete={`${idPrefix} address-level1`}
                  withAsterisk
                  error={errors.province?.message}
                  {...register('province')}
                />
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="City"
                autoComplete={`${idPrefix} address-level2`}
                withAsterisk
                error={errors.city?.message}
                {...register('city')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Postal Code"
                autoComplete={`${idPrefix} postal-code`}
                withAsterisk
                error={errors.postalcode?.message}
                {...register('postalcode')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Email"
                type="email"
                autoComplete={`${idPrefix} email`}
                error={errors.email?.message}
                {...register('email')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Phone"
                type="tel"
                autoComplete={`${idPrefix} tel`}
                error={errors.phone?.message}
                {...register('phone')}
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
          <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
            Continue
          </Button>
        </div>
      </Stack>
    </form>
  );
}
