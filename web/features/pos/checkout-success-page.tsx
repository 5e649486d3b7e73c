import './mantine-styles.ts';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { POS_MESSAGES } from '../../../domain/pos/messages.ts';
import { useConfig } from '../../lib/config.ts';
import { errorMessage } from '../../lib/errors.ts';
import { paths } from '../../lib/paths.ts';
import { useCompletedCheckout } from './pos.api.ts';

function CheckMark() {
  return (
    <ThemeIcon size={56} radius="xl" color="green.7" aria-hidden="true">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="30"
        height="30"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
      >
        <path d="M5 12l5 5l10 -10" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </ThemeIcon>
  );
}

function Thanks({ email, receipt }: { email: string; receipt?: ReactNode }) {
  return (
    <>
      <CheckMark />
      <Title order={1}>{POS_MESSAGES.checkoutSuccessTitle}</Title>
      <Text>
        If you have any questions, please email{' '}
        {email ? <Anchor href={`mailto:${email}`}>{email}</Anchor> : 'our support team'}.
      </Text>
      {receipt}
    </>
  );
}

/**
 * After the hosted payment page (spec pos §2 Checkout success screen). The page comes back with
 * `session_id` (Stripe's {CHECKOUT_SESSION_ID}): the paid session is recorded as its sale, once, and
 * the 'Receipt ...' button opens that sale's stored receipt. Without a session there is no receipt
 * to offer: nothing else in the browser says what was paid.
 */
export function CheckoutSuccessPage() {
  const { config } = useConfig();
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id') ?? undefined;
  const sale = useCompletedCheckout(sessionId);
  const email = config.storeEmail;

  let body: ReactNode;
  if (!sessionId) {
    body = <Thanks email={email} />;
  } else if (sale.isPending) {
    body = (
      <Stack align="center" gap="sm" py="lg">
        <Loader aria-label="Loading" />
        <Text c="dimmed">Recording the sale…</Text>
      </Stack>
    );
  } else if (sale.isError) {
    // Stock gone meanwhile (the card was refunded), a session not paid yet: the server says which.
    body = (
      <Alert color="red" variant="light" title="The sale was not recorded" w="100%" ta="left">
        {errorMessage(sale.error)}
      </Alert>
    );
  } else {
    const { receipt_id, receipt_number } = sale.data.receipt;
    body = (
      <Thanks
        email={email}
        receipt={
          <Button component={Link} to={paths.storedReceipt(receipt_id)}>
            Receipt No. {receipt_number}
          </Button>
        }
      />
    );
  }

  return (
    <Container py={{ base: 'xl', sm: 64 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} maw={640} mx="auto">
        <Stack align="center" ta="center" gap="md">
          {body}
          <Stack gap={4}>
            <Anchor component={Link} to={paths.posCheckout()} size="sm">
              No card reader? click Card Checkout
            </Anchor>
            <Anchor component={Link} to={paths.pos()} size="sm">
              have card reader? click POS Checkout
            </Anchor>
          </Stack>
        </Stack>
      </Paper>
    </Container>
  );
}
