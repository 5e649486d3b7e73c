import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { type SavedAddress, SHIP_ONLY_TO_CANADA_ERROR } from '../../../domain/address.ts';
import { NO_KEY_DEFINED, type PaymentMethod } from '../../../domain/orders.ts';
import { isApiError } from '../../lib/api.ts';
import { useConfig } from '../../lib/config.ts';
import { errorMessage } from '../../lib/errors.ts';
import type { Authenticate, CardFormProps } from './card-form.ts';
import { useAuthenticationResult, useAuthorizePayment } from './checkout.api.ts';
import { billingDetailsOf, isShippable } from './checkout-rules.ts';
import { SandboxCardForm } from './sandbox-card-form.tsx';

const StripeCardForm = lazy(() =>
  import('./stripe-card-form.tsx').then((module) => ({ default: module.StripeCardForm })),
);

/** What the payment step hands to the review: the card and the authorized payment intent. */
export interface Paid {
  method: PaymentMethod;
  paymentIntentId: string;
  /** The authorized amount, in cents. */
  amount: number | null;
}

interface PaymentStepProps {
  userId: number;
  email: string;
  shipping: SavedAddress | undefined;
  billing: SavedAddress | undefined;
  onPaid: (paid: Paid) => void;
  /**
   * The server refused to take the payment for the cart (emptied or changed in another tab, an item
   * short): the cart is read again, so the summary and the page follow it.
   */
  onRefused: () => void;
  /** Why the client is asked to pay again (the payment before was released), shown until they do. */
  notice?: string | undefined;
}

function TestModeHint() {
  return (
    <Alert color="yellow" variant="light" title="TEST MODE">
      Use the test card <strong>4242 4242 4242 4242</strong> with any future date and any 3 digits. The card
      4000 0000 0000 0002 is declined; 4000 0027 6000 3184 asks for 3-D Secure. No real card is charged.
    </Alert>
  );
}

/**
 * The payment step (spec §4 Payment): the card becomes a payment method with the provider (its
 * error message shows and stops here), then the server authorizes the order's total with it; a
 * bank that asks for 3-D Secure is answered through the card form, then the server says the outcome.
 * 'succeeded' moves on to the review, anything else shows the server's text.
 */
export function PaymentStep({
  userId,
  email,
  shipping,
  billing,
  onPaid,
  onRefused,
  notice,
}: PaymentStepProps) {
  const { config } = useConfig();
  const authorize = useAuthorizePayment();
  const authenticationResult = useAuthenticationResult();
  const [error, setError] = useState<string>();
  // A refusal that no field owns (the bank's window closed, the card declined) takes the focus when
  // nothing has it: the button pressed was disabled meanwhile, and the keyboard would start over at
  // the page's top. A field the card form marked keeps it.
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error && (document.activeElement === null || document.activeElement === document.body)) {
      errorRef.current?.focus();
    }
  }, [error]);

  const beforeSubmit = () => {
    if (!isShippable(shipping)) {
      setError(SHIP_ONLY_TO_CANADA_ERROR);
      return false;
    }
    return true;
  };

  const onPaymentMethod = async (method: PaymentMethod, authenticate: Authenticate) => {
    try {
      let result = await authorize.mutateAsync({ userId, paymentMethodId: method.id });
      if (result.status === 'requires_action' && result.paymentIntentId && result.clientSecret) {
        const { paymentIntentId, clientSecret, amount } = result;
        await authenticate({ paymentIntentId, clientSecret, amount });
        result = await authenticationResult.mutateAsync({ userId, paymentIntentId });
      }
      if (result.status === 'succeeded' && result.paymentIntentId) {
        setError(undefined);
        onPaid({ method, paymentIntentId: result.paymentIntentId, amount: result.amount });
      } else {
        setError(result.error || 'The payment was not authorized. Please try another card.');
      }
    } catch (cause) {
      setError(errorMessage(cause));
      if (isApiError(cause) && cause.status >= 400 && cause.status < 500) onRefused();
    }
  };

  const props: CardFormProps = {
    billingDetails: billingDetailsOf(billing, email),
    beforeSubmit,
    onPaymentMethod,
    onError: setError,
  };

  let form: ReactNode;
  if (!config.publicKey) {
    form = (
      <Alert color="red" variant="light">
        {NO_KEY_DEFINED}
      </Alert>
    );
  } else if (config.paymentProvider === 'stripe') {
    form = (
      <Suspense
        fallback={
          <Center py="md">
            <Loader size="sm" aria-label="Loading the card form" />
          </Center>
        }
      >
        <StripeCardForm publicKey={config.publicKey} {...props} />
      </Suspense>
    );
  } else {
    form = <SandboxCardForm {...props} />;
  }

  return (
    <Stack gap="md">
      {notice ? (
        <Alert color="orange" variant="light" role="alert">
          {notice}
        </Alert>
      ) : null}
      {config.testMode ? <TestModeHint /> : null}
      <Text size="sm" c="dimmed">
        Your card is authorized now and charged only when you place the order.
      </Text>
      {form}
      {error ? (
        <Alert color="red" variant="light" role="alert" ref={errorRef} tabIndex={-1}>
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
