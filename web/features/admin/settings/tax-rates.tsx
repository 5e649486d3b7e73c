import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Center, Loader, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  type ProvinceTaxRates,
  TAX_COMPONENT_NAMES,
  TAX_RATE_PPM_MAX,
  type TaxComponent,
} from '../../../../domain/admin/settings.ts';
import { calendarDayOf, isoToUsDate, usDateToIso } from '../../../../domain/dates.ts';
import { PPM } from '../../../../domain/money.ts';
import { DateField } from '../../../components/form/date-field.tsx';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { NumberField } from '../../../components/form/number-field.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { useStoreTimeZone } from '../../../lib/config.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCorrectTaxRate, useTaxRates } from './settings.api.ts';

type Province = ProvinceTaxRates[number];

/** 130000 ppm as '13%', 149750 as '14.975%'. */
const percentOf = (ppm: number) => `${Number(((ppm / PPM) * 100).toFixed(4))}%`;

function componentsText(components: readonly TaxComponent[]): string {
  return components.map((component) => `${component.name} ${percentOf(component.rate_ppm)}`).join(' + ');
}

/** Every province's rate and its components, each with its corrections to come. */
export function TaxRates() {
  const rates = useTaxRates();
  const [correcting, setCorrecting] = useState<Province | null>(null);
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} size="h4">
        Tax rates
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Orders are taxed at the rate of the province they ship to, the register at the store's. A correction
        counts from the day you give; what was sold before keeps its tax.
      </Text>
      {rates.isPending ? (
        <Center py="lg">
          <Loader aria-label="Loading the tax rates" />
        </Center>
      ) : rates.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(rates.error)}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Province</Table.Th>
                <Table.Th>Rate</Table.Th>
                <Table.Th>Components</Table.Th>
                <Table.Th>Corrections to come</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rates.data.map((province) => (
                <Table.Tr key={province.province}>
                  <Table.Td>{province.name}</Table.Td>
                  <Table.Td fw={600}>
                    {province.rate_ppm === null ? 'none' : percentOf(province.rate_ppm)}
                  </Table.Td>
                  <Table.Td>{componentsText(province.current)}</Table.Td>
                  <Table.Td>
                    {province.upcoming.map((component) => (
                      <Text key={`${component.name}-${component.effective_from}`} size="sm">
                        {component.name} {percentOf(component.rate_ppm)} from{' '}
                        {isoToUsDate(component.effective_from)}
                      </Text>
                    ))}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => setCorrecting(province)}
                      aria-label={`Correct the rate of ${province.name}`}
                    >
                      Correct
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={correcting !== null}
        onClose={() => setCorrecting(null)}
        title={correcting ? `Correct the tax of ${correcting.name}` : ''}
        centered
      >
        {correcting && <CorrectionForm province={correcting} onDone={() => setCorrecting(null)} />}
      </Modal>
    </Paper>
  );
}

const correctionFormSchema = z.object({
  name: z.enum(TAX_COMPONENT_NAMES, { error: 'Choose the tax.' }),
  percent: z
    .number({ error: 'Rate is required.' })
    .min(0, 'Rate cannot be negative.')
    .max((TAX_RATE_PPM_MAX / PPM) * 100, `Rate cannot be more than ${(TAX_RATE_PPM_MAX / PPM) * 100}%.`),
  effective_from: z.string({ error: 'Effective from is required.' }).transform((text, context) => {
    const iso = usDateToIso(text);
    if (!iso) {
      context.addIssue({ code: 'custom', message: 'Effective from must be a date (MM/DD/YYYY).' });
      return z.NEVER;
    }
    return iso;
  }),
});
type CorrectionFormInput = z.input<typeof correctionFormSchema>;
type CorrectionFormOutput = z.output<typeof correctionFormSchema>;

function CorrectionForm({ province, onDone }: { province: Province; onDone: () => void }) {
  const correct = useCorrectTaxRate();
  const [failure, setFailure] = useState<string | undefined>();
  const today = calendarDayOf(new Date(), useStoreTimeZone());
  const first = province.current[0];
  const { control, handleSubmit, setError } = useForm<CorrectionFormInput, unknown, CorrectionFormOutput>({
    resolver: zodResolver(correctionFormSchema),
    defaultValues: {
      name: TAX_COMPONENT_NAMES.find((name) => name === first?.name) ?? 'GST',
      ...(first ? { percent: (first.rate_ppm / PPM) * 100 } : {}),
      effective_from: isoToUsDate(today),
    },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await correct.mutateAsync({
        province: province.province,
        name: values.name,
        rate_ppm: Math.round((values.percent / 100) * PPM),
        effective_from: values.effective_from,
      });
      notifySuccess(
        `${province.name}: ${values.name} is ${values.percent}% from ${isoToUsDate(values.effective_from)}.`,
      );
      onDone();
    } catch (error) {
      setFailure(applyServerErrors(error, setError, ['name', 'effective_from']));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">In effect today: {componentsText(province.current) || 'no tax'}</Text>
        <SelectField
          control={control}
          name="name"
          label="Tax"
          data={[...TAX_COMPONENT_NAMES]}
          allowDeselect={false}
        />
        <NumberField
          control={control}
          name="percent"
          label="Rate (%)"
          decimalScale={4}
          allowNegative={false}
          suffix="%"
        />
        <DateField control={control} name="effective_from" label="Effective from" min={today} />
        <FormActions
          failure={failure}
          onCancel={onDone}
          submitLabel="Save the rate"
          loading={correct.isPending}
        />
      </Stack>
    </form>
  );
}
