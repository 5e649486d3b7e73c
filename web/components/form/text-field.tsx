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
  Omit<TextInputProps, Owned> & {
    /** Shapes the text as it is typed (a card number in groups of four, an expiry 'MM / YY'). */
    format?: (typed: string) => string;
  };

/** A line of text: `<TextField control={control} name="first_name" label="First Name" />`. */
export function TextField<TForm extends FieldValues, TName extends FieldPath<TForm>>({
  control,
  name,
  format,
  ...input
}: TextFieldProps<TForm, TName>) {
  const { field, bound } = useFormField({ control, name });
  return (
    <TextInput
      {...input}
      {...bound}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(format ? format(event.currentTarget.value) : event)}
    />
  );
}

/** A secret; `afterChange` runs once the form holds the new value (a confirmation to re-check). */
export function PasswordField<TForm extends FieldValues, TName extends FieldPath<TForm>>({
  control,
  name,
  afterChange,
  ...input
}: FormFieldProps<TForm, TName> & Omit<PasswordInputProps, Owned> & { afterChange?: () => void }) {
  const { field, bound } = useFormField({ control, name });
  return (
    <PasswordInput
      {...input}
      {...bound}
      value={field.value ?? ''}
      onChange={(event) => {
        field.onChange(event);
        afterChange?.();
      }}
    />
  );
}

/** Several lines of text. */
export function TextAreaField<TForm extends FieldValues, TName extends FieldPath<TForm>>({
  control,
  name,
  ...input
}: FormFieldProps<TForm, TName> & Omit<TextareaProps, Owned>) {
  const { field, bound } = useFormField({ control, name });
  return <Textarea {...input} {...bound} value={field.value ?? ''} onChange={field.onChange} />;
}
