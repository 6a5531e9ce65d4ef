import type { ServerResponse } from 'node:http';
import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import type { OrderDownload } from '@store/contracts';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError, notFound } from '../errors.ts';
import { headerText } from '../http/header-text.ts';
import { isBlobStoreError, type BlobBody, type ResolvedRange } from '../storage/blob-store.ts';
import { fileValidators, httpDate, ifRangeHolds, isNotModified, type Validators } from '../storage/conditional.ts';
import { attachmentDisposition } from '../storage/content-disposition.ts';
import { parseRangeHeader, resolveRange } from '../storage/range.ts';
import { RANGE_MAX, requesterOf } from './delivery-log.ts';
import {
  copiesCounted,
  releaseStaleReservations,
  reserveDownload,
  settleDownload,
  wouldAdmit,
  type AllowanceTarget,
  type DownloadRequest,
} from './download-allowance.ts';

/** How long an S3 presigned link lives once a download is checked and logged: long enough to start, too short to share. */
export const PRESIGNED_SECONDS = 60;
/**
 * The longest one download answer runs before it is cut (the client resumes with a Range), so a reservation
 * older than this belongs to an instance that stopped (docs/decisions/035-downloads-that-resume.md).
 */
export const ANSWER_MAX_SECONDS = 12 * 3600;

const DOWNLOAD = 'download';

const signedValue = (itemId: string, fileId: string, expires: number) => `${itemId}.${fileId}.${expires}`;

/** A signed link to one file of one delivered line, valid `DOWNLOAD_LINK_SECONDS` (a day by default). */
export function downloadUrl(app: FastifyInstance, itemId: string, fileId: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + app.config.downloadLinkSeconds;
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
  // A package line takes its members' files, in the package's order, and not the package's own
  // (docs/decisions/038-packages.md): `lines` is the products each line delivers.
  await sql`WITH lines AS MATERIALIZED (
      SELECT i.id AS item_id, coalesce(m.product_id, i.product_id) AS product_id, coalesce(m.position, 0) AS member_position
      FROM order_items i LEFT JOIN order_item_members m ON m.order_item_id = i.id
      WHERE i.order_id = ${orderId}),
    files AS MATERIALIZED (
      SELECT f.id, f.product_id, f.created_at FROM product_files f
      WHERE f.product_id IN (SELECT product_id FROM lines) AND f.removed_at IS NULL FOR SHARE OF f)
    INSERT INTO order_item_files (order_item_id, file_id, position, download_limit)
    SELECT l.item_id, f.id, row_number() OVER (PARTITION BY l.item_id ORDER BY l.member_position, f.created_at, f.id), p.download_limit
    FROM lines l
    JOIN products p ON p.id = l.product_id
    JOIN files f ON f.product_id = l.product_id
    ON CONFLICT DO NOTHING`.execute(trx);
}

/** The files of delivered lines with fresh signed links, read in one query for a whole list of orders. */
export async function downloadsByItem(
  app: FastifyInstance,
  itemIds: readonly string[],
): Promise<Map<string, { product_id: string; download: OrderDownload }[]>> {
  const byItem = new Map<string, { product_id: string; download: OrderDownload }[]>();
  if (itemIds.length === 0) return byItem;
  const rows = await app.db
    .selectFrom('order_item_files as d')
    .innerJoin('product_files as f', 'f.id', 'd.file_id')
    .select(['d.order_item_id', 'd.file_id', 'd.copies_done', 'd.whole_in_flight', 'd.download_limit', 'f.name', 'f.size', 'f.product_id'])
    .where('d.order_item_id', 'in', [...itemIds])
    .orderBy('d.order_item_id')
    .orderBy('d.position')
    .execute();
  const now = Date.now();
  for (const row of rows) {
    const list = byItem.get(row.order_item_id) ?? [];
    list.push({
      product_id: row.product_id,
      download: {
        file_id: row.file_id,
        name: row.name,
        size: Number(row.size),
        url: downloadUrl(app, row.order_item_id, row.file_id, now),
        download_count: copiesCounted(row),
        download_limit: row.download_limit,
      },
    });
    byItem.set(row.order_item_id, list);
  }
  return byItem;
}


