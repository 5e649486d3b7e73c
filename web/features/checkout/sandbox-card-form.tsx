import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../lib/errors.ts';
import { type CardFormProps, PAY_BUTTON_TEXT } from './card-form.ts';
import { createSandboxPaymentMethod } from './checkout.api.ts';
import {
  formatCardNumber,
  formatExpiry,
  INVALID_FORM_TEXT,
  isExpired,
  parseExpiry,
} from './checkout-rules.ts';

/** Stripe's own wording for a card form that is not filled in (the card form is in English). */
const cardFormSchema = z.object({
  name: z.string().trim().max(255, 'The name on the card cannot be more than 255 characters long.'),
  number: z
    .string()
    .transform((value) => value.replace(/\D/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is incomplete.')),
  expiry: z.string().superRefine((value, context) => {
    const expiry = parseExpiry(value);
    if (!expiry) {
      context.addIssue({ code: 'custom', message: "Your card's expiration date is incomplete." });
    } else if (isExpired(expiry, new Date())) {
      context.addIssue({ code: 'custom', message: "Your card's expiration year is in the past." });
    }
  }),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});

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
              <TextInput
                label="Card number"
                placeholder="1234 1234 1234 1234"
                inputMode="numeric"
                autoComplete="cc-number"
                withAsterisk
                maxLength={23}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={(event) => field.onChange(formatCardNumber(event.currentTarget.value))}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <Controller
            control={control}
            name="expiry"
            render={({ field, fieldState }) => (
              <TextInput
                label="Expiration date"
                placeholder="MM / YY"
                inputMode="numeric"
                autoComplete="cc-exp"
                withAsterisk
                maxLength={7}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={(event) => field.onChange(formatExpiry(event.currentTarget.value))}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <TextInput
            label="Security code"
            placeholder="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            withAsterisk
            maxLength={4}
            error={errors.cvc?.message}
            {...register('cvc')}
          />
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
