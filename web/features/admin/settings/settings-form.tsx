import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { type AdminSettings, SETTING_KEYS, settingsFields } from '../../../../domain/admin/settings.ts';
import { DEFAULT_STORE_TIME_ZONE, isStoreTimeZone, STORE_TIME_ZONES } from '../../../../domain/dates.ts';
import { formatDollars } from '../../../../domain/money.ts';
import { CANADIAN_PROVINCES, timeZoneAfterMove } from '../../../../domain/provinces.ts';
import { CheckboxField } from '../../../components/form/checkbox-field.tsx';
import { dollarsAsCents } from '../../../components/form/dollars.ts';
import { MoneyField, NumberField } from '../../../components/form/number-field.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextAreaField, TextField } from '../../../components/form/text-field.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSaveSettings } from './settings.api.ts';

const settingsFormSchema = z.object({
  ...settingsFields,
  minimum_purchase: dollarsAsCents('Minimum purchase'),
  free_shipping_ontario: dollarsAsCents('Free shipping in Ontario'),
  free_shipping_other: dollarsAsCents('Free shipping elsewhere in Canada'),
});
type SettingsFormInput = z.input<typeof settingsFormSchema>;
type SettingsFormOutput = z.output<typeof settingsFormSchema>;

function formValuesOf(settings: AdminSettings): SettingsFormInput {
  return {
    ...settings,
    store_time_zone: isStoreTimeZone(settings.store_time_zone)
      ? settings.store_time_zone
      : DEFAULT_STORE_TIME_ZONE,
    minimum_purchase: formatDollars(settings.minimum_purchase),
    free_shipping_ontario: formatDollars(settings.free_shipping_ontario),
    free_shipping_other: formatDollars(settings.free_shipping_other),
  };
}

/** The settings form: selling rules and the store's details, saved together. */
export function SettingsForm({ settings }: { settings: AdminSettings }) {
  const save = useSaveSettings();
  const [failure, setFailure] = useState<string | undefined>();
  const { control, handleSubmit, setError, reset, formState, getValues, setValue } = useForm<
    SettingsFormInput,
    unknown,
    SettingsFormOutput
  >({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: formValuesOf(settings),
  });

  // The province before a change: the zone moves with it only if it was that province's own.
  const provinceShown = useWatch({ control, name: 'store_province' });
  /** A new province moves the time zone along when it was the old province's own (as the server does). */
  const moveTimeZone = (from: string, to: string | null) => {
    const zone = timeZoneAfterMove(getValues('store_time_zone'), from, to ?? '');
    if (isStoreTimeZone(zone)) setValue('store_time_zone', zone, { shouldDirty: true });
  };

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      const saved = await save.mutateAsync(values);
      reset(formValuesOf(saved));
      notifySuccess('The settings are saved; the shop shows them now.');
    } catch (error) {
      setFailure(applyServerErrors(error, setError, SETTING_KEYS));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Settings">
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h4" mb="sm">
            Selling
          </Title>
          <Stack gap="sm">
            <CheckboxField
              control={control}
              name="show_prices"
              label="Show prices and take orders"
              description="Off: the shop shows no prices, and clients send a wish list instead of ordering."
            />
            <CheckboxField
              control={control}
              name="search_enabled"
              label="Search"
              description="Off: the header's search box is hidden."
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <MoneyField control={control} name="minimum_purchase" label="Minimum purchase" />
              <NumberField
                control={control}
                name="custom_order_minimum"
                label="Custom order minimum (pairs)"
                allowDecimal={false}
                allowNegative={false}
              />
              <MoneyField
                control={control}
                name="free_shipping_ontario"
                label="Free shipping in Ontario from"
              />
              <MoneyField
                control={control}
                name="free_shipping_other"
                label="Free shipping elsewhere in Canada from"
              />
              <NumberField
                control={control}
                name="authorization_hold_hours"
                label="Release unplaced card holds after (hours)"
                description="A card authorized at checkout but never placed as an order is released after this time (1 to 144)."
                allowDecimal={false}
                allowNegative={false}
              />
            </SimpleGrid>
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h4" mb="sm">
            Store details
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Shown in the footer, on the contact page, receipts and invoices.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField control={control} name="store_name" label="Store name" withAsterisk />
            <TextField control={control} name="seller_company_name" label="Company name" withAsterisk />
            <TextField control={control} name="store_email" label="Store email" type="email" withAsterisk />
            <TextField control={control} name="store_phone" label="Store phone" type="tel" />
            <SelectField
              control={control}
              name="store_province"
              label="Province"
              description="The province the store sells in: the register charges its tax."
              data={CANADIAN_PROVINCES.map((province) => ({ value: province.code, label: province.name }))}
              allowDeselect={false}
              withAsterisk
              afterChange={(province) => moveTimeZone(provinceShown, province)}
            />
            <SelectField
              control={control}
              name="store_time_zone"
              label="Time zone"
              description="The store's days and times: reports, the register's day, receipts and invoices."
              data={STORE_TIME_ZONES.map((entry) => ({ value: entry.zone, label: entry.label }))}
              allowDeselect={false}
              withAsterisk
            />
            <TextField
              control={control}
              name="gst_hst_number"
              label="GST/HST number"
              description="As the CRA gave it: 123456789 RT0001."
              withAsterisk
            />
            <TextField control={control} name="social_url" label="Social media link" placeholder="https://" />
          </SimpleGrid>
          <TextAreaField
            control={control}
            name="store_address"
            label="Store address"
            autosize
            minRows={2}
            mt="sm"
            withAsterisk
          />
        </Paper>

        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => reset(formValuesOf(settings))}
            disabled={!formState.isDirty}
          >
            Undo changes
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
