import { Anchor, Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { POS_MESSAGES } from '../../../domain/pos/messages.ts';
import { useConfig } from '../../lib/config.ts';
import { paths } from '../../lib/paths.ts';

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

/** After the hosted payment page (spec pos §2 Checkout success screen). */
export function CheckoutSuccessPage() {
  const { config } = useConfig();
  const email = config.storeEmail;
  return (
    <Container py={{ base: 'xl', sm: 64 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} maw={640} mx="auto">
        <Stack align="center" ta="center" gap="md">
          <CheckMark />
          <Title order={1}>{POS_MESSAGES.checkoutSuccessTitle}</Title>
          <Text>
            If you have any questions, please email{' '}
            {email ? <Anchor href={`mailto:${email}`}>{email}</Anchor> : 'our support team'}.
          </Text>
          <Button component={Link} to={paths.receipt()}>
            Receipt ...
          </Button>
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
