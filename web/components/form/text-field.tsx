import {
  PasswordInput,
  type PasswordInputProps,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { type FormFieldProps, useFormField } from './use-form-field.ts';

/** What the kit sets itself on a Mantine input; the rest of its props pass through. */
type Owned = 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error';

export type TextFieldProps<TForm extends FieldValues, TName extends FieldPath<TForm>> = FormFieldProps<
  TForm,
  TName
> &
  Omit<TextInputProps, Owned>;

/** A line of text: `<TextField control={control} name="first_name" label="First Name" />`. */
export function TextField<TForm extends FieldValues, TName extends FieldPath<TForm>>({
  control,
  name,
  ...input
}: TextFieldProps<TForm, TName>) {
  const { field, error } = useFormField({ control, name });
  return (
    <TextInput
      {...input}
      ref={field.ref}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

export function PasswordField<TForm extends FieldValues, TName extends FieldPath<TForm>>({
  control,
  name,
  ...input
}: FormFieldProps<TForm, TName> & Omit<PasswordInputProps, Owned>) {
  const { field, error } = useFormField({ control, name });
  return (
    <PasswordInput
      {...input}
      ref={field.ref}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

/** Several lines of text. */
export function TextAreaField<TForm extends FieldValues, TName extends FieldPath<TForm>>({
  control,
  name,
  ...input
}: FormFieldProps<TForm, TName> & Omit<TextareaProps, Owned>) {
  const { field, error } = useFormField({ control, name });
  return (
    <Textarea
      {...input}
      ref={field.ref}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
