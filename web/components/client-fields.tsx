import { Grid, Select, TextInput } from '@mantine/core';
import {
  type Control,
  Controller,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import { CANADIAN_PROVINCES } from '../../domain/provinces.ts';

const PROVINCE_OPTIONS = CANADIAN_PROVINCES.map(({ code, name }) => ({ value: code, label: name }));

/** The details a wholesale client gives about themselves, in the sign-up and profile forms. */
type ClientField =
  | 'first_name'
  | 'middle_initial'
  | 'last_name'
  | 'company_name'
  | 'phone'
  | 'address'
  | 'city'
  | 'province'
  | 'country'
  | 'postalcode';

interface ClientFieldsProps<T extends FieldValues> {
  register: UseFormRegister<T>;
  control: Control<T>;
  errors: FieldErrors<T>;
}

/** A form's own fields of that name (every form using these holds them all). */
function fieldsOf<T extends FieldValues>({ register, errors }: ClientFieldsProps<T>) {
  return {
    field: (name: ClientField) => register(name as Path<T>),
    error: (name: ClientField) => {
      const message = errors[name]?.message;
      return typeof message === 'string' ? message : undefined;
    },
  };
}

/** First, middle and last names, company and phone: grid columns of the form's grid. */
export function ClientAboutFields<T extends FieldValues>(props: ClientFieldsProps<T>) {
  const { field, error } = fieldsOf(props);
  return (
    <>
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <TextInput
          label="First Name"
          autoComplete="given-name"
          withAsterisk
          error={error('first_name')}
          {...field('first_name')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 2 }}>
        <TextInput
          label="Middle Initial"
          autoComplete="additional-name"
          error={error('middle_initial')}
          {...field('middle_initial')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <TextInput
          label="Last Name"
          autoComplete="family-name"
          withAsterisk
          error={error('last_name')}
          {...field('last_name')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label="Company Name"
          autoComplete="organization"
          withAsterisk
          error={error('company_name')}
          {...field('company_name')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="Phone" type="tel" autoComplete="tel" error={error('phone')} {...field('phone')} />
      </Grid.Col>
    </>
  );
}

/** Address, city, province (a list of Canada's), country and postal code: grid columns. */
export function ClientAddressFields<T extends FieldValues>(props: ClientFieldsProps<T>) {
  const { field, error } = fieldsOf(props);
  return (
    <>
      <Grid.Col span={12}>
        <TextInput
          label="Address"
          autoComplete="street-address"
          error={error('address')}
          {...field('address')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="City" autoComplete="address-level2" error={error('city')} {...field('city')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Controller
          control={props.control}
          name={'province' as Path<T>}
          render={({ field: province, fieldState }) => (
            <Select
              label="Province"
              placeholder="Select Province"
              data={PROVINCE_OPTIONS}
              searchable
              clearable
              autoComplete="address-level1"
              name={province.name}
              ref={province.ref}
              value={province.value || null}
              onChange={(value) => province.onChange(value ?? '')}
              onBlur={province.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label="Country"
          autoComplete="country-name"
          error={error('country')}
          {...field('country')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label="Postal Code"
          autoComplete="postal-code"
          error={error('postalcode')}
          {...field('postalcode')}
        />
      </Grid.Col>
    </>
  );
}
