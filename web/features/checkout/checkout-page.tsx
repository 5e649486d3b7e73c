import {
  Accordion,
  Alert,
  Anchor,
  Button,
  Center,
  Container,
  Grid,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BILLING_ADDRESS, type SavedAddress, SHIPPING_ADDRESS } from '../../../domain/address.ts';
import type { LoginRecord } from '../../../domain/auth.ts';
import { type Cart, canCheckout } from '../../../domain/cart.ts';
import type { ShippingFee } from '../../../domain/shipping.ts';
import { isLoggedIn, useLoggedClient } from '../../lib/auth-store.ts';
import { useCart, useForgetCart } from '../../lib/cart.ts';
import { useConfig } from '../../lib/config.ts';
import { errorMessage } from '../../lib/errors.ts';
import { paths } from '../../lib/paths.ts';
import { AddressForm } from './address-form.tsx';
import { addressLine } from './address-summary.tsx';
import { useSavedAddresses, useShippingFee, useTaxRate } from './checkout.api.ts';
import classes from './checkout.module.css';
import {
  checkoutTotals,
  initialCheckout,
  isStepDone,
  isStepLocked,
  needsReveal,
  pickAddresses,
  type SavedAddresses,
  type StepCounter,
  type StepName,
} from './checkout-rules.ts';
import { keepPayment, readKeptPayment } from './kept-payment.ts';
import { OrderSummary, type SummaryFigures } from './order-summary.tsx';
import { type Paid, PaymentStep } from './payment-step.tsx';
import { describeCard, ReviewStep } from './review-step.tsx';

/** Spec §9: redirects after a cart problem or an order wait about 100 ms. */
const REDIRECT_DELAY_MS = 100;
/** Spec §2: the accordion animates in 0.8 s. */
const ACCORDION_MS = 800;

const STEP_TITLES: Record<StepName, string> = {
  shipping: 'Shipping Address',
  billing: 'Billing Address',
  payment: 'Payment',
  review: 'Review and Place Order',
};

function StepIcon({ number, done, current }: { number: number; done: boolean; current: boolean }) {
  return (
    <span
      className={classes.stepNumber}
      data-done={done ? '' : undefined}
      data-current={current ? '' : undefined}
    >
      {done ? (
        <svg className={classes.check} viewBox="0 0 24 24" aria-hidden="true">
          <path d="M5 12l5 5l10 -10" />
        </svg>
      ) : (
        number
      )}
    </span>
  );
}

interface StepProps {
  name: StepName;
  counter: StepCounter;
  open: StepName | null;
  summary: string | undefined;
  onEdit: (name: StepName) => void;
  children: ReactNode;
}

/** One step of the accordion: locked until the one before is done, a check mark and Edit once done. */
function Step({ name, counter, open, summary, onEdit, children }: StepProps) {
  const locked = isStepLocked(name, counter);
  const done = isStepDone(name, counter);
  const opened = open === name;
  const title = STEP_TITLES[name];
  return (
    <Accordion.Item value={name} className={classes.step} data-step={name}>
      <Group wrap="nowrap" gap={0} pr={done && !opened ? 'sm' : 0}>
        <Accordion.Control
          className={classes.stepControl}
          disabled={locked}
          icon={<StepIcon number={STEPS_ORDER[name]} done={done} current={opened} />}
        >
          <Text fw={700}>
            {title}
            {done ? <VisuallyHidden> (done)</VisuallyHidden> : null}
          </Text>
          {summary && done && !opened ? (
            <Text size="sm" c="dimmed" lineClamp={1}>
              {summary}
            </Text>
          ) : null}
        </Accordion.Control>
        {done && !opened ? (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => onEdit(name)}
            aria-label={`Edit ${title}`}
          >
            Edit
          </Button>
        ) : null}
      </Group>
      <Accordion.Panel>{children}</Accordion.Panel>
    </Accordion.Item>
  );
}

const STEPS_ORDER: Record<StepName, number> = { shipping: 1, billing: 2, payment: 3, review: 4 };

/**
 * Opens a step for the person: once it has rendered, its heading (the accordion's control) takes
 * the focus, so that the keyboard and a screen reader follow to it (the button pressed is gone or
 * closed away), and it is brought into view once the accordion has finished moving.
 */
function useRevealStep(): (name: StepName) => void {
  const [revealing, setRevealing] = useState<{ name: StepName }>();
  useEffect(() => {
    if (!revealing) return;
    const item = document.querySelector<HTMLElement>(`[data-step="${revealing.name}"]`);
    item?.querySelector<HTMLButtonElement>('button[aria-controls]')?.focus({ preventScroll: true });
    const timer = window.setTimeout(() => {
      if (!item) return;
      const headerBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
      if (!needsReveal(item.getBoundingClientRect().top, window.innerHeight, headerBottom)) return;
      const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
      item.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    }, ACCORDION_MS);
    return () => window.clearTimeout(timer);
  }, [revealing]);
  return useCallback((name: StepName) => setRevealing({ name }), []);
}

