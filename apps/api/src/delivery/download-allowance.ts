import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Requester } from './delivery-log.ts';

/*
 * How much of a file one delivered line may still receive (docs/decisions/035-downloads-that-resume.md).
 * Bytes, not requests, are counted: every answer reserves the bytes it is about to send in one conditional
 * UPDATE before the first byte goes out, and settles what really went out when it ends, giving back the
 * rest. A line never receives more than (limit + 1) × the file's size, whatever the client does; the
 * downloads shown are whole copies' worth of those bytes, so resumes, parallel ranges and probes of one
 * copy are one download, and a copy is counted the moment an answer has reserved its last bytes.
 */

/** The line and file a download answer is for, and the file's size. */
export interface AllowanceTarget {
  orderId: string;
  itemId: string;
  fileId: string;
  size: number;
}

/**
 * The downloads a line has used: whole copies' worth of the bytes sent and reserved, at most the limit.
 * An empty file has no bytes to count and is never limited.
 */
export function copiesCounted(bytes: number, size: number, limit: number): number {
  return size === 0 ? 0 : Math.min(limit, Math.floor(bytes / size));
}

/**
 * The rule an answer of `length` bytes must pass, on the row of `order_item_files`: the line's bytes stay
 * within (limit + 1) copies; and an answer from the first byte, which starts a copy, needs fewer than
 * `limit` copies counted. Answers from a later byte continue a copy (a resume, a segment of a parallel
 * download) and need only the byte cap.
 */
function admits(size: number, length: number, startsCopy: boolean): RawBuilder<boolean> {
  const cap = sql<boolean>`bytes_sent + bytes_reserved + ${length} <= (download_limit + 1)::bigint * ${size}`;
  if (!startsCopy || size === 0) return cap;
  return sql<boolean>`(${cap} AND bytes_sent + bytes_reserved < download_limit::bigint * ${size})`;
}

export interface DownloadRequest {
  target: AllowanceTarget;
  /** The bytes the answer carries. */
  length: number;
  /** The answer starts at the file's first byte. */
  startsCopy: boolean;
  /** The bytes leave from elsewhere (S3's presigned link): counted as sent at once, never given back. */
  settledAtOnce: boolean;
  requester: Requester;
  /** The `Range` header as asked, for the log. */
  range: string | null;
}

/**
 * Reserves the answer's bytes and logs the download in one statement, so a reservation never exists without
 * its log row (which the settlement reads). Answers the log row's id, or null when the line's allowance
 * refuses the answer (nothing was written).
 */
export async function reserveDownload(db: Kysely<Database>, request: DownloadRequest): Promise<string | null> {
  const { target, length, settledAtOnce, requester } = request;
  const { rows } = await sql<{ id: string }>`WITH taken AS (
      UPDATE order_item_files
      SET bytes_sent = bytes_sent + ${settledAtOnce ? length : 0}, bytes_reserved = bytes_reserved + ${settledAtOnce ? 0 : length}
      WHERE order_item_id = ${target.itemId} AND file_id = ${target.fileId} AND ${admits(target.size, length, request.startsCopy)}
      RETURNING order_item_id)
    INSERT INTO delivery_events (order_id, order_item_id, kind, file_id, ip, user_agent, bytes_sent, bytes_reserved, range)
    SELECT ${target.orderId}::uuid, order_item_id, 'download', ${target.fileId}::uuid, ${requester.ip}::text, ${requester.userAgent}::text,
      ${settledAtOnce ? length : null}::bigint, ${length}::bigint, ${request.range}::text
    FROM taken
    RETURNING id`.execute(db);
  return rows[0]?.id ?? null;
}

/** Whether an answer of `length` bytes would be let through now, without reserving anything (HEAD). */
export async function wouldAdmit(db: Kysely<Database>, target: AllowanceTarget, length: number, startsCopy: boolean): Promise<boolean> {
  const { rows } = await sql<{ found: number }>`SELECT 1 AS found FROM order_item_files
    WHERE order_item_id = ${target.itemId} AND file_id = ${target.fileId} AND ${admits(target.size, length, startsCopy)}`.execute(db);
  return rows.length > 0;
}

/**
 * Settles an answer that ended, whole or cut off: its log row takes the bytes sent, and the line's
 * reservation becomes those bytes, the rest given back. Once only: a second call changes nothing.
 */
export async function settleDownload(db: Kysely<Database>, eventId: string, sent: number): Promise<void> {
  await sql`WITH settled AS (
      UPDATE delivery_events SET bytes_sent = ${sent}::bigint
      WHERE id = ${eventId}::uuid AND kind = 'download' AND bytes_sent IS NULL
      RETURNING order_item_id, file_id, bytes_reserved)
    UPDATE order_item_files d
    SET bytes_reserved = d.bytes_reserved - s.bytes_reserved, bytes_sent = d.bytes_sent + ${sent}::bigint
    FROM settled s
    WHERE d.order_item_id = s.order_item_id AND d.file_id = s.file_id`.execute(db);
}

/**
 * Gives back the reservations of answers that started more than `olderThanSeconds` ago and never settled:
 * their instance stopped mid-answer (an answer runs at most ANSWER_MAX_SECONDS, so none is still running).
 * Their log rows keep no bytes (unknown). Answers how many were given back.
 */
export async function releaseStaleReservations(db: Kysely<Database>, olderThanSeconds: number): Promise<number> {
  const { rows } = await sql<{ released: string }>`WITH stale AS (
      SELECT id, order_item_id, file_id, bytes_reserved FROM delivery_events
      WHERE kind = 'download' AND bytes_sent IS NULL AND bytes_reserved > 0 AND at < now() - make_interval(secs => ${olderThanSeconds})
      FOR UPDATE SKIP LOCKED),
    released AS (
      UPDATE delivery_events e SET bytes_reserved = 0 FROM stale s WHERE e.id = s.id
      RETURNING s.order_item_id, s.file_id, s.bytes_reserved),
    per_line AS (
      SELECT order_item_id, file_id, sum(bytes_reserved) AS bytes, count(*) AS answers FROM released GROUP BY order_item_id, file_id),
    given_back AS (
      UPDATE order_item_files d SET bytes_reserved = d.bytes_reserved - p.bytes
      FROM per_line p WHERE d.order_item_id = p.order_item_id AND d.file_id = p.file_id
      RETURNING p.answers)
    SELECT coalesce(sum(answers), 0)::text AS released FROM given_back`.execute(db);
  return Number(rows[0]?.released ?? 0);
}
