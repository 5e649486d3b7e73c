import { Checkbox, type CheckboxProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { type FormFieldProps, useFormField } from './use-form-field.ts';

/** A yes or no; the form holds true or false. `afterChange` runs once the form holds the new value. */
export function CheckboxField<TForm extends FieldValues, TName extends FieldPath<TForm>>({
  control,
  name,
  afterChange,
  ...input
}: FormFieldProps<TForm, TName> &
  Omit<CheckboxProps, 'name' | 'checked' | 'onChange' | 'onBlur' | 'error'> & {
    afterChange?: (checked: boolean) => void;
  }) {
  const { field, bound } = useFormField({ control, name });
  return (
    <Checkbox
      {...input}
      {...bound}
      checked={field.value === true}
      onChange={(event) => {
        const { checked } = event.currentTarget;
        field.onChange(checked);
        afterChange?.(checked);
      }}
    />
  );
}