/** A file to answer, and the allowance it draws on. */
export interface DownloadTarget extends AllowanceTarget {
  name: string;
  contentType: string;
  storageKey: string;
  sha256: string;
  storedAt: Date;
  downloadLimit: number;
}

/**
 * Checks a download's link and finds what it may download, or throws the refusal (403, 404): one for an
 * order line's files, one for a subscription's (docs/decisions/041-subscription-downloads.md).
 */
export type ResolveTarget = () => Promise<DownloadTarget>;

/** The file of a delivered line; undefined when there is none, `refunded` when its order was refunded (its goods stopped). */
async function findTarget(db: Kysely<Database>, itemId: string, fileId: string): Promise<DownloadTarget | 'refunded' | undefined> {
  const row = await db
    .selectFrom('order_item_files as d')
    .innerJoin('product_files as f', 'f.id', 'd.file_id')
    .innerJoin('order_items as i', 'i.id', 'd.order_item_id')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['o.id as order_id', 'o.status', 'f.name', 'f.size', 'f.content_type', 'f.storage_key', 'f.sha256', 'f.created_at', 'd.download_limit'])
    .where('d.order_item_id', '=', itemId)
    .where('d.file_id', '=', fileId)
    .executeTakeFirst();
  if (row?.status === 'refunded') return 'refunded';
  if (!row || row.status !== 'completed') return undefined;
  return {
    ledger: { kind: 'order_line', orderId: row.order_id, itemId },
    fileId,
    name: row.name,
    size: Number(row.size),
    contentType: row.content_type,
    storageKey: row.storage_key,
    sha256: row.sha256,
    storedAt: row.created_at,
    downloadLimit: row.download_limit,
  };
}

/** The target of an order download link: the signature checked, the line delivered and not refunded. */
export function orderLineTarget(app: FastifyInstance, params: { id: string; fileId: string }, query: { expires: number; signature: string }): ResolveTarget {
  return async () => {
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
    return target;
  };
}

const times = (limit: number) => `${limit} ${limit === 1 ? 'time' : 'times'}`;

function limitReached(target: DownloadTarget): AppError {
  const limit = target.downloadLimit;
  const detail =
    target.ledger.kind === 'order_line'
      ? `This file has been downloaded ${times(limit)}, the limit for one purchase. If you need it again, contact us with your order number and we will help.`
      : `This file has been downloaded ${times(limit)}, the limit for one billing period. The limit starts again when your subscription renews; if you need it sooner, contact us and we will help.`;
  return new AppError('forbidden', detail, 'download_limit_reached');
}

/** What a download's lines in the server log name: its order line or its subscription, and the file. */
function logged(target: DownloadTarget): Record<string, string> {
  const { ledger } = target;
  return ledger.kind === 'order_line' ? { itemId: ledger.itemId, fileId: target.fileId } : { subscriptionId: ledger.subscriptionId, fileId: target.fileId };
}

/** Counts the bytes that pass, to settle what a download really sent. */
class ByteCounter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    callback(null, chunk);
  }
}

/** One header's value, or undefined when it is absent or repeated into a list Node could not join. */
const single = (value: string | string[] | undefined): string | undefined => (typeof value === 'string' ? value : undefined);

/** Downloads still sending this long before the shutdown's deadline are cut, so their settlements are written in time. */
const CUT_BEFORE_DEADLINE_MS = 3000;

/**
 * The download answers an app is sending, each with its settlement. On close, during a shutdown (SIGTERM),
 * they are given until shortly before its deadline to finish; what still sends then, or everything on a close
 * without a deadline (tests), is cut (a client resumes elsewhere with Range). Their settlements are awaited
 * before the database closes, so no reservation is left behind by a graceful stop.
 */
export class RunningDownloads {
  /** Each answer still sending, with what resolves once it has ended and been settled. */
  private readonly answers = new Map<ServerResponse, Promise<void>>();
  private readonly settlements = new Set<Promise<void>>();

