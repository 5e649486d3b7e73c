import './mantine-styles.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Container,
  Divider,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { z } from 'zod';
import type { SandboxCheckout } from '../../../domain/pos/checkout.ts';
import { CardCvcField, CardExpiryField, CardNumberField } from '../../components/card-inputs.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { cardEntryFields, parseExpiry } from '../../lib/card-entry.ts';
import { useConfig } from '../../lib/config.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatMoney } from '../../lib/format.ts';
import { posKeys, usePaySandboxCheckout, useSandboxCheckout } from './pos.api.ts';
import classes from './pos.module.css';
import { returnUrlOnThisSite } from './pos-rules.ts';

/** Stripe Checkout's own wording for a card form that is not filled in. */
const cardFormSchema = z.object({
  email: z.union([z.literal(''), z.email('Your email address is invalid.')]),
  ...cardEntryFields,
});

/** Where the hosted page sends the buyer: only a page of this site (the session's success URL). */
function goTo(url: string | null): boolean {
  const target = returnUrlOnThisSite(url, window.location.href);
  if (!target) return false;
  window.location.assign(target);
  return true;
}

function Summary({ session, storeName }: { session: SandboxCheckout; storeName: string }) {
  return (
    <Stack gap="md">
      {session.cancel_url ? (
        // As Stripe Checkout's back arrow: nothing is paid, the buyer returns to the shop.
        <Anchor
          component="button"
          type="button"
          size="sm"
          w="fit-content"
          onClick={() => goTo(session.cancel_url)}
        >
          ← Back
        </Anchor>
      ) : null}
      <Group gap="xs">
        <Text fw={700}>{storeName}</Text>
        <Badge color="yellow" variant="light">
          Test mode
        </Badge>
      </Group>
      <div>
        <Text c="dimmed" size="sm">
          Pay {storeName}
        </Text>
        <Text fz={36} fw={700} className={classes.numeric} ta="left">
          {formatMoney(session.amount_total)}
        </Text>
      </div>
      <Stack gap="xs">
        {session.lines.map((line) => (
          <Group key={line.priceId} justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text size="sm" fw={600}>
                {line.description}
              </Text>
              <Text size="xs" c="dimmed">
                Qty {line.quantity} × {formatMoney(line.unitAmount)}
              </Text>
            </div>
            <Text size="sm" className={classes.numeric}>
              {formatMoney(line.amountTotal)}
            </Text>
          </Group>
        ))}
      </Stack>
      <Divider />
      <Group justify="space-between">
        <Text fw={700}>Total due</Text>
        <Text fw={700} className={classes.numeric}>
          {formatMoney(session.amount_total)}
        </Text>
      </Group>
    </Stack>
  );
}

function CardForm({ session }: { session: SandboxCheckout }) {
  const [payError, setPayError] = useState<string>();
  const queryClient = useQueryClient();
  const payCheckout = usePaySandboxCheckout(session.id);
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(cardFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '', name: '', number: '', expiry: '', cvc: '' },
  });

  // Once paid, the button stays busy while the buyer is sent back to the shop.
  const paying = payCheckout.isPending || payCheckout.isSuccess;

  // The last card's refusal goes at once, also when this card is refused by the form itself.
  const clearRefusal = () => setPayError(undefined);
  const pay = handleSubmit(async (card) => {
    clearRefusal();
    const expiry = parseExpiry(card.expiry);
    if (!expiry) return;
    try {
      const done = await payCheckout.mutateAsync({
        number: card.number,
        exp_month: expiry.month,
        exp_year: expiry.year,
        cvc: card.cvc,
        billing_details: {
          ...(card.name ? { name: card.name } : {}),
          ...(card.email ? { email: card.email } : {}),
        },
      });
      // Nowhere to return to: the page says it is paid instead of waiting forever.
      if (!goTo(done.success_url ?? session.success_url)) {
        queryClient.setQueryData(posKeys.sandboxCheckout(session.id), done);
      }
    } catch (error) {
      // The card's own message: 'Your card was declined.', 'Your card has insufficient funds.'...
      setPayError(errorMessage(error));
    }
  }, clearRefusal);

  return (
    <form onSubmit={pay} noValidate aria-label="Pay with card" lang="en">
      <Stack gap="md">
        <Title order={2} size="h4">
          Pay with card
        </Title>
        <TextField control={control} name="email" label="Email" type="email" autoComplete="email" />
        <CardNumberField control={control} />
        <Grid gap="md">
          <Grid.Col span={6}>
            <CardExpiryField control={control} />
          </Grid.Col>
          <Grid.Col span={6}>
            <CardCvcField control={control} />
          </Grid.Col>
        </Grid>
        <TextField control={control} name="name" label="Name on card" autoComplete="cc-name" />
        {payError ? (
          <Alert color="red" variant="light" role="alert">
            {payError}
          </Alert>
        ) : null}
        <Button type="submit" size="md" fullWidth loading={paying} disabled={paying}>
          Pay {formatMoney(session.amount_total)}
        </Button>
        <Text size="xs" c="dimmed">
          Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has
          insufficient funds. Any future date and any 3 digits.
        </Text>
      </Stack>
    </form>
  );
}

/**
 * The sandbox's hosted payment page, as Stripe Checkout's (DESIGN.md "payments"): the session's
 * lines and total, a card form, Pay; on success the buyer goes to the session's success URL.
 */
export function SandboxCheckoutPage() {
  const { id = '' } = useParams();
  const { config } = useConfig();
  const session = useSandboxCheckout(id);

  let body: ReactNode;
  if (session.isPending) {
    body = (
      <Center py={64}>
        <Loader aria-label="Loading" />
      </Center>
    );
  } else if (session.isError) {
    body = (
      <Alert color="red" variant="light" title="This checkout cannot be opened">
        {errorMessage(session.error)}
      </Alert>
    );
  } else if (session.data.status !== 'open') {
    const complete = session.data.status === 'complete';
    body = (
      <Alert
        color={complete ? 'green' : 'gray'}
        variant="light"
        title={complete ? 'Already paid' : 'Expired'}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {complete ? 'This checkout has been paid.' : 'This checkout has expired. Please start a new one.'}
          </Text>
          {complete && session.data.success_url ? (
            <Anchor component="button" type="button" onClick={() => goTo(session.data.success_url)}>
              Continue
            </Anchor>
          ) : null}
        </Stack>
      </Alert>
    );
  } else {
    body = (
      <Grid gap={{ base: 'lg', md: 48 }}>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Summary session={session.data} storeName={config.storeName} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <CardForm session={session.data} />
        </Grid.Col>
      </Grid>
    );
  }

  return (
    <Container size={960} py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="sm">
        {body}
      </Paper>
    </Container>
  );
}
