import {
  PasswordInput,
  type PasswordInputProps,
  Text,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
  VisuallyHidden,
} from '@mantine/core';
import { useId } from 'react';
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

/**
 * A secret; `afterChange` runs once the form holds the new value (a confirmation to re-check).
 * Mantine's PasswordInput marks neither its error nor its description on the input itself (the
 * other inputs do): a screen reader would not hear that the field is wrong, nor why.
 */
export function PasswordField<TForm extends FieldValues, TName extends FieldPath<TForm>>({
  control,
  name,
  afterChange,
  ...input
}: FormFieldProps<TForm, TName> & Omit<PasswordInputProps, Owned> & { afterChange?: () => void }) {
  const { field, bound } = useFormField({ control, name });
  const fallbackId = useId();
  const id = input.id ?? fallbackId;
  const describedBy = [bound.error ? `${id}-error` : '', input.description ? `${id}-description` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <PasswordInput
      {...input}
      {...bound}
      id={id}
      aria-invalid={bound.error ? true : undefined}
      aria-describedby={describedBy || undefined}
      value={field.value ?? ''}
      onChange={(event) => {
        field.onChange(event);
        afterChange?.();
      }}
    />
  );
}

/** Several lines of text; with a `maxLength`, a count of what is used of it under the field. */
export function TextAreaField<TForm extends FieldValues, TName extends FieldPath<TForm>>({
  control,
  name,
  ...input
}: FormFieldProps<TForm, TName> & Omit<TextareaProps, Owned>) {
  const { field, bound } = useFormField({ control, name });
  const value: string = field.value ?? '';
  const { maxLength } = input;
  return (
    <Textarea
      {...input}
      {...bound}
      value={value}
      onChange={field.onChange}
      inputContainer={
        maxLength === undefined
          ? undefined
          : (textarea) => (
              <>
                {textarea}
                <LengthCounter length={value.length} max={maxLength} />
              </>
            )
      }
    />
  );
}

const count = (n: number) => n.toLocaleString('en-CA');

/**
 * How much of a long text's limit is used. The browser cuts a paste at the limit without a word,
 * so the count says it, and a screen reader hears it once the limit is reached.
 */
function LengthCounter({ length, max }: { length: number; max: number }) {
  const full = length >= max;
  return (
    <>
      <Text size="xs" c={full ? 'red.8' : 'dimmed'} ta="right" mt={4} aria-hidden="true">
        {count(length)} / {count(max)} characters
      </Text>
      <VisuallyHidden aria-live="polite">
        {full ? `The limit of ${count(max)} characters is reached; the text stops there.` : ''}
      </VisuallyHidden>
    </>
  );
}
