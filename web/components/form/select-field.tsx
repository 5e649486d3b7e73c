import { Autocomplete, type AutocompleteProps, Select, type SelectProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { type FormFieldProps, useFormField } from './use-form-field.ts';

type Owned = 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error';

/**
 * One choice of a list. The form holds the choice's value as text ('' for none), or, with
 * `numeric`, as a number (null for none): the options' values are that number written out.
 * `afterChange` runs once the form holds a new choice (a country's provinces to reset).
 */
export function SelectField<TForm extends FieldValues, TName extends FieldPath<TForm>>({
  control,
  name,
  numeric = false,
  afterChange,
  ...input
}: FormFieldProps<TForm, TName> &
  Omit<SelectProps, Owned> & { numeric?: boolean; afterChange?: (choice: string | null) => void }) {
  const { field, bound } = useFormField({ control, name });
  const value: unknown = field.value;
  const current = value === null || value === undefined || value === '' ? null : String(value);
  return (
    <Select
      {...input}
      {...bound}
      value={current}
      onChange={(choice) => {
        if (choice === current) return;
        field.onChange(numeric ? (choice ? Number(choice) : null) : (choice ?? ''));
        afterChange?.(choice);
      }}
    />
  );
}

/** Free text with suggestions (a colour: the list helps, any text will do). */
export function AutocompleteField<TForm extends FieldValues, TName extends FieldPath<TForm>>({
  control,
  name,
  ...input
}: FormFieldProps<TForm, TName> & Omit<AutocompleteProps, Owned>) {
  const { field, bound } = useFormField({ control, name });
  return <Autocomplete {...input} {...bound} value={field.value ?? ''} onChange={field.onChange} />;
}
