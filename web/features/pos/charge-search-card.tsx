import { Button, Grid, Group, Paper, Stack, Title } from '@mantine/core';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { calendarDayOf, usDateToIso } from '../../../domain/dates.ts';
import { CARD_TYPE_OPTIONS, CHARGE_STATUS_OPTIONS } from '../../../domain/pos/constants.ts';
import type { ChargeSearchRequest } from '../../../domain/pos/refunds.ts';
import { DateField } from '../../components/form/date-field.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useStoreTimeZone } from '../../lib/config.ts';
import {
  type ChargeSearchForm,
  chargeSearchRequest,
  defaultChargeSearch,
  validateChargeSearch,
} from './pos-rules.ts';

/** The search form's checks are the server's schema (domain/pos/refunds.ts), so rules and messages are one. */
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
  const timeZone = useStoreTimeZone();
  const today = calendarDayOf(new Date(), timeZone);
  const { control, handleSubmit, reset, setValue } = useForm<ChargeSearchForm>({
    resolver: chargeSearchResolver,
    mode: 'onTouched',
    defaultValues: defaultChargeSearch(new Date(), timeZone),
  });
  const [cardType, fromDate, toDate] = useWatch({ control, name: ['cardType', 'fromDate', 'toDate'] });
  const last4Enabled = Number(cardType) > 0;

  const submit = handleSubmit((values) => onSearch(chargeSearchRequest(values)));
  const clear = () => {
    const defaults = defaultChargeSearch(new Date(), timeZone);
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
              <TextField
                control={control}
                name="fromAmount"
                label="From Amount"
                inputMode="decimal"
                leftSection="CDN$"
                leftSectionWidth={56}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <TextField
                control={control}
                name="toAmount"
                label="To Amount"
                inputMode="decimal"
                leftSection="CDN$"
                leftSectionWidth={56}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <DateField
                control={control}
                name="fromDate"
                label="From Date"
                max={usDateToIso(toDate) ?? today}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <DateField
                control={control}
                name="toDate"
                label="To Date"
                min={usDateToIso(fromDate)}
                max={today}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <SelectField
                control={control}
                name="status"
                label="Status"
                data={statusOptions}
                allowDeselect={false}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <SelectField
                control={control}
                name="cardType"
                label="Card Type"
                data={cardTypeOptions}
                allowDeselect={false}
                afterChange={(value) => {
                  // Last 4 means nothing without a card type: cleared and disabled (spec §5).
                  if (Number(value) <= 0) setValue('last4', '', { shouldValidate: true });
                }}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <TextField
                control={control}
                name="last4"
                label="Last 4"
                inputMode="numeric"
                maxLength={4}
                disabled={!last4Enabled}
                placeholder={last4Enabled ? undefined : 'Choose a card type first'}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <TextField control={control} name="limit" label="Limit" inputMode="numeric" />
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
