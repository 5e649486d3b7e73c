import { formatMoney } from '../../../domain/money.ts';
import type { Seller } from '../../../domain/pos/receipts.ts';
import { taxRateLabel } from '../../../domain/pos/sale.ts';
import type { DayReport, RegisterFigures, ShiftReport, TenderFigures } from '../../../domain/pos/shifts.ts';
import { type A5Document, startA5 } from '../invoices/pdf-document.ts';

const TENDER_NAMES: Record<TenderFigures['type'], string> = {
  cash: 'Cash',
  card: 'Card',
  interac: 'Interac',
};

/** A date and time of day in the store's time zone: 'Nov 22, 2026, 9:05 a.m.'. */
function storeDateTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
}

const signed = (cents: number) => (cents > 0 ? `+${formatMoney(cents)}` : formatMoney(cents));

/** The figures a shift's and a day's report share: sales, tenders, returns, tax, cashiers, cash moved. */
function figureSections(pdf: A5Document, report: RegisterFigures, timeZone: string): void {
  pdf.label('Sales');
  pdf.table(
    [
      { label: 'Figure', width: 0.6 },
      { label: 'Amount', width: 0.4, align: 'right' },
    ],
    [
      ['Number of sales', String(report.sales.count)],
      ['Subtotal', formatMoney(report.sales.subtotal)],
      ['Tax', formatMoney(report.sales.tax)],
      ['Total', formatMoney(report.sales.total)],
      ['Cash rounding', formatMoney(report.sales.rounding)],
      ['Paid', formatMoney(report.sales.paid)],
    ],
  );

  pdf.label('Sales by tender');
  pdf.table(
    [
      { label: 'Tender', width: 0.5 },
      { label: 'Count', width: 0.2, align: 'right' },
      { label: 'Amount', width: 0.3, align: 'right' },
    ],
    report.tenders.map((tender) => [
      TENDER_NAMES[tender.type],
      String(tender.count),
      formatMoney(tender.amount),
    ]),
  );

  pdf.label('Returns at the counter');
  pdf.table(
    [
      { label: 'Refunded through', width: 0.5 },
      { label: 'Count', width: 0.2, align: 'right' },
      { label: 'Amount', width: 0.3, align: 'right' },
    ],
    [
      ...report.refunds.tenders.map((tender) => [
        TENDER_NAMES[tender.type],
        String(tender.count),
        formatMoney(tender.amount),
      ]),
      ['All returns', String(report.refunds.count), formatMoney(report.refunds.amount)],
    ],
  );

  if (report.cardRefunds.count > 0) {
    pdf.label('Card refunds without a return (nothing back in stock, tax unchanged)');
    pdf.table(
      [
        { label: 'Refunds', width: 0.7 },
        { label: 'Count', width: 0.1, align: 'right' },
        { label: 'Amount', width: 0.2, align: 'right' },
      ],
      [
        [
          'On the card or Interac card that paid a sale',
          String(report.cardRefunds.count),
          formatMoney(report.cardRefunds.amount),
        ],
      ],
    );
  }

  pdf.label(`Tax collected, less returns (${report.tax.province}, rates of ${report.tax.day})`);
  pdf.table(
    [
      { label: 'Component', width: 0.4 },
      { label: 'Rate', width: 0.25, align: 'right' },
      { label: 'Amount', width: 0.35, align: 'right' },
    ],
    [
      ...report.tax.components.map((part) => [
        part.name,
        part.ratePpm ? taxRateLabel(part.ratePpm) : '',
        formatMoney(part.amount),
      ]),
      ['Total tax', '', formatMoney(report.tax.total)],
    ],
  );

  pdf.label('By cashier');
  pdf.table(
    [
      { label: 'Cashier', width: 0.3 },
      { label: 'Sales', width: 0.12, align: 'right' },
      { label: 'Total', width: 0.2, align: 'right' },
      { label: 'Returns', width: 0.16, align: 'right' },
      { label: 'Refunded', width: 0.22, align: 'right' },
    ],
    report.cashiers.map((row) => [
      row.cashier,
      String(row.sales),
      formatMoney(row.total),
      String(row.returns),
      formatMoney(row.refunded),
    ]),
  );

  pdf.label('Cash movements');
  if (report.movements.length === 0) {
    pdf.line('None');
    pdf.rule();
  } else {
    pdf.table(
      [
        { label: 'Time', width: 0.3 },
        { label: 'Reason', width: 0.45 },
        { label: 'Amount', width: 0.25, align: 'right' },
      ],
      report.movements.map((move) => [
        storeDateTime(move.createdAt, timeZone),
        move.reason,
        signed(move.amount),
      ]),
    );
  }
}

