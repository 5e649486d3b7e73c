import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { type ForgotPassword, forgotPasswordSchema } from '../../../domain/auth.ts';
import { RememberedIt } from '../../components/form/new-password.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { api } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { paths } from '../../lib/paths.ts';
import { AuthCard } from './auth-card.tsx';

/**
 * #/forgot-password: a link to choose a new password, e-mailed to the address if an account has it.
 * The page says the same whatever the address, as the server does.
 */
export function ForgotPasswordPage() {
  const ask = useMutation({
    mutationFn: (body: ForgotPassword) => api.post<{ message: string }>('/api/auth/forgot-password', body),
  });
  const [formError, setFormError] = useState<string>();
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await ask.mutateAsync(values);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['email']));
    }
  });

  if (ask.isSuccess) {
    return (
      <AuthCard title="Check your e-mail" subtitle={ask.data.message} width={440}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Nothing after a few minutes? Look in your spam folder, or ask again with the address you signed up
            with.
          </Text>
          <Button component={Link} to={paths.login()} variant="default" fullWidth>
            Back to log in
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail of your account: we send a link to choose a new password."
      width={440}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextField
            control={control}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            withAsterisk
          />
          <Button type="submit" fullWidth loading={isSubmitting}>
            Send me a link
          </Button>
          {formError ? (
            <Alert color="red" variant="light" title="Could not send the link">
              {formError}
            </Alert>
          ) : null}
          <RememberedIt />
        </Stack>
      </form>
    </AuthCard>
  );
}
