import { Grid, Input, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  CUSTOM_TEXT_MAX,
  createCustomRequestSchema,
  SOCK_SIZES,
  SOCK_TYPES,
  STRIPES_MAX,
  TEXT_ALIGNMENTS,
  TEXT_LOCATIONS,
  TEXT_SIZES,
} from '../../../domain/requests.ts';
import { NumberField } from '../../components/form/number-field.tsx';
import { AutocompleteField, SelectField } from '../../components/form/select-field.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useFormField } from '../../components/form/use-form-field.ts';
import { COLOUR_SUGGESTIONS } from './request-options.ts';

/** The form holds every field but the logos, which are uploaded when it is sent. */
/** The form's rules with the shop's own minimum quantity (the owner's setting; 200 by default). */
export function customFormSchemaFor(minimumQuantity?: number) {
  return createCustomRequestSchema(minimumQuantity).omit({ logo: true });
}
export const customFormSchema = customFormSchemaFor();
export type CustomFormInput = z.input<typeof customFormSchema>;
type CustomControl = Control<CustomFormInput, unknown, z.output<typeof customFormSchema>>;

const STRIPES_LABEL_ID = 'custom-stripes-label';
const STRIPE_OPTIONS = Array.from({ length: STRIPES_MAX + 1 }, (_, n) => String(n));
const TYPE_OPTIONS = [...SOCK_TYPES];
const SIZE_OPTIONS = SOCK_SIZES.map(({ value, label }) => ({ value, label }));
const LOCATION_OPTIONS = TEXT_LOCATIONS.map(({ value, label }) => ({ value: String(value), label }));
const ALIGNMENT_OPTIONS = TEXT_ALIGNMENTS.map(({ value, label }) => ({ value: String(value), label }));
const TEXT_SIZE_OPTIONS = [...TEXT_SIZES];

/** A titled part of the form, named for screen readers by its title. */
export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={id}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** How many stripes, 0 to STRIPES_MAX, as a row of buttons. */
function StripesField({ control }: { control: CustomControl }) {
  const { field, error } = useFormField({ control, name: 'stripes' });
  return (
    <Input.Wrapper label="Stripes" labelProps={{ id: STRIPES_LABEL_ID }} labelElement="div" error={error}>
      <SegmentedControl
        fullWidth
        mt={4}
        aria-labelledby={STRIPES_LABEL_ID}
        data={STRIPE_OPTIONS}
        name={field.name}
        value={String(field.value ?? 0)}
        onChange={(value) => field.onChange(Number(value))}
      />
    </Input.Wrapper>
  );
}

/** The sock: type, size, colour and stripes. */
export function SocksSection({ control }: { control: CustomControl }) {
  const stripes = useWatch({ control, name: 'stripes' });
  return (
    <Section title="Your socks">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SelectField
            control={control}
            name="type"
            label="Type"
            placeholder="Choose a type"
            data={TYPE_OPTIONS}
            clearable
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SelectField
            control={control}
            name="size"
            label="Size"
            placeholder="Choose a size"
            data={SIZE_OPTIONS}
            clearable
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <AutocompleteField
            control={control}
            name="color"
            label="Color"
            description="The main colour of the sock; a Pantone number is welcome."
            placeholder="e.g. Navy"
            data={COLOUR_SUGGESTIONS}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <StripesField control={control} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <AutocompleteField
            control={control}
            name="stripe_color"
            label="Stripe color"
            placeholder={stripes ? 'e.g. White' : 'No stripes chosen'}
            data={COLOUR_SUGGESTIONS}
            disabled={!stripes}
          />
        </Grid.Col>
      </Grid>
    </Section>
  );
}

/** The text knitted in: at most CUSTOM_TEXT_MAX letters, with where, how and in what colour. */
export function TextSection({ control }: { control: CustomControl }) {
  const textLength = (useWatch({ control, name: 'text' }) ?? '').length;
  return (
    <Section title="Text" description="Optional: a name, a motto or a number knitted into the sock.">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextField
            control={control}
            name="text"
            label="Text"
            description={`${CUSTOM_TEXT_MAX} Letter Max`}
            maxLength={CUSTOM_TEXT_MAX + 5}
            rightSection={
              <Text size="xs" c={textLength > CUSTOM_TEXT_MAX ? 'red.8' : 'dimmed'} aria-hidden="true">
                {textLength}/{CUSTOM_TEXT_MAX}
              </Text>
            }
            rightSectionWidth={52}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <AutocompleteField
            control={control}
            name="text_color"
            label="Text color"
            description="The colour of the letters"
            placeholder="e.g. Gold"
            data={COLOUR_SUGGESTIONS}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <SelectField
            control={control}
            name="text_location"
            label="Text location"
            placeholder="Choose"
            data={LOCATION_OPTIONS}
            clearable
            numeric
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <SelectField
            control={control}
            name="text_alignment"
            label="Text alignment"
            placeholder="Choose"
            data={ALIGNMENT_OPTIONS}
            clearable
            numeric
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <SelectField
            control={control}
            name="text_size"
            label="Text size"
            placeholder="Choose"
            data={TEXT_SIZE_OPTIONS}
            clearable
          />
        </Grid.Col>
      </Grid>
    </Section>
  );
}

/** How many pairs: at least the minimum of one size and design. */
export function QuantityField({ control, minimum }: { control: CustomControl; minimum: number }) {
  return (
    <NumberField
      control={control}
      name="quantity"
      label="Quantity"
      description={`At least ${minimum} pairs of this size and design`}
      withAsterisk
      min={minimum}
      // The rule's message shows instead of the number silently changing.
      clampBehavior="none"
      step={50}
      allowDecimal={false}
      allowNegative={false}
      thousandSeparator=","
      maw={{ sm: 320 }}
    />
  );
}
