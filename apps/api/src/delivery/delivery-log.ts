import type { DeliveryLog } from '@store/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { csvDocument } from '../http/csv.ts';
import { headerText } from '../http/header-text.ts';

/*
 * The delivery log: evidence that the buyer received the goods, for a payment dispute ("item not
 * received"). Every answer that showed a line's keys and every download of a file is one row, with
 * the time, the address, the browser and the bytes sent. Rows are only ever added.
 */

/** Longest user agent kept: enough to identify a browser, bounded against a 1 MB header. */
const USER_AGENT_MAX = 512;
/** Longest address kept: an IPv6 address with a zone fits; behind TRUST_PROXY it comes from a header. */
const IP_MAX = 100;
/** Longest `Range` kept in the log. */
export const RANGE_MAX = 100;

/** Who asked: the address (behind TRUST_PROXY, the client's) and the browser. */
export interface Requester {
  ip: string | null;
  userAgent: string | null;
}

/** The requester as stored: header text decoded as UTF-8, without control characters, bounded (`http/header-text.ts`). */
export function requesterOf(request: FastifyRequest): Requester {
  const agent = request.headers['user-agent'];
  const userAgent = typeof agent === 'string' ? headerText(agent, USER_AGENT_MAX) : '';
  const ip = request.ip ? headerText(request.ip, IP_MAX) : '';
  return { ip: ip || null, userAgent: userAgent || null };
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
    // An order's rows all name their line (a subscription's rows name no order: decision 041).
    .$narrowType<{ order_item_id: string }>()
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
