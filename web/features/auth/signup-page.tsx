import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Grid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { signupSchema } from '../../../domain/auth.ts';
import { ClientAboutFields, ClientAddressFields } from '../../components/client-fields.tsx';
import { PasswordField, TextField } from '../../components/form/text-field.tsx';
import { NEW_ACCOUNT_STATE } from '../../lib/auth-store.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { paths, safeReturnUrl } from '../../lib/paths.ts';
import { useSignup } from './auth.api.ts';
import { AuthCard } from './auth-card.tsx';

/** The sign-up body plus a confirmation that only the form checks. */
const signupFormSchema = signupSchema
  .extend({
    confirm_password: z
      .string({ error: 'Please confirm the password.' })
      .min(1, 'Please confirm the password.'),
  })
  .refine((values) => values.password === values.confirm_password, {
    message: 'Passwords do not match.',
    path: ['confirm_password'],
    // Compare as soon as both are typed, even while other fields still have problems.
    when: ({ value }) => {
      const values = value as { password?: unknown; confirm_password?: unknown };
      return typeof values.password === 'string' && typeof values.confirm_password === 'string';
    },
  });

type SignupFormInput = z.input<typeof signupFormSchema>;

/** The form's fields, for the server's per-field messages. */
const FIELDS = [...signupSchema.keyof().options, 'confirm_password'] as const;

const DEFAULTS: SignupFormInput = {
  user_name: '',
  first_name: '',
  middle_initial: '',
  last_name: '',
  company_name: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  province: '',
  country: 'Canada',
  postalcode: '',
  password: '',
  confirm_password: '',
};

export function SignupPage() {
  const [searchParams] = useSearchParams();
  const returnUrl = searchParams.get('returnUrl') ?? undefined;
  const navigate = useNavigate();
  const signupMutation = useSignup();
  const [formError, setFormError] = useState<string>();

  const {
    control,
    handleSubmit,
    setError,
    trigger,
    getFieldState,
    formState: { isSubmitting, isSubmitted },
  } = useForm({
    resolver: zodResolver(signupFormSchema),
    mode: 'onTouched',
    defaultValues: DEFAULTS,
  });

  /** A new password re-checks a confirmation already typed, so a stale mismatch message goes away. */
  const recheckConfirmation = () => {
    if (isSubmitted || getFieldState('confirm_password').isTouched) void trigger('confirm_password');
  };

  const onSubmit = handleSubmit(async ({ confirm_password: _confirmed, ...body }) => {
    setFormError(undefined);
    try {
      const record = await signupMutation.mutateAsync(body);
      notifySuccess(`Welcome, ${record.first_name || record.user_name}! Your account is ready.`);
      // The page it lands on greets a new account with "Welcome", not "Welcome back".
      navigate(safeReturnUrl(returnUrl), { replace: true, state: NEW_ACCOUNT_STATE });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  return (
    <AuthCard
      title="Sign up"
      subtitle="Apply for an account to see our full range, prices and wholesale ordering."
      width={760}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <Grid gap="md">
            <Grid.Col span={12}>
              <Title order={2} size="h4">
                Your account
              </Title>
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextField
                control={control}
                name="user_name"
                label="User Name"
                description="Letters, digits and . _ @ -"
                autoComplete="username"
                withAsterisk
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextField
                control={control}
                name="email"
                label="Email"
                description="For order updates and receipts"
                type="email"
                autoComplete="email"
                withAsterisk
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <PasswordField
                control={control}
                name="password"
                label="Password"
                description="At least 8 characters"
                autoComplete="new-password"
                withAsterisk
                afterChange={recheckConfirmation}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <PasswordField
                control={control}
                name="confirm_password"
                label="Confirm Password"
                description="Type the password again"
                autoComplete="new-password"
                withAsterisk
              />
            </Grid.Col>

            <Grid.Col span={12} mt="sm">
              <Title order={2} size="h4">
                About you
              </Title>
            </Grid.Col>
            <ClientAboutFields control={control} />

            <Grid.Col span={12} mt="sm">
              <Title order={2} size="h4">
                Address
              </Title>
            </Grid.Col>
            <ClientAddressFields control={control} />
          </Grid>

          <Button type="submit" size="md" loading={isSubmitting} disabled={isSubmitting}>
            Create my account
          </Button>
          {formError ? (
            <Alert color="red" variant="light" title="Could not sign up">
              {formError}
            </Alert>
          ) : null}
          <Text size="sm" ta="center" c="dimmed">
            Already have an account?{' '}
            <Anchor component={Link} to={paths.login(returnUrl)} fw={600}>
              Log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
