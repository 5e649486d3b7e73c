import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { newPassword, type PasswordReset } from '../../../domain/admin/staff.ts';
import { NewPasswordFields, PASSWORDS_MATCH, RememberedIt } from '../../components/form/new-password.tsx';
import { api } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { paths } from '../../lib/paths.ts';
import { AuthCard } from './auth-card.tsx';

const resetFormSchema = z.object({ password: newPassword, confirm: z.string() }).refine(...PASSWORDS_MATCH);

/** #/reset-password/:token: the link the shop e-mailed; a new password, once. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const reset = useMutation({
    mutationFn: (body: PasswordReset) => api.post<void>('/api/auth/reset-password', body),
  });
  const [formError, setFormError] = useState<string>();
  const {
    control,
    handleSubmit,
    setError,
    trigger,
    formState: { isSubmitting, isSubmitted },
  } = useForm({
    resolver: zodResolver(resetFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirm: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(undefined);
    try {
      await reset.mutateAsync({ token, password });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['password']));
    }
  });

  if (reset.isSuccess) {
    return (
      <AuthCard title="Password changed" subtitle="You can log in with your new password now." width={440}>
        <Button component={Link} to={paths.login()} fullWidth>
          Log in
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="At least 8 characters. The link works once."
      width={440}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <NewPasswordFields control={control} onPasswordChange={() => isSubmitted && trigger('confirm')} />
          <Button type="submit" fullWidth loading={isSubmitting}>
            Save the new password
          </Button>
          {formError ? (
            <Alert color="red" variant="light" title="Could not change the password">
              {formError}
            </Alert>
          ) : null}
          <RememberedIt />
        </Stack>
      </form>
    </AuthCard>
  );
}
