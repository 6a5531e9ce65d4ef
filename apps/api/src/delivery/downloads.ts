import { pipeline, Transform, type TransformCallback } from 'node:stream';
import type { OrderDownload } from '@store/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError, notFound } from '../errors.ts';
import { isBlobStoreError, type BlobBody, type ResolvedRange } from '../storage/blob-store.ts';
import { attachmentDisposition } from '../storage/content-disposition.ts';
import { parseRangeHeader, resolveRange } from '../storage/range.ts';
import { recordBytesSent, recordDownloadStart, requesterOf } from './delivery-log.ts';

/** How long a download link stays valid: the order page answers fresh ones each time it is opened. */
export const DOWNLOAD_LINK_SECONDS = 15 * 60;
/** How long an S3 presigned link lives once a download is checked and logged: long enough to start, too short to share. */
export const PRESIGNED_SECONDS = 60;

const DOWNLOAD = 'download';

const signedValue = (itemId: string, fileId: string, expires: number) => `${itemId}.${fileId}.${expires}`;

/** A signed link to one file of one delivered line, valid DOWNLOAD_LINK_SECONDS. */
export function downloadUrl(app: FastifyInstance, itemId: string, fileId: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + DOWNLOAD_LINK_SECONDS;
  return `/api/downloads/${itemId}/${fileId}?expires=${expires}&signature=${app.sign(DOWNLOAD, signedValue(itemId, fileId, expires))}`;
}

export function checkDownloadLink(app: FastifyInstance, itemId: string, fileId: string, expires: number, signature: string): boolean {
  return expires * 1000 > Date.now() && app.verifySigned(DOWNLOAD, signedValue(itemId, fileId, expires), signature);
}

/**
 * Gives each line of an order being delivered its copy of its product's files, with the product's
 * download limit. The files' rows are held (FOR SHARE) until the delivery commits, so staff removing a
 * file at the same moment either wait and see this line, or went first and the file is not handed over.
 */
export async function attachFiles(trx: Transaction<Database>, orderId: string): Promise<void> {
  // One statement: the files are locked FOR SHARE in the WITH (MATERIALIZED: run once, as written), and
  // the lines' copies are made of exactly the rows locked.
  await sql`WITH files AS MATERIALIZED (
      SELECT f.id, f.product_id, f.created_at FROM product_files f JOIN order_items i ON i.product_id = f.product_id
      WHERE i.order_id = ${orderId} AND f.removed_at IS NULL FOR SHARE OF f)
    INSERT INTO order_item_files (order_item_id, file_id, position, download_limit)
    SELECT i.id, f.id, row_number() OVER (PARTITION BY i.id ORDER BY f.created_at, f.id), p.download_limit
    FROM order_items i
    JOIN products p ON p.id = i.product_id
    JOIN files f ON f.product_id = i.product_id
    WHERE i.order_id = ${orderId}
    ON CONFLICT DO NOTHING`.execute(trx);
}

/** The files of delivered lines with fresh signed links, read in one query for a whole list of orders. */
export async function downloadsByItem(app: FastifyInstance, itemIds: readonly string[]): Promise<Map<string, OrderDownload[]>> {
  const byItem = new Map<string, OrderDownload[]>();
  if (itemIds.length === 0) return byItem;
  const rows = await app.db
    .selectFrom('order_item_files as d')
    .innerJoin('product_files as f', 'f.id', 'd.file_id')
    .select(['d.order_item_id', 'd.file_id', 'd.download_count', 'd.download_limit', 'f.name', 'f.size'])
    .where('d.order_item_id', 'in', [...itemIds])
    .orderBy('d.order_item_id')
    .orderBy('d.position')
    .execute();
  const now = Date.now();
  for (const row of rows) {
    const list = byItem.get(row.order_item_id) ?? [];
    list.push({
      file_id: row.file_id,
      name: row.name,
      size: Number(row.size),
      url: downloadUrl(app, row.order_item_id, row.file_id, now),
      download_count: row.download_count,
      download_limit: row.download_limit,
    });
    byItem.set(row.order_item_id, list);
  }
  return byItem;
}

