import { Button, Input, Stack } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { type FormEvent, useState } from 'react';
import { type Authenticate, type CardFormProps, PAY_BUTTON_TEXT } from './card-form.ts';

/**
 * Stripe Elements, used when the server is configured with a Stripe key. This module is its own
 * lazy chunk: Stripe.js is fetched from Stripe only when this form is shown.
 */

const stripes = new Map<string, Promise<Stripe | null>>();

function stripeFor(publicKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publicKey);
  if (!stripe) {
    stripe = loadStripe(publicKey, { locale: 'en' });
    stripes.set(publicKey, stripe);
  }
  return stripe;
}

const CARD_STYLE = {
  style: {
    base: { fontSize: '16px', color: '#212529', '::placeholder': { color: '#868e96' } },
    invalid: { color: '#c92a2a' },
  },
  hidePostalCode: true,
} as const;

function StripeCard({ billingDetails, beforeSubmit, onPaymentMethod, onError }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !beforeSubmit()) return;
    onError(undefined);
    setSubmitting(true);
    try {
      const { paymentMethod, error } = await stripe.createPaymentMethod({
        type: 'card',
        card,
        billing_details: billingDetails,
      });
      if (error || !paymentMethod?.card) {
        onError(error?.message ?? 'Your card could not be used.');
        return;
      }
      const { brand, last4, exp_month, exp_year } = paymentMethod.card;
      // Stripe's 3-D Secure window; its outcome (or an error) is read back from the server after.
      const authenticate: Authenticate = async ({ clientSecret }) => {
        await stripe.handleNextAction({ clientSecret });
      };
      await onPaymentMethod(
        { id: paymentMethod.id, card: { brand, last4, exp_month, exp_year } },
        authenticate,
      );
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Card details">
      <Stack gap="md">
        <Input.Wrapper label="Card" withAsterisk>
          <Input component="div" pt={10} h="auto" mih={42}>
            <CardElement options={CARD_STYLE} />
          </Input>
        </Input.Wrapper>
        <div>
          <Button type="submit" loading={submitting} disabled={!stripe || submitting}>
            {PAY_BUTTON_TEXT}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

export function StripeCardForm({ publicKey, ...props }: CardFormProps & { publicKey: string }) {
  return (
    <Elements stripe={stripeFor(publicKey)} options={{ locale: 'en' }}>
      <StripeCard {...props} />
    </Elements>
  );
}
