import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { formatCardNumber, formatExpiry } from '../lib/card-entry.ts';
import { TextField } from './form/text-field.tsx';

/** A card form: it holds number, expiry and cvc (lib/card-entry.ts's cardEntryFields). */
interface CardFieldProps<TForm extends FieldValues> {
  control: Control<TForm>;
}

/** The form's own path of a card field: every card form holds them all. */
const path = <TForm extends FieldValues>(name: 'number' | 'expiry' | 'cvc') => name as FieldPath<TForm>;

/** The card number, grouped in fours as it is typed. */
export function CardNumberField<TForm extends FieldValues>({ control }: CardFieldProps<TForm>) {
  return (
    <TextField
      control={control}
      name={path<TForm>('number')}
      format={formatCardNumber}
      label="Card number"
      placeholder="1234 1234 1234 1234"
      inputMode="numeric"
      autoComplete="cc-number"
      withAsterisk
      maxLength={23}
    />
  );
}

/** The expiry, 'MM / YY' as it is typed. */
export function CardExpiryField<TForm extends FieldValues>({ control }: CardFieldProps<TForm>) {
  return (
    <TextField
      control={control}
      name={path<TForm>('expiry')}
      format={formatExpiry}
      label="Expiration date"
      placeholder="MM / YY"
      inputMode="numeric"
      autoComplete="cc-exp"
      withAsterisk
      maxLength={7}
    />
  );
}

/** The security code. */
export function CardCvcField<TForm extends FieldValues>({ control }: CardFieldProps<TForm>) {
  return (
    <TextField
      control={control}
      name={path<TForm>('cvc')}
      label="Security code"
      placeholder="CVC"
      inputMode="numeric"
      autoComplete="cc-csc"
      withAsterisk
      maxLength={4}
    />
  );
}
