import type { DeliveryLog } from '@store/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { csvDocument } from '../http/csv.ts';

/*
 * The delivery log: evidence that the buyer received the goods, for a payment dispute ("item not
 * received"). Every answer that showed a line's keys and every download of a file is one row, with
 * the time, the address, the browser and the bytes sent. Rows are only ever added.
 */

/** Longest user agent kept: enough to identify a browser, bounded against a 1 MB header. */
const USER_AGENT_MAX = 512;

/** Who asked: the address (behind TRUST_PROXY, the client's) and the browser. */
export interface Requester {
  ip: string | null;
  userAgent: string | null;
}

export function requesterOf(request: FastifyRequest): Requester {
  const agent = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof agent === 'string' && agent !== '' ? cleanText(agent, USER_AGENT_MAX) : null };
}

/** Printable text only (no control characters or NUL, which PostgreSQL's text refuses), bounded. */
function cleanText(value: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, max);
}

/** Records that an answer showed these lines' keys (one row a line). */
export async function recordKeyReveals(
  db: Kysely<Database>,
  requester: Requester,
  lines: readonly { orderId: string; itemId: string; keys: number }[],
): Promise<void> {
  if (lines.length === 0) return;
  await db
    .insertInto('delivery_events')
    .values(
      lines.map((line) => ({
        order_id: line.orderId,
        order_item_id: line.itemId,
        kind: 'key_reveal' as const,
        file_id: null,
        ip: requester.ip,
        user_agent: requester.userAgent,
        bytes_sent: null,
        range: null,
        keys_shown: line.keys,
      })),
    )
    .execute();
}

/** Records a download as it starts; its bytes are filled in when it ends (`recordBytesSent`). */
export async function recordDownloadStart(
  db: Kysely<Database> | Transaction<Database>,
  requester: Requester,
  download: { orderId: string; itemId: string; fileId: string; range: string | null; bytesSent: number | null },
): Promise<string> {
  const row = await db
    .insertInto('delivery_events')
    .values({
      order_id: download.orderId,
      order_item_id: download.itemId,
      kind: 'download',
      file_id: download.fileId,
      ip: requester.ip,
      user_agent: requester.userAgent,
      bytes_sent: download.bytesSent,
      range: download.range === null ? null : cleanText(download.range, 100),
      keys_shown: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The bytes a download sent, once its answer ended (whole, or cut off by the buyer's side). */
export async function recordBytesSent(
  db: Kysely<Database>,
  event: { eventId: string; itemId: string; fileId: string },
  bytes: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('delivery_events').set({ bytes_sent: bytes }).where('id', '=', event.eventId).execute();
    await trx
      .updateTable('order_item_files')
      .set((eb) => ({ bytes_sent: eb('bytes_sent', '+', String(bytes)) }))
      .where('order_item_id', '=', event.itemId)
      .where('file_id', '=', event.fileId)
      .execute();
  });
}

export async function deliveryLog(db: Kysely<Database>, orderId: string): Promise<DeliveryLog> {
  const order = await db.selectFrom('orders').select(['id', 'delivered_at', 'invoice_email']).where('id', '=', orderId).executeTakeFirst();
  if (!order) throw notFound('Order not found', 'order_not_found');
  const rows = await db
    .selectFrom('delivery_events as e')
    .innerJoin('order_items as i', 'i.id', 'e.order_item_id')
    .leftJoin('product_files as f', 'f.id', 'e.file_id')
    .select([
      'e.id',
      'e.at',
      'e.kind',
      'e.order_item_id',
      'i.title',
      'e.file_id',
      'f.name as file_name',
      'e.ip',
      'e.user_agent',
      'e.bytes_sent',
      'e.range',
      'e.keys_shown',
    ])
    .where('e.order_id', '=', orderId)
    .orderBy('e.at')
    .orderBy('e.id')
    .execute();
  return {
    order_id: order.id,
    delivered_at: order.delivered_at?.toISOString() ?? null,
    buyer_email: order.invoice_email,
    events: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      kind: row.kind,
      order_item_id: row.order_item_id,
      title: row.title,
      file_id: row.file_id,
      file_name: row.file_name,
      ip: row.ip,
      user_agent: row.user_agent,
      bytes_sent: row.bytes_sent === null ? null : Number(row.bytes_sent),
      range: row.range,
      keys_shown: row.keys_shown,
    })),
  };
}

const CSV_COLUMNS = ['time', 'event', 'order', 'line', 'product', 'file', 'ip', 'user_agent', 'bytes_sent', 'range', 'keys_shown'] as const;

/** The log as CSV for a spreadsheet, through the shared writer (`http/csv.ts`: BOM, quoting, formula-safe). */
export function deliveryLogCsv(log: DeliveryLog): Buffer {
  return csvDocument(
    CSV_COLUMNS,
    log.events.map((event) => [
      event.at,
      event.kind,
      log.order_id,
      event.order_item_id,
      event.title,
      event.file_name,
      event.ip,
      event.user_agent,
      event.bytes_sent,
      event.range,
      event.keys_shown,
    ]),
  );
}
