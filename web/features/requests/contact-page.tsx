import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Container, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { LoginRecord } from '../../../domain/auth.ts';
import {
  type ContactRequestInput,
  contactRequestSchema,
  MESSAGE_MAX,
  REQUEST_MESSAGES,
} from '../../../domain/requests.ts';
import { ContactFields } from '../../components/contact-fields.tsx';
import { TextAreaField, TextField } from '../../components/form/text-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { useLoggedClient } from '../../lib/auth-store.ts';
import { useConfig } from '../../lib/config.ts';
import { telHref } from '../../lib/format.ts';
import { dismissError, notifyError, notifySuccess } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { useSendContact } from './requests.api.ts';

/** The address on one line, as a person would write it on an envelope. */
function addressOf(client: LoginRecord): string {
  const cityLine = [client.city, [client.province, client.postalcode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [client.address, cityLine].filter(Boolean).join(', ');
}

/** Prefilled from the logged-in client (spec storefront §2 "Contact"). */
function defaultsFor(client: LoginRecord | null): ContactRequestInput {
  return {
    name: client?.client_full_name ?? '',
    email: client?.email ?? '',
    phone: client?.phone ?? '',
    address: client ? addressOf(client) : '',
    message: '',
  };
}

/**
 * How the last send went. The spec's failure message stands for every failure; `reason` is the
 * server's, kept only when it refused the message for being one too many in a while (429): trying
 * again at once fails the same way, and the server says how long to wait.
 */
type Outcome = { kind: 'success' } | { kind: 'failure'; reason: string | undefined };

export function ContactPage() {
  const client = useLoggedClient();
  const { config } = useConfig();
  const defaults = useMemo(() => defaultsFor(client), [client]);
  const sendContact = useSendContact();
  const [outcome, setOutcome] = useState<Outcome>();
  // The outcome takes the focus: the submit button was disabled while sending, which left the
  // keyboard and a screen reader at the top of the page.
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const {
    control,
    handleSubmit,
    reset,
    formState: { isValid, isSubmitting, isDirty },
  } = useForm({ resolver: zodResolver(contactRequestSchema), mode: 'onTouched', defaultValues: defaults });

  // A login or logout in another tab while the form is untouched fills it anew.
  useEffect(() => {
    if (!isDirty) reset(defaults);
  }, [defaults, isDirty, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(undefined);
    dismissError(REQUEST_MESSAGES.contactFailure);
    try {
      await sendContact.mutateAsync(values);
      notifySuccess(REQUEST_MESSAGES.contactSuccess);
      setOutcome({ kind: 'success' });
      reset(defaults);
    } catch (error) {
      notifyError(REQUEST_MESSAGES.contactFailure);
      const rateLimited = isApiError(error) && error.status === 429;
      setOutcome({ kind: 'failure', reason: rateLimited ? error.message : undefined });
    }
  });

  return (
    <Container py={{ base: 'xl', sm: 48 }}>
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>Contact Us</Title>
          <Text c="dimmed" maw={640}>
            A question about sizes, an order, a fund-raiser or wholesale prices? Write to us and we will
            answer within two business days.
          </Text>
        </Stack>

        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
              <form onSubmit={onSubmit} noValidate aria-label="Contact us">
                <Stack gap="md">
                  {outcome ? (
                    <div ref={outcomeRef} tabIndex={-1}>
                      <Alert
                        color={outcome.kind === 'success' ? 'green' : 'red'}
                        variant="light"
                        withCloseButton
                        onClose={() => setOutcome(undefined)}
                      >
                        {outcome.kind === 'success' ? (
                          REQUEST_MESSAGES.contactSuccess
                        ) : (
                          <>
                            {REQUEST_MESSAGES.contactFailure}
                            {outcome.reason ? (
                              <Text inherit mt={4}>
                                {outcome.reason}
                              </Text>
                            ) : null}
                          </>
                        )}
                      </Alert>
                    </div>
                  ) : null}
                  <Grid gap="md">
                    <ContactFields
                      control={control}
                      names={{ name: 'name', email: 'email', phone: 'phone' }}
                    />
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <TextField
                        control={control}
                        name="address"
                        label="Address"
                        autoComplete="street-address"
                      />
                    </Grid.Col>
                    <Grid.Col span={12}>
                      <TextAreaField
                        control={control}
                        name="message"
                        label="Message"
                        autosize
                        minRows={5}
                        maxRows={14}
                        maxLength={MESSAGE_MAX}
                      />
                    </Grid.Col>
                  </Grid>
                  <Button type="submit" size="md" disabled={!isValid || isSubmitting} loading={isSubmitting}>
                    Send message
                  </Button>
                </Stack>
              </form>
            </Paper>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <Paper withBorder radius="lg" p="lg">
                <Stack gap={6}>
                  <Title order={2} size="h5">
                    Visit our store
                  </Title>
                  <Text size="sm">{config.storeName}</Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {config.storeAddress}
                  </Text>
                  {config.storeEmail ? (
                    <Anchor href={`mailto:${config.storeEmail}`} size="sm">
                      {config.storeEmail}
                    </Anchor>
                  ) : null}
                  {config.storePhone ? (
                    <Anchor href={telHref(config.storePhone)} size="sm">
                      {config.storePhone}
                    </Anchor>
                  ) : null}
                </Stack>
              </Paper>
              <Paper withBorder radius="lg" p="lg">
                <Stack gap={6}>
                  <Title order={2} size="h5">
                    Custom socks?
                  </Title>
                  <Text size="sm" c="dimmed">
                    For a quote on socks with your colours, text and logo, the custom form tells us everything
                    we need.
                  </Text>
                  <Button component={Link} to={paths.custom()} variant="default" mt="xs">
                    Customize my socks
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
