import './mantine-styles.ts';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Checkbox,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { taxOn } from '../../../domain/money.ts';
import {
  CHECKOUT_FORM_MAX_WIDTH_PX,
  CHECKOUT_QUANTITY_MAX,
  CHECKOUT_QUANTITY_MIN,
} from '../../../domain/pos/constants.ts';
import { POS_MESSAGES } from '../../../domain/pos/messages.ts';
import { taxRateLabel } from '../../../domain/pos/sale.ts';
import { useConfig } from '../../lib/config.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatMoney } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useCreateCheckoutSession, usePosPrices, usePosProducts } from './pos.api.ts';
import classes from './pos.module.css';
import {
  type CheckoutProduct,
  checkoutLineItems,
  checkoutProducts,
  checkoutTotal,
  filterProducts,
  type PriceChoice,
  storeRatePpm,
} from './pos-rules.ts';
import { PosPage } from './pos-ui.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';

type Choices = Record<string, PriceChoice>;

/** The tax of the ticked prices, line by line at the rate, as the server taxes the session. */
function checkoutTax(products: readonly CheckoutProduct[], choices: Choices, ratePpm: number): number {
  let tax = 0;
  for (const product of products) {
    for (const price of product.prices) {
      const choice = choices[price.priceId];
      if (choice?.checked) tax += taxOn(price.unitAmount * choice.quantity, ratePpm);
    }
  }
  return tax;
}

/**
 * Card checkout without a reader (spec pos §2 Card checkout screen, §4, §5): the shop's catalogue,
 * a price per size; tick prices, set quantities, Add tax (on by default); Submit opens the hosted
 * payment page (the sandbox's own page, or Stripe Checkout), priced again on the server. The sale
 * and its receipt are made when the payment page comes back (the Checkout success screen).
 */
