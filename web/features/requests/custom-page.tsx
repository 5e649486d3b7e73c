import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Container, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { LoginRecord } from '../../../domain/auth.ts';
import { LOGO_LOCATIONS, MESSAGE_MAX, REQUEST_MESSAGES } from '../../../domain/requests.ts';
import { ContactFields } from '../../components/contact-fields.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { TextAreaField } from '../../components/form/text-field.tsx';
import { useLoggedClient } from '../../lib/auth-store.ts';
import { useConfig } from '../../lib/config.ts';
import { errorMessage } from '../../lib/errors.ts';
import { dismissError, notifyError, notifySuccess } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import {
  type CustomFormInput,
  customFormSchemaFor,
  QuantityField,
  Section,
  SocksSection,
  TextSection,
} from './custom-form-sections.tsx';
import { LogoUploads } from './logo-uploads.tsx';
import { useSubmitCustomRequest } from './requests.api.ts';
import { useLogoUploads } from './use-logo-uploads.ts';

const LOGO_LOCATION_OPTIONS = [...LOGO_LOCATIONS];

function defaultsFor(client: LoginRecord | null, minimumQuantity: number): CustomFormInput {
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
    quantity: minimumQuantity,
  };
}

type Outcome = { kind: 'success' } | { kind: 'failure'; detail: string } | { kind: 'upload'; detail: string };
type Phase = 'idle' | 'uploading' | 'sending';

function MinimumOrder({ minimum }: { minimum: number }) {
  return (
    <Alert variant="light" color="maple" title={`Minimum order: ${minimum} pairs per size and design`}>
      Orders cannot be split into several sizes within the {minimum} pair minimum: each size of a design is
      its own order of at least {minimum} pairs.
    </Alert>
  );
}

/** Spec storefront §2 "Custom My Socks form", §4, §5. */
export function CustomPage() {
  const { config } = useConfig();
  // The shop's own minimum: the form starts from it, states it and checks it, as the server does.
  const minimum = config.customOrderMinimum;
  return <CustomForm key={minimum} minimum={minimum} />;
}

function CustomForm({ minimum }: { minimum: number }) {
  const client = useLoggedClient();
  const defaults = useMemo(() => defaultsFor(client, minimum), [client, minimum]);
  const schema = useMemo(() => customFormSchemaFor(minimum), [minimum]);
  const submitRequest = useSubmitCustomRequest();
  const logos = useLogoUploads();
  const [phase, setPhase] = useState<Phase>('idle');
  const [outcome, setOutcome] = useState<Outcome>();
  const outcomeRef = useRef<HTMLDivElement>(null);

  const {
    control,
    handleSubmit,
    reset,
    formState: { isValid },
  } = useForm({ resolver: zodResolver(schema), mode: 'onTouched', defaultValues: defaults });

  const busy = phase !== 'idle';

  const finish = (result: Outcome) => {
    setOutcome(result);
    setPhase('idle');
    // The outcome takes the focus too: the submit button was disabled while sending, which left the
    // keyboard and a screen reader at the top of the page.
    requestAnimationFrame(() => {
      outcomeRef.current?.focus({ preventScroll: true });
      outcomeRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    });
  };

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(undefined);
    dismissError(REQUEST_MESSAGES.customFailure);
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
            <Anchor component={Link} to={paths.process()} underline="always">
              See how it works
            </Anchor>
            .
          </Text>
        </Stack>
        <MinimumOrder minimum={minimum} />

        {/* Kept in the page (for scrolling to it), but out of the layout while empty. */}
        <div ref={outcomeRef} tabIndex={-1} style={outcome ? undefined : { display: 'none' }}>
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
                    <ContactFields control={control} names={{ name: 'name', email: 'email' }} />
                  </Grid>
                </Section>
                <SocksSection control={control} />
                <TextSection control={control} />
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
                  <SelectField
                    control={control}
                    name="logo_location"
                    label="Logo location"
                    placeholder="Where the logo goes"
                    data={LOGO_LOCATION_OPTIONS}
                    clearable
                    maw={{ sm: 320 }}
                  />
                </Section>
                <Section title="Your order">
                  <QuantityField control={control} minimum={minimum} />
                  <TextAreaField
                    control={control}
                    name="message"
                    label="Message"
                    description="Anything else: deadlines, the event, colours you have in mind."
                    autosize
                    minRows={3}
                    maxRows={10}
                    maxLength={MESSAGE_MAX}
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
