import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginSchema } from '../../../domain/auth.ts';
import { PasswordField, TextField } from '../../components/form/text-field.tsx';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { paths, safeReturnUrl } from '../../lib/paths.ts';
import { useLogin } from './auth.api.ts';
import { AuthCard } from './auth-card.tsx';

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const returnUrl = searchParams.get('returnUrl') ?? undefined;
  const sessionEnded = searchParams.get('session') === 'ended';
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [formError, setFormError] = useState<string>();

  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm({
    resolver: zodResolver(loginSchema),
    // Messages show once a field has been left, or after a submit.
    mode: 'onTouched',
    defaultValues: { user_name: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await loginMutation.mutateAsync(values);
      navigate(safeReturnUrl(returnUrl), { replace: true });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['user_name', 'password']));
    }
  });

  return (
    <AuthCard title="Log in" subtitle="Welcome back! Log in to see the full range and prices." width={440}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {sessionEnded ? (
            <Alert color="blue" variant="light" title="Your session has ended" role="status">
              Please log in again to carry on where you were.
            </Alert>
          ) : null}
          <TextField
            control={control}
            name="user_name"
            label="User name or email"
            autoComplete="username"
            withAsterisk
          />
          <PasswordField
            control={control}
            name="password"
            label="Password"
            autoComplete="current-password"
            withAsterisk
          />
          <Anchor component={Link} to={paths.forgotPassword()} size="sm" mt={-8} ta="right">
            Forgot your password?
          </Anchor>
          <Button type="submit" fullWidth loading={isSubmitting} disabled={isSubmitting}>
            Log in
          </Button>
          {formError ? (
            <Alert color="red" variant="light" title="Could not log in">
              {formError}
            </Alert>
          ) : null}
          <Text size="sm" ta="center" c="dimmed">
            New here?{' '}
            <Anchor component={Link} to={paths.signup(returnUrl)} fw={600}>
              Sign up
            </Anchor>{' '}
            to apply for an account.
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
