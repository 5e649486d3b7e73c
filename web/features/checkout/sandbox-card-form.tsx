import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { CardCvcInput, CardExpiryInput, CardNumberInput } from '../../components/card-inputs.tsx';
import { cardEntryFields, parseExpiry } from '../../lib/card-entry.ts';
import { errorMessage } from '../../lib/errors.ts';
import { type CardFormProps, PAY_BUTTON_TEXT } from './card-form.ts';
import { createSandboxPaymentMethod } from './checkout.api.ts';
import { INVALID_FORM_TEXT } from './checkout-rules.ts';

/** Stripe's own wording for a card form that is not filled in (the card form is in English). */
const cardFormSchema = z.object(cardEntryFields);

/**
 * The sandbox's card form (the default provider): the card goes to our server's sandbox, which
 * answers a payment method as Stripe.js would, or the card's error (402) in Stripe's words.
 */
export function SandboxCardForm({ billingDetails, beforeSubmit, onPaymentMethod, onError }: CardFormProps) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(cardFormSchema),
    mode: 'onTouched',
    defaultValues: { name: billingDetails.name ?? '', number: '', expiry: '', cvc: '' },
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
      await onPaymentMethod(method);
    },
    () => onError(INVALID_FORM_TEXT),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Card details" lang="en">
      <Grid gap="md">
        <Grid.Col span={12}>
          <TextInput
            label="Name on card"
            autoComplete="cc-name"
            error={errors.name?.message}
            {...register('name')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Controller
            control={control}
            name="number"
            render={({ field, fieldState }) => (
              <CardNumberInput {...field} error={fieldState.error?.message} />
            )}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <Controller
            control={control}
            name="expiry"
            render={({ field, fieldState }) => (
              <CardExpiryInput {...field} error={fieldState.error?.message} />
            )}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <CardCvcInput error={errors.cvc?.message} {...register('cvc')} />
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
