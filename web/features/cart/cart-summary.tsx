import { Alert, Button, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { Cart } from '../../../domain/cart.ts';
import { formatMessage } from '../../../domain/messages.ts';
import { formatMoney } from '../../../domain/money.ts';
import { useMessageText } from '../../lib/catalog-queries.ts';
import { paths } from '../../lib/paths.ts';
import classes from './cart.module.css';
import { checkoutBlock, hasStockError } from './cart-rules.ts';

/** Used only until the message catalogue (GET api/message) has answered. */
const MINIMUM_PURCHASE_FALLBACK = 'The minimum purchase is {0} before tax.';
export const FIX_QUANTITIES_TEXT = 'Please lower the quantities marked in red before checking out.';

interface CartSummaryProps {
  cart: Cart;
  minimumPurchase: number;
  /** A quantity change is on its way: checkout waits for the server's cart. */
  busy: boolean;
  /** 'CDN$12.50 more for free shipping to Ontario', or null when there is none to offer. */
  freeShipping: string | null;
}

/** Why checkout is closed: the lines over their stock, and a total under the minimum purchase. */
export function CheckoutNotes({ cart, minimumPurchase }: { cart: Cart; minimumPurchase: number }) {
  const minimumText = useMessageText('minimum_purchase') ?? MINIMUM_PURCHASE_FALLBACK;
  if (cart.products.length === 0) return null;
  const stock = hasStockError(cart);
  const belowMinimum = (cart.cartTotal ?? 0) < minimumPurchase;
  return (
    <>
      {stock ? (
        <Alert color="red" variant="light">
          {FIX_QUANTITIES_TEXT}
        </Alert>
      ) : null}
      {belowMinimum ? (
        <Alert color="yellow" variant="light">
          {formatMessage(minimumText, formatMoney(minimumPurchase))}
        </Alert>
      ) : null}
    </>
  );
}

/**
 * The cart's totals and its Checkout button, enabled only when no line has an error and the
 * total reaches the minimum purchase before tax (spec §2 Cart and wish list, §9).
 */
export function CartSummary({ cart, minimumPurchase, busy, freeShipping }: CartSummaryProps) {
  const navigate = useNavigate();
  const total = cart.cartTotal ?? 0;
  const ready = checkoutBlock(cart, minimumPurchase) === null;
  const items = cart.quantity === 1 ? '1 item' : `${cart.quantity} items`;

  return (
    <Paper withBorder radius="lg" p="lg" className={classes.sticky}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Order Summary
        </Title>
        <div className={classes.summaryRow}>
          <Text c="dimmed">Items</Text>
          <Text>{items}</Text>
        </div>
        {cart.discount ? (
          <div className={classes.summaryRow}>
            <Text c="dimmed">Your savings</Text>
            <Text c="green.9">{formatMoney(cart.discount)}</Text>
          </div>
        ) : null}
        <Divider />
        <div className={classes.summaryRow}>
          <Text fw={700}>Subtotal</Text>
          <Text fw={700} data-testid="cart-subtotal">
            {formatMoney(total)}
          </Text>
        </div>
        {freeShipping ? (
          <Text size="sm" fw={600} c="green.9" aria-live="polite">
            {freeShipping}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          Shipping and tax are calculated at checkout.
        </Text>

        <CheckoutNotes cart={cart} minimumPurchase={minimumPurchase} />

        <Button size="md" fullWidth disabled={!ready || busy} onClick={() => navigate(paths.submit())}>
          Checkout
        </Button>
      </Stack>
    </Paper>
  );
}