interface DownloadTarget {
  orderId: string;
  itemId: string;
  fileId: string;
  name: string;
  size: number;
  contentType: string;
  storageKey: string;
  downloadCount: number;
  downloadLimit: number;
  bytesSent: number;
}

/** The file of a delivered line; undefined when there is none, `refunded` when its order was refunded (its goods stopped). */
async function findTarget(db: Kysely<Database>, itemId: string, fileId: string): Promise<DownloadTarget | 'refunded' | undefined> {
  const row = await db
    .selectFrom('order_item_files as d')
    .innerJoin('product_files as f', 'f.id', 'd.file_id')
    .innerJoin('order_items as i', 'i.id', 'd.order_item_id')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select([
      'o.id as order_id',
      'o.status',
      'f.name',
      'f.size',
      'f.content_type',
      'f.storage_key',
      'd.download_count',
      'd.download_limit',
      'd.bytes_sent',
    ])
    .where('d.order_item_id', '=', itemId)
    .where('d.file_id', '=', fileId)
    .executeTakeFirst();
  if (row?.status === 'refunded') return 'refunded';
  if (!row || row.status !== 'completed') return undefined;
  return {
    orderId: row.order_id,
    itemId,
    fileId,
    name: row.name,
    size: Number(row.size),
    contentType: row.content_type,
    storageKey: row.storage_key,
    downloadCount: row.download_count,
    downloadLimit: row.download_limit,
    bytesSent: Number(row.bytes_sent),
  };
}

const limitReached = (limit: number) =>
  new AppError(
    'forbidden',
    `This file has been downloaded ${limit} ${limit === 1 ? 'time' : 'times'}, the limit for one purchase. If you need it again, contact us with your order number and we will help.`,
    'download_limit_reached',
  );

/**
 * Takes one download from the line's allowance, atomically, so parallel requests cannot pass the limit.
 * A request from the first byte is a new download and counts; a request that resumes a started download
 * (a Range past byte 0) does not, but every line may receive at most (limit + 1) times the file's bytes,
 * so resuming cannot stand in for downloading again.
 */
async function takeAllowance(db: Kysely<Database>, target: DownloadTarget, range: ResolvedRange | null): Promise<void> {
  const start = range?.start ?? 0;
  const length = range ? range.end - range.start + 1 : target.size;
  const byteCap = sql<boolean>`bytes_sent + ${length} <= (download_limit + 1)::bigint * ${target.size}`;
  const counts = start === 0 || target.downloadCount === 0;
  const taken = await db
    .updateTable('order_item_files')
    .set(counts ? { download_count: sql`download_count + 1` } : { download_count: sql`download_count` })
    .where('order_item_id', '=', target.itemId)
    .where('file_id', '=', target.fileId)
    .where(counts ? sql<boolean>`download_count < download_limit` : sql<boolean>`download_count >= 1`)
    .where(byteCap)
    .returning('download_count')
    .executeTakeFirst();
  if (!taken) throw limitReached(target.downloadLimit);
}

/** Counts the bytes that pass, to log what a download sent. */
class ByteCounter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    callback(null, chunk);
  }
}

/**
 * Answers a signed download: checks the link, the order and the allowance, logs it, then sends the exact
 * bytes (a `Range` gets 206, resumable) or, on S3, redirects to a presigned link that lives a minute.
 * A HEAD request answers the headers and is neither counted nor logged.
 */
