import { formatMoney } from '../../../lib/format.ts';

/**
 * What an audit entry changed, field by field, for the owner to read: a record's fields whose value
 * differs between before and after (a product saved with a new description shows that field, not
 * the whole product twice; its version and time of update are left out); a value that is not a
 * record is one change of its own.
 */
export interface AuditChange {
  /** The record's field; null when the value as a whole changed (a setting, a stock level). */
  field: string | null;
  before: string;
  after: string;
}

/** Fields every save changes: they say nothing of what was changed, and are left out. */
const BOOKKEEPING_FIELDS: ReadonlySet<string> = new Set(['version', 'updated_at', 'updatedAt']);

/**
 * Fields that hold an amount in cents, shown as money ('CDN$18.00', not 1800): a product's and a
 * package's prices, the settings' amounts, a refund's.
 */
const MONEY_FIELDS: ReadonlySet<string> = new Set([
  'price',
  'sale_price',
  'pricing',
  'priceDiscount',
  'minimum_purchase',
  'free_shipping_ontario',
  'free_shipping_other',
  'amount',
]);
/** An order's refund names its shipping part 'shipping', in cents; other entries' 'shipping' is not money. */
const ORDER_MONEY_FIELDS: ReadonlySet<string> = new Set([...MONEY_FIELDS, 'shipping']);

/** Fields listed at most; the rest are counted. */
export const AUDIT_FIELDS_SHOWN = 8;
/** A value longer than this is cut, with an ellipsis. */
const VALUE_CHARACTERS = 120;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value as one short line ('—' when there was none); an amount in cents as money. */
export function auditValueText(value: unknown, money = false): string {
  if (value === null || value === undefined) return '—';
  if (money && Number.isInteger(value)) return formatMoney(value as number);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > VALUE_CHARACTERS ? `${text.slice(0, VALUE_CHARACTERS - 1)}…` : text;
}

/** The changes of an entry (of `entity`: 'product', 'order', ...), and how many more fields changed than are listed. */
export function auditChanges(
  before: unknown,
  after: unknown,
  entity = '',
): { changes: AuditChange[]; more: number } {
  const moneyFields = entity === 'order' ? ORDER_MONEY_FIELDS : MONEY_FIELDS;
  if (!isRecord(before) && !isRecord(after)) {
    return {
      changes: [{ field: null, before: auditValueText(before), after: auditValueText(after) }],
      more: 0,
    };
  }
  const was = isRecord(before) ? before : {};
  const is = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])].filter(
    (field) => !BOOKKEEPING_FIELDS.has(field) && JSON.stringify(was[field]) !== JSON.stringify(is[field]),
  );
  const changes = fields.slice(0, AUDIT_FIELDS_SHOWN).map((field) => ({
    field,
    before: auditValueText(was[field], moneyFields.has(field)),
    after: auditValueText(is[field], moneyFields.has(field)),
  }));
  return { changes, more: Math.max(0, fields.length - AUDIT_FIELDS_SHOWN) };
}
