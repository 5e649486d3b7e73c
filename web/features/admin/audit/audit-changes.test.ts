import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../lib/format.ts';
import { AUDIT_FIELDS_SHOWN, auditChanges, auditValueText } from './audit-changes.ts';

describe('auditChanges', () => {
  it('lists only the fields of a record that changed', () => {
    const before = {
      id: 18,
      name: 'Pin Dot Dress Sock',
      short_description: 'Classic',
      stock: [{ size: 'S', instock: 4 }],
    };
    const after = { ...before, short_description: 'Classic, in merino', version: 3, updated_at: 'now' };
    expect(auditChanges(before, after)).toEqual({
      changes: [{ field: 'short_description', before: 'Classic', after: 'Classic, in merino' }],
      more: 0,
    });
  });

  it('shows a created record’s fields as new, and a removed one’s as gone', () => {
    expect(auditChanges(null, { user_name: 'sam', roles: ['POS'] })).toEqual({
      changes: [
        { field: 'user_name', before: '—', after: 'sam' },
        { field: 'roles', before: '—', after: '["POS"]' },
      ],
      more: 0,
    });
    expect(auditChanges({ code: 'ON' }, null).changes).toEqual([{ field: 'code', before: 'ON', after: '—' }]);
  });

  it('shows a value that is not a record as one change', () => {
    expect(auditChanges(true, false)).toEqual({
      changes: [{ field: null, before: 'true', after: 'false' }],
      more: 0,
    });
    expect(auditChanges(12, 30).changes).toEqual([{ field: null, before: '12', after: '30' }]);
  });

  it('lists at most a few fields and counts the rest', () => {
    const after = Object.fromEntries(Array.from({ length: AUDIT_FIELDS_SHOWN + 3 }, (_, i) => [`f${i}`, i]));
    const { changes, more } = auditChanges({}, after);
    expect(changes).toHaveLength(AUDIT_FIELDS_SHOWN);
    expect(more).toBe(3);
  });
});

describe('auditValueText', () => {
  it('cuts a long value with an ellipsis', () => {
    const text = auditValueText('x'.repeat(500));
    expect(text.length).toBe(120);
    expect(text.endsWith('…')).toBe(true);
  });
});

describe('amounts in an audit entry', () => {
  it('shows prices, the settings’ amounts and a refund’s parts as money', () => {
    expect(
      auditChanges({ price: 1500, sale_price: null }, { price: 1800, sale_price: 1299 }, 'product'),
    ).toEqual({
      changes: [
        { field: 'price', before: formatMoney(1500), after: formatMoney(1800) },
        { field: 'sale_price', before: '—', after: formatMoney(1299) },
      ],
      more: 0,
    });
    expect(auditChanges({ minimum_purchase: 0 }, { minimum_purchase: 5000 }, 'settings').changes).toEqual([
      { field: 'minimum_purchase', before: formatMoney(0), after: formatMoney(5000) },
    ]);
    expect(auditChanges(null, { refund: 're_1', amount: 2260, shipping: 0 }, 'order').changes).toEqual([
      { field: 'refund', before: '—', after: 're_1' },
      { field: 'amount', before: '—', after: formatMoney(2260) },
      { field: 'shipping', before: '—', after: formatMoney(0) },
    ]);
  });

  it('leaves other numbers as they are', () => {
    expect(auditChanges({ instock: 4, shipping: 2 }, { instock: 9, shipping: 3 }, 'stock').changes).toEqual([
      { field: 'instock', before: '4', after: '9' },
      { field: 'shipping', before: '2', after: '3' },
    ]);
  });
});
