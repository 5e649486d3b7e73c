import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Center, Container, Grid, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type Client, type LoginRecord, type Profile, profileSchema } from '../../../domain/auth.ts';
import { ClientAboutFields, ClientAddressFields } from '../../components/client-fields.tsx';
import { FormMessage, type FormOutcome } from '../../components/form/form-message.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { getLoggedClient, isLoggedIn, setLoggedClient, useLoggedClient } from '../../lib/auth-store.ts';
import { errorMessage } from '../../lib/errors.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { useClientProfile, useSaveProfile } from './account.api.ts';
import { ChangePasswordCard } from './change-password.tsx';

export const PROFILE_SAVED = 'Your profile is saved.';
export const PROFILE_NOT_SAVED = 'There is an error when saving profile.';
/** Spec §4 Profile save and §9: the page reloads about 200 ms after a save. */
const RELOAD_DELAY_MS = 200;
/** Carries the confirmation across that reload, so the client still reads it. */
const SAVED_FLASH_KEY = 'profile-saved';

/** The form's fields, for the server's per-field messages. */
const FIELDS = profileSchema.keyof().options;

function profileOf(client: Client): Profile {
  return {
    user_name: client.user_name,
    first_name: client.first_name,
    middle_initial: client.middle_initial,
    last_name: client.last_name,
    company_name: client.company_name,
    email: client.email,
    phone: client.phone,
    address: client.address,
    city: client.city,
    province: client.province,
    country: client.country,
    postalcode: client.postalcode,
  };
}

function hasSavedFlash(): boolean {
  try {
    return window.sessionStorage.getItem(SAVED_FLASH_KEY) === '1';
  } catch {
    return false;
  }
}

function clearSavedFlash(): void {
  try {
    window.sessionStorage.removeItem(SAVED_FLASH_KEY);
  } catch {
    // Nothing stored that could be removed.
  }
}

function flashSaved(): void {
  try {
    window.sessionStorage.setItem(SAVED_FLASH_KEY, '1');
  } catch {
    // Without storage the message shows only until the reload.
  }
}

/** The profile (spec §2 Profile, §4 Profile save, §5 Profile). */
export function ProfilePage() {
  const client = useLoggedClient();
  // The route's guard sends visitors to login.
  if (!isLoggedIn(client)) return null;
  return <ProfileLoader client={client} />;
}

function ProfileLoader({ client }: { client: LoginRecord }) {
  const profile = useClientProfile(client.client_id);
  let body: ReactNode;
  if (profile.isPending) {
    body = (
      <Center mih={240}>
        <Loader aria-label="Loading your profile" />
      </Center>
    );
  } else if (profile.isError) {
    body = (
      <Alert color="red" variant="light" title="Your profile could not be loaded">
        {errorMessage(profile.error)}
      </Alert>
    );
  } else {
    body = (
      <>
        <ProfileForm client={client} current={profile.data} />
        <ChangePasswordCard />
      </>
    );
  }
  return (
    <Container py="xl" size="md">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Profile</Title>
          <Text c="dimmed">
            User name: <strong>{client.user_name}</strong>
          </Text>
        </Stack>
        {body}
      </Stack>
    </Container>
  );
}

function ProfileForm({ client, current }: { client: LoginRecord; current: Client }) {
  const save = useSaveProfile(client.client_id);
  // Read in the initializer (pure, so a second render in development reads the same), removed
  // once shown: the confirmation survives the reload after a save, and only that one.
  const [message, setMessage] = useState<FormOutcome | undefined>(() =>
    hasSavedFlash() ? { ok: true, text: PROFILE_SAVED } : undefined,
  );
  useEffect(clearSavedFlash, []);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isValid, isSubmitting },
  } = useForm({
    resolver: zodResolver(profileSchema),
    // Messages only once a field has been left; Save is disabled while anything is invalid.
    mode: 'onTouched',
    defaultValues: profileOf(current),
  });

  const [reloadAt, setReloadAt] = useState<number>();
  useEffect(() => {
    if (reloadAt === undefined) return;
    const timer = window.setTimeout(() => {
      flashSaved();
      window.location.reload();
    }, RELOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [reloadAt]);

  const onSubmit = handleSubmit(async (values) => {
    setMessage(undefined);
    try {
      const updated = await save.mutateAsync(values);
      if (!updated) {
        setMessage({ ok: false, text: PROFILE_NOT_SAVED });
        return;
      }
      // The stored login takes the new details and keeps its roles and token.
      const stored = getLoggedClient() ?? client;
      setLoggedClient({ ...stored, ...updated, roles: stored.roles, token: stored.token });
      setMessage({ ok: true, text: PROFILE_SAVED });
      setReloadAt(Date.now());
    } catch (error) {
      setMessage({ ok: false, text: applyServerErrors(error, setError, FIELDS) ?? PROFILE_NOT_SAVED });
    }
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <form onSubmit={onSubmit} noValidate aria-label="Profile">
        <Stack gap="lg">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextField
                control={control}
                name="email"
                label="Email"
                type="email"
                autoComplete="email"
                withAsterisk
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }} />
            <ClientAboutFields control={control} />
            <ClientAddressFields control={control} />
          </Grid>

          <div>
            <Button type="submit" size="md" loading={isSubmitting} disabled={!isValid || isSubmitting}>
              Save
            </Button>
          </div>
          <FormMessage message={message} />
        </Stack>
      </form>
    </Paper>
  );
}
