/**
 * The register's rules as pure functions: the sale's lines, its totals as the server computes them
 * (tax per line at the store's rate), the cash figures (rounded to 5 cents) and the scanner's
 * exact-code match. Amounts in cents.
 */
import { taxOn } from '../../../domain/money.ts';
import type { PosCatalogueItem, PosCatalogueSize } from '../../../domain/pos/catalogue.ts';
import { roundCash, type Sale, type SaleRequest } from '../../../domain/pos/register.ts';

export interface RegisterLine {
  /** One line per item: a product in a size, a product without sizes, or a package. */
  key: string;
  item: PosCatalogueItem;
  size: PosCatalogueSize | null;
  quantity: number;
}

export const LINE_QUANTITY_MAX = 9999;

export function lineKey(item: PosCatalogueItem, size: PosCatalogueSize | null): string {
  return item.packageId !== null
    ? `package:${item.packageId}`
    : `product:${item.productId}:${size?.size_id ?? ''}`;
}

/** What is in stock of a line's item (a size's own stock for a sized product). */
export function stockOf(item: PosCatalogueItem, size: PosCatalogueSize | null): number {
  return size ? size.instock : (item.instock ?? 0);
}

/** The line's name as the receipt shows it: "Maple crew (M)". */
export function lineName(line: Pick<RegisterLine, 'item' | 'size'>): string {
  return line.size ? `${line.item.name} (${line.size.name})` : line.item.name;
}

function clampQuantity(quantity: number): number {
  return Math.min(LINE_QUANTITY_MAX, Math.max(1, Math.trunc(quantity)));
}

/** Adds an item (the same item again adds to its line's quantity). */
export function addLine(
  lines: readonly RegisterLine[],
  item: PosCatalogueItem,
  size: PosCatalogueSize | null,
  quantity = 1,
): RegisterLine[] {
  const key = lineKey(item, size);
  const known = lines.find((line) => line.key === key);
  if (known) {
    return lines.map((line) =>
      line.key === key ? { ...line, item, size, quantity: clampQuantity(line.quantity + quantity) } : line,
    );
  }
  return [...lines, { key, item, size, quantity: clampQuantity(quantity) }];
}

export function setLineQuantity(
  lines: readonly RegisterLine[],
  key: string,
  quantity: number,
): RegisterLine[] {
  return lines.map((line) => (line.key === key ? { ...line, quantity: clampQuantity(quantity) } : line));
}

export function removeLine(lines: readonly RegisterLine[], key: string): RegisterLine[] {
  return lines.filter((line) => line.key !== key);
}

export interface SaleTotals {
  subtotal: number;
  tax: number;
  total: number;
}

/** As the server computes them: each line's tax rounded, then summed. */
export function saleTotals(lines: readonly RegisterLine[], addTax: boolean, ratePpm: number): SaleTotals {
  let subtotal = 0;
  let tax = 0;
  for (const line of lines) {
    const amount = line.item.unitPrice * line.quantity;
    subtotal += amount;
    if (addTax) tax += taxOn(amount, ratePpm);
  }
  return { subtotal, tax, total: subtotal + tax };
}

/** The lines as POST api/pos/sales takes them. */
export function saleLines(lines: readonly RegisterLine[]): SaleRequest['lines'] {
  return lines.map((line) => ({
    productId: line.item.productId,
    size_id: line.item.packageId === null ? (line.size?.size_id ?? null) : null,
    packageId: line.item.packageId,
    quantity: line.quantity,
  }));
}

/** The cash due for what the cards left: rounded to 5 cents (never below 0). */
export function cashDue(total: number, byCard: number): number {
  return roundCash(Math.max(0, total - byCard));
}

/** The quick amounts for cash handed over: the exact (rounded) amount, then the next $5, $10, $20, $50. */
export function quickCashAmounts(due: number): number[] {
  const amounts = [due];
  for (const note of [500, 1000, 2000, 5000]) {
    const next = Math.ceil(due / note) * note;
    amounts.push(next === due ? due + note : next);
  }
  return [...new Set(amounts)].filter((amount) => amount > 0).sort((a, b) => a - b);
}

/** Change due for cash handed over, or undefined when it is not enough. */
export function changeFor(tendered: number | undefined, due: number): number | undefined {
  if (tendered === undefined || tendered < due) return undefined;
  return tendered - due;
}

/**
 * What Enter in the search box adds: the one item whose code is what was typed (a barcode
 * scanner types the code), or the only item found.
 */
export function scannedItem(items: readonly PosCatalogueItem[], typed: string): PosCatalogueItem | undefined {
  const code = typed.trim().toLowerCase();
  if (code === '') return undefined;
  const exact = items.filter((item) => item.code.toLowerCase() === code);
  if (exact.length === 1) return exact[0];
  if (exact.length === 0 && items.length === 1) return items[0];
  return undefined;
}

/** The size to add for an item without choosing: none, or a sized product's only size. */
export function onlySize(item: PosCatalogueItem): { size: PosCatalogueSize | null } | undefined {
  if (item.sizes === null) return { size: null };
  const [first] = item.sizes;
  return item.sizes.length === 1 && first ? { size: first } : undefined;
}

/** Dollars typed ("20", "20.5") as cents, or undefined when it is not an amount. */
export function dollarsToCents(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{0,2})?$/.test(trimmed)) return undefined;
  return Math.round(Number(trimmed) * 100);
}

/** How a sale was paid, in a few words: 'VISA •••• 4242 CDN$20.00 + cash CDN$13.90'. */
export function saleTendersText(sale: Pick<Sale, 'tenders'>, money: (cents: number) => string): string {
  return sale.tenders
    .map((tender) =>
      tender.type === 'cash'
        ? `cash ${money(tender.amount)}`
        : `${tenderCardText(tender)} ${money(tender.amount)}`,
    )
    .join(' + ');
}

/** A card tender as the register names it: 'VISA •••• 4242', 'Interac •••• 1933'. */
export function tenderCardText(tender: Pick<Sale['tenders'][number], 'type' | 'brand' | 'last4'>): string {
  const card = tender.type === 'interac' ? 'Interac' : (tender.brand?.toUpperCase() ?? 'card');
  return `${card}${tender.last4 ? ` •••• ${tender.last4}` : ''}`;
}

/** A drawer's count against what it should hold: 'Over CDN$0.60', 'Short CDN$1.00', 'Even', or '—'. */
export function overShortText(cents: number | null, money: (cents: number) => string): string {
  if (cents === null) return '—';
  if (cents === 0) return 'Even';
  return cents > 0 ? `Over ${money(cents)}` : `Short ${money(-cents)}`;
}
