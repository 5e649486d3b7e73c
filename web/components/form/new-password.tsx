import { Anchor, Text } from '@mantine/core';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { PasswordField } from './text-field.tsx';

/** A new password typed twice must match: `.extend({ confirm: z.string() }).refine(...PASSWORDS_MATCH)`. */
export const PASSWORDS_MATCH: [
  check: (form: { password: string; confirm: string }) => boolean,
  params: { path: string[]; message: string },
] = [(form) => form.password === form.confirm, { path: ['confirm'], message: 'The passwords do not match.' }];

/** The new password and its confirmation (a reset link's page, the profile's Change password). */
export function NewPasswordFields<TForm extends FieldValues & { password: string; confirm: string }>({
  control,
  onPasswordChange,
}: {
  control: Control<TForm>;
  /** The confirmation is checked again when the first one changes after a submit. */
  onPasswordChange: () => void;
}) {
  return (
    <>
      <PasswordField
        control={control}
        name={'password' as Path<TForm>}
        label="New password"
        autoComplete="new-password"
        withAsterisk
        afterChange={onPasswordChange}
      />
      <PasswordField
        control={control}
        name={'confirm' as Path<TForm>}
        label="New password again"
        autoComplete="new-password"
        withAsterisk
      />
    </>
  );
}

/** 'Remembered it? Log in' under the password forms. */
export function RememberedIt() {
  return (
    <Text size="sm" ta="center" c="dimmed">
      Remembered it?{' '}
      <Anchor component={Link} to={paths.login()} fw={600}>
        Log in
      </Anchor>
    </Text>
  );
}
