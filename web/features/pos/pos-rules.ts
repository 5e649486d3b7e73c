/**
 * Rules of the POS screens that are not the server's (spec pos §2, §4, §5, §8): texts, what is
 * kept in browser storage, the card checkout's list, the refund search's defaults. Pure, so that
 * they are tested without a browser. Amounts are cents unless a name says dollars.
 */

import {
  addDays,
  calendarDayOf,
  formatStoreTime,
  formatUsDate,
  isoToUsDate,
  usDateToIso,
} from '../../../domain/dates.ts';
import { formatDollars, formatMoney, toCents } from '../../../domain/money.ts';
import type { PosPrice, PosProduct } from '../../../domain/pos/checkout.ts';
import { CHARGE_SEARCH_DEFAULT_DAYS, CHARGE_SEARCH_LIMIT_DEFAULT } from '../../../domain/pos/constants.ts';
import { POS_MESSAGES } from '../../../domain/pos/messages.ts';
import { POS_PAYMENT_LINE_NAME } from '../../../domain/pos/receipts.ts';
import {
  type ChargeSearchRequest,
  chargeSearchSchema,
  type PosCharge,
  type RefundResult,
  refundableCents,
} from '../../../domain/pos/refunds.ts';
import { type PosTotals, taxRateLabel } from '../../../domain/pos/sale.ts';
import { isApiError } from '../../lib/api.ts';

// ---------------------------------------------------------------- amounts

/**
 * The Amount hint (spec §2): 'amount + tax (13%) = total' with tax on, the amount alone otherwise;
 * the receipt generator's reads 'amount + tax (13% tax) = total' until an amount is typed.
 */
export function amountHint(
  totals: PosTotals | undefined,
  addTax: boolean,
  ratePpm: number,
  screen: 'pos' | 'receipt' = 'pos',
): string {
  const rate = taxRateLabel(ratePpm);
  if (!totals) {
    if (!addTax) return 'amount';
    return screen === 'receipt' ? `amount + tax (${rate} tax) = total` : `amount + tax (${rate}) = total`;
  }
  if (!addTax) return formatMoney(totals.amount);
  return `${formatMoney(totals.amount)} + ${formatMoney(totals.tax)} tax (${rate}) = ${formatMoney(totals.total)}`;
}

/** Dollars as typed (number or text) to cents; undefined when it is not a number. */
export function typedCents(value: unknown): number | undefined {
  const text = String(value ?? '').trim();
  if (text === '') return undefined;
  const number = Number(text);
  return Number.isFinite(number) ? toCents(number) : undefined;
}

/** The store's rate in parts per million from the config's decimal rate (0.13 -> 130000). */
export function ratePpmOf(rate: number): number {
  return Math.round(rate * 1_000_000);
}

/**
 * The rate the register taxes with, in parts per million: undefined when the store's province has
 * no rate (or the settings are not loaded), and then the register sells nothing, as the server.
 */
export function storeRatePpm(rate: number | null): number | undefined {
  return rate === null ? undefined : ratePpmOf(rate);
}

// ---------------------------------------------------------------- paid details (POS_PaidDetails)

/** After a reader payment (spec §3): dollars with two decimals, and what we know of the payment. */
export interface PaidPayment {
  amount: string;
  total: string;
  tax: string;
  paymentIntentId?: string;
  receiptEmail?: string;
}

/** From the receipt generator or a card checkout: one entry per line, dollars with two decimals. */
export interface PaidLine {
  product_name: string;
  amount: string;
  total: string;
  tax: string;
  addTax: boolean;
}

export type PaidDetails = PaidPayment | PaidLine[];

export function paidLine(line: {
  product_name: string;
  amount: number;
  tax: number;
  addTax: boolean;
}): PaidLine {
  return {
    product_name: line.product_name,
    amount: formatDollars(line.amount),
    tax: formatDollars(line.tax),
    total: formatDollars(line.amount + line.tax),
    addTax: line.addTax,
  };
}

function isText(value: unknown): value is string {
  return typeof value === 'string';
}

function isPaidLine(value: unknown): value is PaidLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  return isText(line.product_name) && isText(line.amount) && isText(line.tax) && isText(line.total);
}

/** The stored value, or undefined when there is none or it is not one of the two shapes. */
export function parsePaidDetails(raw: string | null): PaidDetails | undefined {
  if (!raw) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (Array.isArray(value)) return value.every(isPaidLine) ? value : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  const paid = value as Record<string, unknown>;
  if (!isText(paid.amount) || !isText(paid.total) || !isText(paid.tax)) return undefined;
  return {
    amount: paid.amount,
    total: paid.total,
    tax: paid.tax,
    ...(isText(paid.paymentIntentId) ? { paymentIntentId: paid.paymentIntentId } : {}),
    ...(isText(paid.receiptEmail) ? { receiptEmail: paid.receiptEmail } : {}),
  };
}