export async function serveDownload(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  params: { id: string; fileId: string },
  query: { expires: number; signature: string },
): Promise<unknown> {
  if (!checkDownloadLink(app, params.id, params.fileId, query.expires, query.signature)) {
    throw new AppError(
      'forbidden',
      'This download link is invalid or has expired. Open your order page for a new one.',
      'invalid_download_link',
    );
  }
  const target = await findTarget(app.db, params.id, params.fileId);
  if (target === 'refunded') throw new AppError('forbidden', 'This order was refunded, so its downloads no longer work.', 'order_refunded');
  if (!target) throw notFound('Download not found', 'download_not_found');

  const rangeHeader = typeof request.headers.range === 'string' ? request.headers.range : undefined;
  const asked = parseRangeHeader(rangeHeader);
  const range = asked ? resolveRange(asked, target.size) : null;
  if (asked && !range) {
    throw new AppError(
      'range_not_satisfiable',
      `The file has ${target.size} bytes: the range asked starts past its end.`,
      'range_not_satisfiable',
      {
        'Content-Range': `bytes */${target.size}`,
      },
    );
  }
  const length = range ? range.end - range.start + 1 : target.size;
  reply
    .header('Cache-Control', 'private, no-store')
    .header('Accept-Ranges', 'bytes')
    .header('Content-Disposition', attachmentDisposition(target.name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox");

  if (request.method === 'HEAD') {
    reply.header('Content-Type', target.contentType).header('Content-Length', String(length));
    if (range) reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${target.size}`);
    return reply.send();
  }

  const requester = requesterOf(request);
  const presigned = app.blobs.driver === 's3';
  // On disk the file is opened before the allowance is taken: a file missing from storage costs the buyer nothing.
  let blob: BlobBody | undefined;
  if (!presigned) blob = await openBlob(app, target, range);
  let eventId: string;
  try {
    if (presigned) await statBlob(app, target);
    await takeAllowance(app.db, target, range);
    eventId = await recordDownloadStart(app.db, requester, {
      orderId: target.orderId,
      itemId: target.itemId,
      fileId: target.fileId,
      range: rangeHeader ?? null,
      // A redirect hands the bytes to S3: what the link was issued for is what is logged.
      bytesSent: presigned ? length : null,
    });
  } catch (error) {
    blob?.body.destroy();
    throw error;
  }
  request.log.info({ itemId: target.itemId, fileId: target.fileId, range: rangeHeader ?? null }, 'download started');

  if (presigned) {
    await app.db
      .updateTable('order_item_files')
      .set((eb) => ({ bytes_sent: eb('bytes_sent', '+', String(length)) }))
      .where('order_item_id', '=', target.itemId)
      .where('file_id', '=', target.fileId)
      .execute();
    const url = await app.blobs.presignedGet(target.storageKey, {
      expiresInSeconds: PRESIGNED_SECONDS,
      fileName: target.name,
      contentType: target.contentType,
    });
    return reply.redirect(url!, 302);
  }

  const body = blob!;
  const counter = new ByteCounter();
  let logged = false;
  const logBytes = () => {
    if (logged) return;
    logged = true;
    recordBytesSent(app.db, { eventId, itemId: target.itemId, fileId: target.fileId }, counter.bytes).catch((error: unknown) =>
      request.log.error({ err: error, eventId }, 'could not record the bytes a download sent'),
    );
  };
  // 'close' comes after a whole answer and after a cut-off one alike.
  reply.raw.once('close', logBytes);
  reply.header('Content-Type', target.contentType).header('Content-Length', String(length));
  if (body.range) reply.status(206).header('Content-Range', `bytes ${body.range.start}-${body.range.end}/${target.size}`);
  // pipeline, not pipe: an answer cut off (or a read that fails) destroys the file's stream too, so its
  // descriptor closes at once; the error itself reaches Fastify through the counter.
  return reply.send(pipeline(body.body, counter, () => {}));
}

async function openBlob(app: FastifyInstance, target: DownloadTarget, range: ResolvedRange | null): Promise<BlobBody> {
  try {
    return await app.blobs.get(target.storageKey, range ? { start: range.start, end: range.end } : undefined);
  } catch (error) {
    throw missingFile(error, app, target);
  }
}

async function statBlob(app: FastifyInstance, target: DownloadTarget): Promise<void> {
  try {
    await app.blobs.stat(target.storageKey);
  } catch (error) {
    throw missingFile(error, app, target);
  }
}

function missingFile(error: unknown, app: FastifyInstance, target: DownloadTarget): unknown {
  if (!isBlobStoreError(error, 'not_found')) return error;
  app.log.error({ fileId: target.fileId, key: target.storageKey }, 'a delivered file is missing from storage');
  return notFound('This file is not available right now. Contact us with your order number and we will send it to you.', 'file_not_found');
}
