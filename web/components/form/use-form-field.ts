import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

/** What every field of the kit takes: the form's control and a field name typed by the form. */
export interface FormFieldProps<TForm extends FieldValues, TName extends FieldPath<TForm>> {
  control: Control<TForm>;
  name: TName;
}

/**
 * A field of a react-hook-form form: its value and handlers, and the message to show (the domain
 * schema's, or the server's placed by applyServerErrors).
 */
export function useFormField<TForm extends FieldValues, TName extends FieldPath<TForm>>({
  control,
  name,
}: FormFieldProps<TForm, TName>) {
  const { field, fieldState } = useController({ control, name });
  return { field, error: fieldState.error?.message };
}
