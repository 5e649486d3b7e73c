import { Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { THANK_YOU_TEXT, THANK_YOU_TITLE } from '../../../domain/orders.ts';
import { paths } from '../../lib/paths.ts';

function CheckMark() {
  return (
    <ThemeIcon size={56} radius="xl" color="green.7" aria-hidden="true">
      <svg
        viewBox="0 0 24 24"
        width="30"
        height="30"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        aria-hidden="true"
      >
        <path d="M5 12l5 5l10 -10" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </ThemeIcon>
  );
}

/** A confirmation page: a title, a line of text and what to do next. */
export function ConfirmationCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container py={{ base: 'xl', sm: 64 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} maw={640} mx="auto">
        <Stack align="center" ta="center" gap="md">
          <CheckMark />
          <Title order={1}>{title}</Title>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

/** The order thank-you page (spec §2 Thank-you); the number comes from the route. */
export function ThankYouPage() {
  const { orderNumber } = useParams();
  return (
    <ConfirmationCard title={THANK_YOU_TITLE}>
      <Text>{THANK_YOU_TEXT}</Text>
      {orderNumber ? (
        <Text size="lg" fw={700}>
          Order Number: {orderNumber}
        </Text>
      ) : null}
      <Group justify="center" gap="sm">
        <Button component={Link} to={paths.phase()}>
          Continue Shopping
        </Button>
        <Button component={Link} to={paths.yourOrders()} variant="default">
          Your Orders
        </Button>
      </Group>
    </ConfirmationCard>
  );
}
