import { VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { ProductImage } from '../../components/product-image.tsx';
import classes from './catalog.module.css';

interface OptionLinkProps {
  to: string;
  icon: string;
  label: string;
  title: string;
  active: boolean;
  /** A colour with no stock: marked, and not a link (another page's current colour still shows). */
  soldOut?: boolean;
  /** Kept across the move, e.g. the chosen size. */
  state?: unknown;
}

/** A colour or product of the product and package pages' selectors: its thumbnail and name. */
export function OptionLink({ to, icon, label, title, active, soldOut = false, state }: OptionLinkProps) {
  const content = (
    <>
      <ProductImage icon={icon} variant="thumbnail" alt="" className={classes.optionImage} />
      <span className={classes.optionLabel}>{label}</span>
      {soldOut ? <VisuallyHidden> (sold out)</VisuallyHidden> : null}
    </>
  );
  if (soldOut && !active) {
    return (
      <span className={classes.optionLink} data-sold-out aria-disabled="true" title={`${title} (sold out)`}>
        {content}
      </span>
    );
  }
  return (
    <Link
      to={to}
      state={state}
      replace
      className={classes.optionLink}
      aria-current={active ? 'true' : undefined}
      title={title}
      data-sold-out={soldOut || undefined}
    >
      {content}
    </Link>
  );
}
