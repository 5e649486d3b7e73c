import { Grid } from '@mantine/core';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { CANADIAN_PROVINCES } from '../../domain/provinces.ts';
import { SelectField } from './form/select-field.tsx';
import { TextField } from './form/text-field.tsx';

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

/** A form that holds every client field (sign-up, profile), whatever else it holds. */
interface ClientFieldsProps<TForm extends FieldValues> {
  control: Control<TForm>;
}

/** The form's own path of a client field: every form these serve holds them all. */
const path = <TForm extends FieldValues>(name: ClientField) => name as FieldPath<TForm>;

/** First, middle and last names, company and phone: grid columns of the form's grid. */
export function ClientAboutFields<TForm extends FieldValues>({ control }: ClientFieldsProps<TForm>) {
  return (
    <>
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <TextField
          control={control}
          name={path<TForm>('first_name')}
          label="First Name"
          autoComplete="given-name"
          withAsterisk
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 2 }}>
        <TextField
          control={control}
          name={path<TForm>('middle_initial')}
          label="Middle Initial"
          autoComplete="additional-name"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <TextField
          control={control}
          name={path<TForm>('last_name')}
          label="Last Name"
          autoComplete="family-name"
          withAsterisk
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextField
          control={control}
          name={path<TForm>('company_name')}
          label="Company Name"
          description="Optional"
          autoComplete="organization"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextField
          control={control}
          name={path<TForm>('phone')}
          label="Phone"
          type="tel"
          autoComplete="tel"
        />
      </Grid.Col>
    </>
  );
}

/** Address, city, province (a list of Canada's), country and postal code: grid columns. */
export function ClientAddressFields<TForm extends FieldValues>({ control }: ClientFieldsProps<TForm>) {
  return (
    <>
      <Grid.Col span={12}>
        <TextField
          control={control}
          name={path<TForm>('address')}
          label="Address"
          autoComplete="street-address"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextField control={control} name={path<TForm>('city')} label="City" autoComplete="address-level2" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <SelectField
          control={control}
          name={path<TForm>('province')}
          label="Province"
          placeholder="Select Province"
          data={PROVINCE_OPTIONS}
          searchable
          clearable
          autoComplete="address-level1"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextField
          control={control}
          name={path<TForm>('country')}
          label="Country"
          autoComplete="country-name"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextField
          control={control}
          name={path<TForm>('postalcode')}
          label="Postal Code"
          autoComplete="postal-code"
        />
      </Grid.Col>
    </>
  );
}