export function PosCheckoutPage() {
  const { config } = useConfig();
  const products = usePosProducts();
  const prices = usePosPrices();
  const createSession = useCreateCheckoutSession();
  const [search, setSearch] = useState('');
  const [choices, setChoices] = useState<Choices>({});
  const [addTax, setAddTax] = useState(true);
  const [message, setMessage] = useState<string>();
  // The browser is on its way to the payment page: the spinner stays until it leaves.
  const redirecting = Boolean(createSession.data?.url);
  const ratePpm = storeRatePpm(config.storeTaxRate);
  // Without the store's rate the server cannot tax the sale: only a sale without tax can go.
  const taxUnknown = addTax && ratePpm === undefined;

  const catalogue = useMemo(
    () => (products.data && prices.data ? checkoutProducts(products.data, prices.data) : []),
    [products.data, prices.data],
  );
  // 'M' for a price of a size: the checkbox says which size the price is for.
  const labels = useMemo(
    () => new Map((prices.data ?? []).map((price) => [price.id, price.label])),
    [prices.data],
  );
  const shown = filterProducts(catalogue, search);
  const subtotal = checkoutTotal(catalogue, choices);
  const tax = addTax && ratePpm !== undefined ? checkoutTax(catalogue, choices, ratePpm) : 0;

  const setChoice = (priceId: string, change: Partial<PriceChoice>) => {
    setMessage(undefined);
    setChoices((current) => {
      const before = current[priceId] ?? { checked: false, quantity: 0 };
      return { ...current, [priceId]: { ...before, ...change } };
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const lineItems = checkoutLineItems(choices);
    // Nothing ticked with a quantity: nothing is sent (spec §5).
    if (lineItems.length === 0) {
      setMessage(POS_MESSAGES.checkoutNoItems);
      return;
    }
    try {
      const session = await createSession.mutateAsync({ lineItems, addTax });
      if (session?.url) window.location.assign(session.url);
    } catch (error) {
      setMessage(errorMessage(error));
    }
  };

  const loading = products.isPending || prices.isPending || createSession.isPending || redirecting;
  const loadError = products.error ?? prices.error;

  return (
    <PosPage title="Card Checkout">
      <Box maw={CHECKOUT_FORM_MAX_WIDTH_PX} w="100%">
        {loading ? (
          <Center py={64}>
            <Stack align="center" gap="sm">
              <Loader aria-label="Loading" />
              {redirecting || createSession.isPending ? (
                <Text c="dimmed">Opening the payment page…</Text>
              ) : null}
            </Stack>
          </Center>
        ) : loadError ? (
          <Alert color="red" variant="light" title="The products could not be loaded">
            {errorMessage(loadError)}
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate aria-label="Card checkout">
            <Stack gap="md">
              <TextInput
                label="Search"
                placeholder="Filter products by name or code"
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
              />
              {shown.length === 0 ? (
                <Text c="dimmed">
                  {catalogue.length === 0 ? 'No products with a price.' : 'No product matches.'}
                </Text>
              ) : null}
              {shown.map((product) => (
                <Paper key={product.productId} withBorder radius="md" p="md">
                  <Group justify="space-between" align="baseline" gap="xs" mb="sm">
                    <Title order={2} size="h4">
                      {product.name}
                    </Title>
                    <Text size="sm" c="dimmed">
                      {product.code}
                    </Text>
                  </Group>
                  <Stack gap="sm">
                    {product.prices.map((price) => {
                      const choice = choices[price.priceId] ?? { checked: false, quantity: 0 };
                      const size = labels.get(price.priceId);
                      const priceLabel = `${formatMoney(price.unitAmount)}${size ? ` · ${size}` : ''}`;
                      const label = `${product.name} ${priceLabel}`;
                      return (
                        <Group key={price.priceId} justify="space-between" gap="sm" wrap="wrap">
                          <Group gap="md" wrap="nowrap">
                            <Checkbox
                              aria-label={label}
                              label={priceLabel}
                              checked={choice.checked}
                              onChange={(event) => {
                                const checked = event.currentTarget.checked;
                                // Unchecking resets the quantity to 0 (spec §4); ticking starts at 1.
                                setChoice(price.priceId, {
                                  checked,
                                  quantity: checked ? Math.max(1, choice.quantity) : 0,
                                });
                              }}
                            />
                            <Text size="sm" c="dimmed">
                              Unit amount {formatMoney(price.unitAmount)}
                            </Text>
                          </Group>
                          <Group gap="md" wrap="nowrap">
                            <QuantityStepper
                              label={`Quantity of ${label}`}
                              value={choice.quantity}
                              min={CHECKOUT_QUANTITY_MIN}
                              max={CHECKOUT_QUANTITY_MAX}
                              disabled={!choice.checked}
                              onChange={(quantity) => setChoice(price.priceId, { quantity })}
                            />
                            <Text className={classes.numeric} miw={130} size="sm">
                              {choice.checked
                                ? `Subtotal ${formatMoney(price.unitAmount * choice.quantity)}`
                                : ''}
                            </Text>
                          </Group>
                        </Group>
                      );
                    })}
                  </Stack>
                </Paper>
              ))}
              <Divider />
              <Checkbox
                label="Add tax"
                checked={addTax}
                onChange={(event) => {
                  setMessage(undefined);
                  setAddTax(event.currentTarget.checked);
                }}
              />
              <Group justify="space-between" align="flex-end">
                <Stack gap={2}>
                  <Text size="sm" c="dimmed" className={classes.numeric}>
                    {!addTax
                      ? `Subtotal ${formatMoney(subtotal)}, no tax added`
                      : ratePpm === undefined
                        ? `Subtotal ${formatMoney(subtotal)} + tax: the store's tax rate is not known`
                        : `Subtotal ${formatMoney(subtotal)} + tax (${taxRateLabel(ratePpm)}) ${formatMoney(tax)}`}
                  </Text>
                  <Text size="lg" fw={700}>
                    Total <span className={classes.numeric}>{formatMoney(subtotal + tax)}</span>
                  </Text>
                </Stack>
                <Button type="submit" size="md" disabled={taxUnknown}>
                  Submit
                </Button>
              </Group>
              {message ? (
                <Alert color="red" variant="light">
                  {message}
                </Alert>
              ) : null}
              <Anchor component={Link} to={paths.pos()} size="sm">
                have card reader? click POS Payment
              </Anchor>
            </Stack>
          </form>
        )}
      </Box>
    </PosPage>
  );
}
