import { UnstyledButton } from '@mantine/core';
import { type CSSProperties, useState } from 'react';
import { Link } from 'react-router';
import { useCart } from '../../lib/cart.ts';
import { useConfig } from '../../lib/config.ts';
import { paths } from '../../lib/paths.ts';
import classes from './cart-badge.module.css';
import { badgeAnimationMs } from './cart-rules.ts';

interface Bump {
  /** Changes for every new animation, so that the count's element starts it again. */
  key: number;
  ms: number;
}

/**
 * The header's cart button (spec storefront §2 Cart badge): the total quantity, hidden while the
 * cart is empty; it opens the cart and bumps when items are added (300 ms for the first, 160 ms
 * for more). In wish-list mode it is the wish list's button.
 */
export function CartBadge() {
  const { data: cart } = useCart();
  const { config } = useConfig();
  const quantity = cart?.quantity ?? 0;
  const [bump, setBump] = useState<Bump>({ key: 0, ms: 0 });
  // The quantity the badge showed last; the first answer is what the cart already held.
  const [shown, setShown] = useState<number>();
  const known = cart === undefined ? undefined : quantity;
  if (known !== undefined && known !== shown) {
    setShown(known);
    const ms = shown === undefined ? 0 : badgeAnimationMs(shown, known);
    if (ms > 0) setBump({ key: bump.key + 1, ms });
  }

  if (quantity <= 0) return null;

  const what = config.showPrices ? 'Cart' : 'Wish list';
  const items = quantity === 1 ? '1 item' : `${quantity.toLocaleString('en-CA')} items`;
  const style = { '--cart-bump-duration': `${bump.ms}ms` } as CSSProperties;

  return (
    <UnstyledButton
      component={Link}
      to={paths.cart()}
      className={classes.button}
      aria-label={`${what}, ${items}`}
      title={`${what} (${items})`}
    >
      <svg className={classes.icon} viewBox="0 0 24 24" aria-hidden="true">
        {config.showPrices ? (
          <>
            <circle cx="6" cy="19" r="2" />
            <circle cx="17" cy="19" r="2" />
            <path d="M17 17h-11v-14h-2" />
            <path d="M6 5l14 1l-1 7h-13" />
          </>
        ) : (
          <path d="M19.5 12.6l-7.5 7.4l-7.5 -7.4a5 5 0 1 1 7.5 -6.6a5 5 0 1 1 7.5 6.6" />
        )}
      </svg>
      <span
        key={bump.key}
        className={classes.count}
        data-bump={bump.key > 0 ? '' : undefined}
        style={style}
        aria-hidden="true"
      >
        {quantity > 999 ? '999+' : quantity}
      </span>
    </UnstyledButton>
  );
}
