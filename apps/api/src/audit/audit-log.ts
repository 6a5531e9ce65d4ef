import { AUDIT_ACTIONS, auditActionOf, auditTargetName, type AuditEntry, type AuditLog, type AuditLogQuery } from '@store/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import { countRows, pageOf } from '../db/paging.ts';
import type { AuditLogTable, Database } from '../db/schema.ts';
import { badRequest } from '../errors.ts';

/** A date-time of the query as a Date PostgreSQL takes (the format alone lets years 0 and 99999 through). */
function dateOf(value: string | undefined, field: 'from' | 'to'): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 1970 || year > 9999) {
    throw badRequest(`${field} must be a date and time between 1970 and 9999`, 'validation_error');
  }
  return date;
}

/** A row as the screen reads it: the action and the target's kind in words from the contract, whenever the row was written. */
function toEntry(row: Selectable<AuditLogTable>): AuditEntry {
  const action = auditActionOf(row.action);
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor_id: row.actor_id,
    actor_username: row.actor_username,
    api_key_id: row.api_key_id,
    action: row.action,
    action_label: action.label,
    action_area: action.area,
    method: row.method,
    path: row.path,
    target_type: row.target_type,
    target_type_label: auditTargetName(row.target_type),
    target_id: row.target_id,
    target_label: row.target_label,
    ip: row.ip,
    user_agent: row.user_agent,
    status_code: row.status_code,
    error_code: row.error_code,
    changes: row.changes,
  };
}

/** The trail, newest first, filtered and paged as the query asks, with the total it matches. */
export async function listAuditLog(db: Kysely<Database>, query: AuditLogQuery): Promise<AuditLog> {
  const from = dateOf(query.from, 'from');
  const to = dateOf(query.to, 'to');
  let filtered = db.selectFrom('audit_log');
  const actor = query.actor?.trim().toLowerCase();
  if (actor) filtered = filtered.where(sql<string>`lower(actor_username)`, '=', actor);
  if (query.action) filtered = filtered.where('action', '=', query.action);
  if (query.area)
    filtered = filtered.where(
      'action',
      'in',
      AUDIT_ACTIONS.filter((action) => action.area === query.area).map((action) => action.value),
    );
  if (query.target_type) filtered = filtered.where('target_type', '=', query.target_type);
  if (query.target_id) filtered = filtered.where('target_id', '=', query.target_id);
  if (from) filtered = filtered.where('at', '>=', from);
  if (to) filtered = filtered.where('at', '<', to);
  if (query.result === 'done') filtered = filtered.where('status_code', '<', 400);
  if (query.result === 'refused') filtered = filtered.where('status_code', '>=', 400);
  const { limit, offset } = pageOf(query);
  const [rows, total] = await Promise.all([
    filtered.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    countRows(filtered),
  ]);
  return { entries: rows.map(toEntry), total, actions: AUDIT_ACTIONS };
}