/** The client's own details, to start a new address with. */
function prefillOf(client: LoginRecord) {
  const province = /^[A-Za-z]{2}$/.test(client.province ?? '') ? client.province.toUpperCase() : '';
  return {
    first_name: client.first_name,
    middle_initial: client.middle_initial,
    last_name: client.last_name,
    address: client.address,
    city: client.city,
    province,
    postalcode: client.postalcode,
    country_code: 'CA',
    email: client.email,
    phone: client.phone,
  };
}

/** Shipping fee and tax for the shipping address; a failed quote keeps the previous fee (spec §4). */
function useFigures(cart: Cart | undefined, shipping: SavedAddress | undefined): SummaryFigures {
  const cartTotal = cart?.cartTotal ?? 0;
  const feeQuery = useShippingFee(
    shipping && {
      province: shipping.province,
      postalcode: shipping.postalcode,
      country_code: shipping.country_code,
    },
    cartTotal,
  );
  // The last fee a quote gave, kept while a new quote fails: remembered as the answers come, in
  // render (React's way to keep information from earlier renders), not copied in an effect.
  const [lastFee, setLastFee] = useState<ShippingFee>();
  if (feeQuery.data && !feeQuery.isPlaceholderData && feeQuery.data !== lastFee) setLastFee(feeQuery.data);
  const taxQuery = useTaxRate(shipping?.province);

  const shippingFee = feeQuery.isError ? lastFee : (feeQuery.data ?? lastFee);
  const taxRate = taxQuery.data?.tax_rate;
  return {
    totals: checkoutTotals(cartTotal, shippingFee?.shipping_fee, taxRate),
    shippingFee,
    feePending: feeQuery.isFetching,
    feeError: feeQuery.isError ? errorMessage(feeQuery.error) : undefined,
    taxRate,
    province: shipping?.province,
    hasShippingAddress: shipping !== undefined,
  };
}

/**
 * The four-step checkout (spec §2 Checkout, §4 Checkout step counter) with the Order Summary
 * panel. It goes back to the cart when the cart has an error, is empty or is under the minimum.
 */
export function CheckoutPage() {
  const client = useLoggedClient();
  // The route's guard lets only logged-in clients in; without one the page does nothing.
  if (!isLoggedIn(client)) return null;
  return <Checkout client={client} />;
}

