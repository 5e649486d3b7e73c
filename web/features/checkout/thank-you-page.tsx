import {
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { THANK_YOU_TEXT, THANK_YOU_TITLE } from '../../../domain/orders.ts';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { paths } from '../../lib/paths.ts';
import { useOwnOrder } from './checkout.api.ts';

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

/** What to do next: shop on, or see the orders. */
function NextSteps() {
  return (
    <Group justify="center" gap="sm">
      <Button component={Link} to={paths.phase()}>
        Continue Shopping
      </Button>
      <Button component={Link} to={paths.yourOrders()} variant="default">
        Your Orders
      </Button>
    </Group>
  );
}

/**
 * The order thank-you page (spec §2 Thank-you); the number comes from the route. It confirms an
 * order only when it is one of the client's own: any other number (typed, or someone else's) is
 * not confirmed.
 */
export function ThankYouPage() {
  const { orderNumber } = useParams();
  const asked = orderNumber !== undefined && /^\d{1,9}$/.test(orderNumber) ? Number(orderNumber) : undefined;
  const order = useOwnOrder(asked);
  if (asked !== undefined && order.isPending) {
    return (
      <Center py={80}>
        <Loader aria-label="Loading your order" />
      </Center>
    );
  }
  if (orderNumber !== undefined && !order.data) {
    return (
      <Container py={{ base: 'xl', sm: 64 }}>
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} maw={640} mx="auto">
          <Stack align="center" ta="center" gap="md">
            <Title order={1}>Order not found</Title>
            <Text>
              {order.isError && !(isApiError(order.error) && order.error.status === 404)
                ? errorMessage(order.error)
                : `There is no order ${orderNumber} among your orders.`}
            </Text>
            <NextSteps />
          </Stack>
        </Paper>
      </Container>
    );
  }
  return (
    <ConfirmationCard title={THANK_YOU_TITLE}>
      <Text>{THANK_YOU_TEXT}</Text>
      {order.data ? (
        <Text size="lg" fw={700}>
          Order Number: {order.data.orderNumber}
        </Text>
      ) : null}
      <NextSteps />
    </ConfirmationCard>
  );
}
