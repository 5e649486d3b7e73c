import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

/** What every field of the kit takes: the form's control and a field name typed by the form. */
export interface FormFieldProps<TForm extends FieldValues, TName extends FieldPath<TForm>> {
  control: Control<TForm>;
  name: TName;
}

/**
 * A field of a react-hook-form form: its value and handlers, the message to show (the domain
 * schema's, or the server's placed by applyServerErrors), and `bound`, what every Mantine input
 * of the kit takes as it is (its ref, name, blur and error); value and change are each field's own.
 */
export function useFormField<TForm extends FieldValues, TName extends FieldPath<TForm>>({
  control,
  name,
}: FormFieldProps<TForm, TName>) {
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;
  return { field, error, bound: { ref: field.ref, name: field.name, onBlur: field.onBlur, error } };
}
