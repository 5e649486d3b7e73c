/**
 * Register shifts (the POS as a till): the cash float, cash in and out, the counted close, and the
 * end-of-day "Z report". The request schemas are in register.ts (openShiftSchema, closeShiftSchema,
 * cashMovementSchema); these are the replies and the back office's query. Amounts in cents.
 */
import { z } from 'zod';
import { isCalendarDay } from '../dates.ts';
import { optionalCalendarDay, pageNumberSchema } from '../validation.ts';
import { TENDER_TYPES } from './register.ts';

export const SHIFT_STATUSES = ['open', 'closed'] as const;
export type ShiftStatus = (typeof SHIFT_STATUSES)[number];

/** Shifts a page of the back office's list. */
export const ADMIN_SHIFTS_PAGE_SIZE = 50;

export const SHIFT_MESSAGES = {
  shiftOpen: 'You already have an open shift: close it before opening another.',
  noOpenShift: 'You have no open shift: open one with the cash float first.',
  notEnoughCash: (inDrawer: string) => `The drawer holds only ${inDrawer}: that is more than it can give.`,
  salePaymentUnfinished: (amounts: string) =>
    `The reader took ${amounts} for a sale that was never completed on the register. Refund it on the refund screen before you close the shift: a shift closed now would leave that money out of its report.`,
} as const;

const cents = z.number().int();

/** A shift with its running figures (at the close: final). */
export const shiftSummarySchema = z.object({
  id: z.number().int(),
  cashierId: z.number().int(),
  cashier: z.string(),
  status: z.enum(SHIFT_STATUSES),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  float: cents,
  /** The cash tenders' part of the sales (what they put in the drawer: rounded to 5 cents). */
  cashSales: cents,
  /** Cash given back from the drawer by returns at the counter. */
  cashRefunds: cents,
  /** Cash put in less cash taken out. */
  cashMovements: cents,
  /** float + cash sales - cash refunds + cash movements. */
  expectedCash: cents,
  /** At the close: what was counted in the drawer, and counted - expected (negative: short). */
  counted: cents.nullable(),
  overShort: cents.nullable(),
  /** The number of sales in the shift, and what they came to. */
  sales: z.number().int(),
  salesTotal: cents,
});
export type ShiftSummary = z.infer<typeof shiftSummarySchema>;

export const tenderFiguresSchema = z.object({
  type: z.enum(TENDER_TYPES),
  /** Sales paid (in part, for a split sale) by this tender. */
  count: z.number().int(),
  amount: cents,
});
export type TenderFigures = z.infer<typeof tenderFiguresSchema>;

/** One cashier's part of a report (a shift has one; a day's report has several). */
export const cashierFiguresSchema = z.object({
  cashierId: z.number().int(),
  cashier: z.string(),
  sales: z.number().int(),
  subtotal: cents,
  tax: cents,
  total: cents,
  rounding: cents,
  tenders: z.array(tenderFiguresSchema),
  /** Returns this cashier made, and what they gave back. */
  returns: z.number().int(),
  refunded: cents,
});
export type CashierFigures = z.infer<typeof cashierFiguresSchema>;

export const cashMovementOutSchema = z.object({
  id: z.number().int(),
  amount: cents,
  reason: z.string(),
  actor: z.string().nullable(),
  createdAt: z.string(),
});
export type CashMovement = z.infer<typeof cashMovementOutSchema>;

/** What the register took and gave back over a shift or a store day: the report's figures. */
export const registerFiguresSchema = z.object({
  sales: z.object({
    count: z.number().int(),
    subtotal: cents,
    tax: cents,
    total: cents,
    /** The cash parts' rounding to 5 cents (paid - total). */
    rounding: cents,
    paid: cents,
  }),
  /** Every tender type, in TENDER_TYPES order, 0 when unused; amounts add up to sales.paid. */
  tenders: z.array(tenderFiguresSchema),
  /** Returns at the counter made in the shift or on the day (whenever the items were sold). */
  refunds: z.object({
    count: z.number().int(),
    /** What went back in all, and the tax in it. */
    amount: cents,
    tax: cents,
    cash: cents,
    /** Every tender type, in TENDER_TYPES order: what went back through it. */
    tenders: z.array(tenderFiguresSchema),
  }),
  /**
   * Refunds of the register's sales made without a return, on the card or Interac card that paid
   * (the POS refund screen in the shift or on the day; on the day, the processor's dashboard's
   * too): money back, nothing back in stock, the tax collected unchanged.
   */
  cardRefunds: z.object({ count: z.number().int(), amount: cents }),
  /**
   * Tax collected: the sales' tax less the returns', split over the store province's components in
   * effect on the shift's (or the report's) first day.
   */
  tax: z.object({
    province: z.string(),
    day: z.string(),
    total: cents,
    components: z.array(z.object({ name: z.string(), ratePpm: z.number().int(), amount: cents })),
  }),
  cashiers: z.array(cashierFiguresSchema),
  movements: z.array(cashMovementOutSchema),
});
export type RegisterFigures = z.infer<typeof registerFiguresSchema>;

/** The Z report of a shift (an X report while it is still open: `final` false). */
export const shiftReportSchema = registerFiguresSchema.extend({
  shift: shiftSummarySchema,
  final: z.boolean(),
});
export type ShiftReport = z.infer<typeof shiftReportSchema>;

/** GET api/admin/day-report?day=: the store day's report, across every cashier and shift. */
export const dayReportQuerySchema = z.strictObject({
  day: z
    .string({ error: 'Day must be a date as YYYY-MM-DD.' })
    .trim()
    .refine(isCalendarDay, 'Day must be a date as YYYY-MM-DD.'),
});

/**
 * A store day's end-of-day report: every sale and return made that day (in a shift or not), by
 * tender, tax and cashier, the cash moved, and the shifts opened that day with their drawers.
 */
export const dayReportSchema = registerFiguresSchema.extend({
  day: z.string(),
  shifts: z.array(shiftSummarySchema),
});
export type DayReport = z.infer<typeof dayReportSchema>;

/** GET api/admin/shifts?from=&to=&page=: shifts opened on those store days (both included). */
export const adminShiftsQuerySchema = z.strictObject({
  from: optionalCalendarDay('From'),
  to: optionalCalendarDay('To'),
  page: pageNumberSchema,
});
export type AdminShiftsQuery = z.output<typeof adminShiftsQuerySchema>;

export const adminShiftsPageSchema = z.object({
  shifts: z.array(shiftSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminShiftsPage = z.infer<typeof adminShiftsPageSchema>;
