/**
 * What a refund of a web order gives back (DESIGN.md "money": integer cents, tax rounded once per
 * amount). The items and the shipping are refunded at the prices the order was placed at, with
 * the order's tax rate on them; the last refund of an order gives back exactly what remains, so
 * that rounding never leaves a cent behind or takes one too many.
 */
import { formatMoney, PPM } from '../money.ts';

export interface RefundableOrder {
  total: number;
  amountRefunded: number;
  shippingFee: number;
  taxRatePpm: number;
  /** The tax the order charged. */
  tax: number;
  /** The tax earlier refunds (done or under way) gave back. */
  taxRefunded: number;
  /** Whether an earlier refund (done or under way) gave the shipping back. */
  shippingRefunded: boolean;
}

export interface RefundableLine {
  id: number;
  name: string;
  unitPrice: number;
  quantity: number;
  quantityRefunded: number;
}

export type RefundAsk =
  /** Chosen lines and quantities, each back to stock or not, and the shipping or not. */
  | { kind: 'lines'; lines: { lineId: number; quantity: number; restock: boolean }[]; shipping: boolean }
  /** Everything that remains. */
  | { kind: 'all'; restock: boolean; shipping: boolean }
  /** An amount (the POS refund screen): all that remains restocks as asked; less names no line. */
  | { kind: 'amount'; amount: number; restock: boolean };

export interface RefundPlanLine {
  lineId: number;
  quantity: number;
  restock: boolean;
  amount: number;
}

export interface RefundPlan {
  lines: RefundPlanLine[];
  itemsAmount: number;
  shippingAmount: number;
  tax: number;
  amount: number;
  /** Nothing remains to refund after this one. */
  completes: boolean;
}

export type RefundPlanResult =
  | { ok: true; plan: RefundPlan }
  | { ok: false; status: 400 | 409; code: string; message: string; field?: string };

/** The tax an order's refunds gave back, or are giving back (a failed one gave nothing). */
export function taxRefundedBy(refunds: readonly { status: string; tax: number }[]): number {
  return refunds
    .filter((refund) => refund.status === 'pending' || refund.status === 'succeeded')
    .reduce((sum, refund) => sum + refund.tax, 0);
}

export const NOTHING_LEFT_TO_REFUND = 'This order has been refunded in full.';
export const NOTHING_CHOSEN = 'Choose at least one line or the shipping to refund.';

export function refundLeftMessage(cents: number): string {
  return `At most ${formatMoney(cents)} can still be refunded on this order.`;
}

const taxOf = (amount: number, ratePpm: number) => Math.round((amount * ratePpm) / PPM);

function refused(status: 400 | 409, code: string, message: string, field?: string): RefundPlanResult {
  return { ok: false, status, code, message, ...(field ? { field } : {}) };
}

/** What a refund asked of an order gives back, or why it cannot be. */
export function planOrderRefund(
  order: RefundableOrder,
  lines: readonly RefundableLine[],
  ask: RefundAsk,
): RefundPlanResult {
  const remaining = order.total - order.amountRefunded;
  if (remaining <= 0) return refused(409, 'nothing_to_refund', NOTHING_LEFT_TO_REFUND);
  const left = (line: RefundableLine) => line.quantity - line.quantityRefunded;
  const everything = (restock: boolean) =>
    lines
      .filter((line) => left(line) > 0)
      .map((line) => ({ lineId: line.id, quantity: left(line), restock }));

  let chosen: { lineId: number; quantity: number; restock: boolean }[];
  let shipping: boolean;
  if (ask.kind === 'amount') {
    if (ask.amount > remaining)
      return refused(400, 'amount_too_large', refundLeftMessage(remaining), 'amount');
    if (ask.amount < remaining) {
      // Part of the money and no line: the tax it carries is the order's rate's share of it.
      const tax = Math.round((ask.amount * order.taxRatePpm) / (PPM + order.taxRatePpm));
      return {
        ok: true,
        plan: {
          lines: [],
          itemsAmount: ask.amount - tax,
          shippingAmount: 0,
          tax,
          amount: ask.amount,
          completes: false,
        },
      };
    }
    chosen = everything(ask.restock);
    shipping = true;
  } else if (ask.kind === 'all') {
    chosen = everything(ask.restock);
    shipping = ask.shipping;
  } else {
    chosen = ask.lines;
    shipping = ask.shipping;
    if (shipping && order.shippingRefunded) {
      return refused(409, 'shipping_refunded', 'The shipping has been refunded already.', 'shipping');
    }
  }

  const planLines: RefundPlanLine[] = [];
  const seen = new Set<number>();
  for (const want of chosen) {
    const line = lines.find((candidate) => candidate.id === want.lineId);
    if (!line) return refused(400, 'unknown_line', `Line ${want.lineId} is not in this order.`, 'lines');
    if (seen.has(line.id)) return refused(400, 'duplicate_line', `${line.name} is listed twice.`, 'lines');
    seen.add(line.id);
    if (want.quantity > left(line)) {
      return refused(
        409,
        'quantity_too_large',
        left(line) === 0
          ? `${line.name} has been refunded already.`
          : `Only ${left(line)} of ${line.name} can still be refunded.`,
        'lines',
      );
    }
    planLines.push({ ...want, amount: line.unitPrice * want.quantity });
  }

  let itemsAmount = planLines.reduce((sum, line) => sum + line.amount, 0);
  let shippingAmount = shipping && !order.shippingRefunded ? order.shippingFee : 0;
  if (itemsAmount + shippingAmount === 0 && ask.kind === 'lines') {
    return refused(400, 'nothing_chosen', NOTHING_CHOSEN, 'lines');
  }
  const linesDone = lines.every(
    (line) => left(line) === (planLines.find((p) => p.lineId === line.id)?.quantity ?? 0),
  );
  const shippingDone = order.shippingFee === 0 || order.shippingRefunded || shippingAmount > 0;
  const completes = linesDone && shippingDone;

  let tax = taxOf(itemsAmount + shippingAmount, order.taxRatePpm);
  let amount = itemsAmount + shippingAmount + tax;
  // The last refund gives back exactly what remains; none gives back more. An earlier refund of an
  // amount (the POS refund screen) took its share of items and tax without naming a line, so a
  // refund that gives back all that remains (the last one, or one cut to what remains) gives back
  // what remains of the order's tax, and the items what is left beside it: the order's parts add up
  // once refunded, whatever each earlier refund's tax share rounded to.
  if (completes || amount > remaining) {
    amount = remaining;
    tax = Math.min(Math.max(0, order.tax - order.taxRefunded), amount);
    shippingAmount = Math.min(shippingAmount, amount - tax);
    itemsAmount = amount - tax - shippingAmount;
  }
  if (amount <= 0) return refused(409, 'nothing_to_refund', NOTHING_LEFT_TO_REFUND);
  return { ok: true, plan: { lines: planLines, itemsAmount, shippingAmount, tax, amount, completes } };
}
