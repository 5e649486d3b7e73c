import { Checkbox, type CheckboxProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { type FormFieldProps, useFormField } from './use-form-field.ts';

/** A yes or no; the form holds true or false. */
export function CheckboxField<TForm extends FieldValues, TName extends FieldPath<TForm>>({
  control,
  name,
  ...input
}: FormFieldProps<TForm, TName> & Omit<CheckboxProps, 'name' | 'checked' | 'onChange' | 'onBlur' | 'error'>) {
  const { field, error } = useFormField({ control, name });
  return (
    <Checkbox
      {...input}
      ref={field.ref}
      name={field.name}
      checked={field.value === true}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
