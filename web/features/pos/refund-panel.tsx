import { Alert, Badge, Button, Checkbox, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { POS_MESSAGES } from '../../../domain/pos/messages.ts';
import {
  type PosCharge,
  refundableCents,
  refundFormSchema,
  toRefundRequest,
} from '../../../domain/pos/refunds.ts';
import { amountWithCents, MONEY_INPUT_PROPS } from '../../components/form/number-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { useStoreTimeZone } from '../../lib/config.ts';
import { formatMoney } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { ReaderLink, ReaderStatusLine, ReaderWaiting } from './card-reader.tsx';
import { useRefundCard } from './pos.api.ts';
import {
  cardRefundSucceeded,
  formatPaidAt,
  isInterac,
  refundErrorText,
  refundPanelState,
} from './pos-rules.ts';
import { newIdempotencyKey } from './pos-ui.tsx';
import type { ReaderRefundFlow } from './use-reader-refund.ts';

const INTERAC_SIMULATION = [{ label: 'Simulate Interac card', interac: true }];

const PARTIAL_AMOUNT_REQUIRED = 'Please enter the Refund Amount, or untick Refund partially.';

/**
 * The spec sends no amount (a full refund) when the partial amount is 0 or empty; with
 * 'Refund partially' ticked that is surely a slip, so the panel asks for the amount instead.
 */
function partialAmountMissing(form: { refundPartially: boolean; amount: string | number }): boolean {
  return form.refundPartially && !(Number(String(form.amount).trim()) > 0);
}

/**
 * The refund of the selected charge (spec pos §4 Refund, §5 Refund form): what was paid and what
 * remains, full or partial; a card is refunded online, an Interac payment on the reader.
 */
export function RefundPanel({
  charge,
  readerRefund,
  onDone,
}: {
  charge: PosCharge;
  /** Interac refunds go through the staff member's reader. */
  readerRefund: ReaderRefundFlow;
  /** The refund succeeded, or was cancelled: the panel closes. */
  onDone: () => void;
}) {
  const refundCard = useRefundCard();
  const timeZone = useStoreTimeZone();
  const remaining = refundableCents(charge);
  const interac = isInterac(charge);
  const schema = useMemo(() => refundFormSchema(remaining), [remaining]);
  const [partially, setPartially] = useState(false);
  const [amount, setAmount] = useState<string | number>('');
  const [amountError, setAmountError] = useState<string>();
  const [restock, setRestock] = useState(false);
  // A web order's charge: refunding it updates the order, and its items may go back in stock.
  const webOrder = charge.orderNumber !== null;
  // One key per refund attempt: a retry after a lost answer cannot refund twice.
  const attemptKey = useRef(newIdempotencyKey());
  const { cardReader } = readerRefund;
  const { readerId } = cardReader;
  const panelRef = useRef<HTMLDivElement>(null);

  // The panel opens under the results: bring it into view for the person who chose the charge.
  useEffect(() => {
    panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, []);

  const check = (next: { refundPartially: boolean; amount: string | number }) => {
    const result = schema.safeParse(next);
    // An empty partial amount would refund everything: ask for it instead (see partialAmountMissing).
    const message = result.success
      ? partialAmountMissing(next)
        ? PARTIAL_AMOUNT_REQUIRED
        : undefined
      : result.error.issues[0]?.message;
    setAmountError(message);
    return message === undefined;
  };

  const state = refundPanelState(charge);
  if (state !== 'refundable') {
    return (
      <Alert color="gray" variant="light" title="Refund" ref={panelRef}>
        {state === 'refunded' ? POS_MESSAGES.alreadyRefunded : POS_MESSAGES.nothingToRefund}
      </Alert>
    );
  }

  const paymentIntentId = charge.paymentIntentId;
  const { processing } = readerRefund;

  const submit = async () => {
    const form = { refundPartially: partially, amount, restock: webOrder && restock && !partially };
    if (!check(form) || !paymentIntentId) return;
    const call = {
      readerId,
      request: toRefundRequest(paymentIntentId, form),
      idempotencyKey: attemptKey.current,
    };
    try {
      if (interac) {
        await readerRefund.start(call);
        return;
      }
      const result = await refundCard.mutateAsync(call);
      attemptKey.current = newIdempotencyKey();
      if (cardRefundSucceeded(result)) {
        notifySuccess(POS_MESSAGES.refundSuccess);
        onDone();
      } else {
        notifyError(POS_MESSAGES.refundFailed);
      }
    } catch (error) {
      // The server's own per-field message (over what remains) goes on the field too.
      const fieldMessage = isApiError(error) ? error.fields?.amount : undefined;
      if (fieldMessage) setAmountError(fieldMessage);
      // A refusal is final for this attempt; a call that did not get through keeps its key.
      if (isApiError(error) && error.status > 0 && error.status < 500)
        attemptKey.current = newIdempotencyKey();
      notifyError(refundErrorText(error));
    }
  };

  const cancel = () =>
    readerRefund.cancel(() => {
      attemptKey.current = newIdempotencyKey();
      onDone();
    });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} ref={panelRef}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
        aria-label="Refund"
      >
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <Title order={2} size="h4">
              Refund
            </Title>
            <Badge variant="light" color={interac ? 'grape' : 'blue'}>
              {interac ? 'Interac: refunded on the card reader' : 'Card: refunded online'}
            </Badge>
          </Group>
          <Group gap="xl">
            <Text size="sm">
              Paid <strong>{formatMoney(charge.amount)}</strong> on {formatPaidAt(charge.created, timeZone)}
              {charge.last4 ? ` with ${charge.brand ?? 'card'} ending ${charge.last4}` : ''}
            </Text>
            {charge.amountRefunded > 0 ? (
              <Text size="sm">Already refunded {formatMoney(charge.amountRefunded)}</Text>
            ) : null}
            <Text size="sm">
              Can be refunded <strong>{formatMoney(remaining)}</strong>
            </Text>
          </Group>
          {interac ? (
            <Stack gap={4}>
              <ReaderLink cardReader={cardReader} disabled={processing} />
              <ReaderStatusLine cardReader={cardReader} />
            </Stack>
          ) : null}
          <Checkbox
            label="Refund partially"
            checked={partially}
            disabled={processing}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setPartially(checked);
              if (!checked) setAmountError(undefined);
            }}
          />
          {webOrder && !partially ? (
            <Checkbox
              label={`Put the items of web order #${charge.orderNumber} back in stock`}
              description="The order shows the refund and its client is e-mailed either way."
              checked={restock}
              disabled={processing}
              onChange={(event) => setRestock(event.currentTarget.checked)}
            />
          ) : null}
          {partially ? (
            <NumberInput
              label="Refund Amount"
              description={`At most ${formatMoney(remaining)}`}
              {...MONEY_INPUT_PROPS}
              maw={260}
              disabled={processing}
              value={amount}
              onChange={(value) => {
                setAmount(value);
                if (amountError) check({ refundPartially: partially, amount: value });
              }}
              onBlur={() => {
                const shown = amountWithCents(amount) ?? amount;
                setAmount(shown);
                check({ refundPartially: partially, amount: shown });
              }}
              error={amountError}
            />
          ) : null}
          <Group gap="sm">
            <Button
              type="submit"
              color="red"
              loading={refundCard.isPending || readerRefund.starting}
              disabled={processing || !paymentIntentId}
            >
              {partially ? 'Refund' : `Refund ${formatMoney(remaining)}`}
            </Button>
            {processing ? (
              <Button variant="default" onClick={cancel} loading={readerRefund.cancelling}>
                Cancel Refund
              </Button>
            ) : null}
          </Group>
          {processing ? (
            <ReaderWaiting flow={readerRefund} simulations={INTERAC_SIMULATION}>
              {POS_MESSAGES.refundTapPrompt}
            </ReaderWaiting>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
