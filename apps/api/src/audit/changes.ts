import { SECRET_MASK, SECRET_SETTINGS, type AuditChanges, type AuditFieldChange } from '@store/contracts';

/*
 * What a staff change changed, as the audit trail keeps it (docs/decisions/029-audit-trail.md): the fields
 * whose value differs, each before and after, shortened so a 1 MB description never makes a 1 MB row, and
 * secrets reduced to "set" (the mask) or "not set" (''). Pure functions: the handlers describe their change,
 * this decides what of it may be stored.
 */

/** The bounds of what is kept of one value, and of one entry's changes as JSON text. */
export const CHANGE_LIMITS = {
  /** Characters of a text kept; the rest is replaced by a marker saying how much was left out. */
  text: 300,
  /** Items of a list (or fields of an object) kept. */
  items: 30,
  /** Nesting kept inside a value. */
  depth: 3,
  /** One entry's changes as JSON text: far under the database's check (65,536). */
  entryChars: 16_000,
} as const;

/**
 * Fields that are never stored in clear, whoever records them: the settings' secrets, passwords, licence keys
 * and tokens. A handler may name more (`secrets`); these are masked even when it forgets.
 */
export const ALWAYS_MASKED: ReadonlySet<string> = new Set<string>([
  ...SECRET_SETTINGS,
  'password',
  'current_password',
  'new_password',
  'password_hash',
  'key',
  'keys',
  'key_value',
  'token',
  'access_token',
  'secret',
  'totp_secret',
]);

/** A value shortened to the bounds: long texts cut with a marker, long lists and objects cut, deep values summarised. */
export function boundValue(value: unknown, depth = 0): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return boundText(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) {
    if (depth >= CHANGE_LIMITS.depth) return `[${value.length} items]`;
    const kept = value.slice(0, CHANGE_LIMITS.items).map((item) => boundValue(item, depth + 1));
    return value.length > kept.length ? [...kept, `… ${value.length - kept.length} more`] : kept;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    if (depth >= CHANGE_LIMITS.depth) return `{${entries.length} fields}`;
    const kept = entries
      .slice(0, CHANGE_LIMITS.items)
      .map(([name, item]) => [boundText(name), ALWAYS_MASKED.has(name) ? maskOf(item) : boundValue(item, depth + 1)]);
    if (entries.length > kept.length) kept.push(['…', `${entries.length - kept.length} more fields`]);
    return Object.fromEntries(kept);
  }
  // undefined, functions, symbols: nothing a change is made of.
  return null;
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0009\u000b-\u001f\u007f]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A text cut at the bound (never inside a surrogate pair), with how much was left out; control characters but line breaks dropped. */
function boundText(text: string): string {
  const clean = text.replace(CONTROL_CHARACTERS, '').replace(LONE_SURROGATE, '\ufffd');
  if (clean.length <= CHANGE_LIMITS.text) return clean;
  let cut = CHANGE_LIMITS.text;
  if (/[\ud800-\udbff]/.test(clean[cut - 1]!)) cut -= 1;
  return `${clean.slice(0, cut)}… [${clean.length - cut} more characters]`;
}

/** A secret as the trail keeps it: the mask when it is set, '' when it is not. */
function maskOf(value: unknown): string {
  return value === null || value === undefined || value === '' ? '' : SECRET_MASK;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface ChangeDescription {
  /** The target's fields before the change; null or absent for a creation. */
  before?: Record<string, unknown> | null;
  /** Its fields after the change; null or absent for a removal. */
  after?: Record<string, unknown> | null;
  /** More fields to keep only as set or not set (beyond ALWAYS_MASKED). */
  secrets?: readonly string[];
}

/**
 * The fields that changed, each with its value before and after (bounded), secrets masked. Compared on the
 * whole values, so a secret replaced by another shows as changed though both sides read as the mask.
 */
export function diffChanges({ before, after, secrets = [] }: ChangeDescription): AuditChanges {
  const masked = new Set([...ALWAYS_MASKED, ...secrets]);
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: AuditChanges = {};
  for (const name of names) {
    const was = before ? before[name] : undefined;
    const now = after ? after[name] : undefined;
    if (before && after && same(was, now)) continue;
    if (was === undefined && now === undefined) continue;
    const change: AuditFieldChange = {};
    if (masked.has(name)) {
      if (before) change.before = maskOf(was);
      if (after) change.after = maskOf(now);
      change.masked = true;
    } else {
      if (before && was !== undefined) change.before = boundValue(was);
      if (after && now !== undefined) change.after = boundValue(now);
    }
    changes[boundText(name)] = change;
  }
  return boundEntry(changes);
}

/**
 * One entry's changes within CHANGE_LIMITS.entryChars: when many long fields together pass it, each value
 * gives way to a note, keeping which fields changed.
 */
export function boundEntry(changes: AuditChanges): AuditChanges {
  if (JSON.stringify(changes).length <= CHANGE_LIMITS.entryChars) return changes;
  const names = Object.keys(changes);
  const summary: AuditChanges = {};
  for (const name of names.slice(0, 200))
    summary[name] = { after: '[too large to record]', ...(changes[name]?.masked ? { masked: true } : {}) };
  if (names.length > 200) summary['…'] = { after: `${names.length - 200} more fields` };
  return summary;
}
