import { Box, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Seller } from '../../../domain/pos/receipts.ts';
import { formatMoney } from '../../lib/format.ts';
import classes from './pos.module.css';

/** Parts the printable receipt and invoice share. */

export type SellerView = Pick<Seller, 'company_name' | 'address' | 'email' | 'gst_hst_number'>;

/** The seller block: company name, address, e-mail and GST/HST registration number. */
export function SellerBlock({ seller, heading }: { seller: SellerView; heading?: string }) {
  return (
    <Stack gap={2}>
      {heading ? (
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          {heading}
        </Text>
      ) : null}
      <Text fw={700}>{seller.company_name}</Text>
      {seller.address ? <Text size="sm">{seller.address}</Text> : null}
      {seller.email ? <Text size="sm">{seller.email}</Text> : null}
      {seller.gst_hst_number ? <Text size="sm">GST/HST Registration No. {seller.gst_hst_number}</Text> : null}
    </Stack>
  );
}

/** Subtotal, tax and total, right-aligned under a document's table. */
export function TotalsBlock({
  subtotal,
  tax,
  total,
  taxLabel,
}: {
  subtotal: number;
  tax: number;
  total: number;
  taxLabel: string;
}) {
  const row = (label: ReactNode, value: number, strong = false) => (
    <Group justify="space-between" gap="xl" wrap="nowrap">
      <Text fw={strong ? 700 : 400} size={strong ? 'lg' : 'sm'}>
        {label}
      </Text>
      <Text fw={strong ? 700 : 400} size={strong ? 'lg' : 'sm'} className={classes.numeric}>
        {formatMoney(value)}
      </Text>
    </Group>
  );
  return (
    <Box ml="auto" w={{ base: '100%', xs: 300 }}>
      <Stack gap={6}>
        {row('Subtotal', subtotal)}
        {row(taxLabel, tax)}
        {row('TOTAL', total, true)}
      </Stack>
    </Box>
  );
}

export function DocumentTitle({ children }: { children: ReactNode }) {
  return (
    <Title order={2} size="h2" c="maple.8">
      {children}
    </Title>
  );
}
