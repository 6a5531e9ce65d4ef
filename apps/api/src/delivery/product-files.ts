import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { LIMITS, type ProductFile } from '@store/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type Selectable } from 'kysely';
import { refuseOwnGoods } from '../packages/package-repository.ts';
import type { Database, ProductFilesTable } from '../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../errors.ts';
import { isBlobStoreError } from '../storage/blob-store.ts';
import { cleanFileName } from '../storage/content-disposition.ts';
import { multipartFailure } from '../uploads/handlers.ts';

type ProductFileRow = Selectable<ProductFilesTable>;

const FILE_REQUIRED = 'file is required: send the file in a field named file';

export function toProductFile(row: Pick<ProductFileRow, 'id' | 'name' | 'size' | 'sha256' | 'content_type' | 'created_at'>): ProductFile {
  return {
    id: row.id,
    name: row.name,
    size: Number(row.size),
    sha256: row.sha256,
    content_type: row.content_type,
    created_at: row.created_at.toISOString(),
  };
}

/** The blob key of a deliverable: under `files/`, which only a signed download reads. */
export const deliverableKey = (productId: string, fileId: string) => `files/${productId}/${fileId}`;

/**
 * A file's type, from its name's extension only: what the client says is not trusted, and a download is
 * always an attachment answered with `nosniff`, so the type only helps the buyer's system pick an app.
 */
const TYPES: Record<string, string> = {
  '.zip': 'application/zip',
  '.pdf': 'application/pdf',
  '.epub': 'application/epub+zip',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.json': 'application/json',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gz': 'application/gzip',
  '.tgz': 'application/gzip',
  '.tar': 'application/x-tar',
  '.7z': 'application/x-7z-compressed',
  '.rar': 'application/vnd.rar',
  '.exe': 'application/vnd.microsoft.portable-executable',
  '.msi': 'application/x-msi',
  '.dmg': 'application/x-apple-diskimage',
  '.pkg': 'application/octet-stream',
  '.deb': 'application/vnd.debian.binary-package',
  '.apk': 'application/vnd.android.package-archive',
};

export function contentTypeOf(fileName: string): string {
  return TYPES[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

/** The name buyers save the file under: cleaned (content-disposition.ts), at most the contract's length, extension kept. */
export function deliverableName(fileName: string | undefined): string {
  const name = cleanFileName(fileName ?? '');
  const chars = Array.from(name);
  if (chars.length <= LIMITS.fileNameMaxLength) return name;
  const extension = Array.from(path.extname(name)).slice(0, 20);
  return chars.slice(0, LIMITS.fileNameMaxLength - extension.length).join('') + extension.join('');
}

async function liveProduct(db: Kysely<Database>, productId: string): Promise<void> {
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('id', '=', productId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  if (!product) throw notFound('Product not found', 'product_not_found');
}

export async function listProductFiles(db: Kysely<Database>, productId: string): Promise<ProductFile[]> {
  await liveProduct(db, productId);
  const rows = await db
    .selectFrom('product_files')
    .selectAll()
    .where('product_id', '=', productId)
    .where('removed_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toProductFile);
}

const countFiles = async (db: Kysely<Database>, productId: string) =>
  Number(
    (
      await db
        .selectFrom('product_files')
        .select(sql<string>`count(*)`.as('n'))
        .where('product_id', '=', productId)
        .where('removed_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

const tooMany = () => conflict(`A product can carry at most ${LIMITS.productFilesMax} files: remove one first`, 'product_files_full');

/**
 * Streams the one file of a multipart upload into the blob store, then records it. Nothing is held in
 * memory: the bytes go from the socket through the hash to the disk or S3. A body past
 * MAX_DELIVERABLE_BYTES, cut short or aborted leaves nothing behind.
 */
export async function uploadProductFile(app: FastifyInstance, request: FastifyRequest, productId: string): Promise<ProductFile> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data in a field named file');
  await liveProduct(app.db, productId);
  await refuseOwnGoods(app.db, productId, 'files');
  if ((await countFiles(app.db, productId)) >= LIMITS.productFilesMax) throw tooMany();
  const maxBytes = app.config.maxDeliverableBytes;
  const fileId = randomUUID();
  const key = deliverableKey(productId, fileId);
  let stored: { name: string; contentType: string; size: number; sha256: string } | undefined;
  try {
    // The plugin's own limit one byte past ours, so the store's check answers (its error names the limit).
    for await (const part of request.parts({ limits: { fileSize: maxBytes + 1, files: 1, fields: 4, parts: 5 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') throw badRequest(FILE_REQUIRED, 'validation_error');
      const name = deliverableName(part.filename);
      const contentType = contentTypeOf(name);
      const { size, sha256 } = await app.blobs.put(key, part.file, { contentType, maxBytes });
      stored = { name, contentType, size, sha256 };
    }
  } catch (error) {
    await app.blobs.remove(key).catch(() => {});
    if (isBlobStoreError(error, 'too_large')) {
      throw new AppError('payload_too_large', `The file is too large (at most ${formatBytes(maxBytes)}).`, 'payload_too_large');
    }
    throw multipartFailure(error);
  }
  if (!stored) throw badRequest(FILE_REQUIRED, 'validation_error');
  const file = stored;
  try {
    const row = await app.db.transaction().execute(async (trx) => {
      // The product's row lock makes the count and the insert one step under parallel uploads.
      const product = await trx
        .selectFrom('products')
        .select('id')
        .where('id', '=', productId)
        .where('archived_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!product) throw notFound('Product not found', 'product_not_found');
      if ((await countFiles(trx, productId)) >= LIMITS.productFilesMax) throw tooMany();
      return trx
        .insertInto('product_files')
        .values({
          id: fileId,
          product_id: productId,
          name: file.name,
          size: file.size,
          sha256: file.sha256,
          content_type: file.contentType,
          storage_key: key,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    request.log.info({ productId, fileId, bytes: file.size }, 'deliverable file uploaded');
    return toProductFile(row);
  } catch (error) {
    await app.blobs.remove(key).catch(() => {});
    throw error;
  }
}

/**
 * Takes a file off its product. Lines already delivered keep their copy: the row stays (the delivery log
 * names it) and so do its bytes while any line points at them. A delivery in flight holds the file's row
 * (FOR SHARE), so this waits for it and then sees its line.
 */
export async function removeProductFile(app: FastifyInstance, productId: string, fileId: string): Promise<{ name: string; size: number }> {
  const removed = await app.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('product_files')
      .set({ removed_at: sql`now()` })
      .where('id', '=', fileId)
      .where('product_id', '=', productId)
      .where('removed_at', 'is', null)
      .returning(['storage_key', 'name', 'size'])
      .executeTakeFirst();
    if (!row) return null;
    const delivered = await trx.selectFrom('order_item_files').select('file_id').where('file_id', '=', fileId).limit(1).executeTakeFirst();
    return { key: row.storage_key, delivered: Boolean(delivered), name: row.name, size: Number(row.size) };
  });
  if (!removed) throw notFound('File not found', 'file_not_found');
  if (!removed.delivered) await app.blobs.remove(removed.key);
  app.log.info({ productId, fileId, kept: removed.delivered }, 'deliverable file removed from its product');
  return { name: removed.name, size: removed.size };
}

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}
