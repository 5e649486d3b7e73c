import { Anchor, Button, Group, NumberInput, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { CART_QUANTITY_MAX, type CartLine } from '../../../domain/cart.ts';
import { formatMoney } from '../../../domain/money.ts';
import { ProductImage } from '../../components/product-image.tsx';
import { paths } from '../../lib/paths.ts';
import classes from './cart.module.css';
import { lineName, quantityToSend } from './cart-rules.ts';

interface CartLineRowProps {
  line: CartLine;
  showPrices: boolean;
  /** Sends the new quantity; 0 removes the line. `onFailed` runs when the server refused it. */
  onQuantity: (line: CartLine, quantity: number, onFailed: () => void) => void;
}

function lineHref(line: CartLine): string {
  return line.package
    ? paths.packageDetail(line.package.id, line.product.id)
    : paths.product(line.product.category_id, line.product.id, line.size_id);
}

/**
 * One line of the cart or wish list: the item, its size, the quantity (minimum 1 with the
 * arrows; typing 0 or Remove takes the line out), prices in shop mode, and the line's stock error.
 */
export function CartLineRow({ line, showPrices, onQuantity }: CartLineRowProps) {
  const name = lineName(line);
  const [value, setValue] = useState<string | number>(line.quantity);
  // The server's answer wins (another tab, a clamp): a new quantity shows what the cart holds.
  const [held, setHeld] = useState(line.quantity);
  if (held !== line.quantity) {
    setHeld(line.quantity);
    setValue(line.quantity);
  }
  const showHeld = () => setValue(line.quantity);

  const send = (next: string | number) => {
    const quantity = quantityToSend(next, CART_QUANTITY_MAX);
    // Refused: the box shows again what the cart holds.
    if (quantity !== null && quantity !== line.quantity) onQuantity(line, quantity, showHeld);
  };
  const sendLater = useDebouncedCallback(send, 600);
  /** Leaving the box or pressing Enter sends at once; an empty box goes back to the quantity held. */
  const sendNow = () => {
    sendLater.cancel();
    if (quantityToSend(value, CART_QUANTITY_MAX) === null) setValue(line.quantity);
    else send(value);
  };

  return (
    <div
      className={classes.line}
      data-error={line.error ? '' : undefined}
      data-no-prices={showPrices ? undefined : ''}
    >
      <Link to={lineHref(line)} className={classes.lineImage} tabIndex={-1} aria-hidden="true">
        <ProductImage icon={line.package?.icon || line.product.icon} variant="thumbnail" alt="" radius="md" />
      </Link>

      <Stack gap={2} className={classes.lineText}>
        <Anchor component={Link} to={lineHref(line)} fw={600} c="dark.8" lineClamp={2}>
          {name}
        </Anchor>
        <Text size="sm" c="dimmed">
          {line.product.code}
          {line.package ? ' · Package' : ''}
        </Text>
        {line.size_name ? (
          <Text size="sm">
            Size: <strong>{line.size_name}</strong>
          </Text>
        ) : null}
        {showPrices && line.pricing !== null ? (
          <Text size="sm" c="dimmed">
            {formatMoney(line.pricing)} each
            {line.productDiscount ? ` (you save ${formatMoney(line.productDiscount)} each)` : ''}
          </Text>
        ) : null}
        {line.error ? (
          <Text size="sm" c="red.8" fw={600} role="alert">
            {line.error}
          </Text>
        ) : null}
      </Stack>

      <div className={classes.lineActions}>
        <Group gap="xs" wrap="nowrap" align="flex-start" className={classes.lineControls}>
          <NumberInput
            aria-label={`Quantity of ${name}`}
            w={96}
            min={1}
            max={CART_QUANTITY_MAX}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            value={value}
            error={Boolean(line.error)}
            onChange={(next) => {
              setValue(next);
              sendLater(next);
            }}
            onBlur={sendNow}
            onKeyDown={(event) => {
              if (event.key === 'Enter') sendNow();
            }}
          />
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            mt={6}
            onClick={() => onQuantity(line, 0, showHeld)}
          >
            Remove<VisuallyHidden> {name}</VisuallyHidden>
          </Button>
        </Group>

        {showPrices && line.lineTotal !== null ? (
          <Text fw={700} className={classes.lineTotal}>
            {formatMoney(line.lineTotal)}
          </Text>
        ) : null}
      </div>
    </div>
  );
}
