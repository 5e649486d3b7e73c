import { describe, expect, it } from 'vitest';
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
