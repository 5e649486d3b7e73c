import { Badge, Group, Text } from '@mantine/core';
import { salePrice } from '../../domain/catalog-display.ts';
import { formatMoney } from '../../domain/money.ts';

interface PriceTagProps {
  /** The list price in cents; null while prices are hidden (nothing is shown). */
  pricing: number | null;
  priceDiscount: number | null;
  size?: 'md' | 'lg';
}

/**
 * A product's price as the cart will charge it: the price less its discount and, when there is a
 * discount, a Sale badge and the list price crossed out beside it (Mantine's Text switches the
 * line-through of an <s> off: it is set again here, or it reads as a second price).
 */
export function PriceTag({ pricing, priceDiscount, size = 'md' }: PriceTagProps) {
  const price = salePrice(pricing, priceDiscount);
  if (pricing === null || price === null) return null;
  const large = size === 'lg';
  return (
    <Group gap={large ? 'sm' : 6} align="baseline" wrap="wrap">
      <Text fz={large ? 28 : undefined} fw={large ? 800 : 700} c="maple.8">
        {formatMoney(price)}
      </Text>
      {price < pricing ? (
        <>
          <Text
            component="s"
            td="line-through"
            fz={large ? 'lg' : 'sm'}
            c="dimmed"
            aria-label={`was ${formatMoney(pricing)}`}
          >
            {formatMoney(pricing)}
          </Text>
          <Badge color="red.8" variant="filled" size={large ? 'md' : 'sm'} radius="sm">
            Sale
          </Badge>
        </>
      ) : null}
    </Group>
  );
}
