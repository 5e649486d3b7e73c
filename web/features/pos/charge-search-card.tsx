import { Button, Grid, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { CARD_TYPE_OPTIONS, CHARGE_STATUS_OPTIONS, type ChargeSearchRequest } from '../../../domain/pos.ts';
import { DateField } from './date-field.tsx';
import {
  type ChargeSearchForm,
  chargeSearchRequest,
  defaultChargeSearch,
  toDateInput,
  usDateToIso,
  validateChargeSearch,
} from './pos-rules.ts';

/** The search form's checks are the server's schema (domain/pos.ts), so rules and messages are one. */
const chargeSearchResolver: Resolver<ChargeSearchForm> = async (values) => {
  const { errors } = validateChargeSearch(values);
  if (!errors) return { values, errors: {} };
  return {
    values: {},
    errors: Object.fromEntries(
      Object.entries(errors).map(([field, message]) => [field, { type: 'validate', message }]),
    ),
  };
};

const statusOptions = CHARGE_STATUS_OPTIONS.map(({ value, label }) => ({ value: String(value), label }));
const cardTypeOptions = CARD_TYPE_OPTIONS.map(({ value, label }) => ({ value: String(value), label }));

/**
 * The refund screen's search card (spec pos §2 Refund screen, §5 Refund search): amounts, status,
 * dates, card type, last 4 and limit, checked with the server's own schema; Search and Clear.
 */
export function ChargeSearchCard({
  onSearch,
  searching,
}: {
  onSearch: (request: ChargeSearchRequest) => void;
  searching: boolean;
}) {
  const today = toDateInput(new Date());
  const {
    control,
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors },
  } = useForm<ChargeSearchForm>({
    resolver: chargeSearchResolver,
    mode: 'onTouched',
    defaultValues: defaultChargeSearch(new Date()),
  });
  const [cardType, fromDate, toDate] = useWatch({ control, name: ['cardType', 'fromDate', 'toDate'] });
  const last4Enabled = Number(cardType) > 0;

  const submit = handleSubmit((values) => onSearch(chargeSearchRequest(values)));
  const clear = () => {
    const defaults = defaultChargeSearch(new Date());
    reset(defaults);
    onSearch(chargeSearchRequest(defaults));
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate aria-label="Search charges">
        <Stack gap="md">
          <Title order={2} size="h4">
            Search charges
          </Title>
          <Grid gap="md">
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <TextInput
                label="From Amount"
                inputMode="decimal"
                leftSection="CDN$"
                leftSectionWidth={56}
                error={errors.fromAmount?.message}
                {...register('fromAmount')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <TextInput
                label="To Amount"
                inputMode="decimal"
                leftSection="CDN$"
                leftSectionWidth={56}
                error={errors.toAmount?.message}
                {...register('toAmount')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <Controller
                control={control}
                name="fromDate"
                render={({ field }) => (
                  <DateField
                    label="From Date"
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    max={usDateToIso(toDate) ?? today}
                    error={errors.fromDate?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <Controller
                control={control}
                name="toDate"
                render={({ field }) => (
                  <DateField
                    label="To Date"
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    min={usDateToIso(fromDate)}
                    max={today}
                    error={errors.toDate?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <Controller
                control={control}
                name="status"
                render={({ field }) => (
                  <Select
                    label="Status"
                    data={statusOptions}
                    allowDeselect={false}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onChange={(value) => field.onChange(value ?? '0')}
                    onBlur={field.onBlur}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <Controller
                control={control}
                name="cardType"
                render={({ field }) => (
                  <Select
                    label="Card Type"
                    data={cardTypeOptions}
                    allowDeselect={false}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onChange={(value) => {
                      field.onChange(value ?? '0');
                      // Last 4 means nothing without a card type: cleared and disabled (spec §5).
                      if (Number(value) <= 0) setValue('last4', '', { shouldValidate: true });
                    }}
                    onBlur={field.onBlur}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <TextInput
                label="Last 4"
                inputMode="numeric"
                maxLength={4}
                disabled={!last4Enabled}
                placeholder={last4Enabled ? undefined : 'Choose a card type first'}
                error={errors.last4?.message}
                {...register('last4')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <TextInput
                label="Limit"
                inputMode="numeric"
                error={errors.limit?.message}
                {...register('limit')}
              />
            </Grid.Col>
          </Grid>
          <Group gap="sm">
            <Button type="submit" loading={searching}>
              Search
            </Button>
            <Button variant="default" onClick={clear}>
              Clear
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
