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

/** Fields listed at most; the rest are counted. */
export const AUDIT_FIELDS_SHOWN = 8;
/** A value longer than this is cut, with an ellipsis. */
const VALUE_CHARACTERS = 120;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value as one short line ('—' when there was none). */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > VALUE_CHARACTERS ? `${text.slice(0, VALUE_CHARACTERS - 1)}…` : text;
}

/** The changes of an entry, and how many more fields changed than are listed. */
export function auditChanges(before: unknown, after: unknown): { changes: AuditChange[]; more: number } {
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
    before: auditValueText(was[field]),
    after: auditValueText(is[field]),
  }));
  return { changes, more: Math.max(0, fields.length - AUDIT_FIELDS_SHOWN) };
}
