import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Requester } from './delivery-log.ts';

/*
 * How much of a file one delivered line (or one subscription, decision 041) may still receive, and how many downloads it has used
 * (docs/decisions/035-downloads-that-resume.md).
 *
 * The cap is in bytes: every answer reserves the bytes it is about to send in one conditional UPDATE before
 * the first byte goes out, and settles what really went out when it ends, giving back the rest. A line never
 * receives more than (limit + 1) × the file's size, whatever the client does.
 *
 * The count is in copies: the bytes sent for the copy under way are kept as a set of ranges (its coverage),
 * whichever answers sent them, and a copy is done once its coverage holds the first byte and all but 1% of the
 * file. So a resume, the segments of a parallel download and a restart of an unfinished copy add up to one
 * download, a probe of a few bytes to none. The first byte is asked for because an answer cut off may have
 * written more than arrived (socket buffers hold MiBs, tens of MiB on loopback): when that makes a copy done
 * early, the resume that follows (from a later byte) cannot make a second one. An answer from the first byte
 * to (nearly) the end starts a copy: it is refused once the copies done and the others on their way reach the
 * limit, and counts as one while it runs.
 */

/**
 * Whose allowance a download draws on: a delivered order line (`order_item_files`) or a subscription
 * (`subscription_files`, docs/decisions/041-subscription-downloads.md). Both rows carry the same columns and
 * follow the same rules; only the table, its key and the log row's owner differ.
 */
export type Ledger = { kind: 'order_line'; orderId: string; itemId: string } | { kind: 'subscription'; subscriptionId: string };

/** The allowance and file a download answer is for, and the file's size. */
export interface AllowanceTarget {
  ledger: Ledger;
  fileId: string;
  size: number;
}

/** The ledger's row of this file: its table and the condition that picks the row. */
function ledgerRow(target: AllowanceTarget): { table: RawBuilder<unknown>; picks: RawBuilder<boolean> } {
  const { ledger, fileId } = target;
  return ledger.kind === 'order_line'
    ? { table: sql`order_item_files`, picks: sql<boolean>`order_item_id = ${ledger.itemId}::uuid AND file_id = ${fileId}::uuid` }
    : { table: sql`subscription_files`, picks: sql<boolean>`subscription_id = ${ledger.subscriptionId}::uuid AND file_id = ${fileId}::uuid` };
}

/** The owner columns of the ledger's log rows: (order_id, order_item_id, subscription_id). */
function logOwner(ledger: Ledger): RawBuilder<unknown> {
  return ledger.kind === 'order_line'
    ? sql`${ledger.orderId}::uuid, ${ledger.itemId}::uuid, NULL::uuid`
    : sql`NULL::uuid, NULL::uuid, ${ledger.subscriptionId}::uuid`;
}

/** The bytes of a copy that make it done: all but 1% (rounded down), so a file of under 100 bytes needs them all. */
export const copyBytesNeeded = (size: number): number => size - Math.floor(size / 100);

/** Whether an answer of `length` bytes from `start` is a copy by itself: from the first byte, carrying a copy's bytes. */
export const startsCopy = (size: number, start: number, length: number): boolean => size > 0 && start === 0 && length >= copyBytesNeeded(size);

/** The downloads shown: copies done and copies on their way, at most the limit. */
export function copiesCounted(row: { copies_done: number; whole_in_flight: number; download_limit: number }): number {
  return Math.min(row.download_limit, row.copies_done + row.whole_in_flight);
}

/**
 * The rule an answer of `length` bytes must pass, on the ledger's row (`order_item_files` or
 * `subscription_files`): its bytes stay
 * within (limit + 1) copies; and an answer that starts a copy needs fewer copies done and on their way than
 * the limit. Other answers (a resume, a segment of a parallel download, a probe) need only the byte cap.
 */
function admits(size: number, length: number, whole: boolean): RawBuilder<boolean> {
  const cap = sql<boolean>`bytes_sent + bytes_reserved + ${length}::bigint <= (download_limit + 1)::bigint * ${size}::bigint`;
  return whole ? sql<boolean>`(${cap} AND copies_done + whole_in_flight < download_limit)` : cap;
}

/**
 * The SET of `copy_coverage` and `copies_done` once `length` bytes from `offset` went out: added to the
 * coverage of the copy under way, which, holding the first byte and all but 1% of `size`, makes a copy done
 * and starts empty. Written on the row being updated, so parallel settlements of one line each add to the
 * latest coverage.
 */
