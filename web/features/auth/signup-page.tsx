import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Grid,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { signupSchema } from '../../../domain/auth.ts';
import { CANADIAN_PROVINCES } from '../../../domain/provinces.ts';
import { paths, safeReturnUrl } from '../../app/paths.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useSignup } from './auth.api.ts';
import { AuthCard } from './auth-card.tsx';

const PROVINCE_OPTIONS = CANADIAN_PROVINCES.map(({ code, name }) => ({ value: code, label: name }));

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
type FieldName = keyof SignupFormInput;

const FIELDS: readonly FieldName[] = [
  'user_name',
  'first_name',
  'middle_initial',
  'last_name',
  'company_name',
  'email',
  'phone',
  'address',
  'city',
  'province',
  'country',
  'postalcode',
  'password',
  'confirm_password',
];

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
    register,
    control,
    handleSubmit,
    setError,
    trigger,
    getFieldState,
    formState: { errors, isSubmitting, isSubmitted },
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
      navigate(safeReturnUrl(returnUrl), { replace: true });
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
              <TextInput
                label="User Name"
                description="Letters, digits and . _ @ -"
                autoComplete="username"
                withAsterisk
                error={errors.user_name?.message}
                {...register('user_name')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Email"
                description="For order updates and receipts"
                type="email"
                autoComplete="email"
                withAsterisk
                error={errors.email?.message}
                {...register('email')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <PasswordInput
                label="Password"
                description="At least 8 characters"
                autoComplete="new-password"
                withAsterisk
                error={errors.password?.message}
                {...register('password', { onChange: recheckConfirmation })}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <PasswordInput
                label="Confirm Password"
                description="Type the password again"
                autoComplete="new-password"
                withAsterisk
                error={errors.confirm_password?.message}
                {...register('confirm_password')}
              />
            </Grid.Col>

            <Grid.Col span={12} mt="sm">
              <Title order={2} size="h4">
                About you
              </Title>
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label="First Name"
                autoComplete="given-name"
                withAsterisk
                error={errors.first_name?.message}
                {...register('first_name')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label="Middle Initial"
                autoComplete="additional-name"
                error={errors.middle_initial?.message}
                {...register('middle_initial')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label="Last Name"
                autoComplete="family-name"
                withAsterisk
                error={errors.last_name?.message}
                {...register('last_name')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Company Name"
                autoComplete="organization"
                withAsterisk
                error={errors.company_name?.message}
                {...register('company_name')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Phone"
                type="tel"
                autoComplete="tel"
                error={errors.phone?.message}
                {...register('phone')}
              />
            </Grid.Col>

            <Grid.Col span={12} mt="sm">
              <Title order={2} size="h4">
                Address
              </Title>
            </Grid.Col>
            <Grid.Col span={12}>
              <TextInput
                label="Address"
                autoComplete="street-address"
                error={errors.address?.message}
                {...register('address')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="City"
                autoComplete="address-level2"
                error={errors.city?.message}
                {...register('city')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Controller
                control={control}
                name="province"
                render={({ field, fieldState }) => (
                  <Select
                    label="Province"
                    placeholder="Select Province"
                    data={PROVINCE_OPTIONS}
                    searchable
                    clearable
                    autoComplete="address-level1"
                    name={field.name}
                    ref={field.ref}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Country"
                autoComplete="country-name"
                error={errors.country?.message}
                {...register('country')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Postal Code"
                autoComplete="postal-code"
                error={errors.postalcode?.message}
                {...register('postalcode')}
              />
            </Grid.Col>
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