export interface ReceiptDraft {
  lines: { product_name: string; amount: number; addTax: boolean }[];
  paymentIntentId: string | undefined;
  email: string | undefined;
}

const cents = (text: string) => toCents(Number(text)) || 0;

/** What the receipt page shows and generates from the stored paid details. */
export function receiptDraftOf(details: PaidDetails): ReceiptDraft {
  if (Array.isArray(details)) {
    return {
      lines: details.map((line) => ({
        product_name: line.product_name,
        amount: cents(line.amount),
        addTax: line.addTax ?? cents(line.tax) > 0,
      })),
      paymentIntentId: undefined,
      email: undefined,
    };
  }
  return {
    lines: [
      { product_name: POS_PAYMENT_LINE_NAME, amount: cents(details.amount), addTax: cents(details.tax) > 0 },
    ],
    paymentIntentId: details.paymentIntentId,
    email: details.receiptEmail,
  };
}

// ---------------------------------------------------------------- card checkout

export interface CheckoutPrice {
  priceId: string;
  unitAmount: number;
}

export interface CheckoutProduct {
  productId: string;
  name: string;
  code: string;
  prices: CheckoutPrice[];
}

/**
 * Products with at least one price, sorted by name (case-insensitive), each with its prices by
 * unit amount ascending (spec §2 Card checkout).
 */
export function checkoutProducts(
  products: readonly PosProduct[],
  prices: readonly PosPrice[],
): CheckoutProduct[] {
  return products
    .map((product) => ({
      productId: product.id,
      name: product.name,
      code: product.code,
      prices: prices
        .filter((price) => price.productId === product.id)
        .map((price) => ({ priceId: price.id, unitAmount: price.unitAmount }))
        .sort((a, b) => a.unitAmount - b.unitAmount),
    }))
    .filter((product) => product.prices.length > 0)
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

/** The search filter: products whose name or code contains the text, case-insensitive. */
export function filterProducts(products: readonly CheckoutProduct[], text: string): CheckoutProduct[] {
  const term = text.trim().toLowerCase();
  if (!term) return [...products];
  return products.filter(
    (product) => product.name.toLowerCase().includes(term) || product.code.toLowerCase().includes(term),
  );
}

export interface PriceChoice {
  checked: boolean;
  quantity: number;
}

/** Only checked prices with a quantity above 0 are sent (spec §5). */
export function checkoutLineItems(choices: Readonly<Record<string, PriceChoice>>) {
  return Object.entries(choices)
    .filter(([, choice]) => choice.checked && choice.quantity > 0)
    .map(([priceId, choice]) => ({ priceId, quantity: choice.quantity }));
}

export function checkoutTotal(
  products: readonly CheckoutProduct[],
  choices: Readonly<Record<string, PriceChoice>>,
) {
  let total = 0;
  for (const product of products) {
    for (const price of product.prices) {
      const choice = choices[price.priceId];
      if (choice?.checked) total += price.unitAmount * choice.quantity;
    }
  }
  return total;
}

// ---------------------------------------------------------------- refund search

export interface ChargeSearchForm {
  fromAmount: string;
  toAmount: string;
  status: string;
  fromDate: string;
  toDate: string;
  cardType: string;
  last4: string;
  limit: string;
}

/**
 * The refund search's starting values: the last 30 days to today, limit 100 (spec §9). Dates are
 * MM/DD/YYYY as the form shows them, whatever the browser's language.
 */
export function defaultChargeSearch(now: Date, timeZone: string): ChargeSearchForm {
  const today = calendarDayOf(now, timeZone);
  return {
    fromAmount: '',
    toAmount: '',
    status: '0',
    fromDate: isoToUsDate(addDays(today, -CHARGE_SEARCH_DEFAULT_DAYS)),
    toDate: isoToUsDate(today),
    cardType: '0',
    last4: '',
    limit: String(CHARGE_SEARCH_LIMIT_DEFAULT),
  };
}

/**
 * The request body of the form's values: amounts stay dollars (the server converts them), dates
 * become calendar days 'YYYY-MM-DD' (one that is not a date goes as typed, for the schema to refuse).
 */
export function chargeSearchRequest(form: ChargeSearchForm): ChargeSearchRequest {
  const cardType = Number(form.cardType) as 0 | 1 | 2 | 3;
  return {
    fromAmount: form.fromAmount.trim() || undefined,
    toAmount: form.toAmount.trim() || undefined,
    fromDate: dayOf(form.fromDate),
    toDate: dayOf(form.toDate),
    status: Number(form.status) as 0 | 1 | 2,
    cardType,
    last4: cardType > 0 ? form.last4.trim() || undefined : undefined,
    limit: form.limit.trim() || undefined,
  };
}

function dayOf(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed ? (usDateToIso(trimmed) ?? trimmed) : undefined;
}

export type ChargeSearchErrors = Partial<Record<keyof ChargeSearchForm, string>>;

/**
 * The search form checked with the server's own schema (same rules and messages): the request to
 * send, or one message per field (spec §5 Refund search).
 */
export function validateChargeSearch(
  form: ChargeSearchForm,
): { request: ChargeSearchRequest; errors: undefined } | { request: undefined; errors: ChargeSearchErrors } {
  const request = chargeSearchRequest(form);
  const result = chargeSearchSchema.safeParse(request);
  if (result.success) return { request, errors: undefined };
  const errors: ChargeSearchErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in form && !errors[field as keyof ChargeSearchForm]) {
      errors[field as keyof ChargeSearchForm] = issue.message;
    }
  }
  return { request: undefined, errors };
}

