import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { CURRENCY_PREFIX, formatDollars, toCents } from '../../../domain/money.ts';
import { type FormFieldProps, useFormField } from './use-form-field.ts';

type Owned = 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error';
type NumberFieldProps<TForm extends FieldValues, TName extends FieldPath<TForm>> = FormFieldProps<
  TForm,
  TName
> &
  Omit<NumberInputProps, Owned>;

/**
 * A whole or decimal number; the form holds the number, or null while the box is empty (not
 * undefined: react-hook-form shows a field's default value again for undefined, so a box emptied to
 * type a new number refilled itself, and '250' typed after it became 250,200).
 */
export function NumberField<TForm extends FieldValues, TName extends FieldPath<TForm>>({
  control,
  name,
  ...input
}: NumberFieldProps<TForm, TName>) {
  const { field, bound } = useFormField({ control, name });
  return (
    <NumberInput
      {...input}
      {...bound}
      value={field.value ?? ''}
      onChange={(value) => field.onChange(typeof value === 'number' ? value : null)}
    />
  );
}

/** How a box of money reads and what it accepts: dollars with cents, never negative. */
export const MONEY_INPUT_PROPS = {
  prefix: CURRENCY_PREFIX,
  decimalScale: 2,
  allowNegative: false,
  thousandSeparator: ',',
  hideControls: true,
  inputMode: 'decimal',
} as const satisfies Partial<NumberInputProps>;

/**
 * What a money box shows once it is left: '12.5' becomes '12.50', as a saved amount reads; undefined
 * when it shows that already, or holds no number. decimalScale keeps what is typed to whole cents:
 * toCents only reads them, it rounds nothing.
 */
export function amountWithCents(typed: string | number | null | undefined): string | undefined {
  const text = String(typed ?? '').trim();
  const dollars = Number(text);
  if (text === '' || !Number.isFinite(dollars)) return undefined;
  const withCents = formatDollars(toCents(dollars));
  return withCents === text ? undefined : withCents;
}

/**
 * An amount of money typed in dollars ('CDN$1,234.50'): the form holds what was typed (a number,
 * or the text of one being typed), and the domain schema turns it into integer cents with its
 * own messages, so a half-typed amount is never rounded behind the person's back.
 *
 * Once the box is left the amount shows its cents ('12.5' becomes 'CDN$12.50', as a saved amount
 * reads), and only then: Mantine's fixedDecimalScale pads while typing ('1' shows '1.00', the caret
 * before the zeros) and will not let the decimal point be deleted.
 */
export function MoneyField<TForm extends FieldValues, TName extends FieldPath<TForm>>({
  control,
  name,
  ...input
}: NumberFieldProps<TForm, TName>) {
  const { field, bound } = useFormField({ control, name });
  return (
    <NumberInput
      {...MONEY_INPUT_PROPS}
      {...input}
      {...bound}
      onBlur={() => {
        const withCents = amountWithCents(field.value);
        if (withCents !== undefined) field.onChange(withCents);
        bound.onBlur();
      }}
      value={field.value ?? ''}
      onChange={field.onChange}
    />
  );
}
