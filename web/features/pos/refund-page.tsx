import './mantine-styles.ts';
import { Alert, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import type { ChargeSearchRequest, PosCharge } from '../../../domain/pos/refunds.ts';
import { useStoreTimeZone } from '../../lib/config.ts';
import { errorMessage } from '../../lib/errors.ts';
import { paths } from '../../lib/paths.ts';
import { ChargeSearchCard } from './charge-search-card.tsx';
import { ChargesTable } from './charges-table.tsx';
import { useChargeSearch } from './pos.api.ts';
import { chargeSearchRequest, defaultChargeSearch } from './pos-rules.ts';
import { PosPage, TestModeNotice } from './pos-ui.tsx';
import { RefundPanel } from './refund-panel.tsx';
import { useReaderRefund } from './use-reader-refund.ts';

/**
 * Refunds (spec pos §2 Refund screen, §4 Refund, §5, §8): search charges, select one, refund it
 * fully or partly. Interac payments are refunded through the staff member's reader (polled every
 * second while its refund_payment is in progress); other cards directly. The server checks again
 * that a refund never exceeds what remains.
 */
export function RefundPage() {
  const timeZone = useStoreTimeZone();
  const [search, setSearch] = useState<ChargeSearchRequest>(() =>
    chargeSearchRequest(defaultChargeSearch(new Date(), timeZone)),
  );
  const charges = useChargeSearch(search);
  const [selectedId, setSelectedId] = useState<string>();
  const readerRefund = useReaderRefund({ onRefunded: () => setSelectedId(undefined) });
  const selected = charges.data?.find((charge) => charge.chargeId === selectedId);

  const toggle = (charge: PosCharge) => {
    if (readerRefund.processing) return;
    setSelectedId((current) => (current === charge.chargeId ? undefined : charge.chargeId));
  };

  return (
    <PosPage title="Refund" back={{ to: paths.pos() }}>
      <TestModeNotice>Refunds here move no real money.</TestModeNotice>
      <ChargeSearchCard onSearch={setSearch} searching={charges.isFetching} />
      {charges.isError ? (
        <Alert color="red" variant="light" title="The charges could not be loaded">
          {errorMessage(charges.error)}
        </Alert>
      ) : null}
      {charges.isPending ? (
        <Paper withBorder radius="lg" p="md">
          <Text c="dimmed" role="status">
            Searching charges…
          </Text>
        </Paper>
      ) : (
        <ChargesTable charges={charges.data ?? []} selectedId={selectedId} onToggle={toggle} />
      )}
      {selected ? (
        <RefundPanel
          key={selected.chargeId}
          charge={selected}
          readerRefund={readerRefund}
          onDone={() => setSelectedId(undefined)}
        />
      ) : null}
    </PosPage>
  );
}
