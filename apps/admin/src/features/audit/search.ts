import { AUDIT_AREAS, type AuditArea, type AuditLogQuery } from '@store/contracts';

/** Only the changes done, or only those refused or failed. */
export type AuditResult = 'done' | 'refused';

/**
 * The audit screen's state in its address (/admin/audit?actor=…&action=…&from=2026-11-01&to=2026-11-30&page=2),
 * so a reload or a shared link shows the same entries. `target_type` and `target_id` narrow it to one
 * product's, order's or account's history (the "History" link of an entry).
 */
export interface AuditSearch {
  actor?: string;
  action?: string;
  /** Every action of one group of the filter (`Orders`); the address holds this or `action`, not both. */
  area?: AuditArea;
  /** Days (YYYY-MM-DD) in the browser's time zone, both included. */
  from?: string;
  to?: string;
  result?: AuditResult;
  target_type?: string;
  target_id?: string;
  page?: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ACTION = /^[A-Za-z][A-Za-z0-9]{0,63}$/;
const TARGET_TYPE = /^[a-z][a-z0-9_-]{0,39}$/;
const TARGET_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** A day that exists (2026-02-30 does not), between the years the API takes. */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && year >= 1970 && year <= 9998;
}

/** Reads the address; anything unknown or malformed is dropped, so a hand-edited link still opens the trail. */
export function validateAuditSearch(raw: Record<string, unknown>): AuditSearch {
  const result: AuditSearch = {};
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');
  const actor = text(raw.actor).slice(0, 32);
  if (actor) result.actor = actor;
  const action = text(raw.action);
  if (ACTION.test(action)) result.action = action;
  else if ((AUDIT_AREAS as readonly unknown[]).includes(raw.area)) result.area = raw.area as AuditArea;
  if (isDay(raw.from)) result.from = raw.from;
  if (isDay(raw.to)) result.to = raw.to;
  if (raw.result === 'done' || raw.result === 'refused') result.result = raw.result;
  const targetType = text(raw.target_type);
  const targetId = text(raw.target_id);
  if (TARGET_TYPE.test(targetType)) {
    result.target_type = targetType;
    if (TARGET_ID.test(targetId)) result.target_id = targetId;
  }
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1) result.page = page;
  return result;
}

/** The start of a day in the browser's time zone, as the API's date-time. */
function startOfDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date).toISOString();
}

/** The start of the next day: `to` includes its whole day. */
function endOfDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + 1).toISOString();
}

/** The API's query for the screen's state and page. */
export function auditQuery(search: AuditSearch, pageSize: number): AuditLogQuery {
  const page = search.page ?? 1;
  return {
    ...(search.actor ? { actor: search.actor } : {}),
    ...(search.action ? { action: search.action } : {}),
    ...(search.area ? { area: search.area } : {}),
    ...(search.from ? { from: startOfDay(search.from) } : {}),
    ...(search.to ? { to: endOfDay(search.to) } : {}),
    ...(search.result ? { result: search.result } : {}),
    ...(search.target_type ? { target_type: search.target_type } : {}),
    ...(search.target_id ? { target_id: search.target_id } : {}),
    limit: pageSize,
    offset: (page - 1) * pageSize,
  };
}
