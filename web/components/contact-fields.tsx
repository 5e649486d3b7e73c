import { Grid } from '@mantine/core';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { TextField } from './form/text-field.tsx';

interface ContactFieldsProps<TForm extends FieldValues> {
  control: Control<TForm>;
  /** The form's names of the fields (a wish list calls the name customer_name). */
  names: { name: FieldPath<TForm>; email: FieldPath<TForm>; phone?: FieldPath<TForm> };
  /** Grid columns, two a row on wider screens; or fields one under the other. */
  layout?: 'grid' | 'stack';
}

/**
 * Who is writing: name and e-mail, both required, and a phone when the form asks for one (the
 * contact form, the custom sock request, the wish list).
 */
export function ContactFields<TForm extends FieldValues>({
  control,
  names,
  layout = 'grid',
}: ContactFieldsProps<TForm>) {
  const fields = [
    <TextField
      key="name"
      control={control}
      name={names.name}
      label="Name"
      autoComplete="name"
      withAsterisk
    />,
    <TextField
      key="email"
      control={control}
      name={names.email}
      label="Email"
      type="email"
      autoComplete="email"
      withAsterisk
    />,
    names.phone ? (
      <TextField
        key="phone"
        control={control}
        name={names.phone}
        label="Phone"
        type="tel"
        autoComplete="tel"
      />
    ) : null,
  ].filter((field) => field !== null);
  if (layout === 'stack') return <>{fields}</>;
  return (
    <>
      {fields.map((field) => (
        <Grid.Col key={field.key} span={{ base: 12, sm: 6 }}>
          {field}
        </Grid.Col>
      ))}
    </>
  );
}
