import { TextInput, type TextInputProps } from '@mantine/core';
import type { Ref } from 'react';
import { formatCardNumber, formatExpiry } from '../lib/card-entry.ts';

/** What react-hook-form's Controller hands a field, with the field's error. */
interface FieldProps {
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  ref: Ref<HTMLInputElement>;
  error?: string | undefined;
}

/** The card number, grouped in fours as it is typed. */
export function CardNumberInput({ onChange, ...field }: FieldProps) {
  return (
    <TextInput
      label="Card number"
      placeholder="1234 1234 1234 1234"
      inputMode="numeric"
      autoComplete="cc-number"
      withAsterisk
      maxLength={23}
      {...field}
      onChange={(event) => onChange(formatCardNumber(event.currentTarget.value))}
    />
  );
}

/** The expiry, 'MM / YY' as it is typed. */
export function CardExpiryInput({ onChange, ...field }: FieldProps) {
  return (
    <TextInput
      label="Expiration date"
      placeholder="MM / YY"
      inputMode="numeric"
      autoComplete="cc-exp"
      withAsterisk
      maxLength={7}
      {...field}
      onChange={(event) => onChange(formatExpiry(event.currentTarget.value))}
    />
  );
}

/** The security code (registered with the form as it is: nothing to format). */
export function CardCvcInput(props: TextInputProps & { ref?: Ref<HTMLInputElement> }) {
  return (
    <TextInput
      label="Security code"
      placeholder="CVC"
      inputMode="numeric"
      autoComplete="cc-csc"
      withAsterisk
      maxLength={4}
      {...props}
    />
  );
}
