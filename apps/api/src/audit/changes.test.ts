import { SECRET_MASK } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { CHANGE_LIMITS, boundValue, diffChanges } from './changes.ts';

describe('diffChanges', () => {
  it('keeps only the fields whose value differs, before and after', () => {
    expect(diffChanges({ before: { title: 'A', price: 1, tags: ['x'] }, after: { title: 'A', price: 2, tags: ['x'] } })).toEqual({
      price: { before: 1, after: 2 },
    });
    expect(diffChanges({ before: { tags: ['x'] }, after: { tags: ['x', 'y'] } })).toEqual({ tags: { before: ['x'], after: ['x', 'y'] } });
  });

  it('records a creation with after values only and a removal with before values only', () => {
    expect(diffChanges({ after: { title: 'New', empty: undefined } })).toEqual({ title: { after: 'New' } });
    expect(diffChanges({ before: { title: 'Old' }, after: null })).toEqual({ title: { before: 'Old' } });
  });

  it('masks secrets: set or not set, and a replaced secret shows as changed', () => {
    expect(
      diffChanges({
        before: { smtp_password: '', api: 'k1', password: 'old-password' },
        after: { smtp_password: 'hunter2', api: 'k2', password: 'new-password' },
        secrets: ['api'],
      }),
    ).toEqual({
      smtp_password: { before: '', after: SECRET_MASK, masked: true },
      api: { before: SECRET_MASK, after: SECRET_MASK, masked: true },
      password: { before: SECRET_MASK, after: SECRET_MASK, masked: true },
    });
    expect(diffChanges({ before: { smtp_password: 'same' }, after: { smtp_password: 'same' } })).toEqual({});
    expect(JSON.stringify(diffChanges({ after: { nested: { keys: 'LIC-1\nLIC-2', token: 'abc' } } }))).not.toMatch(/LIC-|abc/);
  });

  it('keeps one entry under its bound, naming the fields that changed', () => {
    const after = Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`field${index}`, 'y'.repeat(1000)]));
    const changes = diffChanges({ after });
    expect(JSON.stringify(changes).length).toBeLessThanOrEqual(CHANGE_LIMITS.entryChars);
    expect(Object.keys(changes)).toHaveLength(100);
    expect(changes.field0).toEqual({ after: '[too large to record]' });
  });
});

describe('boundValue', () => {
  it('cuts a long text with a marker saying how much was left out, never inside a surrogate pair', () => {
    expect(boundValue('a'.repeat(CHANGE_LIMITS.text + 50))).toBe(`${'a'.repeat(CHANGE_LIMITS.text)}… [50 more characters]`);
    const emoji = `${'a'.repeat(CHANGE_LIMITS.text - 1)}🔑${'b'.repeat(10)}`;
    const cut = boundValue(emoji) as string;
    expect(cut.startsWith('a'.repeat(CHANGE_LIMITS.text - 1))).toBe(true);
    expect(cut).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('drops control characters but line breaks, and replaces a lone surrogate', () => {
    expect(boundValue('a\u0000b\r\nc\u001b')).toBe('ab\nc');
    expect(boundValue('x\ud800y')).toBe('x\ufffdy');
  });

  it('cuts long lists and deep values, and turns what JSON cannot hold into text', () => {
    const list = boundValue(Array.from({ length: CHANGE_LIMITS.items + 5 }, (_, index) => index)) as unknown[];
    expect(list).toHaveLength(CHANGE_LIMITS.items + 1);
    expect(list.at(-1)).toBe('… 5 more');
    expect(boundValue({ a: { b: { c: { d: 1 } } } })).toEqual({ a: { b: { c: '{1 fields}' } } });
    expect(boundValue(Number.POSITIVE_INFINITY)).toBe('Infinity');
    expect(boundValue(10n)).toBe('10');
    expect(boundValue(new Date('2026-11-28T10:00:00Z'))).toBe('2026-11-28T10:00:00.000Z');
  });
});
