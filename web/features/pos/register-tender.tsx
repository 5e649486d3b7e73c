import { Alert, Button, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { POS_AMOUNT_MIN_CENTS } from '../../../domain/pos/constants.ts';
import { POS_MESSAGES } from '../../../domain/pos/messages.ts';
import type { Sale, SaleRequest, TenderInput } from '../../../domain/pos/register.ts';
import { isApiError } from '../../lib/api.ts';
import { formatMoney } from '../../lib/format.ts';
import { ReaderLink, ReaderStatusLine, ReaderWaiting } from './card-reader.tsx';
import classes from './pos.module.css';
import { useIsPhone } from './pos-ui.tsx';
import { usePostSale } from './register.api.ts';
import { type ReaderPaid, useRegisterCardPayment } from './register-card.ts';
import { cashDue, changeFor, dollarsToCents, quickCashAmounts } from './register-rules.ts';

type Mode = 'cash' | 'card' | 'split';

const SIMULATIONS = [
  { label: 'Simulate Payment', interac: false },
  { label: 'Simulate Interac Payment', interac: true },
];

const emailSchema = z.email();

/** A title for each refusal the cashier can act on; the message is the server's. */
function refusalTitle(error: unknown): string {
  if (!isApiError(error)) return 'The sale was not recorded';
  if (error.code === 'not_enough_stock') return 'Not enough stock';
  if (error.code === 'no_open_shift') return 'No open shift';
  if (error.status === 400) return 'The sale does not add up';
  if (['payment_not_usable', 'payment_used', 'tender_is_card', 'tender_is_interac'].includes(error.code))
    return 'The card payment cannot be used';
  if (error.status === 0) return 'The register cannot reach the server';
  return 'The sale was not recorded';
}

/** Whether the card payment taken is gone with the refusal (refunded, or never usable). */
function cardPaymentSpent(error: unknown): boolean {
  return (
    isApiError(error) &&
    ['not_enough_stock', 'no_open_shift', 'payment_not_usable', 'payment_used'].includes(error.code)
  );
}

interface TenderProps {
  total: number;
  lines: SaleRequest['lines'];
  addTax: boolean;
  /** The sale attempt's Idempotency-Key: a retry of the same attempt sends it again. */
  attemptKey: string;
  hasShift: boolean;
  disabled: boolean;
  /** A card payment taken for this sale and not yet in a sale (the lines are then locked). */
  cardPaid: ReaderPaid | undefined;
  onCardPaid: (paid: ReaderPaid | undefined) => void;
  /** A card payment is being taken on the reader: the lines and their tax may not change meanwhile. */
  onCardWaiting: (waiting: boolean) => void;
  onSold: (sale: Sale) => void;
  /** The sale was refused for stock (another till sold it meanwhile): the lines are to show what is left. */
  onStockShort: () => void;
}

/**
 * How the sale is paid: cash (tendered, change), the card on the reader (Interac included), or
 * split (the card part first, then cash for the rest, rounded to 5 cents).
 */
export function RegisterTender(props: TenderProps) {
  const {
    total,
    lines,
    addTax,
    attemptKey,
    hasShift,
    disabled,
    cardPaid,
    onCardPaid,
    onCardWaiting,
    onSold,
    onStockShort,
  } = props;
  // A card part paid before a reload (register-page.tsx) comes back as the way it was being paid.
  const phone = useIsPhone();
  const [mode, setMode] = useState<Mode>(() =>
    cardPaid === undefined ? 'cash' : cardPaid.amount === total ? 'card' : 'split',
  );
  const [tenderedText, setTenderedText] = useState('');
  const [cardPartText, setCardPartText] = useState('');
  const [email, setEmail] = useState('');
  const postSale = usePostSale();

  const emailValid = email.trim() === '' || emailSchema.safeParse(email.trim()).success;
  const byCard = cardPaid?.amount ?? 0;
  const due = cashDue(total, byCard);
  const tendered = dollarsToCents(tenderedText);
  const change = changeFor(tendered, due);
  const cardPart = mode === 'split' ? dollarsToCents(cardPartText) : total;

  const record = async (tenders: TenderInput[]) => {
    const send = (list: TenderInput[]) =>
      postSale.mutateAsync({
        key: attemptKey,
        sale: { lines, addTax, tenders: list, ...(email.trim() ? { email: email.trim() } : {}) },
      });
    try {
      let sale: Sale;
      try {
        sale = await send(tenders);
      } catch (error) {
        // The reader does not tell the page whether the card was Interac; the server does.
        if (!(isApiError(error) && error.code === 'tender_is_interac')) {
          throw error;
        }
        sale = await send(
          tenders.map((tender) => (tender.type === 'card' ? { ...tender, type: 'interac' } : tender)),
        );
      }
      setTenderedText('');
      setCardPartText('');
      setEmail('');
      onSold(sale);
    } catch (error) {
      if (cardPaymentSpent(error)) onCardPaid(undefined);
      if (isApiError(error) && error.code === 'not_enough_stock') onStockShort();
    }
  };

  /** The cash part (and the card part paid before it) recorded as the sale. */
  const completeCashSale = () => {
    if (tendered !== undefined)
      void record([...(cardPaid ? [cardTender(cardPaid)] : []), { type: 'cash', tendered }]);
  };

  const cardTender = (paid: ReaderPaid): TenderInput => ({
    type: 'card',
    amount: paid.amount,
    paymentIntentId: paid.paymentIntentId,
  });

  const card = useRegisterCardPayment({
    onPaid: (paid) => {
      onCardPaid(paid);
      // The whole total on the card: the sale is complete at once.
      if (paid.amount === total) void record([cardTender(paid)]);
    },
  });

  const busy = card.busy || postSale.isPending;
  // The amount on the reader is this total: the sale's lines wait until the card is done.
  useEffect(() => onCardWaiting(card.busy), [card.busy, onCardWaiting]);
  const cardPartValid = cardPart !== undefined && cardPart >= POS_AMOUNT_MIN_CENTS && cardPart <= total;
  const cashReady = hasShift && tendered !== undefined && tendered >= due;
  // Sent twice (a double Enter), the sale's Idempotency-Key makes the server answer the one sale.
  const cashSaleReady = !disabled && cashReady && emailValid && !card.busy;

  return (
    <Stack gap="md" aria-label="Payment" component="section">
      <Title order={2} size="h4">
        Payment
      </Title>
      <SegmentedControl
        // On a phone the three choices stand one under the other: side by side, the third is cut.
        orientation={phone ? 'vertical' : 'horizontal'}
        fullWidth={phone}
        classNames={{ label: classes.wrapLabel }}
        value={mode}
        onChange={(value) => setMode(value as Mode)}
        disabled={busy || cardPaid !== undefined}
        data={[
          { value: 'cash', label: 'Cash' },
          { value: 'card', label: 'Card on the reader' },
          { value: 'split', label: 'Split card + cash' },
        ]}
        aria-label="How the sale is paid"
      />

      {mode !== 'cash' ? (
        <Stack gap={6}>
          <ReaderLink cardReader={card.cardReader} disabled={busy} />
          <ReaderStatusLine cardReader={card.cardReader} />
        </Stack>
      ) : null}

      {mode === 'split' && !cardPaid ? (
        <TextInput
          label="Card part (CDN$)"
          description={`At least ${formatMoney(POS_AMOUNT_MIN_CENTS)}; cash pays the rest, rounded to 5 cents`}
          inputMode="decimal"
          value={cardPartText}
          onChange={(event) => setCardPartText(event.currentTarget.value)}
          disabled={busy || disabled}
          error={
            cardPartText !== '' && !cardPartValid
              ? `Between ${formatMoney(POS_AMOUNT_MIN_CENTS)} and ${formatMoney(total)}.`
              : undefined
          }
          w={240}
        />
      ) : null}

      {mode !== 'cash' && !cardPaid ? (
        <Group gap="sm">
          <Button
            size="md"
            disabled={disabled || busy || !cardPartValid || cardPart === undefined || !emailValid}
            loading={card.starting}
            onClick={() => cardPart !== undefined && void card.begin(cardPart)}
          >
            Charge {cardPart !== undefined && cardPartValid ? formatMoney(cardPart) : ''} on the reader
          </Button>
          {card.waiting ? (
            <Button variant="default" size="md" onClick={card.cancel} loading={card.cancelling}>
              Cancel Payment
            </Button>
          ) : null}
        </Group>
      ) : null}

      {card.waiting ? (
        <ReaderWaiting flow={card} simulations={SIMULATIONS}>
          {POS_MESSAGES.payPrompt}: {formatMoney(card.waiting.amount)}
        </ReaderWaiting>
      ) : null}

      {cardPaid ? (
        <Alert color="green" variant="light" title={`Card paid: ${formatMoney(cardPaid.amount)}`}>
          {cardPaid.amount === total ? (
            <Group gap="sm">
              <Text size="sm">The payment is taken; the sale is being recorded.</Text>
              {!postSale.isPending ? (
                <Button size="xs" onClick={() => void record([cardTender(cardPaid)])}>
                  Record the sale
                </Button>
              ) : null}
            </Group>
          ) : (
            <Text size="sm">Now take the rest in cash: {formatMoney(due)}.</Text>
          )}
        </Alert>
      ) : null}

      {mode === 'cash' || (mode === 'split' && cardPaid && cardPaid.amount < total) ? (
        <Stack gap="sm">
          {!hasShift ? (
            <Alert color="orange" variant="light" title="No open shift">
              Open a shift with the cash float (above) to take cash.
            </Alert>
          ) : null}
          <Text size="lg">
            Cash due: <strong>{formatMoney(due)}</strong>
            {due !== total - byCard ? (
              <Text span size="sm" c="dimmed">
                {' '}
                (rounded to 5 cents from {formatMoney(total - byCard)})
              </Text>
            ) : null}
          </Text>
          <Group gap="xs" aria-label="Quick cash amounts" role="group">
            {quickCashAmounts(due).map((amount) => (
              <Button
                key={amount}
                variant="default"
                size="xs"
                disabled={disabled || busy}
                onClick={() => setTenderedText((amount / 100).toFixed(2))}
              >
                {amount === due ? `Exact ${formatMoney(amount)}` : formatMoney(amount)}
              </Button>
            ))}
          </Group>
          <TextInput
            label="Cash tendered (CDN$)"
            inputMode="decimal"
            value={tenderedText}
            onChange={(event) => setTenderedText(event.currentTarget.value)}
            // The amount typed, Enter completes the sale, as the button does.
            onKeyDown={(event) => {
              if (event.key === 'Enter' && cashSaleReady) completeCashSale();
            }}
            disabled={disabled || busy}
            w={240}
            error={
              tenderedText !== '' && tendered === undefined
                ? 'Type an amount in dollars, e.g. 20 or 20.50.'
                : tendered !== undefined && tendered < due
                  ? `Less than the ${formatMoney(due)} due.`
                  : undefined
            }
          />
          <Text size="xl" fw={800} aria-live="polite">
            Change due: {change === undefined ? '—' : formatMoney(change)}
          </Text>
        </Stack>
      ) : null}

      <TextInput
        label="Receipt e-mail (optional)"
        type="email"
        autoComplete="off"
        placeholder="customer@example.com"
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
        disabled={busy}
        error={emailValid ? undefined : 'Please enter a valid email address.'}
        w={320}
      />

      {postSale.isError ? (
        <Alert color="red" variant="light" title={refusalTitle(postSale.error)} role="alert">
          {postSale.error.message}
        </Alert>
      ) : null}

      {mode === 'cash' || (mode === 'split' && cardPaid && cardPaid.amount < total) ? (
        <Group>
          <Button
            size="lg"
            color="green"
            disabled={!cashSaleReady}
            loading={postSale.isPending}
            onClick={completeCashSale}
          >
            Complete sale
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