/**
 * The text of a refund call that failed (spec §8): the server's refusal (over the limit, already
 * refunded, reader busy) as 'Refund failed: {error}'; a call that did not get through as the
 * refresh-and-try-again message.
 */
export function refundErrorText(error: unknown): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401) {
    return `Refund failed: ${error.message}`;
  }
  return POS_MESSAGES.refundCallError;
}

/** The refund's outcome of the card refund call (spec §4): only a succeeded refund object is success. */
export function cardRefundSucceeded(result: Pick<RefundResult, 'object' | 'status'> | undefined): boolean {
  return result?.object === 'refund' && result.status === 'succeeded';
}

/** 'MM/dd/yyyy HH:mm' (spec §2 Paid at) on the store's clock. */
export function formatPaidAt(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${formatUsDate(date, timeZone)} ${formatStoreTime(date, timeZone)}`;
}

/**
 * What the refund panel offers for a selected charge (spec §4 Refund): nothing when it was fully
 * refunded, nothing when no money was taken (a declined or not yet captured payment), else the form.
 */
export function refundPanelState(
  charge: Pick<PosCharge, 'amount' | 'amountRefunded' | 'refunded' | 'status' | 'captured'>,
): 'refunded' | 'not-refundable' | 'refundable' {
  if (charge.refunded || (charge.amountRefunded > 0 && refundableCents(charge) <= 0)) return 'refunded';
  if (charge.status !== 'succeeded' || !charge.captured || refundableCents(charge) <= 0) {
    return 'not-refundable';
  }
  return 'refundable';
}

/** Interac payments are refunded in person through the reader; other cards directly. */
export function isInterac(charge: Pick<PosCharge, 'network' | 'source' | 'brand'>): boolean {
  return (
    charge.source === 'interac_present' ||
    charge.network?.toLowerCase() === 'interac' ||
    charge.brand?.toLowerCase() === 'interac'
  );
}

/** The free-text filter over the visible columns of a charge (Paid at on the store's clock). */
export function chargeMatches(charge: PosCharge, text: string, timeZone: string): boolean {
  const term = text.trim().toLowerCase();
  if (!term) return true;
  const fields = [
    formatMoney(charge.amount),
    formatDollars(charge.amount),
    charge.brand,
    charge.network,
    charge.source,
    charge.country,
    charge.last4,
    formatPaidAt(charge.created, timeZone),
    charge.status,
    charge.paymentIntentId,
  ];
  return fields.some((field) => field?.toLowerCase().includes(term));
}

// ---------------------------------------------------------------- the sandbox's card form

/**
 * Where the sandbox's hosted page sends the buyer once paid: the session's success URL when it is
 * on this site; otherwise the same screen of this app (the hash route it names). The server builds
 * that URL from PUBLIC_URL, which may name another address of the same shop (localhost behind a
 * proxy, a second instance): the buyer must not be left on a page that never moves, nor sent away.
 */
export function returnUrlOnThisSite(url: string | null, here: string): string | undefined {
  if (!url) return undefined;
  const current = new URL(here);
  let target: URL;
  try {
    target = new URL(url, current);
  } catch {
    return undefined;
  }
  if (target.origin === current.origin) return target.href;
  return `${current.origin}${current.pathname}${target.hash}`;
}
