import { SECRET_MASK, auditTargetName, type AuditEntry, type AuditFieldChange } from '@store/contracts';

/*
 * How the Audit screen words an entry (docs/decisions/029-audit-trail.md). Every value is shown as text:
 * React escapes it, nothing in an entry is ever read as HTML.
 */

/** The kind of an entry's target in words, as the API sends it from the contract ('Discount code'); '—' when it names none. */
export function targetKind(entry: Pick<AuditEntry, 'target_type' | 'target_type_label'>): string {
  return entry.target_type_label ?? auditTargetName(entry.target_type) ?? '—';
}

/** Whether the change was made: 2xx done; 4xx refused; 5xx failed. */
export function resultOf(entry: Pick<AuditEntry, 'status_code' | 'error_code'>): {
  text: string;
  tone: 'green' | 'orange' | 'red';
  /** The error code of a refused or failed change, shown under the badge (one word: cut, never broken). */
  reason: string | null;
} {
  if (entry.status_code < 400) return { text: 'Done', tone: 'green', reason: null };
  if (entry.status_code < 500) return { text: `Refused (${entry.status_code})`, tone: 'orange', reason: entry.error_code };
  return { text: `Failed (${entry.status_code})`, tone: 'red', reason: entry.error_code };
}

/** A field name for people: `detailed_description` → 'detailed description'. */
export function fieldName(name: string): string {
  return name.replace(/_/g, ' ');
}

/** One side of a change as text: absent '—', empty '(empty)', lists and objects as indented JSON. */
export function formatValue(value: unknown): string {
  if (value === undefined) return '—';
  if (value === null) return '(none)';
  if (value === '') return '(empty)';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value, null, 2);
}

/** A secret's side: only whether it was set is ever recorded. */
function formatSecret(value: unknown): string {
  if (value === undefined) return '—';
  return value === SECRET_MASK ? 'set (hidden)' : 'not set';
}

/** A field's change as the diff view shows it: before and after in words, and a note for a secret. */
export function describeChange(change: AuditFieldChange): { before: string; after: string; note: string | null } {
  if (!change.masked) return { before: formatValue(change.before), after: formatValue(change.after), note: null };
  const replaced = change.before === SECRET_MASK && change.after === SECRET_MASK;
  return {
    before: formatSecret(change.before),
    after: replaced ? 'replaced (hidden)' : formatSecret(change.after),
    note: 'Secret: its value is never recorded',
  };
}