  constructor(app: FastifyInstance) {
    app.addHook('preClose', async () => {
      const deadline = app.lifecycle.deadline;
      const graceMs = deadline === null ? 0 : deadline.getTime() - CUT_BEFORE_DEADLINE_MS - Date.now();
      if (graceMs > 0 && this.answers.size > 0) {
        app.log.info({ downloads: this.answers.size, seconds: Math.round(graceMs / 1000) }, 'waiting for downloads in flight');
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([Promise.allSettled([...this.answers.values()]), new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
        clearTimeout(timer);
      }
      const ending = [...this.answers.entries()].map(([answer, settled]) => {
        answer.destroy();
        return settled;
      });
      if (ending.length > 0) app.log.warn({ downloads: ending.length }, 'downloads cut by the shutdown: their buyers resume them elsewhere');
      await Promise.allSettled(ending);
    });
    app.addHook('onClose', async () => this.settled());
  }

  /** Runs `settle` once the answer has ended, whole, cut off, or cut at ANSWER_MAX_SECONDS. */
  track(answer: ServerResponse, settle: () => Promise<void>, log: FastifyBaseLogger, eventId: string): void {
    const ended = () => {
      const settling = settle().catch((error: unknown) => log.error({ err: error, eventId }, 'could not settle the bytes a download sent'));
      this.settlements.add(settling);
      void settling.finally(() => this.settlements.delete(settling));
      return settling;
    };
    // The client may have gone while the reservation was written: its 'close' has passed already.
    if (answer.closed) {
      void ended();
      return;
    }
    const timer = setTimeout(() => answer.destroy(), ANSWER_MAX_SECONDS * 1000);
    timer.unref();
    // 'close' comes after a whole answer and after a cut-off one alike.
    const settled = new Promise<void>((resolve) => {
      answer.once('close', () => {
        clearTimeout(timer);
        this.answers.delete(answer);
        void ended().finally(resolve);
      });
    });
    this.answers.set(answer, settled);
  }

  /** Resolves once every answer that ended so far is settled. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.settlements]);
  }
}

/** Hourly: gives back reservations whose answer never ended (an instance stopped), an hour after any answer would have been cut. */
export async function releaseStaleDownloads(app: FastifyInstance): Promise<void> {
  const released = await releaseStaleReservations(app.db, ANSWER_MAX_SECONDS + 3600);
  if (released > 0) app.log.warn({ released }, 'gave back download reservations of answers that never ended');
}

/**
 * Answers a signed download as a static file server would (docs/decisions/035-downloads-that-resume.md),
 * for whatever `resolveTarget` finds (an order line's file or a subscription's, each with its own link check):
 * validators (a strong ETag from the SHA-256, Last-Modified), 304 for a matching If-None-Match or
 * If-Modified-Since, one Range with 206 when If-Range (if any) names these bytes, and HEAD with the real
 * headers; neither HEAD nor 304 is counted or logged. A GET reserves its bytes from the target's allowance
 * before the first byte goes out, is logged, then streams the bytes, or on S3 redirects to a presigned link
 * bound to its Range.
 */
export async function serveDownload(
  app: FastifyInstance,
  running: RunningDownloads,
  request: FastifyRequest,
  reply: FastifyReply,
  resolveTarget: ResolveTarget,
): Promise<unknown> {
  const target = await resolveTarget();

  const validators = fileValidators(target.sha256, target.storedAt);
  const headers = request.headers;
  const ifRange = single(headers['if-range']);
  if (isNotModified({ ifNoneMatch: single(headers['if-none-match']), ifModifiedSince: single(headers['if-modified-since']) }, validators)) {
    fileHeaders(reply, target, validators);
    return reply.status(304).send(request.method === 'HEAD' ? Readable.from([]) : undefined);
  }

  const rangeHeader = single(headers.range);
  // A Range with an If-Range naming other bytes (the file changed since the client's copy) gets the whole file.
  const asked = ifRangeHolds(ifRange, validators) ? parseRangeHeader(rangeHeader) : null;
  const range = asked ? resolveRange(asked, target.size) : null;
  if (asked && !range) {
    throw new AppError('range_not_satisfiable', `The file has ${target.size} bytes: the range asked starts past its end.`, 'range_not_satisfiable', {
      'Content-Range': `bytes */${target.size}`,
    });
  }
  const offset = range?.start ?? 0;
  const length = range ? range.end - range.start + 1 : target.size;

  if (request.method === 'HEAD') {
    if (!(await wouldAdmit(app.db, target, offset, length))) throw limitReached(target);
    fileHeaders(reply, target, validators);
    bodyHeaders(reply, target, range, length);
    // A stream, not nothing: Fastify's HEAD handling would answer Content-Length: 0 for an empty send.
    return reply.send(Readable.from([]));
  }

  const requester = requesterOf(request);
  const asLogged = { requester, range: rangeHeader === undefined ? null : headerText(rangeHeader, RANGE_MAX) || null };
  // On S3 the bucket answers, unless the request carries an If-Range or a Range not honoured: the bucket would
  // read them against its own ETag or answer the Range anyway, so the API answers those itself.
  const bucketAnswers = app.blobs.driver === 's3' && ifRange === undefined && (rangeHeader === undefined || range !== null);
  if (bucketAnswers) return redirectToStorage(app, request, reply, target, range ? (rangeHeader?.trim() ?? null) : null, offset, length, asLogged);

  // The file is opened before the allowance is taken: a file missing from storage costs the buyer nothing.
  const blob = await openBlob(app, target, range);
  let eventId: string | null;
  try {
    eventId = await reserveDownload(app.db, { target, offset, length, settledAtOnce: false, ...asLogged });
  } catch (error) {
    blob.body.destroy();
    throw error;
  }
  if (eventId === null) {
    blob.body.destroy();
    throw limitReached(target);
  }
  request.log.info({ ...logged(target), range: asLogged.range }, 'download started');

  const counter = new ByteCounter();
  const settling = eventId;
  running.track(
    reply.raw,
    () => {
      app.metrics.downloadBytes.inc({ via: 'api' }, counter.bytes);
      return settleDownload(app.db, settling, counter.bytes);
    },
    request.log,
    settling,
  );
  fileHeaders(reply, target, validators);
  bodyHeaders(reply, target, blob.range, length);
  // pipeline, not pipe: an answer cut off (or a read that fails) destroys the file's stream too, so its
  // descriptor closes at once; the error itself reaches Fastify through the counter.
  return reply.send(pipeline(blob.body, counter, () => {}));
}

/** The file's headers, on the answers that are the file (never on a refusal: a browser would save its text under the file's name). */
function fileHeaders(reply: FastifyReply, target: DownloadTarget, validators: Validators): void {
  reply
    .header('Cache-Control', 'private, no-store')
    .header('Accept-Ranges', 'bytes')
    .header('ETag', validators.etag)
    .header('Last-Modified', httpDate(validators.lastModified))
    .header('Content-Disposition', attachmentDisposition(target.name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox");
}

function bodyHeaders(reply: FastifyReply, target: DownloadTarget, range: ResolvedRange | null, length: number): void {
  reply.header('Content-Type', target.contentType).header('Content-Length', String(length));
  if (range) reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${target.size}`);
}

/**
 * S3: the bytes go from the bucket, so the API never sees them. The answer's bytes are reserved and counted
 * as sent at once (never given back), and the presigned link is bound to the Range it was reserved for.
 */
async function redirectToStorage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  target: DownloadTarget,
  range: string | null,
  offset: number,
  length: number,
  asLogged: Pick<DownloadRequest, 'requester' | 'range'>,
): Promise<unknown> {
  await statBlob(app, target);
  const eventId = await reserveDownload(app.db, { target, offset, length, settledAtOnce: true, ...asLogged });
  if (eventId === null) throw limitReached(target);
  request.log.info({ ...logged(target), range: asLogged.range }, 'download started');
  app.metrics.downloadBytes.inc({ via: 'storage' }, length);
  const url = await app.blobs.presignedGet(target.storageKey, {
    expiresInSeconds: PRESIGNED_SECONDS,
    fileName: target.name,
    contentType: target.contentType,
    ...(range === null ? {} : { range }),
  });
  return reply.redirect(url!, 302);
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
  const reference = target.ledger.kind === 'order_line' ? ' with your order number' : '';
  return notFound(`This file is not available right now. Contact us${reference} and we will send it to you.`, 'file_not_found');
}
