import { describe, expect, it } from 'vitest';
import { checkApiKeyDraft, emptyApiKeyDraft, endOfDay, toDateInput } from './api-key-draft.ts';

// The tests run in UTC (vitest.config.ts): the end of a day is 23:59:59.999Z.
const NOW = () => new Date('2026-12-04T12:00:00.000Z');

describe('an API key expiry typed as a day', () => {
  it('is the last moment of that day in the browser’s time zone, or null when left empty', () => {
    expect(endOfDay('2026-12-31')).toBe('2026-12-31T23:59:59.999Z');
    expect(endOfDay('  ')).toBeNull();
  });

  it('stays as typed when it is no day, for the schema to refuse', () => {
    expect(endOfDay('2026-02-31')).toBe('2026-02-31');
    expect(endOfDay('next week')).toBe('next week');
  });

  it('is written back as a date input writes it', () => {
    expect(toDateInput(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});

describe('the New API key form', () => {
  it('asks for a name and at least one scope', () => {
    expect(checkApiKeyDraft(emptyApiKeyDraft(), NOW)).toEqual({
      ok: false,
      errors: { name: 'Name is required', scopes: 'Choose at least one scope' },
    });
    expect(checkApiKeyDraft({ name: '   ', scopes: ['orders:read'], expires_on: '' }, NOW)).toMatchObject({
      ok: false,
      errors: { name: 'Name is required' },
    });
  });

  it('takes today as the last day, and refuses a day already over or no day at all', () => {
    const draft = { name: 'Accounting sync', scopes: ['orders:read' as const], expires_on: '2026-12-04' };
    expect(checkApiKeyDraft(draft, NOW)).toEqual({
      ok: true,
      value: { name: 'Accounting sync', scopes: ['orders:read'], expires_at: '2026-12-04T23:59:59.999Z' },
    });
    expect(checkApiKeyDraft({ ...draft, expires_on: '2026-12-03' }, NOW)).toEqual({
      ok: false,
      errors: { expires_on: 'Pick today or a later day: a key cannot expire in the past' },
    });
    expect(checkApiKeyDraft({ ...draft, expires_on: '2026-13-01' }, NOW)).toEqual({
      ok: false,
      errors: { expires_on: 'Pick a date, or leave it empty for a key that never expires' },
    });
  });

  it('sends null for a key that never expires, and the name without its spaces', () => {
    expect(checkApiKeyDraft({ name: ' Bot ', scopes: ['discounts:read'], expires_on: '' }, NOW)).toEqual({
      ok: true,
      value: { name: 'Bot', scopes: ['discounts:read'], expires_at: null },
    });
  });
});
