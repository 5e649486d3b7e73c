/**
 * Returns at the counter (the POS as a till): a register sale found by its receipt number, some of
 * its lines given back, the money refunded to the sale's own tenders. Shared by the server, which
 * decides, and the return screen, which shows the refund before it is made. Amounts in cents.
 */
import { z } from 'zod';
import { formatMoney, taxOn } from '../money.ts';
import {
  lineQuantitySchema,
  roundCash,
  SALE_LINES_MAX,
  type Sale,
  saleLineName,
  type TenderType,
} from './register.ts';

export const RETURN_MESSAGES = {
  nothingChosen: 'Choose at least one item to return.',
  nothingLeft: 'Everything of this sale has been returned already.',
  notASale: (receiptNumber: number) =>
    `Receipt ${receiptNumber} is not of a register sale: refund its payment from the refund screen.`,
  tooMany: (name: string, left: number) =>
    left === 0 ? `${name} has been returned already.` : `Only ${left} of ${name} can still be returned.`,
  noSuchLine: 'This sale has no such line.',
  interacOnReader: 'The Interac part is refunded on the reader first: tap the card, then finish the return.',
  interacRefundMismatch: 'This Interac refund is not the one this return needs.',
  cashNeedsShift: 'Cash goes back from the drawer: open your shift first.',
  notEnoughCash: (inDrawer: string) => `The drawer holds only ${inDrawer}: not enough to give this back.`,
} as const;

const returnLineSchema = z.strictObject({
  /** The line's place in the sale's lines (0 first). */
  line: z
    .number({ error: 'A line is required.' })
    .int('A line is a whole number.')
    .min(0)
    .max(SALE_LINES_MAX),
  quantity: lineQuantitySchema,
});

/** POST api/pos/sales/{id}/returns (with an Idempotency-Key). */
export const returnRequestSchema = z.strictObject({
  lines: z
    .array(returnLineSchema)
    .min(1, RETURN_MESSAGES.nothingChosen)
    .max(SALE_LINES_MAX, `A return has at most ${SALE_LINES_MAX} lines.`),
  /** The items go back on the shelf (default), or not (damaged, worn). */
  restock: z.boolean().default(true),
  /** The reader's refund of the Interac part, made before the return is recorded. */
  interacRefundId: z
    .string()
    .regex(/^re_[A-Za-z0-9_]{1,250}$/, 'This is not a refund.')
    .optional(),
  /** Where the refund receipt is e-mailed at once. */
  email: z.email('Please enter a valid email address.').max(256).optional(),
});
export type ReturnRequest = z.input<typeof returnRequestSchema>;
export type ReturnRequestData = z.output<typeof returnRequestSchema>;

export interface PlannedReturnLine {
  line: number;
  quantity: number;
  amount: number;
  tax: number;
}

export interface PlannedReturnTender {
  /** The sale's tender the money goes back through. */
  saleTenderId: number;
  type: TenderType;
  amount: number;
}

export interface ReturnPlan {
  lines: PlannedReturnLine[];
  subtotal: number;
  tax: number;
  total: number;
  tenders: PlannedReturnTender[];
  /** What goes back in all: the total with the cash part rounded to 5 cents. */
  refunded: number;
  rounding: number;
}

export type ReturnPlanResult = { ok: true; plan: ReturnPlan } | { ok: false; message: string };

/**
 * What a return gives back: each line at the price it was sold for, and its tax so that all the
 * returns of a line add up to the line's tax exactly (the tax of what has been returned after, less
 * the tax of what had been before). The money goes back through the sale's tenders in the order
 * they paid it: card and Interac first, up to what each has left, then cash for the rest, rounded
 * to 5 cents and never more than the cash that was paid. The return of the sale's last items gives
 * back all the cash that is left: the sale's rounding and each return's then add up to nothing, and
 * a sale returned in parts gives back exactly what was paid.
 */
export function planReturn(
  sale: Sale,
  asked: readonly { line: number; quantity: number }[],
): ReturnPlanResult {
  if (asked.length === 0) return { ok: false, message: RETURN_MESSAGES.nothingChosen };
  const wanted = new Map<number, number>();
  for (const { line, quantity } of asked) wanted.set(line, (wanted.get(line) ?? 0) + quantity);
  const lines: PlannedReturnLine[] = [];
  for (const [index, quantity] of [...wanted].sort(([a], [b]) => a - b)) {
    const sold = sale.lines[index];
    if (!sold) return { ok: false, message: RETURN_MESSAGES.noSuchLine };
    const left = sold.quantity - sold.returned;
    if (quantity > left) {
      return { ok: false, message: RETURN_MESSAGES.tooMany(saleLineName(sold), left) };
    }
    const taxOfFirst = (count: number) => taxOn(sold.unitPrice * count, sale.taxRatePpm);
    lines.push({
      line: index,
      quantity,
      amount: sold.unitPrice * quantity,
      tax: taxOfFirst(sold.returned + quantity) - taxOfFirst(sold.returned),
    });
  }
  const lastItems = sale.lines.every(
    (sold, index) => sold.quantity - sold.returned === (wanted.get(index) ?? 0),
  );
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const tax = lines.reduce((sum, line) => sum + line.tax, 0);
  const total = subtotal + tax;

  const tenders: PlannedReturnTender[] = [];
  let rest = total;
  for (const tender of sale.tenders) {
    if (tender.type === 'cash' || rest === 0) continue;
    // A card refunded in the processor's dashboard has that much less to give back.
    const amount = Math.min(rest, tender.amount - tender.refunded - tender.refundedOutside);
    if (amount <= 0) continue;
    tenders.push({ saleTenderId: tender.id, type: tender.type as TenderType, amount });
    rest -= amount;
  }
  const cash = sale.tenders.find((tender) => tender.type === 'cash');
  if (cash && (rest > 0 || lastItems)) {
    const cashLeft = cash.amount - cash.refunded;
    const amount = lastItems ? cashLeft : Math.min(roundCash(rest), cashLeft);
    // What rounding leaves over (at most 2 cents) is the rounding; more would be money never paid.
    if (amount > 0) tenders.push({ saleTenderId: cash.id, type: 'cash', amount });
    rest -= amount;
  }
  // What rounding leaves unpaid: this return's, at most 2 cents; on the last items, also what the
  // sale's rounding and each earlier return's (each at most 2 cents) gave the customer.
  const roundingAllowed = lastItems ? 2 * (2 + sale.returns.length) : 2;
  if (rest > roundingAllowed) {
    return {
      ok: false,
      message: `This sale has only ${formatMoney(total - rest)} left to refund, not ${formatMoney(total)}.`,
    };
  }
  const refunded = tenders.reduce((sum, tender) => sum + tender.amount, 0);
  return { ok: true, plan: { lines, subtotal, tax, total, tenders, refunded, rounding: refunded - total } };
}

const cents = z.number().int();

/** A return as the API answers it. */
export const saleReturnSchema = z.object({
  id: z.number().int(),
  saleId: z.number().int(),
  cashier: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  lines: z.array(
    z.object({
      line: z.number().int(),
      name: z.string(),
      quantity: z.number().int(),
      amount: cents,
      tax: cents,
    }),
  ),
  restock: z.boolean(),
  subtotal: cents,
  tax: cents,
  total: cents,
  rounding: cents,
  refunded: cents,
  tenders: z.array(z.object({ type: z.string(), amount: cents, refundId: z.string().nullable() })),
  receipt: z.object({ receipt_id: z.number().int(), receipt_number: z.number().int() }).nullable(),
  createdAt: z.string(),
});
export type SaleReturn = z.infer<typeof saleReturnSchema>;