function Checkout({ client }: { client: LoginRecord }) {
  const navigate = useNavigate();
  const { config } = useConfig();
  const cartQuery = useCart({ fresh: true });
  const addressesQuery = useSavedAddresses(client.client_id);
  const [placedOrder, setPlacedOrder] = useState<number>();

  // The saved addresses open the next step: taken once, from a fresh answer.
  const [saved, setSaved] = useState<SavedAddresses>();
  if (!saved && addressesQuery.isSuccess && !addressesQuery.isFetching) {
    setSaved(pickAddresses(addressesQuery.data));
  }

  const cart = cartQuery.data;
  // Nothing to pay for: back to the cart, where the reason shows.
  const cannotCheckout =
    cart !== undefined && (!config.showPrices || !canCheckout(cart, config.minimumPurchase));
  useEffect(() => {
    if (!cannotCheckout || placedOrder !== undefined) return;
    const timer = window.setTimeout(() => navigate(paths.cart(), { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [cannotCheckout, placedOrder, navigate]);

  useEffect(() => {
    if (placedOrder === undefined) return;
    const timer = window.setTimeout(
      () => navigate(paths.thankyou(placedOrder), { replace: true }),
      REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [placedOrder, navigate]);

  if (placedOrder !== undefined) {
    return (
      <Center mih="50vh">
        <Stack align="center" gap="sm">
          <Loader aria-label="Opening your confirmation" />
          <Text>Your order is placed.</Text>
        </Stack>
      </Center>
    );
  }

  const failed =
    cart === undefined ? cartQuery : addressesQuery.isError && !saved ? addressesQuery : undefined;
  if (failed?.isError) {
    return (
      <Container py="xl" size="sm">
        <Alert color="red" variant="light" title="The checkout could not be opened">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(failed.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void failed.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }

  if (!saved || !cart || cannotCheckout) {
    return (
      <Center mih="50vh">
        <Loader aria-label="Loading the checkout" />
      </Center>
    );
  }

  return (
    <CheckoutSteps
      client={client}
      cart={cart}
      saved={saved}
      onPlaced={setPlacedOrder}
      onOrderFailed={() => void cartQuery.refetch()}
    />
  );
}

interface CheckoutStepsProps {
  client: LoginRecord;
  cart: Cart;
  /** The addresses saved before: where the steps start. */
  saved: SavedAddresses;
  onPlaced: (orderNumber: number) => void;
  onOrderFailed: () => void;
}

/** The four steps and the Order Summary, from the addresses saved before. */
function CheckoutSteps({ client, cart, saved, onPlaced, onOrderFailed }: CheckoutStepsProps) {
  const forgetCart = useForgetCart();
  const [start] = useState(() => {
    const addressed = initialCheckout(saved);
    // A reload at Review comes back to it with the card the cart was paid with.
    const kept = addressed.counter >= 2 ? readKeptPayment(client.client_id, cart) : undefined;
    return kept ? { counter: 3 as const, open: 'review' as const, paid: kept } : { ...addressed, paid: kept };
  });
  const [counter, setCounter] = useState<StepCounter>(start.counter);
  const [open, setOpen] = useState<StepName | null>(start.open);
  const [shipping, setShipping] = useState<SavedAddress | undefined>(saved.shipping);
  const [billing, setBilling] = useState<SavedAddress | undefined>(
    start.counter >= 2 ? saved.billing : undefined,
  );
  const [paid, setPaidState] = useState<Paid | undefined>(start.paid);
  const setPaid = (payment: Paid | undefined) => {
    setPaidState(payment);
    keepPayment(client.client_id, cart, payment);
  };
  const [paymentNotice, setPaymentNotice] = useState<string>();
  const revealStep = useRevealStep();
  const figures = useFigures(cart, shipping);

  const onShippingSaved = (address: SavedAddress) => {
    setShipping(address);
    setPaid(undefined);
    setCounter(1);
    setOpen('billing');
    revealStep('billing');
  };
  const onBillingSaved = (address: SavedAddress) => {
    setBilling(address);
    setPaid(undefined);
    setCounter(2);
    setOpen('payment');
    revealStep('payment');
  };
  const onPaid = (payment: Paid) => {
    setPaymentNotice(undefined);
    setPaid(payment);
    setCounter(3);
    setOpen('review');
    revealStep('review');
  };
  const onOrderPlaced = (orderNumber: number) => {
    // The intent and the card are used up; the server emptied the cart.
    setPaid(undefined);
    forgetCart();
    onPlaced(orderNumber);
  };
  // The payment was released (the cart changed in another tab, the hold ended): back to Payment,
  // saying why, with the cart read again so that the summary shows what is paid for now.
  const onPaymentEnded = (message: string) => {
    setPaid(undefined);
    setPaymentNotice(message);
    setCounter(2);
    setOpen('payment');
    revealStep('payment');
    onOrderFailed();
  };
  const onEdit = (name: StepName) => {
    setOpen(name);
    revealStep(name);
  };
  const onToggle = (value: string | null) => {
    const name = value as StepName | null;
    if (name && isStepLocked(name, counter)) return;
    setOpen(name);
  };

  const prefill = prefillOf(client);

  return (
    <Container py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Title order={1}>Checkout</Title>
          <Anchor component={Link} to={paths.shopping()} fw={600}>
            Continue Shopping
          </Anchor>
        </Group>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
            <Accordion
              value={open}
              onChange={onToggle}
              transitionDuration={ACCORDION_MS}
              variant="separated"
              radius="lg"
              chevronPosition="right"
            >
              <Step
                name="shipping"
                counter={counter}
                open={open}
                summary={shipping && addressLine(shipping)}
                onEdit={onEdit}
              >
                <AddressForm
                  type={SHIPPING_ADDRESS}
                  clientId={client.client_id}
                  saved={shipping}
                  prefill={prefill}
                  onSaved={onShippingSaved}
                />
              </Step>
              <Step
                name="billing"
                counter={counter}
                open={open}
                summary={
                  billing && (billing.same_as_shipping ? 'Same as shipping address' : addressLine(billing))
                }
                onEdit={onEdit}
              >
                <AddressForm
                  type={BILLING_ADDRESS}
                  clientId={client.client_id}
                  saved={billing}
                  prefill={prefill}
                  shipping={shipping}
                  onSaved={onBillingSaved}
                />
              </Step>
              <Step
                name="payment"
                counter={counter}
                open={open}
                summary={paid && describeCard(paid.method.card)}
                onEdit={onEdit}
              >
                {counter >= 2 ? (
                  <PaymentStep
                    userId={client.client_id}
                    email={client.email}
                    shipping={shipping}
                    billing={billing}
                    onPaid={onPaid}
                    onRefused={onOrderFailed}
                    notice={paymentNotice}
                  />
                ) : null}
              </Step>
              <Step name="review" counter={counter} open={open} summary={undefined} onEdit={onEdit}>
                {counter >= 3 && paid && shipping && billing ? (
                  <ReviewStep
                    client={client}
                    cart={cart}
                    shipping={shipping}
                    billing={billing}
                    paid={paid}
                    figures={figures}
                    onPlaced={onOrderPlaced}
                    onFailed={onOrderFailed}
                    onPaymentEnded={onPaymentEnded}
                  />
                ) : null}
              </Step>
            </Accordion>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
            <OrderSummary cart={cart} figures={figures} />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
