import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/errors.ts';
import { useAdminSettings } from './settings.api.ts';
import { SettingsForm } from './settings-form.tsx';
import { TaxRates } from './tax-rates.tsx';

/** #/admin/settings: how the shop sells, the store's details, and the tax rates. */
export function SettingsPage() {
  const settings = useAdminSettings();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Settings
        </Title>
        <Text c="dimmed">Every change shows in the shop at once, and is kept in the audit log.</Text>
      </div>
      {settings.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the settings" />
        </Center>
      ) : settings.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(settings.error)}
        </Alert>
      ) : (
        <SettingsForm settings={settings.data} />
      )}
      <TaxRates />
    </Stack>
  );
}
