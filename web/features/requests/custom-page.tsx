import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Autocomplete,
  Button,
  Container,
  Grid,
  Input,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { LoginRecord } from '../../../domain/auth.ts';
import {
  CUSTOM_ORDER_MINIMUM,
  CUSTOM_TEXT_MAX,
  customRequestSchema,
  LOGO_LOCATIONS,
  MESSAGE_MAX,
  REQUEST_MESSAGES,
  SOCK_SIZES,
  SOCK_TYPES,
  STRIPES_MAX,
  TEXT_ALIGNMENTS,
  TEXT_LOCATIONS,
  TEXT_SIZES,
} from '../../../domain/requests.ts';
import { useLoggedClient } from '../../lib/auth-store.ts';
import { errorMessage } from '../../lib/errors.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { LogoUploads } from './logo-uploads.tsx';
import { COLOUR_SUGGESTIONS } from './request-options.ts';
import { useSubmitCustomRequest } from './requests.api.ts';
import { useLogoUploads } from './use-logo-uploads.ts';

/** The form holds every field but the logos, which are uploaded when it is sent. */
const customFormSchema = customRequestSchema.omit({ logo: true });
type CustomFormInput = z.input<typeof customFormSchema>;

const STRIPES_LABEL_ID = 'custom-stripes-label';
const STRIPE_OPTIONS = Array.from({ length: STRIPES_MAX + 1 }, (_, n) => String(n));
const TYPE_OPTIONS = [...SOCK_TYPES];
const SIZE_OPTIONS = SOCK_SIZES.map(({ value, label }) => ({ value, label }));
const LOCATION_OPTIONS = TEXT_LOCATIONS.map(({ value, label }) => ({ value: String(value), label }));
const ALIGNMENT_OPTIONS = TEXT_ALIGNMENTS.map(({ value, label }) => ({ value: String(value), label }));
const TEXT_SIZE_OPTIONS = [...TEXT_SIZES];
const LOGO_LOCATION_OPTIONS = [...LOGO_LOCATIONS];

function defaultsFor(client: LoginRecord | null): CustomFormInput {
  return {
    name: client?.client_full_name ?? '',
    email: client?.email ?? '',
    type: '',
    size: '',
    color: '',
    stripes: 0,
    stripe_color: '',
    text: '',
    text_location: null,
    text_alignment: null,
    text_size: '',
    text_color: '',
    logo_location: '',
    message: '',
    quantity: CUSTOM_ORDER_MINIMUM,
  };
}

type Outcome = { kind: 'success' } | { kind: 'failure'; detail: string } | { kind: 'upload'; detail: string };
type Phase = 'idle' | 'uploading' | 'sending';

function MinimumOrder() {
  return (
    <Alert
      variant="light"
      color="maple"
      title={`Minimum order: ${CUSTOM_ORDER_MINIMUM} pairs per size and design`}
    >
      Orders cannot be split into several sizes within the {CUSTOM_ORDER_MINIMUM} pair minimum: each size of a
      design is its own order of at least {CUSTOM_ORDER_MINIMUM} pairs.
    </Alert>
  );
}

