import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type ChangePassword, changePasswordSchema } from '../../../domain/auth.ts';
import { FormMessage, type FormOutcome } from '../../components/form/form-message.tsx';
import { NewPasswordFields, PASSWORDS_MATCH } from '../../components/form/new-password.tsx';
import { PasswordField } from '../../components/form/text-field.tsx';
import { api } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';

const changeFormSchema = changePasswordSchema.extend({ confirm: z.string() }).refine(...PASSWORDS_MATCH);

const EMPTY = { current_password: '', password: '', confirm: '' };

/** The profile's Change password: the current one, then the new one twice; other logins end. */
export function ChangePasswordCard() {
  const change = useMutation({
    mutationFn: (body: ChangePassword) => api.post<void>('/api/auth/change-password', body),
  });
  const [message, setMessage] = useState<FormOutcome>();
  const {
    control,
    handleSubmit,
    setError,
    reset,
    trigger,
    formState: { isSubmitting, isSubmitted },
  } = useForm({ resolver: zodResolver(changeFormSchema), mode: 'onTouched', defaultValues: EMPTY });

  const onSubmit = handleSubmit(async ({ current_password, password }) => {
    setMessage(undefined);
    try {
      await change.mutateAsync({ current_password, password });
      reset(EMPTY);
      setMessage({ ok: true, text: 'Your password is changed. Your other logins have ended.' });
    } catch (error) {
      const text = applyServerErrors(error, setError, ['current_password', 'password']);
      if (text) setMessage({ ok: false, text });
    }
  });

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      component="section"
      aria-label="Change password"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md" maw={420}>
          <div>
            <Title order={2} size="h4">
              Change password
            </Title>
            <Text size="sm" c="dimmed">
              At least 8 characters. Other browsers and devices logged in to your account are logged out.
            </Text>
          </div>
          <PasswordField
            control={control}
            name="current_password"
            label="Current password"
            autoComplete="current-password"
            withAsterisk
          />
          <NewPasswordFields control={control} onPasswordChange={() => isSubmitted && trigger('confirm')} />
          <div>
            <Button type="submit" loading={isSubmitting}>
              Change password
            </Button>
          </div>
          <FormMessage message={message} />
        </Stack>
      </form>
    </Paper>
  );
}
