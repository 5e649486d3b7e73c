import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface OrderButtonsProps {
  /** The spec's rule (orderButtonsDisabled from domain/catalog.ts). */
  disabledByRules: boolean;
  /** Adds to the cart, then opens it. */
  onOrderNow: () => void;
  /** Adds to the cart. */
  onAddToCart: () => void;
  busy: boolean;
  /** The server's refusal of the last add, shown under the buttons. */
  error: string | null;
  children?: ReactNode;
}

/** 'Order Now' and 'Add to Cart' of the product and package pages, disabled by the spec's rules. */
export function OrderButtons({
  disabledByRules,
  onOrderNow,
  onAddToCart,
  busy,
  error,
  children,
}: OrderButtonsProps) {
  return (
    <Stack gap={6}>
      <Group gap="sm">
        <Button size="md" disabled={disabledByRules} loading={busy} onClick={onOrderNow}>
          Order Now
        </Button>
        {/* While an add is under way the button looks disabled but keeps the keyboard's focus (a
            disabled button drops it to the page), and a second press adds nothing. */}
        <Button
          variant="outline"
          size="md"
          disabled={disabledByRules}
          data-disabled={busy || undefined}
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onAddToCart();
          }}
        >
          Add to Cart
        </Button>
        {children}
      </Group>
      {error ? (
        <Text c="red.8" fw={500} role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
