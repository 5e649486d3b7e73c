import {
  AccordionChevron,
  Collapse,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import type { Cart } from '../../../domain/cart.ts';
import { formatMoney } from '../../../domain/money.ts';
import { freeShippingText, type ShippingFee } from '../../../domain/shipping.ts';
import classes from './checkout.module.css';
import { formatRate, type Totals } from './checkout-rules.ts';

export interface SummaryFigures {
  totals: Totals;
  /** The last quote for the shipping address; undefined before one is known. */
  shippingFee: ShippingFee | undefined;
  /** A quote is on its way: a spinner replaces the amount. */
  feePending: boolean;
  /** Why no quote could be made (no earlier one to keep): said under the shipping's dash. */
  feeError?: string | undefined;
  taxRate: number | undefined;
  province: string | undefined;
  hasShippingAddress: boolean;
}

function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text fw={strong ? 700 : 400} c={strong ? undefined : 'dimmed'} size={strong ? 'lg' : 'sm'}>
        {label}
      </Text>
      <Text fw={strong ? 800 : 500} size={strong ? 'lg' : 'sm'} ta="right" component="div">
        {children}
      </Text>
    </Group>
  );
}

/** The amounts of an order: subtotal, shipping, estimated tax, total (shared by the panel and the review). */
export function SummaryRows({ figures }: { figures: SummaryFigures }) {
  const { totals, shippingFee, feePending, feeError, taxRate, province, hasShippingAddress } = figures;
  const freeShipping =
    shippingFee && province && !feePending
      ? freeShippingText(totals.subtotal, province, shippingFee.free_shipping_threshold)
      : null;

  let shipping: ReactNode;
  if (!hasShippingAddress)
    shipping = (
      <Text span size="sm" c="dimmed">
        After the shipping address
      </Text>
    );
  else if (feePending) shipping = <Loader size="xs" aria-label="Calculating shipping" />;
  else if (!shippingFee) shipping = '—';
  else if (shippingFee.free)
    shipping = (
      <Text span c="green.9" fw={700} size="sm">
        Free
      </Text>
    );
  else shipping = formatMoney(shippingFee.shipping_fee);

  const taxLabel =
    taxRate === undefined ? 'Estimated tax' : `Estimated tax (${province} ${formatRate(taxRate)})`;

  return (
    <Stack gap={8}>
      <Row label="Subtotal">{formatMoney(totals.subtotal)}</Row>
      <Row label="Shipping">{shipping}</Row>
      {shippingFee && !shippingFee.free && shippingFee.carrier && !feePending ? (
        <Text size="xs" c="dimmed" ta="right" mt={-6}>
          {shippingFee.carrier}
        </Text>
      ) : null}
      {!shippingFee && feeError && hasShippingAddress && !feePending ? (
        <Text size="sm" c="red.8" role="alert">
          {feeError}
        </Text>
      ) : null}
      <Row label={taxLabel}>
        {feePending && hasShippingAddress ? (
          <Loader size="xs" aria-label="Calculating tax" />
        ) : totals.tax === undefined ? (
          '—'
        ) : (
          formatMoney(totals.tax)
        )}
      </Row>
      <Divider my={4} />
      <Row label="Total" strong>
        <span data-testid="order-total">{totals.total === undefined ? '—' : formatMoney(totals.total)}</span>
      </Row>
      {freeShipping ? (
        <Text size="sm" fw={600} c="green.9">
          {freeShipping}
        </Text>
      ) : null}
    </Stack>
  );
}

const DETAILS_ID = 'order-summary-details';

/**
 * The Order Summary of the checkout (spec §2 Checkout): a side panel on a wide screen; on a phone
 * it comes first, closed to one line with the total, and opens to the lines and amounts.
 */
export function OrderSummary({ cart, figures }: { cart: Cart; figures: SummaryFigures }) {
  // Below Mantine's md breakpoint, where the panel stops being a column of its own.
  const phone = useMediaQuery('(max-width: 61.99em)') === true;
  const [opened, { toggle }] = useDisclosure(false);
  const total = figures.totals.total ?? figures.totals.subtotal;
  const title = (
    <Title order={2} size="h4">
      Order Summary
    </Title>
  );

  return (
    <Paper
      withBorder
      radius="lg"
      p={phone ? 'md' : 'lg'}
      className={classes.sticky}
      component="aside"
      aria-label="Order Summary"
    >
      <Stack gap="md">
        {phone ? (
          <UnstyledButton onClick={toggle} aria-expanded={opened} aria-controls={DETAILS_ID}>
            <Group justify="space-between" wrap="nowrap">
              {title}
              <Group gap={6} wrap="nowrap">
                <Text fw={700}>{formatMoney(total)}</Text>
                <AccordionChevron
                  aria-hidden
                  style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
                />
              </Group>
            </Group>
          </UnstyledButton>
        ) : (
          title
        )}
        <Collapse expanded={!phone || opened} id={DETAILS_ID}>
          <Stack gap="md">
            <Stack gap={6}>
              {cart.products.map((line) => (
                <Group key={line.id} justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                  <Text size="sm" lineClamp={2}>
                    {line.quantity} × {line.package ? line.package.name : line.product.name}
                    {line.size_name ? ` (${line.size_name})` : ''}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {line.lineTotal === null ? '' : formatMoney(line.lineTotal)}
                  </Text>
                </Group>
              ))}
            </Stack>
            <Divider />
            <SummaryRows figures={figures} />
          </Stack>
        </Collapse>
      </Stack>
    </Paper>
  );
}