function cover(offset: RawBuilder<unknown>, length: RawBuilder<unknown>, size: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(copy_coverage, copies_done) = (
    SELECT CASE WHEN done THEN '{}'::int8multirange ELSE covered END, copies_done + CASE WHEN done THEN 1 ELSE 0 END
    FROM (SELECT covered, ${size} > 0 AND covered @> 0::bigint AND copy_bytes(covered) >= ${size} - ${size} / 100 AS done
      FROM (SELECT copy_coverage + int8multirange(int8range(${offset}, ${offset} + ${length})) AS covered) AS added) AS judged)`;
}

export interface DownloadRequest {
  target: AllowanceTarget;
  /** The first byte the answer carries. */
  offset: number;
  /** The bytes the answer carries. */
  length: number;
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
  const { target, offset, length, settledAtOnce, requester } = request;
  const whole = startsCopy(target.size, offset, length);
  const taking = settledAtOnce
    ? sql`bytes_sent = bytes_sent + ${length}::bigint, ${cover(sql`${offset}::bigint`, sql`${length}::bigint`, sql`${target.size}::bigint`)}`
    : sql`bytes_reserved = bytes_reserved + ${length}::bigint, whole_in_flight = whole_in_flight + ${whole ? 1 : 0}`;
  const { table, picks } = ledgerRow(target);
  const { rows } = await sql<{ id: string }>`WITH taken AS (
      UPDATE ${table} SET ${taking}
      WHERE ${picks} AND ${admits(target.size, length, whole)}
      RETURNING file_id)
    INSERT INTO delivery_events (order_id, order_item_id, subscription_id, kind, file_id, ip, user_agent, bytes_sent, bytes_reserved, byte_offset, range)
    SELECT ${logOwner(target.ledger)}, 'download', file_id, ${requester.ip}::text, ${requester.userAgent}::text,
      ${settledAtOnce ? length : null}::bigint, ${length}::bigint, ${offset}::bigint, ${request.range}::text
    FROM taken
    RETURNING id`.execute(db);
  return rows[0]?.id ?? null;
}

/** Whether an answer of `length` bytes from `offset` would be let through now, without reserving anything (HEAD). */
export async function wouldAdmit(db: Kysely<Database>, target: AllowanceTarget, offset: number, length: number): Promise<boolean> {
  const { table, picks } = ledgerRow(target);
  const { rows } = await sql<{ found: number }>`SELECT 1 AS found FROM ${table}
    WHERE ${picks} AND ${admits(target.size, length, startsCopy(target.size, offset, length))}`.execute(db);
  return rows.length > 0;
}

/**
 * Settles an answer that ended, whole or cut off: its log row takes the bytes sent; the ledger's reservation
 * becomes those bytes (the rest given back), they join the coverage of the copy under way, and an answer
 * that started a copy is no longer on its way. Once only: a second call changes nothing. The log row names
 * its ledger (an order line or a subscription): the statement updates whichever row that is.
 */
export async function settleDownload(db: Kysely<Database>, eventId: string, sent: number): Promise<void> {
  const settles = sql`bytes_sent = d.bytes_sent + ${sent}::bigint, bytes_reserved = d.bytes_reserved - a.bytes_reserved,
      whole_in_flight = d.whole_in_flight - CASE WHEN a.whole THEN 1 ELSE 0 END,
      ${cover(sql`a.byte_offset`, sql`${sent}::bigint`, sql`a.size`)}`;
  await sql`WITH settled AS (
      UPDATE delivery_events SET bytes_sent = ${sent}::bigint
      WHERE id = ${eventId}::uuid AND kind = 'download' AND bytes_sent IS NULL
      RETURNING order_item_id, subscription_id, file_id, bytes_reserved, byte_offset),
    answer AS (
      SELECT s.order_item_id, s.subscription_id, s.file_id, s.bytes_reserved, s.byte_offset, f.size,
        (f.size > 0 AND s.byte_offset = 0 AND s.bytes_reserved >= f.size - f.size / 100) AS whole
      FROM settled s JOIN product_files f ON f.id = s.file_id),
    line AS (
      UPDATE order_item_files d SET ${settles}
      FROM answer a
      WHERE d.order_item_id = a.order_item_id AND d.file_id = a.file_id)
    UPDATE subscription_files d SET ${settles}
    FROM answer a
    WHERE d.subscription_id = a.subscription_id AND d.file_id = a.file_id`.execute(db);
}

/**
 * Gives back the reservations of answers that started more than `olderThanSeconds` ago and never settled:
 * their instance stopped mid-answer (an answer runs at most ANSWER_MAX_SECONDS, so none is still running).
 * Their bytes are unknown: the log rows keep none, the coverage gains none. Answers how many were given back.
 */
export async function releaseStaleReservations(db: Kysely<Database>, olderThanSeconds: number): Promise<number> {
  const { rows } = await sql<{ released: string }>`WITH stale AS (
      SELECT e.id, e.order_item_id, e.subscription_id, e.file_id, e.bytes_reserved,
        (f.size > 0 AND e.byte_offset = 0 AND e.bytes_reserved >= f.size - f.size / 100) AS whole
      FROM delivery_events e JOIN product_files f ON f.id = e.file_id
      WHERE e.kind = 'download' AND e.bytes_sent IS NULL AND e.bytes_reserved > 0 AND e.at < now() - make_interval(secs => ${olderThanSeconds})
      FOR UPDATE OF e SKIP LOCKED),
    released AS (
      UPDATE delivery_events e SET bytes_reserved = 0 FROM stale s WHERE e.id = s.id
      RETURNING s.order_item_id, s.subscription_id, s.file_id, s.bytes_reserved, s.whole),
    per_ledger AS (
      SELECT order_item_id, subscription_id, file_id, sum(bytes_reserved) AS bytes, count(*) FILTER (WHERE whole) AS wholes, count(*) AS answers
      FROM released GROUP BY order_item_id, subscription_id, file_id),
    given_back_lines AS (
      UPDATE order_item_files d SET bytes_reserved = d.bytes_reserved - p.bytes, whole_in_flight = d.whole_in_flight - p.wholes
      FROM per_ledger p WHERE d.order_item_id = p.order_item_id AND d.file_id = p.file_id
      RETURNING p.answers),
    given_back_subscriptions AS (
      UPDATE subscription_files d SET bytes_reserved = d.bytes_reserved - p.bytes, whole_in_flight = d.whole_in_flight - p.wholes
      FROM per_ledger p WHERE d.subscription_id = p.subscription_id AND d.file_id = p.file_id
      RETURNING p.answers)
    SELECT coalesce(sum(answers), 0)::text AS released
    FROM (SELECT answers FROM given_back_lines UNION ALL SELECT answers FROM given_back_subscriptions) AS given_back`.execute(db);
  return Number(rows[0]?.released ?? 0);
}