function Section({
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

/** Spec storefront §2 "Custom My Socks form", §4, §5. */
export function CustomPage() {
  const client = useLoggedClient();
  const defaults = useMemo(() => defaultsFor(client), [client]);
  const submitRequest = useSubmitCustomRequest();
  const logos = useLogoUploads();
  const [phase, setPhase] = useState<Phase>('idle');
  const [outcome, setOutcome] = useState<Outcome>();
  const outcomeRef = useRef<HTMLDivElement>(null);

  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isValid },
  } = useForm({ resolver: zodResolver(customFormSchema), mode: 'onTouched', defaultValues: defaults });

  const busy = phase !== 'idle';
  const stripes = watch('stripes');
  const textLength = (watch('text') ?? '').length;

  const finish = (result: Outcome) => {
    setOutcome(result);
    setPhase('idle');
    requestAnimationFrame(() => outcomeRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' }));
  };

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(undefined);
    setPhase('uploading');
    const uploaded = await logos.uploadPending();
    if (!uploaded.ok) {
      // Nothing is sent; the form stays as it was, so the logo can be removed or replaced.
      notifyError(uploaded.message, 'A logo could not be uploaded');
      finish({ kind: 'upload', detail: uploaded.message });
      return;
    }
    setPhase('sending');
    try {
      await submitRequest.mutateAsync({ ...values, logo: uploaded.urls.join(',') });
      notifySuccess(REQUEST_MESSAGES.customSuccess);
      finish({ kind: 'success' });
    } catch (error) {
      notifyError(REQUEST_MESSAGES.customFailure);
      finish({ kind: 'failure', detail: errorMessage(error) });
    }
    // The spec resets the form after a failure too.
    reset(defaults);
    logos.reset();
  });

  return (
    <Container py={{ base: 'xl', sm: 48 }}>
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>Customize My Socks</Title>
          <Text c="dimmed" maw={720}>
            Your team, your school, your brand: pick the sock, the colours and the stripes, add your text and
            logo, and we will draw a proof for you to approve before anything is knitted.{' '}
            <Anchor component={Link} to={paths.process()}>
              See how it works
            </Anchor>
            .
          </Text>
        </Stack>
        <MinimumOrder />

        {/* Kept in the page (for scrolling to it), but out of the layout while empty. */}
        <div ref={outcomeRef} style={outcome ? undefined : { display: 'none' }}>
          {outcome?.kind === 'success' ? (
            <Alert
              color="green"
              variant="light"
              title={REQUEST_MESSAGES.customSuccess}
              withCloseButton
              onClose={() => setOutcome(undefined)}
            >
              Thank you! We sent a copy to your e-mail and will reach you shortly with a proof and a quote.
            </Alert>
          ) : null}
          {outcome?.kind === 'failure' ? (
            <Alert
              color="red"
              variant="light"
              title={REQUEST_MESSAGES.customFailure}
              withCloseButton
              onClose={() => setOutcome(undefined)}
            >
              {outcome.detail}
            </Alert>
          ) : null}
          {outcome?.kind === 'upload' ? (
            <Alert
              color="red"
              variant="light"
              title="A logo could not be uploaded"
              withCloseButton
              onClose={() => setOutcome(undefined)}
            >
              {outcome.detail} Your request was not sent: remove that file or choose another, then submit
              again.
            </Alert>
          ) : null}
        </div>

        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <form onSubmit={onSubmit} noValidate aria-label="Custom sock request">
              <Stack gap="lg">
                <Section title="Your details" description="Where we send your proof and quote.">
                  <Grid gap="md">
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <TextInput
                        label="Name"
                        autoComplete="name"
                        withAsterisk
                        error={errors.name?.message}
                        {...register('name')}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <TextInput
                        label="Email"
                        type="email"
                        autoComplete="email"
                        withAsterisk
                        error={errors.email?.message}
                        {...register('email')}
                      />
                    </Grid.Col>
                  </Grid>
                </Section>

                <Section title="Your socks">
                  <Grid gap="md">
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <Controller
                        control={control}
                        name="type"
                        render={({ field, fieldState }) => (
                          <Select
                            label="Type"
                            placeholder="Choose a type"
                            data={TYPE_OPTIONS}
                            clearable
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
                      <Controller
                        control={control}
                        name="size"
                        render={({ field, fieldState }) => (
                          <Select
                            label="Size"
                            placeholder="Choose a size"
                            data={SIZE_OPTIONS}
                            clearable
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
                    <Grid.Col span={12}>
                      <Controller
                        control={control}
                        name="color"
                        render={({ field, fieldState }) => (
                          <Autocomplete
                            label="Color"
                            description="The main colour of the sock; a Pantone number is welcome."
                            placeholder="e.g. Navy"
                            data={COLOUR_SUGGESTIONS}
                            name={field.name}
                            ref={field.ref}
                            value={field.value ?? ''}
                            onChange={field.onChange}
                            onBlur={field.onBlur}
                            error={fieldState.error?.message}
                          />
                        )}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <Controller
                        control={control}
                        name="stripes"
                        render={({ field, fieldState }) => (
                          <Input.Wrapper
                            label="Stripes"
                            labelProps={{ id: STRIPES_LABEL_ID }}
                            labelElement="div"
                            error={fieldState.error?.message}
                          >
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
                        )}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <Controller
                        control={control}
                        name="stripe_color"
                        render={({ field, fieldState }) => (
                          <Autocomplete
                            label="Stripe color"
                            placeholder={stripes ? 'e.g. White' : 'No stripes chosen'}
                            data={COLOUR_SUGGESTIONS}
                            disabled={!stripes}
                            name={field.name}
                            ref={field.ref}
                            value={field.value ?? ''}
                            onChange={field.onChange}
                            onBlur={field.onBlur}
                            error={fieldState.error?.message}
                          />
                        )}
                      />
                    </Grid.Col>
                  </Grid>
                </Section>

                <Section
                  title="Text"
                  description="Optional: a name, a motto or a number knitted into the sock."
                >
                  <Grid gap="md">
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <TextInput
                        label="Text"
                        description={`${CUSTOM_TEXT_MAX} Letter Max`}
                        maxLength={CUSTOM_TEXT_MAX + 5}
                        rightSection={
                          <Text
                            size="xs"
                            c={textLength > CUSTOM_TEXT_MAX ? 'red.8' : 'dimmed'}
                            aria-hidden="true"
                          >
                            {textLength}/{CUSTOM_TEXT_MAX}
                          </Text>
                        }
                        rightSectionWidth={52}
                        error={errors.text?.message}
                        {...register('text')}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <Controller
                        control={control}
                        name="text_color"
                        render={({ field, fieldState }) => (
                          <Autocomplete
                            label="Text color"
                            description="The colour of the letters"
                            placeholder="e.g. Gold"
                            data={COLOUR_SUGGESTIONS}
                            name={field.name}
                            ref={field.ref}
                            value={field.value ?? ''}
                            onChange={field.onChange}
                            onBlur={field.onBlur}
                            error={fieldState.error?.message}
                          />
                        )}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 4 }}>
                      <Controller
                        control={control}
                        name="text_location"
                        render={({ field, fieldState }) => (
                          <Select
                            label="Text location"
                            placeholder="Choose"
                            data={LOCATION_OPTIONS}
                            clearable
                            name={field.name}
                            ref={field.ref}
                            value={field.value ? String(field.value) : null}
                            onChange={(value) => field.onChange(value ? Number(value) : null)}
                            onBlur={field.onBlur}
                            error={fieldState.error?.message}
                          />
                        )}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 4 }}>
                      <Controller
                        control={control}
                        name="text_alignment"
                        render={({ field, fieldState }) => (
                          <Select
                            label="Text alignment"
                            placeholder="Choose"
                            data={ALIGNMENT_OPTIONS}
                            clearable
                            name={field.name}
                            ref={field.ref}
                            value={field.value ? String(field.value) : null}
                            onChange={(value) => field.onChange(value ? Number(value) : null)}
                            onBlur={field.onBlur}
                            error={fieldState.error?.message}
                          />
                        )}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 4 }}>
                      <Controller
                        control={control}
                        name="text_size"
                        render={({ field, fieldState }) => (
                          <Select
                            label="Text size"
                            placeholder="Choose"
                            data={TEXT_SIZE_OPTIONS}
                            clearable
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
                  </Grid>
                </Section>

                <Section
                  title="Logos"
                  description="Optional: your logo as an image file. Vector files (SVG) print sharpest; we redraw the others if needed."
                >
                  <LogoUploads
                    items={logos.items}
                    onAdd={logos.addFiles}
                    onCancel={logos.cancel}
                    onRemove={logos.remove}
                    busy={busy}
                  />
                  <Controller
                    control={control}
                    name="logo_location"
                    render={({ field, fieldState }) => (
                      <Select
                        label="Logo location"
                        placeholder="Where the logo goes"
                        data={LOGO_LOCATION_OPTIONS}
                        clearable
                        maw={{ sm: 320 }}
                        name={field.name}
                        ref={field.ref}
                        value={field.value || null}
                        onChange={(value) => field.onChange(value ?? '')}
                        onBlur={field.onBlur}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                </Section>

                <Section title="Your order">
                  <Controller
                    control={control}
                    name="quantity"
                    render={({ field, fieldState }) => (
                      <NumberInput
                        label="Quantity"
                        description={`At least ${CUSTOM_ORDER_MINIMUM} pairs of this size and design`}
                        withAsterisk
                        min={CUSTOM_ORDER_MINIMUM}
                        // The rule's message shows instead of the number silently changing.
                        clampBehavior="none"
                        step={50}
                        allowDecimal={false}
                        allowNegative={false}
                        thousandSeparator=","
                        maw={{ sm: 320 }}
                        name={field.name}
                        ref={field.ref}
                        value={field.value ?? ''}
                        onChange={(value) => field.onChange(typeof value === 'number' ? value : undefined)}
                        onBlur={field.onBlur}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                  <Textarea
                    label="Message"
                    description="Anything else: deadlines, the event, colours you have in mind."
                    autosize
                    minRows={3}
                    maxRows={10}
                    maxLength={MESSAGE_MAX}
                    error={errors.message?.message}
                    {...register('message')}
                  />
                </Section>

                <Button type="submit" size="md" disabled={!isValid || busy} loading={busy}>
                  Submit my request
                </Button>
                {busy ? (
                  <Text size="sm" c="dimmed" ta="center" role="status">
                    {phase === 'uploading' ? 'Uploading your logos…' : 'Sending your request…'}
                  </Text>
                ) : null}
              </Stack>
            </form>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <Paper withBorder radius="lg" p="lg">
                <Stack gap="xs">
                  <Title order={2} size="h5">
                    What happens next
                  </Title>
                  <Text size="sm">1. We read your request and reply within two business days.</Text>
                  <Text size="sm">2. Our designers send you a proof and a quote.</Text>
                  <Text size="sm">3. Once you approve, we knit and ship your socks.</Text>
                  <Button component={Link} to={paths.process()} variant="default" mt="xs">
                    See the whole process
                  </Button>
                </Stack>
              </Paper>
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
