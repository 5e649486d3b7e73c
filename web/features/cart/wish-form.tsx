import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { LoginRecord } from '../../../domain/auth.ts';
import { wishRequestSchema } from '../../../domain/orders.ts';
import { ContactFields } from '../../components/contact-fields.tsx';
import { TextAreaField } from '../../components/form/text-field.tsx';
import type { Cart } from '../../lib/cart.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { paths } from '../../lib/paths.ts';
import { useSendWishList, type WishDetails } from './cart.api.ts';
import classes from './cart.module.css';

const wishFormSchema = wishRequestSchema.pick({
  customer_name: true,
  email: true,
  phone: true,
  address: true,
  message: true,
});

const FIELDS = ['customer_name', 'email', 'phone', 'address', 'message'] as const;

/** The client's details from the login record (spec §3 Wish request). */
function detailsOf(client: LoginRecord): WishDetails {
  const name =
    client.client_full_name || [client.first_name, client.last_name].filter(Boolean).join(' ') || '';
  const place = [client.city, [client.province, client.postalcode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const address = [client.address, place, client.country].filter(Boolean).join(', ');
  return {
    customer_name: name,
    email: client.email ?? '',
    phone: client.phone ?? '',
    address,
    message: '',
  };
}

/**
 * Wish-list mode: instead of a checkout, the list goes to the shop as a wish request carrying the
 * client's details; the shop and the client get an e-mail and the list is emptied.
 */
export function WishForm({ client, cart }: { client: LoginRecord; cart: Cart }) {
  const navigate = useNavigate();
  const send = useSendWishList();
  const [formError, setFormError] = useState<string>();
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm({
    resolver: zodResolver(wishFormSchema),
    mode: 'onTouched',
    defaultValues: detailsOf(client),
  });

  const onSubmit = handleSubmit(async (details) => {
    setFormError(undefined);
    try {
      await send.mutateAsync({ details, cart });
      navigate(paths.wishRequest());
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  return (
    <Paper withBorder radius="lg" p="lg" className={classes.sticky}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Send your wish list
          </Title>
          <Text size="sm" c="dimmed">
            We will e-mail you to talk about prices, quantities and delivery.
          </Text>
          <ContactFields
            control={control}
            names={{ name: 'customer_name', email: 'email', phone: 'phone' }}
            layout="stack"
          />
          <TextAreaField
            control={control}
            name="address"
            label="Address"
            autoComplete="street-address"
            autosize
            minRows={2}
            maxRows={4}
          />
          <TextAreaField
            control={control}
            name="message"
            label="Message"
            placeholder="Anything we should know: colours, dates, how many of each size…"
            autosize
            minRows={3}
            maxRows={8}
          />
          <Button type="submit" size="md" fullWidth loading={isSubmitting} disabled={isSubmitting}>
            Send Wish List
          </Button>
          {formError ? (
            <Alert color="red" variant="light" title="Your wish list was not sent">
              {formError}
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
