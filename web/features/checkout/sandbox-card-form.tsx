import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CardCvcField, CardExpiryField, CardNumberField } from '../../components/card-inputs.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { cardEntryFields, parseExpiry } from '../../lib/card-entry.ts';
import { errorMessage } from '../../lib/errors.ts';
import { type Authenticate, type CardFormProps, type NextAction, PAY_BUTTON_TEXT } from './card-form.ts';
import { createSandboxPaymentMethod } from './checkout.api.ts';
import { INVALID_FORM_TEXT } from './checkout-rules.ts';
import { SandboxChallenge } from './sandbox-challenge.tsx';

/** Stripe's own wording for a card form that is not filled in (the card form is in English). */
const cardFormSchema = z.object(cardEntryFields);

/**
 * The sandbox's card form (the default provider): the card goes to our server's sandbox, which
 * answers a payment method as Stripe.js would, or the card's error (402) in Stripe's words. A
 * 3-D Secure test card opens the sandbox's challenge, where Stripe.js would open the bank's.
 */
export function SandboxCardForm({ billingDetails, beforeSubmit, onPaymentMethod, onError }: CardFormProps) {
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm({
    resolver: zodResolver(cardFormSchema),
    mode: 'onTouched',
    defaultValues: { name: billingDetails.name ?? '', number: '', expiry: '', cvc: '' },
  });

  const [challenge, setChallenge] = useState<{ action: NextAction; answered: () => void }>();
  const authenticate: Authenticate = (action) =>
    new Promise((resolve) => {
      setChallenge({ action, answered: resolve });
    });

  const onSubmit = handleSubmit(
    async (card) => {
      if (!beforeSubmit()) return;
      onError(undefined);
      const expiry = parseExpiry(card.expiry);
      if (!expiry) return;
      let method: Awaited<ReturnType<typeof createSandboxPaymentMethod>>;
      try {
        method = await createSandboxPaymentMethod({
          number: card.number,
          exp_month: expiry.month,
          exp_year: expiry.year,
          cvc: card.cvc,
          billing_details: { ...billingDetails, name: card.name || billingDetails.name },
        });
      } catch (error) {
        // The provider's message: 'Your card was declined.', 'Your card number is incorrect.'...
        onError(errorMessage(error));
        return;
      }
      await onPaymentMethod(method, authenticate);
    },
    () => onError(INVALID_FORM_TEXT),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Card details" lang="en">
      {challenge ? (
        <SandboxChallenge
          action={challenge.action}
          onAnswered={() => {
            setChallenge(undefined);
            challenge.answered();
          }}
        />
      ) : null}
      <Grid gap="md">
        <Grid.Col span={12}>
          <TextField control={control} name="name" label="Name on card" autoComplete="cc-name" />
        </Grid.Col>
        <Grid.Col span={12}>
          <CardNumberField control={control} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <CardExpiryField control={control} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <CardCvcField control={control} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
            {PAY_BUTTON_TEXT}
          </Button>
        </Grid.Col>
      </Grid>
    </form>
  );
}