/**
 * A shift's Z report on A5 portrait (an X report while the shift is open): the seller, the shift,
 * sales by tender, refunds, tax by component, the cashiers, cash movements, and the drawer's count.
 */
export async function renderShiftReportPdf(report: ShiftReport, seller: Seller, now: Date): Promise<Buffer> {
  const { shift } = report;
  const title = report.final ? 'Z REPORT' : 'X REPORT';
  const pdf = await startA5(`${title} shift ${shift.id}`, now);

  pdf.line(title, { bold: true, size: 18 });
  pdf.line(report.final ? 'End of shift' : 'Shift still open: running figures, not final');
  pdf.doc.moveDown(0.3);
  pdf.line(`Shift No. ${shift.id}`, { bold: true });
  pdf.line(`Cashier: ${shift.cashier}`);
  pdf.line(`Opened: ${storeDateTime(shift.openedAt, seller.time_zone)}`);
  pdf.line(shift.closedAt ? `Closed: ${storeDateTime(shift.closedAt, seller.time_zone)}` : 'Closed: -');
  pdf.line(`Printed: ${storeDateTime(now.toISOString(), seller.time_zone)}`);
  pdf.rule();
  pdf.seller(seller);
  pdf.rule();

  figureSections(pdf, report, seller.time_zone);

  pdf.label('Cash drawer');
  pdf.table(
    [
      { label: 'Figure', width: 0.6 },
      { label: 'Amount', width: 0.4, align: 'right' },
    ],
    [
      ['Float', formatMoney(shift.float)],
      ['Cash sales', formatMoney(shift.cashSales)],
      ['Cash refunds', formatMoney(-shift.cashRefunds)],
      ['Cash in and out', signed(shift.cashMovements)],
      ['Expected cash', formatMoney(shift.expectedCash)],
      ['Counted', shift.counted === null ? '-' : formatMoney(shift.counted)],
      [
        shift.overShort !== null && shift.overShort < 0 ? 'Short' : 'Over',
        shift.overShort === null ? '-' : signed(shift.overShort),
      ],
    ],
  );
  return pdf.finish();
}

/**
 * A store day's end-of-day report on A5 portrait: every sale and return of the day across the
 * cashiers and shifts, then each shift opened that day with its drawer's count.
 */
export async function renderDayReportPdf(report: DayReport, seller: Seller, now: Date): Promise<Buffer> {
  const pdf = await startA5(`Day report ${report.day}`, now);
  pdf.line('DAY REPORT', { bold: true, size: 18 });
  pdf.line(`Store day ${report.day}: every cashier and shift`);
  pdf.line(`Printed: ${storeDateTime(now.toISOString(), seller.time_zone)}`);
  pdf.rule();
  pdf.seller(seller);
  pdf.rule();

  figureSections(pdf, report, seller.time_zone);

  pdf.label('Shifts opened that day');
  if (report.shifts.length === 0) {
    pdf.line('None');
    return pdf.finish();
  }
  pdf.table(
    [
      { label: 'Shift', width: 0.12 },
      { label: 'Cashier', width: 0.28 },
      { label: 'Expected', width: 0.2, align: 'right' },
      { label: 'Counted', width: 0.2, align: 'right' },
      { label: 'Over/short', width: 0.2, align: 'right' },
    ],
    report.shifts.map((shift) => [
      String(shift.id),
      shift.status === 'open' ? `${shift.cashier} (open)` : shift.cashier,
      formatMoney(shift.expectedCash),
      shift.counted === null ? '-' : formatMoney(shift.counted),
      shift.overShort === null ? '-' : signed(shift.overShort),
    ]),
  );
  return pdf.finish();
}
